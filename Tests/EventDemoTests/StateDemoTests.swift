import EventBus
import EventDemo
import TerminalUI
import Testing

/// Issue 8 in the demo: the cart store, the profile pane's skip-repeats cart count, and the
/// profile pane closed and reopened from replayed state.
@Suite("Demo: state subscriptions and the cart store", .timeLimit(.minutes(3)))
struct StateDemoTests {
    @Test func profilePaneCountsOnlyCartChangesThatChangeTheItemCount() {
        onLoop {
            let harness = LoopHarness()
            harness.drain()
            #expect(harness.sut.profile?.cart == ProfileCartLine(itemCount: 0, updates: 1))  // replayed

            harness.press(.character("a"))  // 1 item
            harness.press(.character("r"))  // 0 items
            harness.press(.character("x"))  // still 0: the store publishes the unchanged cart
            harness.drain()

            #expect(harness.sut.profile?.cart == ProfileCartLine(itemCount: 0, updates: 3))
            let newest = harness.sut.eventLog.entries.first
            #expect(newest?.typeName == "CartDidUpdateEvent")
            #expect(newest?.reachedCount == 0)
            #expect(
                newest?.skips.map(\.subscriberName).sorted() == ["CartPane", "ProfilePane"])
            #expect(newest?.skips.first { $0.subscriberName == "ProfilePane" }?.reason == "skipRepeats")
            #expect(harness.screen.contains("skipped ×2: skipRepeats"))
            #expect(
                newest?.flowDescription
                    == "CartService ➜ CartDidUpdateEvent ➜ nobody; skipped: ProfilePane (skipRepeats), "
                    + "CartPane (automatic skipRepeats)")
            #expect(harness.screen.contains("➜ nobody; skipped: ProfilePane (skipRepeats)"))
        }
    }

    @Test func closingTheProfilePaneEndsItsSubscriptionsAtOnce() {
        onLoop {
            let harness = LoopHarness()
            harness.drain()
            let before = harness.bus.subscriptionCount(forExactType: CartDidUpdateEvent.self)

            harness.press(.character("p"))
            harness.press(.character("a"))
            harness.drain()

            #expect(harness.sut.profile == nil)
            #expect(harness.bus.subscriptionCount(forExactType: CartDidUpdateEvent.self) == before - 1)
            #expect(harness.sut.eventLog.entries.first?.recipients.map(\.subscriberName) == ["CartPane"])
            #expect(harness.screen.contains("Profile (closed)"))
        }
    }

    @Test func reopenedProfilePaneGetsUserProfileAndCartFromReplayedValuesWithoutAnyRequest() {
        onLoop {
            let harness = LoopHarness()
            harness.press(.character("l"))
            harness.drain { if case .loaded = harness.sut.profile?.state { true } else { false } }
            harness.press(.character("a"), .character("a"))
            harness.press(.character("p"))
            harness.drain()
            let publishedBefore = harness.sut.eventLog.totalCount

            harness.press(.character("p"))
            harness.drain()

            guard case .loaded(let profile) = harness.sut.profile?.state else {
                Issue.record("the reopened pane shows no profile")
                return
            }
            #expect(profile.displayName == "Alice Martin")
            #expect(harness.sut.profile?.cart == ProfileCartLine(itemCount: 2, updates: 1))
            #expect(harness.sut.eventLog.totalCount == publishedBefore)  // nothing was published
            #expect(harness.screen.contains("Alice Martin"))
        }
    }

    @Test func aClosedPaneTakesNoFocus() {
        onLoop {
            let harness = LoopHarness()
            harness.press(.character("p"))

            for _ in 0..<4 {
                harness.press(.tab)
                #expect(harness.sut.focus != .profile)
            }
        }
    }

    @Test func logoutClearsTheReplayedUserAndProfile() {
        onLoop {
            let harness = LoopHarness()
            harness.press(.character("l"))
            harness.drain { if case .loaded = harness.sut.profile?.state { true } else { false } }

            harness.press(.character("l"))
            // The fetch's thread may still be finishing its publish: it then clears the profile.
            harness.settle()
            harness.press(.character("p"), .character("p"))
            harness.drain()

            #expect(harness.bus.currentState(for: UserDidLoginEvent.self) == nil)
            #expect(harness.bus.currentState(for: ProfileDidLoadEvent.self) == nil)
            #expect(harness.sut.profile?.state == .empty)
        }
    }
}
