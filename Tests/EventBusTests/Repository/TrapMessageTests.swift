import Foundation
import Testing

// A documented stop ("stops the program with a message naming the store") must say so in a
// release build too, where `precondition` and `preconditionFailure` print nothing.
// scripts/trap-messages.sh forbids them (and `assert`) in Sources/; run with the unit suite so a
// new one fails before it lands. scripts/release-traps.sh (CI) checks the messages in a real
// release build.
@Suite("Trap messages")
struct TrapMessageTests {
    @Test func everyStopInTheSourcesKeepsItsMessageInAReleaseBuild() throws {
        #if os(macOS) || os(Linux)
            // Given the repository this file is in
            let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
            let sut = Process()
            sut.executableURL = URL(filePath: "/usr/bin/env")
            sut.arguments = [
                "bash", root.appending(path: "scripts/trap-messages.sh").path(percentEncoded: false),
            ]
            let output = Pipe()
            sut.standardOutput = output
            sut.standardError = output

            // When the script looks for stops that lose their message under -O
            try sut.run()
            let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            sut.waitUntilExit()

            // Then there are none
            #expect(sut.terminationStatus == 0, "\(report)")
            #expect(report.contains("keeps its message"))
        #endif
    }
}
