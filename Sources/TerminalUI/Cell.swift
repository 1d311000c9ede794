/// One of the eight standard terminal colours, or the terminal's own default.
public enum TerminalColor: Int, Equatable, Hashable, Sendable, CaseIterable {
    /// The terminal's default foreground or background (keeps transparent backgrounds working).
    case `default` = -1
    /// ANSI black.
    case black = 0
    /// ANSI red.
    case red
    /// ANSI green.
    case green
    /// ANSI yellow.
    case yellow
    /// ANSI blue.
    case blue
    /// ANSI magenta.
    case magenta
    /// ANSI cyan.
    case cyan
    /// ANSI white.
    case white
}

/// Text attributes a cell can carry; terminals without colour still show these.
public struct CellAttributes: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates attributes from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold or bright text.
    public static let bold = CellAttributes(rawValue: 1 << 0)
    /// Foreground and background swapped.
    public static let reverse = CellAttributes(rawValue: 1 << 1)
    /// Faint text.
    public static let dim = CellAttributes(rawValue: 1 << 2)
    /// Underlined text.
    public static let underline = CellAttributes(rawValue: 1 << 3)
}

/// How text is drawn: colours plus attributes.
public struct Style: Equatable, Hashable, Sendable {
    /// Foreground colour.
    public var foreground: TerminalColor
    /// Background colour.
    public var background: TerminalColor
    /// Attributes such as bold.
    public var attributes: CellAttributes

    /// Creates a style; every part defaults to the terminal's plain text.
    public init(
        foreground: TerminalColor = .default, background: TerminalColor = .default,
        attributes: CellAttributes = []
    ) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// Plain text in the terminal's default colours.
    public static let plain = Style()

    /// This style without colours, for `NO_COLOR` and colourless terminals: emphasis is left to
    /// bold, reverse and the other attributes, and a coloured background becomes reverse video so
    /// bars and highlights stay visible.
    public var monochrome: Style {
        Style(attributes: background == .default ? attributes : attributes.union(.reverse))
    }

    /// This style with `attributes` added.
    public func with(_ attributes: CellAttributes) -> Style {
        var copy = self
        copy.attributes.formUnion(attributes)
        return copy
    }
}

/// One character cell of the screen: what it shows and how.
public struct Cell: Equatable, Hashable, Sendable {
    /// The character shown; one column wide (wide characters such as CJK are not supported).
    public var character: Character
    /// Colours and attributes.
    public var style: Style

    /// Creates a cell.
    public init(_ character: Character = " ", style: Style = .plain) {
        self.character = character
        self.style = style
    }

    /// A space in the default style: what an untouched screen holds.
    public static let blank = Cell()

    /// Foreground colour.
    public var foreground: TerminalColor { style.foreground }
    /// Background colour.
    public var background: TerminalColor { style.background }
    /// Whether the cell is bold.
    public var isBold: Bool { style.attributes.contains(.bold) }
    /// Whether the cell is reversed.
    public var isReverse: Bool { style.attributes.contains(.reverse) }
    /// Whether the cell is dim.
    public var isDim: Bool { style.attributes.contains(.dim) }
}
