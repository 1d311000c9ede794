/// What a ``TraceWriter`` holds between a publish and its write: a bounded queue, decided under
/// the writer's lock and acted on outside it.
///
/// A publisher reserves a place before it encodes anything: a trace that stopped (full, failed,
/// closed) or a backlog already at its bound turns it away at once, the latter counted as
/// dropped, so neither memory nor encoding work grows with the publish rate. The writer's queue
/// takes everything waiting in one go. A plain value, used under the writer's lock only.
struct TraceBacklog {
    /// One thing to write: a publish heard, or a failure thrown during the publish numbered
    /// `sequenceNumber` (reported before that publish is heard).
    enum Item {
        case heard(PublishOrder.Heard)
        case failure(TraceFormat.Failure, sequenceNumber: UInt64)
    }

    /// The most items waiting or being encoded for it at once.
    static let lineLimit = 1024
    /// The most payload bytes waiting at once.
    static let byteLimit = 1 << 20

    /// Whether publishes are still taken: false once the trace is full, failed or closed.
    private(set) var isAccepting = true
    /// Publishes turned away because the backlog was at its bound.
    private(set) var dropped = 0
    /// Places reserved by publishers encoding their payload, plus items waiting.
    private var used = 0
    private var bytes = 0
    private var items: [Item] = []
    /// A drain is scheduled or running on the writer's queue.
    private var isDraining = false

    /// For tests, by count: the most places ever used and payload bytes ever held at once, and
    /// how many publishes were let through to encode their payload.
    private(set) var mostUsed = 0
    private(set) var mostBytes = 0
    private(set) var reservations = 0

    /// The last top-level publish dropped on each thread since that thread's last item: the
    /// publishes of its tree already filed can no longer be completed by it (see
    /// ``PublishOrder/Heard/droppedRoot``). One number per thread.
    private var droppedRoots: [ObjectIdentifier: UInt64] = [:]

    /// Reserves a place for a publish about to be encoded, heard on `thread` (`root`: its number
    /// if it is a top-level publish); false if it must not be (the trace stopped, or the backlog
    /// is full: then it counts as dropped).
    mutating func reserve(root: UInt64? = nil, on thread: ObjectIdentifier? = nil) -> Bool {
        guard isAccepting else { return false }
        guard used < Self.lineLimit else {
            dropped += 1
            if let root, let thread { droppedRoots[thread] = root }
            return false
        }
        used += 1
        mostUsed = max(mostUsed, used)
        reservations += 1
        return true
    }

    /// Files a reserved publish; true if the caller must schedule a drain. A payload that would
    /// pass the byte bound is dropped (counted) instead.
    mutating func add(_ heard: PublishOrder.Heard) -> Bool {
        let size = heard.payload?.count ?? 0
        guard isAccepting, bytes + size <= Self.byteLimit else {
            used -= 1
            if isAccepting {
                dropped += 1
                if heard.fields.parent == nil { droppedRoots[heard.thread] = heard.fields.seq }
            }
            return false
        }
        bytes += size
        mostBytes = max(mostBytes, bytes)
        var heard = heard
        heard.droppedRoot = droppedRoots.removeValue(forKey: heard.thread)
        return append(.heard(heard))
    }

    /// Files a failure; true if the caller must schedule a drain. Not kept when the trace
    /// stopped or the backlog is full (its publish is then likely dropped too).
    mutating func add(_ failure: TraceFormat.Failure, to sequenceNumber: UInt64) -> Bool {
        guard isAccepting, used < Self.lineLimit else { return false }
        used += 1
        mostUsed = max(mostUsed, used)
        return append(.failure(failure, sequenceNumber: sequenceNumber))
    }

    private mutating func append(_ item: Item) -> Bool {
        items.append(item)
        defer { isDraining = true }
        return !isDraining
    }

    /// Everything waiting, for the drain to write; empty (and the drain ends) when nothing is.
    mutating func take() -> [Item] {
        guard !items.isEmpty else {
            isDraining = false
            return []
        }
        let taken = items
        used -= taken.count
        items = []
        bytes = 0
        return taken
    }

    /// Takes no more publishes and lets go of what waits (the trace is full, failed or closed).
    mutating func stop() {
        isAccepting = false
        droppedRoots = [:]
        used -= items.count
        items = []
        bytes = 0
    }
}
