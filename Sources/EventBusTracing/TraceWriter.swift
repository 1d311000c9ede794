public import EventBus
public import Foundation

/// Writes every publish on a bus to a JSON Lines file (format: ``TraceFormat``), from a test or
/// a running app, up to a size cap.
///
/// ```swift
/// import EventBusTracing
///
/// let path = FileManager.default.temporaryDirectory.appending(path: "trace.jsonl").path
/// let writer = try TraceWriter(path: path)
/// let tap = writer.attach(to: bus)
/// bus.publish(UserDidLoginEvent(userID: "ada"))
/// writer.close()
/// tap.cancel()
/// ```
///
/// ## Ordering
/// Each top-level publish is written when the tap hears it, followed by the publishes nested in
/// it, by sequence number (the tap hears those first; they wait for it). Publishes on other
/// threads at the same time may come between two top-level ones; ``Trace`` sorts every line.
/// See ``TraceFormat`` for the times. A tree is never cut, whatever its size. A nested publish
/// that can never join its tree (its parent was written already: a store's state for an
/// action another thread dispatched while the store was busy) is written with the next
/// top-level publish heard on its thread.
///
/// ## Threading
/// The tap encodes each payload on the publishing thread (its event is not kept past the
/// publish) and hands the rest to a private serial queue that orders and writes it, so a
/// publisher never waits for the disk. Every member is thread-safe.
///
/// ## Memory
/// A writer holds a bounded amount whatever the publish rate: at most 1,024 publishes waiting
/// to be written or being encoded for it, holding at most 1 MiB of payloads; plus the batch the
/// queue is writing (taken from those) and the nested publishes waiting for their top-level one
/// (see ``TraceFormat``). When the queue falls behind and the backlog is at its bound, a publish
/// is dropped without being encoded, and counted: ``dropped`` says how many, and so does the
/// file's last line (``Trace/dropped``). A publisher never waits for room. An error thrown
/// during a dropped publish is not written either.
///
/// ## Size and failure
/// Lines are written whole, so a crash leaves at most a cut-off last line, which ``Trace``
/// reports. The file never grows past `maximumBytes`, which keeps room for the dropped count:
/// the first line that would pass it is dropped with everything after it, and ``status`` says
/// so. From then on nothing is encoded or kept, so ``close()`` has nothing left to do. A failing
/// write stops the trace and ``status`` says why in the system's words (`File too large`);
/// nothing is thrown at publishers.
///
/// ## Lifetime
/// ``attach(to:)`` returns the tap's token: releasing it stops the trace. ``close()`` writes
/// what is queued (nested publishes whose top-level one was not heard, in sequence order), then
/// the dropped count if any were dropped, and closes the file. The nested publishes the writer
/// holds are those of the trees in progress, plus those of trees cut short (the tap cancelled,
/// or a top-level publish dropped, in the middle of them) until their thread is heard again or
/// the writer closes.
///
/// ## One bus per writer
/// A writer traces the first bus it is attached to, for its whole life: sequence numbers and
/// parents are per bus, so a second bus's publishes would reuse the first one's numbers and the
/// file would no longer say which publish made which. ``attach(to:)`` with another bus (or with
/// the same bus while the writer's tap on it is still attached, which would write every publish
/// twice) writes nothing for it: it writes one line to standard error saying why and returns a
/// token that is already cancelled. Attaching the same bus again after its token was cancelled
/// goes on with the same trace. For several buses, use a writer (and file) per bus.
public final class TraceWriter: Sendable {
    /// How the trace is going.
    public enum Status: Equatable, Sendable {
        /// Writing; `lines` publishes so far.
        case writing(lines: Int)
        /// Stopped at the size cap after `lines` publishes.
        case full(lines: Int)
        /// Stopped because a write failed (`reason`) after `lines` publishes.
        case failed(lines: Int, reason: String)

        /// Lines written so far, whichever the case.
        public var lines: Int {
            switch self {
            case .writing(let lines), .full(let lines), .failed(let lines, _): lines
            }
        }
    }

    /// What publishers and readers of ``status`` share, under one lock held only to decide.
    struct State {
        var status: Status
        var backlog = TraceBacklog()
        var binding = BusBinding()

        /// Takes no more publishes; `status`, if given, replaces a writing one.
        mutating func stop(_ status: Status?) {
            if let status, case .writing = self.status { self.status = status }
            backlog.stop()
        }
    }

    /// The file's path, as given.
    public let path: String
    let state: LockedValue<State>
    /// The file; touched on `queue` only.
    let file: LockedValue<FileState>
    /// Writes, in order; publishers only schedule work on it.
    let queue = DispatchQueue(label: "EventBusTracing.TraceWriter")
    /// Nested publishes waiting for their top-level one; touched on `queue` only.
    let order = LockedValue(PublishOrder())
    private let start: ContinuousClock.Instant
    /// When the trace started, as its first line says (``Trace/start``).
    public let startDate: Date
    let maximumBytes: Int

    /// Creates (or empties) the file at `path` and writes the header line.
    /// - Throws: ``TraceError`` when the file cannot be created or written (with the system's
    ///   reason: `No space left on device`), or when `maximumBytes` is too small to hold the
    ///   header line and the dropped count (``TraceFormat/minimumBytes``): nothing is written
    ///   then.
    public init(path: String, maximumBytes: Int = TraceFormat.defaultMaximumBytes) throws(TraceError) {
        self.path = path
        self.maximumBytes = maximumBytes
        startDate = Date()
        let header = Data((TraceFormat.header(start: startDate) + "\n").utf8)
        guard maximumBytes >= TraceFormat.minimumBytes else {
            throw TraceError(
                path: path,
                "a cap of \(TraceFormat.describe(bytes: maximumBytes)) cannot hold the trace's first line and its dropped count; the least is \(TraceFormat.describe(bytes: TraceFormat.minimumBytes))"
            )
        }
        let handle = try TraceFile.create(path, header: header)
        state = LockedValue(State(status: .writing(lines: 0)))
        file = LockedValue(FileState(handle: handle, bytes: header.count))
        start = .now
    }

    /// Starts tracing `bus`. Keep the token: releasing it stops the trace.
    ///
    /// An error thrown by a synchronous handler or interceptor is written on the line of the
    /// publish it was thrown in (`failures`, see ``TraceFormat``); one thrown by a handler that
    /// runs later (an executor's, a task's) is not written.
    ///
    /// A writer traces one bus (see "One bus per writer" above): for another bus, or for this
    /// one while already attached, it writes a line to standard error and returns a token that
    /// is already cancelled (``SubscriptionToken/isFinished`` is true), and writes nothing.
    public func attach(to bus: EventBus) -> SubscriptionToken {
        if let refusal = state.withLock({ $0.binding.claim(bus) }) {
            FileHandle.standardError.write(Data(BusBinding.message(refusal, path: path).utf8))
            let refused = bus.observeAll { _ in }
            refused.cancel()
            return refused
        }
        let token = tap(bus)
        state.withLock { $0.binding.attached(token) }
        return token
    }

    private func tap(_ bus: EventBus) -> SubscriptionToken {
        bus.observeAll { [self] record in
            // The thread, to tell when a publish can no longer join its tree (see PublishOrder).
            let thread = ObjectIdentifier(Thread.current)
            let root = record.parentSequenceNumber == nil ? record.sequenceNumber : nil
            // Before any work: a stopped trace or a full backlog costs a publisher one lock.
            guard state.withLock({ $0.backlog.reserve(root: root, on: thread) }) else { return }
            var fields = TraceFormat.fields(for: record)
            fields.time = TraceFormat.seconds(ContinuousClock.now - start)
            // An encoder per record: publishers on several threads never share one.
            let heard = PublishOrder.Heard(
                fields: fields,
                payload: TraceFormat.payload(of: record.event, encoder: TraceFormat.payloadEncoder()),
                thread: thread)
            if state.withLock({ $0.backlog.add(heard) }) { queue.async { self.drain() } }
        } failures: { [self] failure in
            // Reported on the publishing thread before the tap hears that publish, so filed
            // ahead of it.
            guard let sequenceNumber = failure.sequenceNumber else { return }
            let thrown = TraceFormat.Failure(failure)
            if state.withLock({ $0.backlog.add(thrown, to: sequenceNumber) }) { queue.async { self.drain() } }
        }
    }

    /// How the trace is going (lines waiting to be written are not counted).
    public var status: Status { state.withLock(\.status) }

    /// Publishes dropped because the writer fell behind (its backlog at its bound), not written;
    /// the file's last line says the same once the writer is closed. Publishes after the trace
    /// is full or closed are not counted.
    public var dropped: Int { state.withLock(\.backlog.dropped) }

    /// Writes what is queued, then the dropped count if any, closes the file and returns the
    /// final status. Later publishes are not written. Safe to call more than once. Bounded work:
    /// at most what the backlog holds, nothing once the trace is full.
    @discardableResult
    public func close() -> Status {
        queue.sync {
            drain()
            writeLines(order.withLock { $0.takeAll() })
            finish()
        }
        return status
    }
}

extension TraceWriter.Status {
    var isWriting: Bool {
        if case .writing = self { return true }
        return false
    }

    var isFailed: Bool {
        if case .failed = self { return true }
        return false
    }
}
