import Foundation

/// An event's payload as its `Encodable` form has it, with each object's fields in the order
/// its `encode(to:)` wrote them: for the demo's synthesized conformances, the order the
/// properties are declared in (`user` before `date` and `session`), which puts the field a type
/// is about first. The log and the Bus view cut a payload after a field, so the first ones are
/// the ones that stay; sorted keys (as `--record` writes them) put `UserDidLoginEvent`'s
/// `user` last, and it was the one cut.
enum PayloadValue: Equatable {
    case null, bool(Bool), number(String), string(String), array([PayloadValue])
    case object([Field])

    /// One field of an object: its key and value.
    struct Field: Equatable {
        var key: String
        var value: PayloadValue
    }

    /// `value`'s encoded form, or `nil` if its `encode(to:)` throws. Dates are ISO 8601 text
    /// with milliseconds in UTC, as a trace writes them.
    init?(encoding value: any Encodable) {
        let root = PayloadEncoder.Node()
        guard (try? value.encode(to: PayloadEncoder(node: root, codingPath: []))) != nil else { return nil }
        self = root.value
    }

    /// The value as one line of JSON, fields in their order (the detail view wraps it).
    var json: String {
        switch self {
        case .null: "null"
        case .bool(let bool): String(bool)
        case .number(let number): number
        case .string(let string): Self.quoted(string)
        case .array(let values): "[" + values.map(\.json).joined(separator: ",") + "]"
        case .object(let fields):
            "{" + fields.map { Self.quoted($0.key) + ":" + $0.value.json }.joined(separator: ",") + "}"
        }
    }

    /// `text` as a JSON string literal.
    private static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case _ where scalar.value < 0x20: quoted += String(format: "\\u%04x", scalar.value)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
