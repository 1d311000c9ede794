import EventBus
import TerminalUI

extension DemoApp {
    /// Taps the bus so that every subscriber a publish reached flashes in its publisher's
    /// colour. The tap runs on the publisher's thread and only hops to the loop; the flash
    /// starts in the same drain that runs the pane's own delivery, so both show in one frame.
    func watchDeliveries(on bus: EventBus, executor: MainLoopExecutor) -> SubscriptionToken {
        bus.observeAll { [weak self] record in
            guard !record.recipients.isEmpty, let event = record.event as? any DemoEvent else { return }
            let color = Theme.color(ofPublisher: type(of: event).publisherName)
            let receivers = record.recipients.map(\.subscriberName)
            executor.enqueue {
                MainLoop.assumeIsolated {
                    guard let self else { return }
                    for receiver in receivers {
                        self.flashes.flash(receiver, color: color, at: self.frameTime)
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
