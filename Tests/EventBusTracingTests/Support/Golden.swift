import Foundation
import Testing

/// Compares `actual` with `Golden/<name>` next to the calling test file.
///
/// A missing golden file is written and the test fails, so a new golden is always looked at
/// before it is committed. Set `RECORD_GOLDEN=1` to rewrite them after an intended change.
func assertGolden(
    _ actual: String, named name: String, filePath: StaticString = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let folder = URL(filePath: "\(filePath)").deletingLastPathComponent().appending(path: "Golden")
    let file = folder.appending(path: name)
    let record = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"
    guard !record, let expected = try? String(contentsOf: file, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? actual.write(to: file, atomically: true, encoding: .utf8)
        Issue.record("recorded golden \(name); check it and run again", sourceLocation: sourceLocation)
        return
    }
    #expect(actual == expected, "golden \(name) differs", sourceLocation: sourceLocation)
}
