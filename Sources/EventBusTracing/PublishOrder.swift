import Foundation

/// Puts the publishes a tap hears into the order a trace is written in.
///
/// A tap hears a publish once it has been delivered, so the publishes nested in it (made by
/// its handlers, on its thread, numbered after it) are heard first. A nested publish therefore
/// waits here until the top-level publish it belongs to is heard; then that publish and every
/// nested one are written together, by sequence number. A plain value, used on the writer's
/// queue only.
///
/// Nothing here counts publishes to decide that a tree is too big: a tree of any size waits
/// whole for its top-level publish, which always comes (its thread is still inside it). What
/// can wait forever is a publish whose top-level one this tap never hears: one made while the
/// tap was cancelled, one whose top-level publish the writer dropped because it fell behind
/// (the thread's next publish says so, ``Heard/droppedRoot``), or one whose parent is a publish
/// of another thread that was written already (a store's state for an action another thread
/// queued). Both are told apart by the
/// thread they were heard on: a thread's publishes nest, so when a top-level publish is heard
/// on a thread, every publish heard there since it began (numbered after it) has ended; those
/// outside its tree can never be completed, and are written with it. So what waits is at most
/// the trees in progress, plus those cut by cancelling the tap (written by ``takeAll()``).
struct PublishOrder {
    /// A publish heard: its fields (time set when heard), its payload, and the thread it was
    /// heard on (the thread that published it: taps run on the publisher's thread).
    struct Heard {
        var fields: TraceFormat.Line
        var payload: Data?
        var thread: ObjectIdentifier
        /// The last top-level publish of the same thread that was dropped (the writer fell
        /// behind) since the thread's previous publish was filed: it ended before this one was
        /// heard, so the publishes of the thread numbered after it are complete (see
        /// ``TraceBacklog``).
        var droppedRoot: UInt64? = nil
    }

    /// The most failures kept for publishes not heard yet. A failure waits only while its
    /// publish's handlers run, so those of real publishes are at most the publishes running at
    /// once; past it (failures of publishes a tap never hears: made inside a tap, say), the
    /// lowest-numbered are dropped.
    static let failureLimit = 4096

    /// Nested publishes waiting for their top-level one, by the thread they were heard on.
    private var waiting: [ObjectIdentifier: [UInt64: Heard]] = [:]
    /// Failures of synchronous handlers, by the number of the publish they failed in, until that
    /// publish is heard: a handler throws before its publish is delivered and heard.
    private var failures: [UInt64: [TraceFormat.Failure]] = [:]

    /// How many nested publishes wait for their top-level one.
    var waitingCount: Int { waiting.values.reduce(0) { $0 + $1.count } }

    /// How many failures wait for their publish.
    var waitingFailureCount: Int { failures.count }

    /// Files `failure`, thrown during the publish numbered `sequenceNumber`, for that publish's
    /// line (see ``failureLimit``).
    mutating func addFailure(_ failure: TraceFormat.Failure, to sequenceNumber: UInt64) {
        failures[sequenceNumber, default: []].append(failure)
        if failures.count > Self.failureLimit, let oldest = failures.keys.min() {
            failures.removeValue(forKey: oldest)
        }
    }

    /// Files `heard` and returns what is ready to write, in order: nothing while it is a nested
    /// publish; once it is a top-level one, its whole tree, with the publishes of its thread
    /// that began after it and will never have a tree to join (see the type's discussion).
    mutating func add(_ heard: Heard) -> [Heard] {
        var heard = heard
        if let thrown = failures.removeValue(forKey: heard.fields.seq) { heard.fields.failures = thrown }
        // A dropped top-level publish ended the publishes of its thread begun inside it.
        let cut = heard.droppedRoot.map { ended(after: $0, on: heard.thread) } ?? []
        guard heard.fields.parent == nil else {
            waiting[heard.thread, default: [:]][heard.fields.seq] = heard
            return Self.ordered(cut)
        }
        return Self.ordered(cut) + Self.ordered([heard] + ended(after: heard.fields.seq, on: heard.thread))
    }

    /// Takes the publishes waiting on `thread` numbered after `root`, a top-level publish of that
    /// thread that has ended: they began inside it, so they are complete, in its tree or not.
    private mutating func ended(after root: UInt64, on thread: ObjectIdentifier) -> [Heard] {
        guard var onThread = waiting.removeValue(forKey: thread) else { return [] }
        let ready = onThread.keys.filter { $0 > root }.compactMap { onThread.removeValue(forKey: $0) }
        if !onThread.isEmpty { waiting[thread] = onThread }
        return ready
    }

    /// Everything still waiting, in sequence order (the writer closes).
    mutating func takeAll() -> [Heard] {
        defer {
            waiting.removeAll()
            failures.removeAll()
        }
        return Self.ordered(waiting.values.flatMap(\.values))
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
