import Testing

@testable import EventBusExamples

@MainActor
struct ShopExampleTests {
    @Test func tellsTheWholeStoryInOrder() async {
        // Given
        var lines: [String] = []

        // When
        await ShopExample.run { lines.append($0) }

        // Then
        #expect(
            lines == [
                "add coffee and filters, remove tea (not in the cart)",
                "view: Cart (2), badge updated 3 times",
                "check out",
                "receipt: order #1, coffee, filters, €7.50",
                "view: Order #1 placed: €7.50; Cart (0)",
                "check out the empty cart",
                "view: Checkout failed: the cart is empty",
            ])
    }
}
