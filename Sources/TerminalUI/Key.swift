/// A key press, decoded from the bytes a terminal sends.
public enum Key: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// A printable character (any Unicode scalar the user can type, including space).
    case character(Character)
    /// Control plus a letter, for example `.control("c")` for the byte 0x03.
    case control(Character)
    /// Return or Enter.
    case enter
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// A lone Escape press.
    case escape
    /// Backspace (DEL or BS).
    case backspace
    /// Forward delete.
    case delete
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// A function key, `F1` to `F12`.
    case function(Int)

    /// A readable name, the same spelling the headless key scripts accept.
    public var description: String {
        switch self {
        case .character(" "): "space"
        case .character(let character): String(character)
        case .control(let character): "ctrl-\(character)"
        case .enter: "enter"
        case .tab: "tab"
        case .backTab: "backtab"
        case .escape: "esc"
        case .backspace: "backspace"
        case .delete: "delete"
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pageup"
        case .pageDown: "pagedown"
        case .function(let number): "f\(number)"
        }
    }

    /// Parses one word of a key script: a single character, or a name such as `tab` or `up`.
    public init?(scriptWord word: String) {
        if word.count == 1, let character = word.first {
            self = .character(character)
            return
        }
        let named: [String: Key] = [
            "space": .character(" "), "enter": .enter, "tab": .tab, "backtab": .backTab,
            "esc": .escape, "backspace": .backspace, "delete": .delete, "up": .up, "down": .down,
            "left": .left, "right": .right, "home": .home, "end": .end, "pageup": .pageUp,
            "pagedown": .pageDown,
        ]
        if let key = named[word.lowercased()] {
            self = key
        } else if word.lowercased().hasPrefix("f"), let number = Int(word.dropFirst()),
            (1...12).contains(number)
        {
            self = .function(number)
        } else if word.lowercased().hasPrefix("ctrl-"), word.count == 6, let letter = word.last {
            self = .control(letter)
        } else {
            return nil
        }
    }
}
