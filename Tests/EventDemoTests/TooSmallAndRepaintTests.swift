import EventDemo
import TerminalUI
import Testing

@Suite("Too small screen and Ctrl-L", .timeLimit(.minutes(3)))
struct TooSmallAndRepaintTests {
    @Test func keysBehindTheTooSmallScreenDoNothing() {
        // Issue 19, item 4: at 60x20, `a a 3` then enlarging showed two items and the Bus view.
        onLoop {
            let harness = LoopHarness(size: Size(width: 60, height: 20))
            harness.press(.character("a"), .character("a"), .character("3"), .character("l"), .character("?"))
            harness.settle()
            harness.sut.resize(to: Size(width: 100, height: 30))

            #expect(harness.sut.cart.state.items.isEmpty)
            #expect(harness.sut.view == .shop)
            #expect(!harness.sut.showsHelp)
            #expect(harness.sut.eventLog.totalCount == 0)
            #expect(harness.screen.contains("Cart is empty"))
        }
    }

    @Test func qStillQuitsBehindTheTooSmallScreen() {
        onLoop {
            let harness = LoopHarness(size: Size(width: 60, height: 20))
            harness.press(.character("q"))
            #expect(harness.sut.wantsToQuit)
        }
    }

    @Test func ctrlLAsksTheTerminalForAFullRepaintOnce() {
        onLoop {
            let harness = LoopHarness()
            #expect(!harness.sut.takeRepaintRequest())
            harness.press(.control("l"))
            #expect(harness.sut.takeRepaintRequest())
            #expect(!harness.sut.takeRepaintRequest())
            harness.press(.control("l"))
            harness.sut.resize(to: Size(width: 60, height: 20))
            harness.press(.control("l"))  // also behind the too-small screen
            #expect(harness.sut.takeRepaintRequest())
            #expect(harness.sut.cart.state.items.isEmpty)  // and nothing else happened
        }
    }
}
