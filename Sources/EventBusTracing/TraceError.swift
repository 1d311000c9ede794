/// Why a trace cannot be written or read: one line naming the file and, when it is about the
/// contents, the line (`run.jsonl:7: not valid JSON`).
public struct TraceError: Error, Equatable, CustomStringConvertible {
    /// The path as given.
    public let path: String
    /// The 1-based line the problem is on, if it is about one line.
    public let line: Int?
    /// What is wrong, in a few words.
    public let reason: String

    /// Creates an error.
    public init(path: String, line: Int? = nil, _ reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    /// `path:line: reason`.
    public var description: String {
        line.map { "\(path):\($0): \(reason)" } ?? "\(path): \(reason)"
    }
}
