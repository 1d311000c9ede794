import Foundation
import TerminalUI
import Testing

/// Every character the demo draws must have an ASCII stand-in, or a `LANG=C` terminal shows `?`
/// where the Unicode screen has a mark (the ticker's ▲/▼ and step mode's ␣/‖ once did).
@Suite("ASCII fallback covers the demo")
struct AsciiCoverageTests {
    @Test func everyCharacterOnEveryGoldenScreenHasAnASCIIStandIn() throws {
        let folder = URL(filePath: "\(#filePath)").deletingLastPathComponent().appending(path: "Golden")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".txt") }
        #expect(!files.isEmpty)

        var missing: [String: Set<Character>] = [:]
        for file in files {
            let text = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
            let unshown = text.filter { !Charset.ascii.canShow($0) && $0 != "\n" }
            if !unshown.isEmpty { missing[file] = Set(unshown) }
        }

        #expect(missing.isEmpty, "no ASCII stand-in for: \(missing)")
    }
}
