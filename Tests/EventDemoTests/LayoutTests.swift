import EventDemo
import TerminalUI
import Testing

@Suite("Layout and screens")
struct LayoutTests {
    @Test func lays80x24OutWithEveryPaneVisible() {
        onLoop {
            let harness = LoopHarness(size: Size(width: 80, height: 24))

            assertGolden(harness.screen, named: "screen-80x24-logged-out")
        }
    }

    @Test func lays120x40OutWithABusyCart() async {
        // The login runs on background threads: the loop waits for it off the pool.
        let screen = await onLoopThread {
            let harness = LoopHarness(size: Size(width: 120, height: 40))

            harness.press(.character("l"))
            harness.settle()
            harness.press(.character("a"), .character("a"), .character("a"), .character("a"))
            harness.drain()
            return harness.screen
        }

        assertGolden(screen, named: "screen-120x40-logged-in-cart")
    }

    @Test func showsTheTooSmallScreenBelow80x24() {
        onLoop {
            let harness = LoopHarness(size: Size(width: 60, height: 20))

            assertGolden(harness.screen, named: "screen-too-small")
            #expect(harness.screen.contains("terminal too small (need 80x24, have 60x20)"))
        }
    }

    @Test func showsTheWholeTooSmallMessageAtEverySizeDownTo20x5() async {
        // Issue 7, bug 7: 40x10 showed "…have 40x", 20x5 "terminal too small (".
        // 1,140 renders take seconds under TSan: on a loop thread of their own, not the pool's.
        let screens = await onLoopThread {
            let harness = LoopHarness()
            var screens: [(size: Size, words: String)] = []
            for width in 20..<80 {
                for height in 5..<24 {
                    let size = Size(width: width, height: height)
                    harness.sut.resize(to: size)
                    let words = harness.screen.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    screens.append((size, words))
                }
            }
            return screens
        }

        #expect(screens.count == 60 * 19)
        for (size, words) in screens {
            #expect(
                words
                    == "terminal too small (need 80x24, have \(size)) enlarge the window, or press q to quit",
                "at \(size)")
        }
    }

    @Test func drawsWhatFitsOfTheTooSmallMessageBelow20x5WithoutCrashing() {
        onLoop {
            let harness = LoopHarness()
            for size in [Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 19, height: 3)] {
                harness.sut.resize(to: size)

                #expect(harness.sut.render().size == size)
            }
        }
    }

    @Test func drawsEveryPaneInASCIIWhenTheLocaleCannotEncodeUnicode() async {
        // Issue 7, bug 5: in LANG=C the frames and the € sign drew as blanks.
        let (allASCII, screen) = await onLoopThread {
            let harness = LoopHarness(size: Size(width: 100, height: 30))
            harness.sut.charset = .ascii

            harness.press(.character("l"))
            harness.settle()
            harness.press(.character("a"), .character("a"), .character("a"))
            harness.drain()
            let frame = harness.sut.render()
            return (frame.rows.joined().allSatisfy { $0.character.isASCII }, harness.screen)
        }

        #expect(allASCII)
        assertGolden(screen, named: "screen-100x30-ascii")
    }

    @Test func treatsOneColumnShortAsTooSmall() {
        onLoop {
            #expect(AppLayout(size: Size(width: 79, height: 40)) == nil)
            #expect(AppLayout(size: Size(width: 200, height: 23)) == nil)
            #expect(AppLayout(size: Size(width: 80, height: 24)) != nil)
        }
    }

    @Test func recoversWhenTheTerminalIsEnlargedAgain() {
        onLoop {
            let harness = LoopHarness(size: Size(width: 80, height: 24))

            harness.sut.resize(to: Size(width: 40, height: 10))
            let small = harness.screen
            harness.sut.resize(to: Size(width: 100, height: 30))
            let large = harness.screen

            #expect(small.contains("terminal too small"))
            #expect(!large.contains("terminal too small"))
            #expect(large.contains("╭─ Login"))
        }
    }

    @Test func drawsTheHelpOverlayOnQuestionMark() {
        onLoop {
            let harness = LoopHarness(size: Size(width: 80, height: 24))

            harness.press(.character("?"))

            assertGolden(harness.screen, named: "screen-help")
        }
    }

    @Test func neverLetsPanesOverlap() {
        onLoop {
            for size in [
                Size(width: 80, height: 24), Size(width: 100, height: 30), Size(width: 200, height: 60),
            ] {
                let layout = AppLayout(size: size)!
                let panes = [
                    layout.titleBar, layout.login, layout.profile, layout.cart, layout.eventLog,
                    layout.statusLine, layout.helpBar,
                ]
                for (index, pane) in panes.enumerated() {
                    for other in panes[(index + 1)...] {
                        #expect(pane.intersection(other).isEmpty, "\(pane) overlaps \(other) at \(size)")
                    }
                }
            }
        }
    }
}
