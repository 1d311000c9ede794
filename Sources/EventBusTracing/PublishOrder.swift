import Foundation

/// Puts the publishes a tap hears into the order a trace is written in.
///
/// A tap hears a publish once it has been delivered, so the publishes nested in it (made by
/// its handlers, on its thread, numbered after it) are heard first. A nested publish therefore
/// waits here until the top-level publish it belongs to is heard; then that publish and every
/// nested one are written together, by sequence number. A plain value, used on the writer's
/// queue only.
struct PublishOrder {
    /// A publish heard: its fields (time set when heard), and its payload.
    struct Heard {
        var fields: TraceFormat.Line
        var payload: Data?
    }

    /// The most nested publishes kept waiting. Past it (a top-level publish that is never heard:
    /// its writer was attached to a publish in progress on another bus, say) they are written as
    /// they are, in sequence order, rather than held without bound.
    static let waitingLimit = 4096

    private var waiting: [UInt64: Heard] = [:]
    /// Failures of synchronous handlers, by the number of the publish they failed in, until that
    /// publish is heard: a handler throws before its publish is delivered and heard.
    private var failures: [UInt64: [TraceFormat.Failure]] = [:]

    /// How many nested publishes wait for their top-level one.
    var waitingCount: Int { waiting.count }

    /// Files `failure`, thrown during the publish numbered `sequenceNumber`, for that publish's
    /// line. Past ``waitingLimit`` publishes with failures (their publish never heard: the tap
    /// came during it), the lowest-numbered ones are dropped.
    mutating func addFailure(_ failure: TraceFormat.Failure, to sequenceNumber: UInt64) {
        failures[sequenceNumber, default: []].append(failure)
        if failures.count > Self.waitingLimit, let oldest = failures.keys.min() {
            failures.removeValue(forKey: oldest)
        }
    }

    /// Files `heard` and returns what is ready to write, in order: nothing while it is a nested
    /// publish, its whole tree once it is a top-level one.
    mutating func add(_ heard: Heard) -> [Heard] {
        var heard = heard
        if let thrown = failures.removeValue(forKey: heard.fields.seq) { heard.fields.failures = thrown }
        guard heard.fields.parent == nil else {
            waiting[heard.fields.seq] = heard
            return waiting.count > Self.waitingLimit ? takeAll() : []
        }
        let root = heard.fields.seq
        var inTree: [UInt64: Bool] = [root: true]
        func belongs(_ seq: UInt64) -> Bool {
            if let known = inTree[seq] { return known }
            // Marked first, so a cycle in hand-made numbers ends.
            inTree[seq] = false
            let answer = waiting[seq]?.fields.parent.map(belongs) ?? false
            inTree[seq] = answer
            return answer
        }
        let nested = waiting.keys.filter(belongs)
        return Self.ordered([heard] + nested.compactMap { waiting.removeValue(forKey: $0) })
    }

    /// Everything still waiting, in sequence order (the writer closes).
    mutating func takeAll() -> [Heard] {
        defer {
            waiting.removeAll()
            failures.removeAll()
        }
        return Self.ordered(Array(waiting.values))
    }

    /// By sequence number, each time at most the next one's: a publish is heard after the
    /// ones nested in it, but began before them.
    private static func ordered(_ heard: [Heard]) -> [Heard] {
        var sorted = heard.sorted { $0.fields.seq < $1.fields.seq }
        for index in sorted.indices.dropLast().reversed() {
            sorted[index].fields.time = min(sorted[index].fields.time, sorted[index + 1].fields.time)
        }
        return sorted
    }
}
