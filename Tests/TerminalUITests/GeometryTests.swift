import Testing

@testable import TerminalUI

@Suite("Rect and Size")
struct GeometryTests {
    @Test func splitsARectangleIntoTopAndRest() {
        let sut = Rect(x: 1, y: 2, width: 10, height: 5)

        let (top, rest) = sut.splitTop(2)

        #expect(top == Rect(x: 1, y: 2, width: 10, height: 2))
        #expect(rest == Rect(x: 1, y: 4, width: 10, height: 3))
    }

    @Test func neverProducesNegativeSizes() {
        let sut = Rect(x: 0, y: 0, width: 1, height: 1)

        #expect(sut.inset(by: 1).isEmpty)
        #expect(sut.splitLeft(5).rest.width == 0)
    }

    @Test func centresASmallerRectangle() {
        let sut = Rect(x: 0, y: 0, width: 10, height: 10)

        #expect(sut.centered(width: 4, height: 2) == Rect(x: 3, y: 4, width: 4, height: 2))
    }

    @Test func parsesSizesWrittenAsWidthByHeight() {
        #expect(Size(parsing: "100x30") == Size(width: 100, height: 30))
        #expect(Size(parsing: "100") == nil)
        #expect(Size(parsing: "0x5") == nil)
    }
}
