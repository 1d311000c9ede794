/// One piece of a line that may have to be shortened: its text (with the separator before it)
/// and how readily it goes (rank 0 never; the highest rank goes first, the last such piece first).
public struct TextPart: Equatable, Sendable {
    /// The text, including whatever separates it from the piece before (`" ➜ "`, `", "`).
    public var text: String
    /// 0: always kept. Higher ranks are dropped first.
    public var rank: Int
    /// Whether the part is one item of a list (a receiver's name): a cut counts the items it
    /// dropped (`+2 more`) instead of ending in `…`, which would read as a name cut off.
    public var isListItem: Bool

    /// A part of rank `rank`.
    public init(_ text: String, rank: Int, isListItem: Bool = false) {
        self.text = text
        self.rank = rank
        self.isListItem = isListItem
    }
}

extension Array where Element == TextPart {
    /// The parts joined into at most `width` characters: whole parts are dropped, highest rank
    /// first (the last of a rank first), so no name is ever split. Each run of dropped parts is
    /// marked: ` +2 more` when it held list items (two of them; what else it held goes with
    /// them), `…` when it held none. When even the rank-0 parts are too long, the line is cut
    /// at a word with `…`.
    public func fitted(to width: Int) -> String {
        var kept = [Bool](repeating: true, count: count)
        func joined() -> String {
            var line = ""
            var index = startIndex
            while index < endIndex {
                guard !kept[index] else {
                    line += self[index].text
                    index += 1
                    continue
                }
                var items = 0
                while index < endIndex, !kept[index] {
                    if self[index].isListItem { items += 1 }
                    index += 1
                }
                line += items > 0 ? " +\(items) more" : "…"
            }
            return line
        }
        var line = joined()
        while line.count > width {
            let droppable = indices.filter { kept[$0] && self[$0].rank > 0 }
            guard let highest = droppable.map({ self[$0].rank }).max(),
                let last = droppable.last(where: { self[$0].rank == highest })
            else { return line.truncatedAtWord(to: width) }
            kept[last] = false
            line = joined()
        }
        return line
    }
}

extension String {
    /// The string cut to at most `width` characters at the end of a word, ending in `…` when
    /// something was cut; a single word longer than `width` is cut inside.
    public func truncatedAtWord(to width: Int) -> String {
        guard count > width else { return self }
        guard width > 1 else { return width == 1 ? "…" : "" }
        let head = prefix(width - 1)
        if self[head.endIndex] == " " { return String(head) + "…" }
        guard let space = head.lastIndex(of: " "), space > head.startIndex else {
            return truncated(to: width)
        }
        var cut = String(head[..<space])
        while let last = cut.last, [",", ";", ":", " ", "➜"].contains(last) { cut.removeLast() }
        return cut + "…"
    }
}
