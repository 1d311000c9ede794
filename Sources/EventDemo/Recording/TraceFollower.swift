import EventBus
import EventBusTracing
import Foundation

/// Publishes what a followed trace gains into a bus while its app writes it (`--follow FILE`),
/// each publish as a ``TracedEvent`` announced like a replayed one, so the log, the Bus view
/// and the Flow view show it as the trace holds it.
///
/// It never sleeps or ticks: the loop asks for ``nextDeadline`` and calls ``readDue(at:)``
/// then, every ``interval``, or at once again while a read stopped at the tail's chunk size.
/// Nothing here grows with the file: the tail reads a bounded chunk, and the panes keep their
/// own bounded rows.
@MainLoop
public final class TraceFollower {
    /// How soon the file is read again after a read that found something.
    public static let interval = Duration.milliseconds(100)
    /// The longest wait between reads: while the file has nothing new, each wait doubles up to
    /// this, so an idle app wakes once a second, not ten times.
    public static let longestInterval = Duration.seconds(1)

    /// The file.
    public let tail: TraceTail
    /// The file's name, for the title bar.
    public let name: String
    /// How many publishes have been read and published.
    public private(set) var readCount = 0
    /// How many publishes the writer said it dropped because it fell behind.
    public private(set) var droppedByWriter = 0
    /// The newest thing the tail said about the file (replaced, truncated, a line skipped), not
    /// yet shown.
    public private(set) var notice: String?
    /// Why following stopped (the file is not a trace), if it did.
    public private(set) var failure: String?
    /// Called before each publish with the publish and its recorded wall-clock time, and with
    /// `nil` after it, as ``Replayer/announce`` is.
    public var announce: ((ReplayedPublish?) -> Void)?
    /// Called when the file was truncated or replaced, before the new trace's publishes, so
    /// that what showed the old one can start again.
    public var restart: (() -> Void)?
    /// The wait before the next read (see ``longestInterval``).
    public private(set) var wait = interval
    private let bus: EventBus
    private var due: ContinuousClock.Instant?
    private var lastTime = Duration.zero

    /// Follows `tail`, publishing into `bus`; nothing is read until the loop asks.
    public init(tail: TraceTail, name: String, bus: EventBus) {
        self.tail = tail
        self.name = name
        self.bus = bus
    }

    /// When the next read is due (now, before the first), or `nil` once following has failed.
    public var nextDeadline: ContinuousClock.Instant? {
        failure == nil ? due ?? .now : nil
    }

    /// Reads and publishes what the file gained if a read is due at `now`; returns how many
    /// publishes it read.
    @discardableResult
    public func readDue(at now: ContinuousClock.Instant) -> Int {
        guard failure == nil, now >= due ?? now else { return 0 }
        let (count, hasMore) = readOnce()
        wait = count > 0 ? Self.interval : min(wait * 2, Self.longestInterval)
        due = hasMore ? now : now + wait
        return count
    }

    /// Reads until the file has nothing more (headless runs, which have no clock to wait on).
    public func readAll() {
        while failure == nil, readOnce().hasMore {}
    }

    private func readOnce() -> (count: Int, hasMore: Bool) {
        let update: TraceTail.Update
        do {
            update = try tail.read()
        } catch {
            failure = error.description
            return (0, false)
        }
        if update.restarted {
            lastTime = .zero
            restart?()
        }
        publish(update.entries)
        if let last = update.notices.last { notice = last }
        if update.dropped > 0 {
            droppedByWriter += update.dropped
            notice =
                "its writer fell behind and dropped \(update.dropped) publishes: they are not in the trace"
        }
        return (update.entries.count, update.hasMore)
    }

    /// Takes the notice, so that it is shown once.
    public func takeNotice() -> String? {
        defer { notice = nil }
        return notice
    }

    private func publish(_ entries: [Trace.Entry]) {
        for recorded in Recording.tracedEvents(of: entries, after: lastTime) {
            lastTime = recorded.time
            readCount += 1
            announce?(
                ReplayedPublish(
                    recorded: recorded, time: tail.start.map { $0.addingTimeInterval(recorded.time.seconds) })
            )
            bus.publish(recorded.event)  // Opened to TracedEvent: no pane subscribes, the tap sees it.
            announce?(nil)
        }
    }
}
