@testable import EventBus

/// A subscriber whose handlers append to a thread-safe log, and which counts its own deinit.
final class Owner: Sendable {
    let name: String
    let log: Log

    init(_ name: String = "owner", log: Log = Log()) {
        self.name = name
        self.log = log
    }
}

/// A thread-safe list of strings that handlers append to and tests read.
final class Log: Sendable {
    private let entries = LockedValue<[String]>([])

    func append(_ entry: String) { entries.withLock { $0.append(entry) } }

    var all: [String] { entries.withLock { $0 } }

    var count: Int { entries.withLock { $0.count } }
}
