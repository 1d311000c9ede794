import Foundation
import Testing

// ARCHITECTURE.md lists every unsafe construct in Sources/ with the invariant that makes it safe;
// scripts/unsafe-inventory.sh recounts them. Run with the unit suite, so that a change that adds
// or removes one fails before it lands unless the inventory says why it is safe.
@Suite("Unsafe inventory")
struct UnsafeInventoryTests {
    @Test func architectureMdCountsEveryUnsafeConstructInTheSources() throws {
        #if os(macOS) || os(Linux)
            // Given the repository this file is in
            let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
            let sut = Process()
            sut.executableURL = URL(filePath: "/usr/bin/env")
            sut.arguments = [
                "bash", root.appending(path: "scripts/unsafe-inventory.sh").path(percentEncoded: false),
            ]
            let output = Pipe()
            sut.standardOutput = output
            sut.standardError = output

            // When the script compares the code with the table
            try sut.run()
            let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            sut.waitUntilExit()

            // Then they agree
            #expect(sut.terminationStatus == 0, "\(report)")
            #expect(report.contains("matches the code"))
        #endif
    }
}
