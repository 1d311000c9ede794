import TerminalUI

/// Which pane frames are flashing, in which colour, until when: a plain value the app keeps and
/// the render reads, so a delivery is visible at a glance (fan-out shows as several frames
/// lighting up in the publisher's colour at once).
///
/// Time comes in as arguments (the loop's frame time), never from a clock, so tests step it.
public struct PaneFlashes: Equatable, Sendable {
    /// How long a frame stays lit after a delivery.
    public static let duration: Duration = .milliseconds(350)

    private var flashes: [String: (color: TerminalColor, ends: ContinuousClock.Instant)] = [:]

    /// No pane is flashing.
    public init() {}

    /// Lights `pane` (a subscriber's type name, such as `CartPane`) in `color` from `now`; a
    /// later delivery restarts the flash in its own colour.
    public mutating func flash(_ pane: String, color: TerminalColor, at now: ContinuousClock.Instant) {
        flashes[pane] = (color, now + Self.duration)
    }

    /// The colour `pane`'s frame has at `now`, or `nil` when it is not flashing.
    public func color(of pane: String, at now: ContinuousClock.Instant) -> TerminalColor? {
        guard let flash = flashes[pane], now < flash.ends else { return nil }
        return flash.color
    }

    /// When the next flash ends, or `nil` when none is lit: the loop wakes then to redraw, and
    /// not at all otherwise.
    public var nextDeadline: ContinuousClock.Instant? { flashes.values.map(\.ends).min() }

    /// Forgets the flashes that are over at `now`.
    public mutating func removeExpired(at now: ContinuousClock.Instant) {
        flashes = flashes.filter { now < $0.value.ends }
    }

    /// Whether any pane is flashing.
    public var isEmpty: Bool { flashes.isEmpty }

    /// Compares panes, colours and end times (tuples are not `Equatable`).
    public static func == (lhs: PaneFlashes, rhs: PaneFlashes) -> Bool {
        lhs.flashes.count == rhs.flashes.count
            && lhs.flashes.allSatisfy { key, value in
                rhs.flashes[key].map { $0.color == value.color && $0.ends == value.ends } ?? false
            }
    }
}
