/// Why a recording cannot be written or replayed: one line for stderr naming the file and, when
/// it is about the contents, the line (`demo.jsonl:7: unknown event type 'FooEvent'`).
public struct RecordingError: Error, Equatable, CustomStringConvertible {
    /// The path as the user gave it.
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

    /// `path:line: reason`; an absurdly long path keeps its end, where the file's name is.
    public var description: String {
        let shownPath = path.count > 120 ? "…" + path.suffix(119) : path
        return line.map { "\(shownPath):\($0): \(reason)" } ?? "\(shownPath): \(reason)"
    }
}
