import EventBus
import Synchronization
import TerminalUI

extension DemoApp {
    /// Taps the bus so that every subscriber a publish reached flashes in its publisher's
    /// colour. The tap runs on the publisher's thread and only collects who to flash; the first
    /// publish of a burst queues one job that starts every flash collected by then, in the same
    /// drain that runs the panes' own deliveries, so both show in one frame. One job per burst
    /// rather than per publish, as the bus does for the panes (the Bus view counts the jobs).
    func watchDeliveries(on bus: EventBus, executor: MainLoopExecutor) -> SubscriptionToken {
        bus.observeAll { [weak self] record in
            guard let self, let event = record.event as? any DemoEvent, !record.recipients.isEmpty
            else { return }
            let color = Theme.color(ofPublisher: type(of: event).publisherName)
            let receivers = record.recipients.map(\.subscriberName)
            let mustSchedule = flashInbox.withLock { $0.add(receivers, color: color) }
            guard mustSchedule else { return }
            executor.enqueue { [weak self] in
                MainLoop.assumeIsolated {
                    guard let self else { return }
                    for (receivers, color) in self.flashInbox.withLock({ $0.takeAll() }) {
                        for receiver in receivers {
                            self.flashes.flash(receiver, color: color, at: self.frameTime)
                        }
                    }
                }
            }
        }
    }

    /// Recolours the frame of each pane in `panes` (subscriber name and where it is drawn)
    /// that is flashing at ``frameTime``.
    nonisolated static func drawFlashes(
        _ flashes: PaneFlashes, at now: ContinuousClock.Instant, panes: [(name: String, rect: Rect)],
        into buffer: inout ScreenBuffer
    ) {
        for pane in panes {
            if let color = flashes.color(of: pane.name, at: now) {
                Theme.flash(pane.rect, color: color, into: &buffer)
            }
        }
    }
}

/// Flashes collected on publishers' threads until the loop's job takes them.
struct FlashInbox {
    private var waiting: [(receivers: [String], color: TerminalColor)] = []
    private var isScheduled = false

    /// Adds one publish's receivers; returns true when the caller must queue the job.
    mutating func add(_ receivers: [String], color: TerminalColor) -> Bool {
        waiting.append((receivers, color))
        defer { isScheduled = true }
        return !isScheduled
    }

    /// Everything collected, in publish order; the next `add` queues a job again.
    mutating func takeAll() -> [(receivers: [String], color: TerminalColor)] {
        isScheduled = false
        defer { waiting = [] }
        return waiting
    }
}
