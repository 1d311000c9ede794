import Foundation

/// A JSON object written field by field in the order given, so that a trace line reads in the
/// same order on every platform (`seq` first, `payload` last); `JSONEncoder` only promises
/// sorted or unspecified key order. Each value is encoded by the encoder it is given.
struct OrderedJSON {
    private var data = Data("{".utf8)
    private var isEmpty = true
    private let encoder: JSONEncoder

    init(encoder: JSONEncoder) {
        self.encoder = encoder
    }

    /// Adds `"key":value`; nothing when `value` is nil or fails to encode.
    mutating func add(_ key: String, _ value: (some Encodable)?) {
        add(key, json: value.flatMap { try? encoder.encode($0) })
    }

    /// Adds `"key":json`, `json` being JSON text already; nothing when it is nil.
    mutating func add(_ key: String, json: Data?) {
        guard let json else { return }
        if !isEmpty { data.append(UInt8(ascii: ",")) }
        isEmpty = false
        data.append(contentsOf: Data("\"\(key)\":".utf8))
        data.append(json)
    }

    /// The object's text.
    var text: Data { data + Data("}".utf8) }

    /// A JSON array of `elements`' texts.
    static func array(_ elements: [Data]) -> Data {
        var data = Data("[".utf8)
        for (index, element) in elements.enumerated() {
            if index > 0 { data.append(UInt8(ascii: ",")) }
            data.append(element)
        }
        data.append(UInt8(ascii: "]"))
        return data
    }
}
