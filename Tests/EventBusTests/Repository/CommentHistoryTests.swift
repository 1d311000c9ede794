import Foundation
import Testing

// Comments in Sources/ and Examples/ say why, never history: figures live in
// docs/benchmark-results.md and the story of a change in docs/decisions/.
// scripts/check-comment-history.py finds a comment that cites an issue or a measured figure; run
// with the unit suite, so such a comment fails before it lands.
@Suite("Comment history")
struct CommentHistoryTests {
    @Test func noCommentInTheSourcesCitesAnIssueOrAMeasuredFigure() throws {
        #if os(macOS) || os(Linux)
            // Given the repository this file is in
            let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()

            // When the script reads every comment under Sources/ and Examples/
            let (status, report) = try runCheck(on: root, in: root)

            // Then it finds none that cites history
            #expect(status == 0, "\(report)")
        #endif
    }

    @Test func theCheckFindsAnIssueNumberAndAFigureSplitAcrossTwoLines() throws {
        #if os(macOS) || os(Linux)
            // Given a tree whose one source file cites an issue after code and a figure in a doc
            // comment broken across two lines, beside an issue-like number in code and backticks
            let repository = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
            let sut = FileManager.default.temporaryDirectory.appending(path: "comment-history-\(UUID())")
            try FileManager.default.createDirectory(
                at: sut.appending(path: "Sources"), withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: sut) }
            let source = """
                let retries = 3  // three, as issue 12 asked
                /// The walk retains nothing: a retain per entry cost ~40
                /// instructions here.
                let label = "#12"
                /// Prints `#12 BEAN €41.20`.
                """
            try source.write(
                to: sut.appending(path: "Sources/Example.swift"), atomically: true, encoding: .utf8)

            // When the script reads it
            let (status, report) = try runCheck(on: sut, in: repository)

            // Then it fails and names both comments, and nothing else
            #expect(status != 0)
            #expect(report.contains("Sources/Example.swift:1: an issue number"), "\(report)")
            #expect(report.contains("Sources/Example.swift:2: a measured figure"), "\(report)")
            #expect(!report.contains("Example.swift:4") && !report.contains("Example.swift:5"), "\(report)")
        #endif
    }

    private func runCheck(on root: URL, in repository: URL) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = [
            "python3",
            repository.appending(path: "scripts/check-comment-history.py").path(percentEncoded: false),
            root.path(percentEncoded: false),
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, report)
    }
}
