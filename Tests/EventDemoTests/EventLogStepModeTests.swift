import EventBusTesting
import EventDemo
import TerminalUI
import Testing

@Suite("Event log step mode", .timeLimit(.minutes(3)))
struct EventLogStepModeTests {
    @Test func eachSpaceLetsOneMoreEventIntoTheLog() {
        onLoop {
            let harness = LoopHarness()
            harness.press(.character("s"))

            harness.press(.character("t"))  // Eight ticks: the first is shown, seven wait.
            harness.drain()
            #expect(harness.sut.eventLog.totalCount == 1)
            #expect(harness.sut.eventLog.waitingCount == 7)

            harness.press(.character(" "))
            harness.drain()
            #expect(harness.sut.eventLog.totalCount == 2)
            #expect(harness.sut.eventLog.waitingCount == 6)
            #expect(harness.sut.eventLog.entries.first?.summary.hasPrefix("#2 ") == true)
        }
    }

    @Test func otherPanesKeepUpdatingWhileTheLogWaits() {
        onLoop {
            let harness = LoopHarness()
            harness.press(.character("s"), .character("t"))
            harness.drain()

            harness.press(.character("a"))
            harness.drain()

            #expect(harness.sut.cart.state.items.count == 1)
            #expect(harness.sut.ticker.state.shownCount == 1)
            #expect(harness.sut.eventLog.waitingCount == 9)  // Seven ticks, the cart action and the cart.
        }
    }

    @Test func leavingStepModeLetsEverythingWaitingIn() {
        onLoop {
            let harness = LoopHarness()
            harness.press(.character("s"), .character("t"))
            harness.drain()

            harness.press(.character("s"))
            harness.drain()

            #expect(harness.sut.eventLog.totalCount == 8)
            #expect(harness.sut.eventLog.waitingCount == 0)
            #expect(!harness.sut.eventLog.isStepping)
        }
    }

    @Test func spaceDoesNothingInLiveMode() {
        onLoop {
            let harness = LoopHarness()
            harness.press(.character("t"))
            harness.drain()

            harness.press(.character(" "))
            harness.drain()

            #expect(harness.sut.eventLog.totalCount == 8)
        }
    }

    @Test func theStatusLineAndHelpBarSayWhichModeIsOnAndWhatWaits() {
        onLoop {
            let harness = LoopHarness(size: Size(width: 80, height: 24))
            harness.press(.character("2"))  // The Flow view, where the ticker and step keys are.
            #expect(harness.screen.contains("log: live"))
            #expect(harness.screen.contains("s Step"))

            harness.press(.character("s"), .character("t"))
            harness.drain()

            #expect(harness.screen.contains("‖ STEP · 7 waiting"))
            #expect(harness.screen.contains("␣ Next (7 waiting)  s Live"))
        }
    }

    @Test func aStepModeScreenWithABusyTickerMatchesItsGolden() async {
        let screen = await onLoopThread {
            let harness = LoopHarness(size: Size(width: 80, height: 24))
            harness.services.cart.add()
            harness.drain()
            harness.press(.character("2"), .character("s"), .character("t"), .character("t"))
            harness.drain()
            harness.press(.character(" "), .character(" "))  // Quicker than the loop: both count.
            harness.drain()
            harness.clock.advance(by: TickerPane.interval)
            harness.drain(until: { harness.sut.ticker.state.shownCount == 2 })
            return harness.screen
        }

        assertGolden(screen, named: "screen-80x24-step-mode-ticker")
    }

    @Test func clickingTheStepButtonStepsLikeSpace() {
        onLoop {
            let harness = LoopHarness(size: Size(width: 80, height: 24))
            harness.press(.character("s"), .character("t"))
            harness.drain()

            harness.sut.handle(MouseEvent(.left, column: 3, row: 23))
            harness.drain()

            #expect(harness.sut.eventLog.totalCount == 2)
        }
    }
}
