import Foundation
import Testing

// ARCHITECTURE.md lists every unsafe construct in Sources/ with the invariant that makes it safe;
// scripts/unsafe-inventory.sh recounts them. Run with the unit suite, so that a change that adds
// or removes one fails before it lands unless the inventory says why it is safe.
@Suite("Unsafe inventory")
struct UnsafeInventoryTests {
    #if os(macOS) || os(Linux)
        static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()

        /// Runs the script, against `table` instead of ARCHITECTURE.md when given.
        static func check(table: URL? = nil) throws -> (status: Int32, report: String) {
            let sut = Process()
            sut.executableURL = URL(filePath: "/usr/bin/env")
            sut.arguments =
                ["bash", root.appending(path: "scripts/unsafe-inventory.sh").path(percentEncoded: false)]
                + (table.map { ["--table", $0.path(percentEncoded: false)] } ?? [])
            let output = Pipe()
            sut.standardOutput = output
            sut.standardError = output
            try sut.run()
            let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            sut.waitUntilExit()
            return (sut.terminationStatus, report)
        }
    #endif

    @Test func architectureMdCountsEveryUnsafeConstructInTheSources() throws {
        #if os(macOS) || os(Linux)
            // Given the repository this file is in
            // When the script compares the code with the table
            let (status, report) = try Self.check()

            // Then they agree
            #expect(status == 0, "\(report)")
            #expect(report.contains("matches the code"))
        #endif
    }

    @Test func aCountFiledUnderTheWrongInvariantFailsTheCheckThoughTheFileTotalsAgree() throws {
        #if os(macOS) || os(Linux)
            // Given the inventory with the first row of invariant 1 moved, unchanged, under
            // invariant 2: every file's total of every construct is still right
            let table = try String(contentsOf: Self.root.appending(path: "ARCHITECTURE.md"), encoding: .utf8)
            var lines = table.components(separatedBy: "\n")
            func firstRow(under heading: String) throws -> Int {
                let start = try #require(lines.firstIndex { $0.hasPrefix(heading) })
                return try #require(lines[start...].firstIndex { $0.hasPrefix("| `") })
            }
            let moved = lines.remove(at: try firstRow(under: "**1. "))
            let file = try #require(moved.split(separator: "`").dropFirst().first.map(String.init))
            lines.insert(moved, at: try firstRow(under: "**2. ") + 1)
            let directory = FileManager.default.temporaryDirectory.appending(path: "inventory-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let unchanged = directory.appending(path: "unchanged.md")
            let misfiled = directory.appending(path: "misfiled.md")
            try table.write(to: unchanged, atomically: true, encoding: .utf8)
            try lines.joined(separator: "\n").write(to: misfiled, atomically: true, encoding: .utf8)

            // When the script checks the code against each copy
            let control = try Self.check(table: unchanged)
            let planted = try Self.check(table: misfiled)

            // Then the unchanged copy passes and the misfiled one fails, naming the file
            #expect(control.status == 0, "\(control.report)")
            #expect(planted.status != 0, "\(planted.report)")
            #expect(planted.report.contains("table says: \(file) 2 "), "\(planted.report)")
            #expect(planted.report.contains("code has:   \(file) 1 "), "\(planted.report)")
        #endif
    }
}
