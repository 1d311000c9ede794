import Foundation
import Testing

/// Compares `actual` with `Golden/<name>.txt` next to the calling test file.
///
/// A missing golden file is written and the test fails, so a new golden is always looked at
/// before it is committed. Set `RECORD_GOLDEN=1` to rewrite all of them after an intended change.
func assertGolden(
    _ actual: String, named name: String, filePath: StaticString = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let folder = URL(filePath: "\(filePath)").deletingLastPathComponent().appending(path: "Golden")
    let file = folder.appending(path: "\(name).txt")
    let record = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"
    guard !record, let expected = try? String(contentsOf: file, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? (actual + "\n").write(to: file, atomically: true, encoding: .utf8)
        Issue.record("recorded golden \(name).txt; check it and run again", sourceLocation: sourceLocation)
        return
    }
    #expect(actual + "\n" == expected, "golden \(name).txt differs", sourceLocation: sourceLocation)
}
