import Foundation

/// An event's payload in one line with its field names, for columns that have room for more
/// than the summary: `itemCount: 3, orderNumber: 1001, total: €62.40`.
///
/// Read from the event's encoded form (``PayloadValue``), so it names the fields a subscriber
/// gets, whatever the type, in the order the type encodes them (its declared order), the field
/// it is about first: strings quoted, a `{"cents":…}` amount as money, nested values in braces
/// and brackets. Empty when the payload is not an object.
enum PayloadFields {
    /// The fields of `value`, an encoded payload, or an empty string if it is not an object.
    static func text(of value: PayloadValue) -> String {
        guard case .object(let fields) = value else { return "" }
        return describe(fields)
    }

    /// The fields of `event`'s encoded form, or an empty string.
    static func text(of event: any Encodable) -> String {
        PayloadValue(encoding: event).map(text(of:)) ?? ""
    }

    /// `text` (from ``text(ofJSON:)``) in at most `width` characters: whole, or cut after a
    /// field, each level still open saying what it leaves out: `…` for an object's other
    /// fields, `+2 more` for an array's other elements (`items: [{name: "Mug", …}, +2 more]`).
    /// `nil` when not even the first field fits.
    static func fitted(_ text: String, to width: Int) -> String? {
        guard text.count > width else { return text }
        let characters = Array(text)
        var best: String?
        var open: [Character] = []  // closers of the brackets open at this point
        var quoted = false
        for (index, character) in characters.enumerated() {
            if character == "\"" { quoted.toggle() }
            guard !quoted else { continue }
            switch character {
            case "{": open.append("}")
            case "[": open.append("]")
            case "}", "]": open.removeLast()
            case "," where index + 1 < characters.count && characters[index + 1] == " ":
                let cut = String(characters[..<index]) + closing(open, after: characters[(index + 1)...])
                if cut.count <= width { best = cut } else { return best }
            default: break
            }
        }
        return best
    }

    /// What closes a cut made at a comma with `open` levels open (outermost first): for each
    /// level, innermost first, what `rest` (after the comma) still has of it, then its closer.
    private static func closing(_ open: [Character], after rest: ArraySlice<Character>) -> String {
        // Elements left per level: the cut level's next one, and one per comma at each level.
        var left = Array(repeating: 0, count: open.count + 1)  // index 0: the top level
        left[open.count] = 1
        var level = open.count  // the level `rest` is at, among the open ones
        var nested = 0  // brackets opened in `rest` and not closed yet
        var quoted = false
        for character in rest where level >= 0 {
            if character == "\"" { quoted.toggle() }
            guard !quoted else { continue }
            switch character {
            case "{", "[": nested += 1
            case "}", "]":
                if nested > 0 { nested -= 1 } else { level -= 1 }
            case "," where nested == 0 && level >= 0: left[level] += 1
            default: break
            }
        }
        let closers = [Character?](repeating: nil, count: 1) + open.map(Optional.some)
        return closers.indices.reversed().map { level in
            let omitted = left[level] == 0 ? "" : closers[level] == "]" ? ", +\(left[level]) more" : ", …"
            return omitted + (closers[level].map(String.init) ?? "")
        }.joined()
    }

    private static func describe(_ fields: [PayloadValue.Field]) -> String {
        fields.map { "\($0.key): \(describe($0.value))" }.joined(separator: ", ")
    }

    private static func describe(_ value: PayloadValue) -> String {
        switch value {
        case .null: "nil"
        case .bool(let bool): String(bool)
        case .number(let number): number
        case .string(let string): "\"\(string)\""
        case .array(let values): "[" + values.map(describe).joined(separator: ", ") + "]"
        case .object(let fields):
            // Money is the demo's one nested amount; cents read as euros, as the panes show it.
            if fields.count == 1, fields[0].key == "cents", case .number(let cents) = fields[0].value,
                let amount = Int(cents)
            {
                Money(cents: amount).description
            } else {
                "{" + describe(fields) + "}"
            }
        }
    }
}
