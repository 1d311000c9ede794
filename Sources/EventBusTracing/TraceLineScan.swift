import Foundation

/// One line of a trace, scanned once, without recursion, before any JSON parser sees it: how
/// deep its arrays and objects nest, and where its top-level `payload` value lies.
///
/// Parsers recurse once per level, so a line from elsewhere nested a few hundred deep would
/// overflow a small stack (512 KiB for secondary threads and tasks on Apple platforms); the
/// reader refuses such a line by this count first. The payload's bytes are the event's own
/// encoding, spliced in by the writer: handing them back as they are keeps the event's text
/// (numbers, `/`) as it encoded itself. Does not validate the JSON; a parser does that after.
struct TraceLineScan {
    /// The deepest nesting of arrays and objects (the line's own object is 1).
    private(set) var depth = 0
    /// The top-level `payload` value's bytes, without the whitespace around them.
    private(set) var payload: Range<Int>?

    init(_ bytes: ArraySlice<UInt8>) {
        var level = 0
        var inString = false
        var escaped = false
        var stringStart = bytes.startIndex
        var expectingKey = false
        var key: ArraySlice<UInt8> = []
        var valueStart: Int?
        func endValue(at end: Int) {
            guard let start = valueStart else { return }
            valueStart = nil
            guard Self.isPayload(key) else { return }
            var range = start..<end
            while let first = range.first, Self.isSpace(bytes[first]) { range = range.dropFirst() }
            while let last = range.last, Self.isSpace(bytes[last]) { range = range.dropLast() }
            payload = range
        }
        for index in bytes.indices {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if level == 1, expectingKey {
                        key = bytes[stringStart..<index]
                        expectingKey = false
                    }
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                stringStart = index + 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                level += 1
                depth = max(depth, level)
                expectingKey = level == 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if level == 1 { endValue(at: index) }
                level -= 1
            case UInt8(ascii: ",") where level == 1:
                endValue(at: index)
                expectingKey = true
            case UInt8(ascii: ":") where level == 1:
                valueStart = index + 1
            default:
                break
            }
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether `key` (a key's bytes between its quotes) is `payload`, escapes and all.
    private static func isPayload(_ key: ArraySlice<UInt8>) -> Bool {
        guard key.contains(UInt8(ascii: "\\")) else { return key.elementsEqual("payload".utf8) }
        let quoted = Data([UInt8(ascii: "\"")] + key + [UInt8(ascii: "\"")])
        return (try? JSONDecoder().decode(String.self, from: quoted)) == "payload"
    }
}
