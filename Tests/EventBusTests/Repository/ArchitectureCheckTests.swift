import Foundation
import Testing

// ARCHITECTURE.md's codemap states which folders may touch which internal types;
// scripts/check-architecture.py reads the sources and checks the rules marked "(checked)". Run
// with the unit suite, so that a change that breaks a rule fails before it lands; and on a copy
// of the sources with one violation planted, so that the script is seen to catch each kind of
// break the codemap once described wrongly.
@Suite("Architecture check")
struct ArchitectureCheckTests {
    #if os(macOS) || os(Linux)
        static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()

        /// Runs the script on `tree` and returns its exit status and what it printed.
        static func check(_ tree: URL) throws -> (status: Int32, report: String) {
            let sut = Process()
            sut.executableURL = URL(filePath: "/usr/bin/env")
            sut.arguments = [
                "python3", root.appending(path: "scripts/check-architecture.py").path(percentEncoded: false),
                "--root", tree.path(percentEncoded: false),
            ]
            let output = Pipe()
            sut.standardOutput = output
            sut.standardError = output
            try sut.run()
            let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            sut.waitUntilExit()
            return (sut.terminationStatus, report)
        }
    #endif

    @Test func theSourcesKeepEveryRuleTheCodemapMarksChecked() throws {
        #if os(macOS) || os(Linux)
            // Given the repository this file is in
            // When the script reads its sources
            let (status, report) = try Self.check(Self.root)

            // Then every rule holds
            #expect(status == 0, "\(report)")
            #expect(report.contains("rules hold"))
        #endif
    }

    /// A violation to plant: the file it goes in, its code, and the words the report must use.
    struct Planted: Sendable, CustomTestStringConvertible {
        let file: String
        let code: String
        let named: String
        var testDescription: String { "\(named) in \(file)" }
    }

    @Test(arguments: [
        // A feature holding a published list, as the Store once did.
        Planted(
            file: "State/Planted.swift", code: "struct Planted { let list: Unmanaged<PublishedList>? }",
            named: "`PublishedList` outside the engine"),
        // A façade file with the engine's delivery, as EventBus.swift once had.
        Planted(
            file: "EventBus+Planted.swift", code: "extension EventBus { func deliverNow() {} }",
            named: "`func deliverNow` outside the engine"),
        // A registry that takes a lock: not what the codemap says it is.
        Planted(
            file: "Internal/SubscriptionRegistry+Planted.swift",
            code: "extension SubscriptionRegistry { func planted(_ v: LockedValue<Int>) {} }",
            named: "the registry takes no lock"),
        // A feature retiring an entry itself, past release(_:).
        Planted(
            file: "Backpressure/Planted.swift", code: "func planted(_ entry: Entry) { entry.retire() }",
            named: "`entry.retire()`"),
    ])
    func aPlantedViolationFailsTheCheckNamingTheFileAndTheRule(_ planted: Planted) throws {
        #if os(macOS) || os(Linux)
            // Given a copy of the sources with one violation planted
            let files = FileManager.default
            let tree = files.temporaryDirectory.appending(path: "architecture-check-\(UUID().uuidString)")
            defer { try? files.removeItem(at: tree) }
            try files.createDirectory(at: tree, withIntermediateDirectories: true)
            try files.copyItem(at: Self.root.appending(path: "Sources"), to: tree.appending(path: "Sources"))
            let file = tree.appending(path: "Sources/EventBus/\(planted.file)")
            try Data(planted.code.utf8).write(to: file)

            // When the script reads the copy
            let (status, report) = try Self.check(tree)

            // Then it fails, naming the file and the rule
            #expect(status == 1, "\(report)")
            #expect(report.contains("Sources/EventBus/\(planted.file):1:"), "\(report)")
            #expect(report.contains(planted.named), "\(report)")
        #endif
    }
}
