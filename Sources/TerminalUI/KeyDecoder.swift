/// Turns the bytes a terminal sends into ``Key``s and ``MouseEvent``s: a small state machine, fed
/// one byte at a time.
///
/// Handles printable UTF-8 (multi-byte sequences are buffered until complete), control bytes, the
/// CSI (`ESC [`) and SS3 (`ESC O`) sequences xterm-like terminals send for arrows and friends, and
/// mouse reports in both encodings: SGR (`ESC [ < b ; x ; y M`, mode 1006, what xterm and tmux
/// send when asked) and the older X10 one (`ESC [ M` and three raw bytes, what a terminal without
/// mode 1006 sends). Unknown sequences are swallowed whole rather than leaking stray characters
/// into the app; a mouse report is never mistaken for typed text.
///
/// A lone `ESC` byte is ambiguous: it may start a sequence whose rest has not arrived yet. The
/// decoder holds it (``hasPendingEscape``) and the caller calls ``flush()`` when no more bytes come
/// within a short timeout, which yields `.escape`.
public struct KeyDecoder: Sendable {
    private enum State: Sendable, Equatable {
        case ground
        case escape
        case csi(parameters: [UInt8])
        case ss3
        case x10Mouse(bytes: [UInt8])
        /// Inside a bracketed paste; `matched` bytes of the closing `ESC [ 201 ~` seen so far.
        case paste(matched: Int)
        case utf8(bytes: [UInt8], remaining: Int)
    }

    private var state: State = .ground

    /// Creates a decoder in its initial state.
    public init() {}

    /// True when an `ESC` byte is being held back, waiting to see if a sequence follows.
    public var hasPendingEscape: Bool { state == .escape }

    /// True in the middle of anything: an `ESC`, a sequence, a UTF-8 character or a paste. The
    /// caller calls ``flush()`` when no more bytes come within a short timeout, so a sequence
    /// that never ends (a paste whose end was lost) cannot swallow the keys after it.
    public var isMidSequence: Bool { state != .ground }

    /// A bracketed paste (`ESC [ 200 ~` … `ESC [ 201 ~`) is swallowed: a terminal sends one only
    /// if some program turned the mode on (this app never does; a crashed one may have), and
    /// pasted text is not typing: a paste holding `q` or `x` must not quit or clear the cart.
    private static let pasteStart = Array("200".utf8)
    private static let pasteEnd = Array("\u{1B}[201~".utf8)

    /// Feeds a chunk of bytes; returns the keys and mouse events they complete, in order.
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [InputEvent] {
        var events: [InputEvent] = []
        for byte in bytes {
            if let event = feed(byte) { events.append(event) }
        }
        return events
    }

    /// Ends an ambiguous `ESC`: returns `.escape` if one was pending, and resets to the ground state
    /// (dropping any unfinished sequence).
    public mutating func flush() -> Key? {
        defer { state = .ground }
        return state == .escape ? .escape : nil
    }

    /// Feeds one byte; returns the key or mouse event it completes, if any.
    public mutating func feed(_ byte: UInt8) -> InputEvent? {
        switch state {
        case .ground:
            return ground(byte).map(InputEvent.key)
        case .escape:
            switch byte {
            case UInt8(ascii: "["): state = .csi(parameters: [])
            case UInt8(ascii: "O"): state = .ss3
            case 0x1B: return .key(.escape)  // ESC ESC: the first was a real Escape; stay pending.
            default:
                // Alt+key arrives as ESC followed by the key; report just the key.
                state = .ground
                return ground(byte).map(InputEvent.key)
            }
            return nil
        case .csi(let parameters):
            // Parameter and intermediate bytes are 0x20...0x3F; a final byte is 0x40...0x7E.
            if (0x20...0x3F).contains(byte) {
                // Bounded, so a stream of parameter bytes cannot grow memory; an overlong
                // sequence gets a byte no parameter has, which makes it decode to nothing.
                state = .csi(parameters: parameters.count < 32 ? parameters + [byte] : [0xFF])
                return nil
            }
            if byte == UInt8(ascii: "M"), parameters.isEmpty {
                state = .x10Mouse(bytes: [])  // Three raw bytes follow: button, column, row.
                return nil
            }
            state = .ground
            if byte == UInt8(ascii: "~"), parameters == Self.pasteStart {
                state = .paste(matched: 0)
                return nil
            }
            if parameters.first == UInt8(ascii: "<") {
                return Self.sgrMouse(final: byte, parameters: parameters.dropFirst()).map(InputEvent.mouse)
            }
            return Self.csiKey(final: byte, parameters: parameters).map(InputEvent.key)
        case .ss3:
            state = .ground
            return Self.ss3Keys[byte].map(InputEvent.key)
        case .paste(let matched):
            if byte == Self.pasteEnd[matched] {
                state = matched + 1 == Self.pasteEnd.count ? .ground : .paste(matched: matched + 1)
            } else {
                state = .paste(matched: byte == 0x1B ? 1 : 0)
            }
            return nil
        case .x10Mouse(let bytes):
            guard bytes.count == 2 else {
                state = .x10Mouse(bytes: bytes + [byte])
                return nil
            }
            state = .ground
            // Each value is sent as 32 + value, positions 1-based: a byte below 33 is no position.
            let event = MouseEvent(
                buttonCode: Int(bytes[0]) - 32, column: Int(bytes[1]) - 33, row: Int(byte) - 33,
                released: false)
            return event.map(InputEvent.mouse)
        case .utf8(let bytes, let remaining):
            guard byte & 0xC0 == 0x80 else {  // Not a continuation byte: drop the broken prefix.
                state = .ground
                return ground(byte).map(InputEvent.key)
            }
            let collected = bytes + [byte]
            if remaining > 1 {
                state = .utf8(bytes: collected, remaining: remaining - 1)
                return nil
            }
            state = .ground
            return String(validating: collected, as: UTF8.self).flatMap(\.first).map { .key(.character($0)) }
        }
    }

    private mutating func ground(_ byte: UInt8) -> Key? {
        switch byte {
        case 0x1B: state = .escape; return nil
        case 0x09: return .tab
        case 0x0D, 0x0A: return .enter
        case 0x7F, 0x08: return .backspace
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
        case 0x20...0x7E: return .character(Character(Unicode.Scalar(byte)))
        case 0xC2...0xDF: state = .utf8(bytes: [byte], remaining: 1); return nil
        case 0xE0...0xEF: state = .utf8(bytes: [byte], remaining: 2); return nil
        case 0xF0...0xF4: state = .utf8(bytes: [byte], remaining: 3); return nil
        default: return nil  // NUL, stray continuation bytes, invalid lead bytes.
        }
    }

    private static let ss3Keys: [UInt8: Key] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right,
        UInt8(ascii: "D"): .left, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
        UInt8(ascii: "P"): .function(1), UInt8(ascii: "Q"): .function(2), UInt8(ascii: "R"): .function(3),
        UInt8(ascii: "S"): .function(4),
    ]

    /// `ESC [ n ~` numbers of F1 to F12 (the VT220 numbering xterm, tmux and the Linux console
    /// share; F1 to F4 usually arrive as `ESC O P` to `ESC O S` instead).
    private static let functionKeyNumbers: [String: Int] = [
        "11": 1, "12": 2, "13": 3, "14": 4, "15": 5, "17": 6, "18": 7, "19": 8, "20": 9, "21": 10, "23": 11,
        "24": 12,
    ]

    /// `ESC [ < button ; column ; row` then `M` (press, drag, wheel) or `m` (release).
    private static func sgrMouse(final: UInt8, parameters: ArraySlice<UInt8>) -> MouseEvent? {
        guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
        let numbers = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map {
            Int(String(decoding: $0, as: UTF8.self))
        }
        guard numbers.count == 3, let code = numbers[0], let column = numbers[1], let row = numbers[2] else {
            return nil
        }
        return MouseEvent(
            buttonCode: code, column: column - 1, row: row - 1, released: final == UInt8(ascii: "m"))
    }

    private static func csiKey(final: UInt8, parameters: [UInt8]) -> Key? {
        if let key = ss3Keys[final] { return key }  // ESC [ A and friends, with or without modifiers.
        if final == UInt8(ascii: "Z") { return .backTab }
        guard final == UInt8(ascii: "~") else { return nil }
        // ESC [ n ~ : the number before any ';' selects the key.
        let number = String(decoding: parameters.prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self)
        if let function = functionKeyNumbers[number] { return .function(function) }
        switch number {
        case "1", "7": return .home
        case "3": return .delete
        case "4", "8": return .end
        case "5": return .pageUp
        case "6": return .pageDown
        default: return nil
        }
    }
}
