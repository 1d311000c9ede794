/// A terminal size in character cells.
public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Number of columns.
    public var width: Int
    /// Number of rows.
    public var height: Int

    /// Creates a size; negative values are clamped to zero so layout code never sees them.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// `WxH`, the way users type sizes on the command line.
    public var description: String { "\(width)x\(height)" }

    /// Parses `WxH` (for example `100x30`); `nil` when malformed.
    public init?(parsing text: String) {
        let parts = text.split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            width > 0, height > 0
        else { return nil }
        self.init(width: width, height: height)
    }
}

/// A rectangle of cells; `x`/`y` are the top-left corner, zero-based.
public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Number of columns; never negative.
    public var width: Int
    /// Number of rows; never negative.
    public var height: Int

    /// Creates a rectangle; negative sizes are clamped to zero.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The rectangle covering a whole screen of `size`.
    public init(size: Size) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// One past the right-most column.
    public var maxX: Int { x + width }
    /// One past the bottom row.
    public var maxY: Int { y + height }
    /// True when the rectangle holds no cells.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// `(x,y WxH)`, for test failure messages.
    public var description: String { "(\(x),\(y) \(width)x\(height))" }

    /// The rectangle shrunk by `amount` on every side (the inside of a box border).
    public func inset(by amount: Int) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// Whether the cell at (`column`, `row`) lies inside.
    public func contains(column: Int, row: Int) -> Bool {
        column >= x && column < maxX && row >= y && row < maxY
    }

    /// The overlap of two rectangles; empty (at `self`'s origin) when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return Rect(x: x, y: y, width: 0, height: 0) }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Splits off the top `rows` rows; returns the top part and the remainder.
    public func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let taken = min(max(0, rows), height)
        return (
            Rect(x: x, y: y, width: width, height: taken),
            Rect(x: x, y: y + taken, width: width, height: height - taken)
        )
    }

    /// Splits off the left `columns` columns; returns the left part and the remainder.
    public func splitLeft(_ columns: Int) -> (left: Rect, rest: Rect) {
        let taken = min(max(0, columns), width)
        return (
            Rect(x: x, y: y, width: taken, height: height),
            Rect(x: x + taken, y: y, width: width - taken, height: height)
        )
    }

    /// A rectangle of the given size centred inside this one (clipped to it).
    public func centered(width: Int, height: Int) -> Rect {
        let w = min(width, self.width)
        let h = min(height, self.height)
        return Rect(x: x + (self.width - w) / 2, y: y + (self.height - h) / 2, width: w, height: h)
    }
}
