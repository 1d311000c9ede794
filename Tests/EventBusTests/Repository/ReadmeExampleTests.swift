import EventBus
import Testing

// The README's quick start, kept compiling and true.
private struct UserDidLoginEvent: EventBusEvent { let userID: String }

private final class Greeter: Sendable {
    let greeted = LockBox<[String]>([])

    init(bus: EventBus) {
        bus.subscribe(owner: self) { (owner, event: UserDidLoginEvent) in owner.greet(event.userID) }
    }

    func greet(_ userID: String) { greeted.mutate { $0.append("Hello, \(userID)") } }
}

@Suite("README")
struct ReadmeExampleTests {
    @Test func quickStartGreetsTheUser() {
        let bus = EventBus()
        let greeter = Greeter(bus: bus)

        bus.publish(UserDidLoginEvent(userID: "ada"))

        #expect(greeter.greeted.value == ["Hello, ada"])
    }

    @Test func defaultBusIsOneSharedInstance() {
        #expect(EventBus.default === EventBus.default)
    }
}
