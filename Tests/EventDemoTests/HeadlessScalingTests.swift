import EventBus
import EventDemo
import TerminalUI
import Testing

/// `eventdemo --headless --keys` plays a script of any length: a key costs the bus the same work
/// whatever came before it, so twice the keys cost twice the work, not four times. Counted in
/// publishes and deliveries (what a key's service calls and the panes' updates are made of), not
/// timed.
@Suite("Headless runs: the bus work grows linearly with the keys", .timeLimit(.minutes(3)))
struct HeadlessScalingTests {
    /// One round of the shop: log in, fill and empty the cart, check out, look at the Bus view,
    /// log out.
    private static let round = "l a a r c x 3 1 l".split(separator: " ").compactMap {
        Key(scriptWord: String($0))
    }

    /// Publishes made on the services' bus, and deliveries they reached, while `rounds` rounds
    /// of keys play headless.
    private static func busWork(rounds: Int) -> (publishes: Int, deliveries: Int) {
        let services = Fixtures.services()
        let counts = LockedValue((publishes: 0, deliveries: 0))
        let tap = services.bus.observeAll { record in
            counts.withLock { counts in
                counts.publishes += 1
                counts.deliveries += record.recipients.count
            }
        }
        defer { tap.cancel() }
        let keys = Array(repeating: round, count: rounds).flatMap(\.self)
        _ = HeadlessRun.run(keys: keys, size: Size(width: 80, height: 24), services: services)
        return counts.withLock { $0 }
    }

    @Test func theSecondHalfOfALongScriptCostsTheBusWhatTheFirstHalfDid() {
        // Given the bus work of N rounds of keys, and of 2N rounds
        #expect(Self.round.count == 9)
        let half = Self.busWork(rounds: 150)
        let whole = Self.busWork(rounds: 300)

        // When the first N rounds and the second N are compared
        let first = (half.publishes, half.deliveries)
        let second = (whole.publishes - half.publishes, whole.deliveries - half.deliveries)

        // Then each round costs some work, and the second half costs what the first did (within
        // 5%): a cost that grew with what came before would make it about three times as much
        #expect(first.0 >= 150 && first.1 >= 150, "\(first)")
        #expect(Double(second.0) <= Double(first.0) * 1.05, "publishes: \(first.0) then \(second.0)")
        #expect(Double(second.1) <= Double(first.1) * 1.05, "deliveries: \(first.1) then \(second.1)")
    }
}
