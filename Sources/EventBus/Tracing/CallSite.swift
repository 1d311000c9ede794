/// Where in the source a publish was made: the file (as `#fileID` spells it, `Module/File.swift`),
/// the line and the function.
///
/// ``EventBus/publish(_:fileID:line:function:)``, ``EventBus/publishState(_:fileID:line:function:)``
/// and ``Store/dispatch(_:fileID:line:function:)`` capture it at compile time through default
/// arguments; the bus hands it only to observe-all taps (``PublishRecord/callSite``), dead
/// events (``DeadEvent/callSite``) and failure reports (``SubscriberFailure/callSite``). A
/// publish that no tap observes never looks at it, so capturing it costs nothing measurable.
///
/// The texts are the compiler's static strings: a call site holds no allocation, and making one
/// copies three words.
public struct CallSite: Sendable, Hashable, Comparable, CustomStringConvertible {
    let staticFileID: StaticString
    let staticFunction: StaticString
    /// The line of the call, 1-based.
    public let line: UInt

    /// A call site from the compiler's `#fileID`, `#line` and `#function` (the defaults capture
    /// the caller's), or written by hand for tests.
    public init(fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function) {
        self.staticFileID = fileID
        self.staticFunction = function
        self.line = line
    }

    /// Stands in where a record cannot know its call site: a publish that began on the plain
    /// path while a tap was being added. Computed, not stored: a stored static costs every read
    /// a lazy-initialization check.
    static var unknown: CallSite { CallSite(fileID: "unknown", line: 0, function: "unknown") }

    /// `Module/File.swift`, as `#fileID` spells it.
    public var fileID: String { staticFileID.description }
    /// The function the call was made in, as `#function` spells it (for example `logIn(as:)`).
    public var function: String { staticFunction.description }
    /// The module part of ``fileID`` (`EventDemo` in `EventDemo/AuthService.swift`).
    public var module: String { String(fileID.prefix { $0 != "/" }) }
    /// The file part of ``fileID`` (`AuthService.swift`).
    public var fileName: String {
        let id = fileID
        return id.firstIndex(of: "/").map { String(id[id.index(after: $0)...]) } ?? id
    }

    /// `Module/File.swift:42`: where to look, as compilers print locations.
    public var description: String { "\(fileID):\(line)" }

    /// Equal when file, line and function are.
    public static func == (lhs: CallSite, rhs: CallSite) -> Bool {
        lhs.line == rhs.line && lhs.fileID == rhs.fileID && lhs.function == rhs.function
    }

    /// Hashes file, line and function.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fileID)
        hasher.combine(line)
        hasher.combine(function)
    }

    /// By file, then line, then function: the order a flow map lists publishers in.
    public static func < (lhs: CallSite, rhs: CallSite) -> Bool {
        (lhs.fileID, lhs.line, lhs.function) < (rhs.fileID, rhs.line, rhs.function)
    }
}
