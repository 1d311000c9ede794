/// A first-in first-out queue in a ring buffer: appending and taking the oldest are O(1)
/// (amortized for appends), and a taken element is released at once.
///
/// Not an `Array` drained with `removeFirst()`, which shifts every remaining element, so a backlog
/// of n actions would take O(n²) to drain. The buffer halves when it is
/// at most a quarter full, so a burst's memory is given back.
struct RingQueue<Element> {
    private var slots: ContiguousArray<Element?> = []
    private var head = 0
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The number of slots the buffer holds now (for tests of its memory bound).
    var capacity: Int { slots.count }

    mutating func append(_ element: Element) {
        if count == slots.count { resize(to: Swift.max(8, slots.count * 2)) }
        slots[(head + count) % slots.count] = element
        count += 1
    }

    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = slots[head].take()
        head = (head + 1) % slots.count
        count -= 1
        if slots.count > 8, count <= slots.count / 4 { resize(to: slots.count / 2) }
        return element
    }

    /// Changes the newest element in place; false when the queue is empty.
    mutating func modifyLast(_ body: (inout Element) -> Void) -> Bool {
        guard count > 0 else { return false }
        let index = (head + count - 1) % slots.count
        body(&slots[index]!)
        return true
    }

    private mutating func resize(to capacity: Int) {
        var resized = ContiguousArray<Element?>(repeating: nil, count: capacity)
        for offset in 0..<count { resized[offset] = slots[(head + offset) % slots.count].take() }
        slots = resized
        head = 0
    }
}
