import EventBus
import EventDemo
import TerminalUI
import Testing

@Suite("Bus pane rendering", .timeLimit(.minutes(3)))
struct BusPaneRenderTests {
    private static func info(
        _ type: String, _ subscriber: String, _ delivery: SubscriptionInfo.Delivery = .executor,
        on executor: String = "main-loop", priority: Int = 0, received: Int = 0, ownerBound: Bool = true
    ) -> SubscriptionInfo {
        SubscriptionInfo(
            eventTypeName: type, subscriberName: subscriber, isOwnerBound: ownerBound, delivery: delivery,
            executorLabel: executor, priority: priority, deliveredEventCount: received)
    }

    static let snapshot: [String: [SubscriptionInfo]] = [
        "UserDidLoginEvent": [
            info("UserDidLoginEvent", "ProfileService", .synchronous, on: "publisher", received: 2),
            info("UserDidLoginEvent", "LoginPane", received: 2),
            info("UserDidLoginEvent", "ProfilePane", received: 2),
        ],
        "CheckoutRequestedEvent": [
            info(
                "CheckoutRequestedEvent", "AuditService", .interceptor, on: "publisher", priority: 100,
                received: 3),
            info("CheckoutRequestedEvent", "CartService", .synchronous, on: "publisher", received: 1),
        ],
        "CartDidUpdateEvent": [info("CartDidUpdateEvent", "CartPane", received: 7)],
        "DeadEvent": [info("DeadEvent", "BusPane", received: 1)],
        "ProfileDidLoadEvent": [
            info("ProfileDidLoadEvent", "AsyncStream", .stream, on: "stream", ownerBound: false)
        ],
    ]

    static let state = BusPaneState(
        publishers: [
            "UserDidLoginEvent": [
                .init(site: "AuthService.swift:91", function: "finishLogin(session:username:)", count: 2)
            ],
            "CheckoutRequestedEvent": [.init(site: "CartService.swift:61", function: "checkout()", count: 4)],
            "CartDidUpdateEvent": [
                .init(site: "StoreEngine.swift:136", function: "publish(_:)", count: 6),
                .init(site: "CartService.swift:12", function: "init(bus:)", count: 1),
            ],
        ],
        deadEvents: [.init(typeName: "ProfileDidLoadEvent", count: 2)],
        failures: [
            "LoyaltyService threw unknownMember(\"bob\") handling CheckoutDidCompleteEvent (synchronous, on publisher)"
        ],
        failureCount: 1)

    @Test func drawsEveryTypeWithItsSubscriptionsDeadEventsAndErrorsAt80Columns() {
        let screen = Fixtures.render(width: 80, height: 21) { buffer, rect in
            BusPane.render(snapshot: Self.snapshot, state: Self.state, focused: true, into: &buffer, in: rect)
        }

        assertGolden(screen, named: "bus-pane-80x21")
    }

    @Test func usesTheRoomItGetsAt120Columns() {
        let screen = Fixtures.render(width: 120, height: 37) { buffer, rect in
            BusPane.render(
                snapshot: Self.snapshot, state: Self.state, focused: false, into: &buffer, in: rect)
        }

        assertGolden(screen, named: "bus-pane-120x37")
    }

    @Test func saysWhenNothingIsDeadOrFailingAndScrollsALongMap() {
        var state = BusPaneState()
        state.scrollOffset = 3
        let screen = Fixtures.render(width: 80, height: 12) { buffer, rect in
            BusPane.render(snapshot: Self.snapshot, state: state, focused: false, into: &buffer, in: rect)
        }

        assertGolden(screen, named: "bus-pane-scrolled-nothing-dead")
    }

    @Test func listsTheLiveBusOfTheAppWithTheLibrarysSnapshot() {
        onLoop {
            let harness = LoopHarness()

            let snapshot = harness.bus.subscriptionSnapshot().byTypeName

            #expect(snapshot["UserDidLoginEvent"]?.map(\.subscriberName).contains("LoginPane") == true)
            #expect(snapshot["DeadEvent"]?.map(\.subscriberName) == ["BusPane"])
        }
    }

    @Test func countsDeadEventsByTypeMostRecentFirst() {
        onLoop {
            let harness = LoopHarness()
            struct NobodyListensEvent: EventBusEvent {}
            struct NorToThisEvent: EventBusEvent {}

            harness.bus.publish(NobodyListensEvent())
            harness.bus.publish(NorToThisEvent())
            harness.bus.publish(NobodyListensEvent())
            harness.drain()

            #expect(
                harness.sut.eventLog.entries.first?.flowDescription
                    == "EventBus ➜ DeadEvent ➜ BusPane on main-loop")
            #expect(harness.sut.eventLog.entries.first?.summary == "nobody received NobodyListensEvent")
            #expect(
                harness.sut.busPane.state.deadEvents == [
                    .init(typeName: "NobodyListensEvent", count: 2),
                    .init(typeName: "NorToThisEvent", count: 1),
                ])
        }
    }
}

@Suite("Bus pane: the dead events pane's empty state", .timeLimit(.minutes(3)))
struct BusPaneDeadEmptyTests {
    @Test func aWidePaneShowsTheEmptyStateOnOneLineAndANarrowOneWrapsItAtItsWidth() {
        for (size, oneLine) in [(Size(width: 200, height: 60), true), (Size(width: 80, height: 24), false)] {
            // Given a bus view with no dead events
            // When it is shown at `size`
            let screen = HeadlessRun.run(
                keys: [.character("3")], size: size, services: Fixtures.services(), timeFormat: Fixtures.utc
            ).text

            // Then the sentence is on one line where it fits, and wrapped where it does not
            let sentence = "None: every publish reached someone (DeadEvent)"
            #expect(screen.contains(sentence) == oneLine, "\(screen)")
            #expect(screen.contains("None: every publish reached"), "\(screen)")
        }
    }
}
