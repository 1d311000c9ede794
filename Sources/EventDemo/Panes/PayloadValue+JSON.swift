import Foundation

extension PayloadValue {
    /// A payload as a trace holds it (JSON, keys sorted), for an event type the demo cannot
    /// decode; `nil` if `json` is not JSON.
    init?(json: Data) {
        guard let decoded = try? JSONDecoder().decode(Decoded.self, from: json) else { return nil }
        self = decoded.value
    }

    /// Any JSON value. Numbers are tried before booleans, so that no decoder reads `1` as `true`.
    private struct Decoded: Decodable {
        let value: PayloadValue

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                value = .null
            } else if let integer = try? container.decode(Int64.self) {
                value = .number(String(integer))
            } else if let number = try? container.decode(Double.self) {
                value = .number(String(number))
            } else if let bool = try? container.decode(Bool.self) {
                value = .bool(bool)
            } else if let string = try? container.decode(String.self) {
                value = .string(string)
            } else if let array = try? container.decode([Decoded].self) {
                value = .array(array.map(\.value))
            } else {
                let object = try container.decode([String: Decoded].self)
                value = .object(
                    object.sorted { $0.key < $1.key }.map { Field(key: $0.key, value: $0.value.value) })
            }
        }
    }
}
