import Foundation

/// The `Encoder` behind ``PayloadValue/init(encoding:)``: it builds the value tree as
/// `encode(to:)` writes it, so an object's fields keep the order they were encoded in, which
/// `JSONEncoder` does not promise (and its `.sortedKeys` replaces with the alphabet).
///
/// Primitives, strings and dates are caught before their own `encode(to:)`; every container
/// writes into a ``Node``, a class so that nested containers and the encoder share it.
struct PayloadEncoder: Encoder {
    /// One value being encoded: empty, a leaf, or an object's or array's children in order.
    final class Node {
        enum Content {
            case empty, leaf(PayloadValue), object([(key: String, node: Node)]), array([Node])
        }
        var content = Content.empty

        /// The tree as encoded so far; a node nothing was written to is `null`.
        var value: PayloadValue {
            switch content {
            case .empty: .null
            case .leaf(let value): value
            case .object(let fields): .object(fields.map { .init(key: $0.key, value: $0.node.value) })
            case .array(let nodes): .array(nodes.map(\.value))
            }
        }

        /// The child for `key`: a new one after the others, or the one an earlier write made.
        func child(_ key: String) -> Node {
            var fields: [(key: String, node: Node)] = []
            if case .object(let existing) = content { fields = existing }
            if let found = fields.first(where: { $0.key == key }) { return found.node }
            let node = Node()
            content = .object(fields + [(key, node)])
            return node
        }

        /// A new last element.
        func appended() -> Node {
            var nodes: [Node] = []
            if case .array(let existing) = content { nodes = existing }
            let node = Node()
            content = .array(nodes + [node])
            return node
        }

        /// Makes this node an empty object or array, unless it is one already.
        func becomeObject() { if case .object = content {} else { content = .object([]) } }
        func becomeArray() { if case .array = content {} else { content = .array([]) } }
    }

    let node: Node
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return Unkeyed(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(node: node, codingPath: codingPath)
    }

    /// Writes `value` into `node`: a leaf for a primitive, a string or a date (ISO 8601 with
    /// milliseconds, UTC, as a trace has it), anything else through its `encode(to:)`.
    static func write(_ value: some Encodable, into node: Node, codingPath: [any CodingKey]) throws {
        switch value {
        case let date as Date:
            node.content = .leaf(.string(date.formatted(Self.dateStyle)))
        case let string as String: node.content = .leaf(.string(string))
        case let bool as Bool: node.content = .leaf(.bool(bool))
        case let integer as any BinaryInteger: node.content = .leaf(.number("\(integer)"))
        case let number as any BinaryFloatingPoint: node.content = .leaf(.number("\(Double(number))"))
        default: try value.encode(to: PayloadEncoder(node: node, codingPath: codingPath))
        }
    }

    private static let dateStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    // The containers' `encode` for each primitive type is the generic one: a generic method
    // witnesses each of the protocol's non-generic requirements.

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) { node.child(key.stringValue).content = .leaf(.null) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try PayloadEncoder.write(value, into: node.child(key.stringValue), codingPath: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            PayloadEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key])
                .container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            PayloadEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key])
                .unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            PayloadEncoder(node: node.child("super"), codingPath: codingPath)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            PayloadEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key])
        }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey]
        var count: Int {
            if case .array(let nodes) = node.content { nodes.count } else { 0 }
        }

        mutating func encodeNil() { node.appended().content = .leaf(.null) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try PayloadEncoder.write(value, into: node.appended(), codingPath: codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            PayloadEncoder(node: node.appended(), codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            PayloadEncoder(node: node.appended(), codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            PayloadEncoder(node: node.appended(), codingPath: codingPath)
        }
    }

    private struct Single: SingleValueEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey]

        mutating func encodeNil() { node.content = .leaf(.null) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try PayloadEncoder.write(value, into: node, codingPath: codingPath)
        }
    }
}
