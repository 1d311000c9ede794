import EventBus
import EventDemo
import Foundation
import TerminalUI
import Testing

@Suite("Delivery flashes", .timeLimit(.minutes(3)))
struct FlashTests {
    private static let start = ContinuousClock.now

    @Test func aFlashLastsItsDurationAndThenSchedulesNothing() {
        var sut = PaneFlashes()

        sut.flash("CartPane", color: .green, at: Self.start)
        let during = sut.color(of: "CartPane", at: Self.start + .milliseconds(349))
        let after = sut.color(of: "CartPane", at: Self.start + PaneFlashes.duration)
        let deadline = sut.nextDeadline
        sut.removeExpired(at: Self.start + PaneFlashes.duration)

        #expect(during == .green)
        #expect(after == nil)
        #expect(deadline == Self.start + PaneFlashes.duration)
        #expect(sut.isEmpty)
        #expect(sut.nextDeadline == nil)
    }

    @Test func aLaterDeliveryRestartsTheFlashInItsOwnColour() {
        var sut = PaneFlashes()

        sut.flash("ProfilePane", color: .yellow, at: Self.start)
        sut.flash("ProfilePane", color: .magenta, at: Self.start + .milliseconds(300))

        #expect(sut.color(of: "ProfilePane", at: Self.start + .milliseconds(600)) == .magenta)
        #expect(sut.nextDeadline == Self.start + .milliseconds(300) + PaneFlashes.duration)
    }

    @Test func theEarliestEndIsTheNextDeadline() {
        var sut = PaneFlashes()

        sut.flash("A", color: .red, at: Self.start + .milliseconds(100))
        sut.flash("B", color: .red, at: Self.start)

        #expect(sut.nextDeadline == Self.start + PaneFlashes.duration)
    }

    /// The style of the top-left corner of the pane whose title is `title`.
    @MainLoop
    private static func frameStyle(_ title: String, in harness: LoopHarness) -> Style? {
        let buffer = harness.sut.render()
        for (y, row) in buffer.rows.enumerated() {
            let line = String(row.map(\.character))
            if let range = line.range(of: "─ \(title) ") ?? line.range(of: "━ \(title) ") {
                let x = line.distance(from: line.startIndex, to: range.lowerBound) - 1
                return buffer[x, y].style
            }
        }
        return nil
    }

    @Test func everyPaneALoginReachesFlashesInTheAuthServicesColourAtOnce() {
        onLoop {
            let background = HeldBackground()  // The profile fetch waits: no magenta flash yet.
            let harness = LoopHarness(background: background.background)
            harness.sut.advance(to: Self.start)

            harness.bus.publish(UserDidLoginEvent(user: Fixtures.alice, date: Fixtures.date, session: 1))
            harness.drain()

            let lit = Style(foreground: .yellow, attributes: .bold)
            #expect(Self.frameStyle("Login", in: harness) == lit)
            #expect(Self.frameStyle("Profile", in: harness) == lit)
            #expect(Self.frameStyle("Cart", in: harness) != lit)
            #expect(harness.sut.nextDeadline() == Self.start + PaneFlashes.duration)
            background.releaseAll()  // Held work holds the services: let it finish, no cycle left.
            harness.settle()
        }
    }

    @Test func theFlashEndsAtItsDeadlineAndTheLoopThenHasNothingToWakeFor() {
        onLoop {
            let harness = LoopHarness()
            harness.sut.advance(to: Self.start)
            harness.bus.publish(CartDidUpdateEvent(items: [CartService.catalog[0]]))
            harness.drain()
            let lit = Self.frameStyle("Cart", in: harness)

            harness.sut.advance(to: Self.start + PaneFlashes.duration)

            #expect(lit == Style(foreground: .green, attributes: .bold))
            #expect(Self.frameStyle("Cart", in: harness)?.foreground == .cyan)  // Focused, not lit.
            #expect(harness.sut.nextDeadline() == nil)
        }
    }

    @Test func anIdleAppHasNoDeadline() {
        onLoop {
            let harness = LoopHarness()
            harness.sut.advance(to: Self.start)

            #expect(harness.sut.nextDeadline() == nil)
        }
    }
}
