import EventBus
import Foundation

/// Plays a ``Recording`` back into a bus, as `--replay FILE` asks: at the recorded pace, or one
/// event per key press in step mode.
///
/// It never sleeps or ticks. Paced, it tells the loop when the next event is due
/// (``nextDeadline``) and the loop's `poll()` wakes then; ``publishDue(at:)`` publishes every
/// event whose time has come. Events are published on the loop's thread, so panes get them
/// through their executor like live events, one drain later.
@MainLoop
public final class Replayer {
    /// How events are released.
    public enum Mode: Sendable, Equatable {
        /// At the pace they were recorded.
        case paced
        /// One per ``step()`` (the space key).
        case stepped
    }

    /// What is being replayed.
    public let recording: Recording
    /// The file's name, for the title bar.
    public let name: String
    /// Paced or stepped.
    public let mode: Mode
    /// How many events have been published.
    public private(set) var publishedCount = 0
    private let bus: EventBus
    private var start: ContinuousClock.Instant?
    /// Called before each publish with the event and its recorded wall-clock time (the
    /// recording's start plus its offset; `nil` when the file has no start), and with `nil`
    /// after it, so the log can show what was recorded (time, call site, recipients) rather
    /// than what the replay bus does.
    public var announce: ((ReplayedPublish?) -> Void)?

    /// Prepares to replay `recording` into `bus`; nothing is published until the loop asks.
    public init(recording: Recording, name: String, mode: Mode, bus: EventBus) {
        self.recording = recording
        self.name = name
        self.mode = mode
        self.bus = bus
    }

    /// Whether every event has been published.
    public var isFinished: Bool { publishedCount == recording.events.count }

    /// The next event to publish, if any.
    public var next: RecordedEvent? { isFinished ? nil : recording.events[publishedCount] }

    /// When the next event is due (paced mode, once started), so the loop can sleep until then.
    public var nextDeadline: ContinuousClock.Instant? {
        guard mode == .paced, let start, let next else { return nil }
        return start + next.time
    }

    /// Paced mode: starts the clock at the first call, then publishes every event due at `now`.
    /// Returns how many were published. Does nothing in step mode.
    @discardableResult
    public func publishDue(at now: ContinuousClock.Instant) -> Int {
        guard mode == .paced else { return 0 }
        let start = self.start ?? now
        self.start = start
        var count = 0
        while let next, start + next.time <= now {
            publishNext()
            count += 1
        }
        return count
    }

    /// Publishes the next event; returns `false` when there is none left.
    @discardableResult
    public func step() -> Bool {
        guard !isFinished else { return false }
        publishNext()
        return true
    }

    /// Publishes everything left at once (headless runs, which have no clock to wait on).
    public func publishAll() {
        while step() {}
    }

    private func publishNext() {
        let recorded = recording.events[publishedCount]
        publishedCount += 1
        announce?(
            ReplayedPublish(
                recorded: recorded, time: recording.start.map { $0.addingTimeInterval(recorded.time.seconds) }
            ))
        bus.publish(recorded.event)  // Opened to its concrete type, so panes subscribed to it get it.
        announce?(nil)
    }
}

/// The recorded publish a replay is publishing, and when it was recorded.
public struct ReplayedPublish: Sendable {
    /// The publish as the recording has it.
    public var recorded: RecordedEvent
    /// Its recorded wall-clock time, if the recording says when it started.
    public var time: Date?
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    var seconds: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
