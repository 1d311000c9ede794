import Foundation
import Testing

/// scripts/tsan.sh runs the demo suites whose tests wait on Swift's cooperative pool or a real
/// clock on their own, one test at a time, after everything else: under ThreadSanitizer on two
/// cores, started with ~600 other tests, the work they wait for queued behind test jobs until a
/// 3-minute limit passed. This keeps its list in step with the tests: a new suite that waits
/// that way and is not listed fails here, before it flakes under TSan.
@Suite("TSan: pool-bound demo suites run on their own")
struct PoolBoundSuitesTests {
    /// What a test that waits on the pool or a real clock calls: the loop on a thread of its
    /// own, polling with `Task.yield`, the executor's timed wait (also inside the harness's
    /// `settle()`, which waits for the services' background work), the bus's `settle(…)` (which
    /// waits for async handlers' tasks), or a paced subscription's clock.
    private static let waits = [
        "onLoopThread", "eventually {", "waitForWork(", "settle(", "clock.advance(", "drain(until:",
    ]

    @Test func everyDemoSuiteThatWaitsOnThePoolIsInTheTsanScriptsList() throws {
        // Given the TSan script's list and the demo test suites
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let script = try String(contentsOf: root.appending(path: "scripts/tsan.sh"), encoding: .utf8)
        let listLine = try #require(script.split(separator: "\n").first { $0.hasPrefix("POOL_BOUND=") })
        let listed = Set(
            listLine.split(separator: "(").last?.split(separator: ")").first?.split(separator: "|").map(
                String.init)
                ?? [])
        let folder = root.appending(path: "Tests/EventDemoTests")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))
            .filter { $0.hasSuffix(".swift") && $0 != "PoolBoundSuitesTests.swift" }

        // When each suite's body is searched for a wait
        var waiting: Set<String> = []
        for file in files {
            let text = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
            for suite in text.components(separatedBy: "\n@Suite").dropFirst() {
                guard let name = Self.structName(in: suite) else { continue }
                if Self.waits.contains(where: suite.contains) { waiting.insert(name) }
            }
        }

        // Then the script lists exactly those suites
        #expect(!waiting.isEmpty)
        #expect(waiting.subtracting(listed).sorted() == [], "add them to POOL_BOUND in scripts/tsan.sh")
        #expect(listed.subtracting(waiting).sorted() == [], "listed in scripts/tsan.sh, but they do not wait")
    }

    private static func structName(in suite: String) -> String? {
        guard let range = suite.range(of: "struct ") else { return nil }
        return suite[range.upperBound...].prefix { $0.isLetter || $0.isNumber }.description
    }
}
