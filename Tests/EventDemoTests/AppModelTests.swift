import Dispatch
import EventBus
import EventDemo
import TerminalUI
import Testing

@Suite("App model", .timeLimit(.minutes(3)))
struct AppModelTests {
    @Test func updatesTheLoginAndProfilePanesWhenAUserLogsIn() {
        onLoop {
            let services = HeldBackground()
            let harness = LoopHarness(background: services.background)

            harness.press(.character("l"))
            harness.drain()
            let whileLoggingIn = harness.screen
            services.releaseAll()  // The login lands; the profile fetch starts.
            harness.drain()
            let whileLoadingProfile = harness.screen
            services.releaseAll()  // The profile arrives.
            harness.drain()

            #expect(whileLoggingIn.contains("Signing in as alice"))
            #expect(whileLoadingProfile.contains("Signed in as Alice"))
            #expect(whileLoadingProfile.contains("Loading profile"))
            #expect(harness.screen.contains("Alice Martin"))
            #expect(
                harness.screen.contains("ProfileService ➜ ProfileDidLoadEvent ➜ ProfilePane on main-loop"))
        }
    }

    @Test func returnsEveryPaneToSignedOutWhenALoginIsCancelled() {
        // Issue 7, bug 2: `l` `l` left the Login pane on "Signing in as alice…" forever.
        onLoop {
            let background = HeldBackground()
            let harness = LoopHarness(background: background.background)

            harness.press(.character("l"))
            harness.drain()
            harness.press(.character("l"))  // Cancels the login in flight.
            background.releaseAll()  // Its late result must be dropped.
            harness.drain()

            #expect(harness.sut.login.state == .loggedOut)
            #expect(harness.sut.profile?.state == .empty)
            #expect(!harness.screen.contains("Signing in"))
            #expect(harness.screen.contains("○ signed out"))
            #expect(harness.screen.contains("AuthService ➜ LoginDidCancelEvent ➜ LoginPane on main-loop"))
        }
    }

    @Test func aProfileThatOvertakesItsLoginStaysShown() {
        // Bug: the fetch starts inside the login's publish, so under load the profile's delivery
        // was queued before the login's and the pane went back to "Loading profile…" for good.
        onLoop {
            let held = HeldBackground()
            defer { held.discardAll() }  // Held work captures the services: drop it, no cycle.
            let harness = LoopHarness(background: held.background)  // No second fetch.

            harness.bus.publish(ProfileDidLoadEvent(profile: Fixtures.profile, session: 1))
            harness.bus.publish(UserDidLoginEvent(user: Fixtures.alice, date: Fixtures.date, session: 1))
            harness.drain()

            #expect(harness.sut.profile?.state == .loaded(Fixtures.profile))
        }
    }

    @Test func listsTheLoyaltyErrorUnderItsOrderWhileThePanesStillUpdate() async {
        // The checkout runs on background threads: the loop waits for it off the pool.
        let (log, screen) = await onLoopThread {
            let harness = LoopHarness()
            harness.bus.publish(
                UserDidLoginEvent(user: User(id: "alice", name: "Alice"), date: Fixtures.date, session: 1))
            harness.services.cart.add()
            harness.drain()

            harness.press(.character("c"))
            harness.drain(until: { harness.sut.cart.state.lastOrder != nil })
            return (harness.sut.eventLog.entries, harness.screen)
        }

        let order = log.firstIndex { $0.typeName == "CheckoutDidCompleteEvent" && $0.failure == nil }
        let failure = log.firstIndex { $0.failure != nil }
        #expect(order.map { $0 + 1 } == failure)
        #expect(log[failure ?? 0].failure == "no loyalty card for alice")
        #expect(screen.contains("✗ LoyaltyService threw: no loyalty card for alice"))
        #expect(screen.contains("✓ Order #1001 placed"))
    }

    @Test func showsTheAuditsVetoInTheCartAndTheLog() async {
        let (screen, itemCount) = await onLoopThread {
            let harness = LoopHarness()
            harness.bus.publish(
                UserDidLoginEvent(user: User(id: "alice", name: "Alice"), date: Fixtures.date, session: 1))
            for _ in 0..<5 { harness.services.cart.add() }  // €125.60
            harness.drain()

            harness.press(.character("c"))
            harness.drain(until: { harness.sut.cart.state.vetoReason != nil })
            return (harness.screen, harness.sut.cart.state.itemCount)
        }

        #expect(screen.contains("✗ Checkout refused: over the €100.00 limit"))
        #expect(screen.contains("stop: AuditService"))
        #expect(itemCount == 5)
    }

    @Test func changesNothingUntilTheLoopDrains() {
        onLoop {
            let harness = LoopHarness()

            harness.bus.publish(CartDidUpdateEvent(items: [CartService.catalog[0]]))
            let before = harness.screen
            harness.drain()

            #expect(!before.contains("Espresso beans"))
            #expect(harness.screen.contains("1 × Espresso beans 1kg"))
        }
    }

    @Test func updatesTheCartTotalWhenItemsAreAdded() {
        onLoop {
            let harness = LoopHarness()

            harness.press(.character("a"), .character("a"), .character("a"))
            harness.drain()

            #expect(harness.sut.cart.state.total == Money(cents: 1890 + 950 + 3400))
            #expect(harness.screen.contains("Total (3 items)"))
            #expect(harness.screen.contains("€62.40"))
        }
    }

    @Test func listsEveryPublishInTheEventLogNewestFirst() {
        onLoop {
            let harness = LoopHarness()

            harness.press(.character("a"), .character("x"))
            harness.drain()

            let types = harness.sut.eventLog.entries.map(\.typeName)
            // Each key dispatches an action; the store then publishes the cart (nested, so newer).
            #expect(types == ["CartDidUpdateEvent", "CartAction", "CartDidUpdateEvent", "CartAction"])
            #expect(harness.sut.eventLog.entries.first?.summary == "empty cart")
            #expect(
                harness.screen.contains(
                    "CartService ➜ CartDidUpdateEvent ➜ ProfilePane, CartPane on main-loop"))
        }
    }

    @Test func refusesToCheckOutWhenSignedOut() {
        onLoop {
            let harness = LoopHarness()

            harness.press(.character("a"), .character("c"))
            harness.drain()

            #expect(harness.sut.cart.state.items.count == 1)
            #expect(harness.screen.contains("Log in first"))
        }
    }

    @Test func checksOutAndShowsNoPointsWhenTheLoyaltyAwardFails() {
        // Issue 19, item 8: the cart said `+18 loyalty points` while the log said
        // `✗ LoyaltyService threw: no loyalty card for alice`, and the profile credited them.
        onLoop {
            let harness = LoopHarness()
            harness.press(.character("l"))
            harness.settle()

            harness.press(.character("a"), .character("c"))
            harness.settle()

            #expect(harness.sut.cart.state.items.isEmpty)
            #expect(harness.sut.cart.state.lastOrder?.orderNumber == 1001)
            #expect(harness.screen.contains("✓ Order #1001 placed: €18.90"))
            #expect(harness.screen.contains("✗ no points: no loyalty card for alice"))
            #expect(!harness.screen.contains("+18 loyalty points"))
            #expect(harness.screen.contains("420 • Silver"))
        }
    }

    @Test func checksOutAndCreditsAMembersLoyaltyPoints() {
        onLoop {
            let harness = LoopHarness(loyaltyMembers: ["alice"])
            harness.press(.character("l"))
            harness.settle()

            harness.press(.character("a"), .character("c"))
            harness.settle()

            #expect(harness.screen.contains("✓ Order #1001 placed: €18.90"))
            #expect(harness.screen.contains("+18 loyalty points"))
            #expect(harness.screen.contains("438 • Silver"))
            #expect(harness.screen.contains("LoyaltyDidAwardPointsEvent"))
        }
    }

    @Test func clearsTheProfileOnLogout() {
        onLoop {
            let harness = LoopHarness()
            harness.press(.character("l"))
            // Settled, not just "the profile is on screen": the background thread that published
            // the login may still be draining AuthService's outbox (delivering the login to its
            // other subscribers) when the profile lands. A logout posted then is published by
            // that thread a moment later (ServiceState's rule), so one drain could run before
            // its delivery was queued: the flake this test had.
            harness.settle()
            #expect(harness.sut.profile.map { if case .loaded = $0.state { true } else { false } } == true)

            harness.press(.character("l"))
            harness.settle()

            #expect(harness.sut.login.state == .loggedOut)
            #expect(harness.sut.profile?.state == .empty)
        }
    }

    @Test func aLogoutPostedWhileTheLoginsThreadStillPublishesLandsAMomentLater() {
        // The cause of clearsTheProfileOnLogout's flake, made deterministic: the login's
        // background thread is held inside its publish (a subscriber of lowest priority, after
        // every pane's delivery was queued), the profile is on screen, and the logout is posted
        // then. ServiceState leaves it to the draining thread, so one drain cannot show it;
        // settling (waiting for background work in flight) does.
        onLoop {
            let harness = LoopHarness()
            let entered = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let hold = harness.bus.subscribe(for: UserDidLoginEvent.self, priority: -1) { _ in
                entered.signal()
                _ = release.wait(timeout: .now() + 60)
            }
            harness.press(.character("l"))
            #expect(entered.wait(timeout: .now() + 60) == .success)
            harness.drain { if case .loaded = harness.sut.profile?.state { true } else { false } }

            harness.press(.character("l"))
            harness.drain()
            let afterOneDrain = harness.sut.login.state
            release.signal()
            harness.settle()

            #expect(afterOneDrain != .loggedOut)
            #expect(harness.sut.login.state == .loggedOut)
            #expect(harness.sut.profile?.state == .empty)
            hold.cancel()
        }
    }

    @Test func cyclesFocusWithTabAndBackTab() {
        onLoop {
            let harness = LoopHarness()

            harness.press(.tab)
            let afterTab = harness.sut.focus
            harness.press(.backTab, .backTab)

            #expect(afterTab == .eventLog)
            #expect(harness.sut.focus == .profile)
        }
    }

    @Test func removesOneUnitOfTheSelectedLine() {
        onLoop {
            let harness = LoopHarness()
            harness.press(.character("a"), .character("a"))
            harness.drain()

            harness.press(.up, .character("r"))
            harness.drain()

            #expect(harness.sut.cart.state.items.map(\.name) == ["Ceramic mug"])
        }
    }

    @Test func ignoresUnknownKeys() {
        onLoop {
            let harness = LoopHarness()
            harness.drain()  // the panes' replayed state (the empty cart) lands first
            let before = harness.screen

            harness.press(.character("z"), .control("b"), .pageDown, .character("€"))
            harness.drain()

            #expect(harness.screen == before)
            #expect(!harness.sut.wantsToQuit)
        }
    }

    @Test func asksToQuitOnQ() {
        onLoop {
            let harness = LoopHarness()

            harness.press(.character("q"))

            #expect(harness.sut.wantsToQuit)
        }
    }
}
