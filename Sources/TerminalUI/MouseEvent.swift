/// A mouse button press, release, drag or wheel turn, decoded from the bytes a terminal sends
/// once mouse reporting is on.
///
/// Positions are zero-based cells, like ``Rect``, so a click can be hit-tested against the
/// rectangles the app drew. Terminals number them from 1 on the wire; the decoder converts.
public struct MouseEvent: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Which button the event is about.
    public enum Button: Equatable, Hashable, Sendable {
        /// The primary button.
        case left
        /// The middle button (or wheel click).
        case middle
        /// The secondary button.
        case right
        /// The wheel turned away from the user (scroll up).
        case wheelUp
        /// The wheel turned towards the user (scroll down).
        case wheelDown
        /// Unknown: the old X10 encoding does not say which button was released.
        case unknown
    }

    /// What happened to the button.
    public enum Action: Equatable, Hashable, Sendable {
        /// Pressed (every wheel turn is a press).
        case press
        /// Released.
        case release
        /// Moved while held (only sent if the app asked for motion reports).
        case drag
    }

    /// Keys held during the event.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt8
        /// Creates modifiers from raw bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Shift.
        public static let shift = Modifiers(rawValue: 1 << 0)
        /// Alt or Meta.
        public static let alt = Modifiers(rawValue: 1 << 1)
        /// Control.
        public static let control = Modifiers(rawValue: 1 << 2)
    }

    /// The button.
    public var button: Button
    /// Press, release or drag.
    public var action: Action
    /// Zero-based column.
    public var column: Int
    /// Zero-based row.
    public var row: Int
    /// Keys held.
    public var modifiers: Modifiers

    /// Creates an event.
    public init(
        _ button: Button, _ action: Action = .press, column: Int, row: Int, modifiers: Modifiers = []
    ) {
        self.button = button
        self.action = action
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }

    /// True for a press of the left button: what the app treats as a click.
    public var isClick: Bool { button == .left && action == .press }

    /// For example `left press at 10,4`.
    public var description: String { "\(button) \(action) at \(column),\(row)" }

    /// Decodes xterm's button byte (the same bits in the SGR and X10 encodings): the low two
    /// bits pick the button, 4/8/16 are shift/alt/control, 32 is motion, 64 the wheel.
    init?(buttonCode code: Int, column: Int, row: Int, released: Bool) {
        guard code >= 0, column >= 0, row >= 0 else { return nil }
        let low = code & 0b11
        let button: Button
        switch (code & 64 != 0, low) {
        case (true, 0): button = .wheelUp
        case (true, 1): button = .wheelDown
        case (true, _): return nil  // Horizontal wheels: nothing in the app uses them.
        case (false, 0): button = .left
        case (false, 1): button = .middle
        case (false, 2): button = .right
        default: button = .unknown  // X10's "some button was released".
        }
        guard code & 128 == 0 else { return nil }  // Buttons 8 to 11.
        var modifiers: Modifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let action: Action =
            released || button == .unknown ? .release : code & 32 != 0 ? .drag : .press
        self.init(button, action, column: column, row: row, modifiers: modifiers)
    }
}

/// What a terminal's input bytes decode to: a key press or a mouse event.
public enum InputEvent: Equatable, Hashable, Sendable {
    /// A key press.
    case key(Key)
    /// A mouse event.
    case mouse(MouseEvent)
}
