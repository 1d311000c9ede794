/// One piece of a line that may have to be shortened: its text (with the separator before it)
/// and how readily it goes (rank 0 never; the highest rank goes first, the last such piece first).
public struct TextPart: Equatable, Sendable {
    /// The text, including whatever separates it from the piece before (`" ➜ "`, `", "`).
    public var text: String
    /// 0: always kept. Higher ranks are dropped first.
    public var rank: Int

    /// A part of rank `rank`.
    public init(_ text: String, rank: Int) {
        self.text = text
        self.rank = rank
    }
}

extension Array where Element == TextPart {
    /// The parts joined into at most `width` characters: whole parts are dropped, highest rank
    /// first (the last of a rank first), and each run of dropped parts is marked `…`, so no name
    /// is ever split. When even the rank-0 parts are too long, the line is cut at a word with `…`.
    public func fitted(to width: Int) -> String {
        var kept = [Bool](repeating: true, count: count)
        func joined() -> String {
            var line = ""
            for index in indices {
                if kept[index] {
                    line += self[index].text
                } else if index == 0 || kept[index - 1] {
                    line += "…"
                }
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
