import EventBusTracing
import Foundation

/// Reads a trace file while its writer appends to it (`--follow`): each ``read()`` returns the
/// publishes of the lines completed since the one before, parsed by the library's ``Trace``
/// reader, and says what happened to the file meanwhile.
///
/// Memory stays bounded however fast the file grows: one read takes at most ``chunkBytes``
/// (the rest waits in the file for the next), and an unfinished last line is kept only up to
/// ``maximumLineBytes``. A file that shrinks or is replaced (another inode) is read again from
/// its start; a line that is not a trace line is skipped and counted.
public final class TraceTail {
    /// The most one ``read()`` takes from the file.
    public static let chunkBytes = 512 * 1024
    /// The longest line kept while it waits for its newline; a longer one is skipped.
    public static let maximumLineBytes = 256 * 1024

    /// What one ``read()`` found.
    public struct Update: Sendable {
        /// The publishes of the lines completed since the last read, in sequence order.
        public var entries: [Trace.Entry] = []
        /// What happened to the file, in a sentence each: replaced, truncated, a line skipped.
        public var notices: [String] = []
        /// Whether the read stopped at ``chunkBytes`` with more in the file.
        public var hasMore = false
        /// Whether the file was truncated or replaced, so ``entries`` start a new trace.
        public var restarted = false
        /// Publishes the writer dropped because it fell behind, as its last line says
        /// (``Trace/dropped``): they happened but are not in the file.
        public var dropped = 0
    }

    /// The file followed.
    public let path: String
    /// Lines skipped because they were not trace lines (or too long).
    public private(set) var skippedLines = 0
    /// Bytes read into memory and not yet a whole line (at most ``maximumLineBytes``).
    public var pendingBytes: Int { partial.count }
    private var header: Data?
    private var partial = Data()
    private var offset: UInt64 = 0
    private var inode: UInt64?
    private var skipsRestOfLine = false

    /// Follows the trace at `path`.
    /// - Throws: ``TraceError`` when there is no file at `path`, it is a directory, or its first
    ///   line, once written, is not a trace's.
    public init(path: String) throws(TraceError) {
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TraceError(path: path, "no such file")
        }
        if isDirectory.boolValue { throw TraceError(path: path, "is a directory, not a trace") }
        inode = Self.inode(of: path)
        // A first line already written must be a trace's: checked now, so a wrong file is
        // refused at start-up. Its publishes are read by the first ``read()``.
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TraceError(path: path, "cannot be read (permission denied?)")
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: Self.maximumLineBytes)) ?? Data()
        if let newline = head.firstIndex(of: UInt8(ascii: "\n")) {
            let first = Data(head[head.startIndex..<newline])
            start = try Trace(data: first + Data("\n".utf8), path: path).start
            header = first
            offset = UInt64(newline - head.startIndex + 1)
        }
    }

    private static func inode(of path: String) -> UInt64? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.systemFileNumber] as? NSNumber)?.uint64Value
    }

    /// When the writer started (the header's `start`), once the header has been read.
    public private(set) var start: Date?

    /// The lines completed since the last call (at most ``chunkBytes`` of the file).
    /// - Throws: ``TraceError`` when the file's first line is not a trace's.
    public func read() throws(TraceError) -> Update {
        var update = Update()
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let attributes, let size = (attributes[.size] as? NSNumber)?.uint64Value else {
            return update  // Gone for now (being replaced): the next read looks again.
        }
        let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value
        if let known = self.inode, let inode, known != inode {
            restart()
            update.restarted = true
            update.notices.append("\(path) was replaced: reading the new file from its start")
        } else if size < offset {
            restart()
            update.restarted = true
            update.notices.append("\(path) was truncated: reading it again from its start")
        }
        self.inode = inode
        guard size > offset, let handle = FileHandle(forReadingAtPath: path) else { return update }
        defer { try? handle.close() }
        let wanted = Int(min(size - offset, UInt64(Self.chunkBytes)))
        guard (try? handle.seek(toOffset: offset)) != nil,
            let chunk = try? handle.read(upToCount: wanted), !chunk.isEmpty
        else { return update }
        offset += UInt64(chunk.count)
        update.hasMore = offset < size
        try take(chunk, into: &update)
        return update
    }

    private func restart() {
        header = nil
        partial = Data()
        offset = 0
        skipsRestOfLine = false
    }

    /// Splits `chunk` into whole lines (keeping an unfinished one) and parses them.
    private func take(_ chunk: Data, into update: inout Update) throws(TraceError) {
        var lines: [Data] = []
        var cursor = chunk.startIndex
        while let newline = chunk[cursor...].firstIndex(of: UInt8(ascii: "\n")) {
            let piece = chunk[cursor..<newline]
            if skipsRestOfLine {
                skipsRestOfLine = false
            } else {
                lines.append(partial + piece)
            }
            partial = Data()
            cursor = newline + 1
        }
        if !skipsRestOfLine { partial += chunk[cursor...] }
        if partial.count > Self.maximumLineBytes {
            partial = Data()
            skipsRestOfLine = true
            skippedLines += 1
            update.notices.append(
                "skipped a line longer than \(TraceFormat.describe(bytes: Self.maximumLineBytes))")
        }
        if header == nil, let first = lines.first {
            // Not a trace: the caller says so and stops following.
            start = try Trace(data: first + Data("\n".utf8), path: path).start
            header = first
            lines.removeFirst()
        }
        guard let header, !lines.isEmpty else { return }
        update.entries += parse(lines, header: header, into: &update)
    }

    /// The lines' publishes, through the library's reader: all at once, or, when one of them
    /// is not a trace line, one by one, skipping the bad ones.
    private func parse(_ lines: [Data], header: Data, into update: inout Update) -> [Trace.Entry] {
        let newline = Data("\n".utf8)
        func text(_ lines: [Data]) -> Data {
            lines.reduce(into: header + newline) { $0 += $1 + newline }
        }
        if let trace = try? Trace(data: text(lines), path: path) {
            update.dropped += trace.dropped
            return trace.entries
        }
        var entries: [Trace.Entry] = []
        for line in lines {
            do throws(TraceError) {
                let trace = try Trace(data: text([line]), path: path)
                update.dropped += trace.dropped
                entries += trace.entries
            } catch {
                skippedLines += 1
                update.notices.append("skipped a line that is not a trace line (\(error.reason))")
            }
        }
        return entries
    }
}
