import EventBus
import Foundation

/// Writes every demo event published on a bus to a file, as `--record FILE` asks (format:
/// ``RecordingFormat``).
///
/// The observe-all tap encodes each event on the publisher's thread and hands the line to a
/// private serial queue that writes it, so a publisher (the loop included) never waits for the
/// disk. Each line is written whole with one `write`, so a crash leaves at most a cut-off last
/// line, which replay reports as truncated. The file never passes ``RecordingFormat/maximumBytes``:
/// the first line that would is dropped along with everything after it, and ``status`` says so.
public final class RecordingWriter: Sendable {
    /// How the recording is going.
    public enum Status: Equatable, Sendable {
        /// Writing; `events` lines so far.
        case recording(events: Int)
        /// Stopped at the size cap after `events` lines; later publishes are not recorded.
        case full(events: Int)
        /// Stopped because writing failed (`reason` says how) after `events` lines.
        case failed(events: Int, reason: String)

        /// Lines written.
        public var events: Int {
            switch self {
            case .recording(let events), .full(let events), .failed(let events, _): events
            }
        }
    }

    private struct State {
        var handle: FileHandle?
        var bytes: Int
        var status: Status
    }

    /// The path as the user gave it.
    public let path: String
    private let state: LockedValue<State>
    private let queue = DispatchQueue(label: "eventdemo.recording")
    private let start: ContinuousClock.Instant
    private let maximumBytes: Int

    /// Creates (or empties) the file at `path` and writes the header line.
    /// - Throws: ``RecordingError`` when the file cannot be created.
    public init(path: String, maximumBytes: Int = RecordingFormat.maximumBytes) throws(RecordingError) {
        self.path = path
        self.maximumBytes = maximumBytes
        let header = RecordingFormat.header(start: Date())
        guard
            FileManager.default.createFile(atPath: path, contents: Data((header + "\n").utf8)),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw RecordingError(
                path: path, "cannot create the recording file (\(Self.reasonForCreateFailure(path)))")
        }
        _ = try? handle.seekToEnd()
        state = LockedValue(
            State(handle: handle, bytes: header.utf8.count + 1, status: .recording(events: 0))
        )
        start = .now
    }

    /// Starts recording `bus`'s publishes. Keep the token: releasing it stops the recording.
    ///
    /// Lines are written in sequence order, a nested publish after the one that caused it, though
    /// the tap hears the nested one first: a line waits on the queue until every publish numbered
    /// before it has been heard (publishes that are not demo events, such as dead events, count
    /// as heard and write nothing), or until nothing new has come for 100 ms (the
    /// first publishes heard, whose predecessors may never come, and any the tap missed).
    public func attach(to bus: EventBus) -> SubscriptionToken {
        bus.observeAll { [self] record in
            let time = ContinuousClock.now - start
            let line = (record.event as? any DemoEvent).flatMap { event in
                RecordingFormat.line(
                    for: event, time: time, sequenceNumber: record.sequenceNumber,
                    encoder: RecordingFormat.encoder())
            }
            let sequenceNumber = record.sequenceNumber
            queue.async { self.heard(sequenceNumber, line: line) }
        }
    }

    /// How long a line waits for publishes numbered before it that have not been heard.
    static let reorderWindow = DispatchTimeInterval.milliseconds(100)

    /// Lines heard and not yet written, on the queue. A lock of its own, never held while
    /// writing (``write(_:)`` takes the state's).
    private let reorder = LockedValue(Reorder())

    private struct Reorder {
        /// By sequence number; `nil`: a publish with nothing to write (not a demo event).
        var waiting: [UInt64: String?] = [:]
        /// The sequence number the next line to write has, once known.
        var nextToWrite: UInt64?
        /// Bumped by every publish heard, so a window's flush knows whether another came.
        var heardCount = 0

        /// Every waiting line in sequence order; nothing waits afterwards.
        mutating func takeAll() -> [String] {
            let lines = waiting.keys.sorted().compactMap { waiting[$0] ?? nil }
            if let last = waiting.keys.max() { nextToWrite = last + 1 }
            waiting.removeAll()
            return lines
        }
    }

    /// On the queue: files what was heard and writes the lines whose turn has come.
    private func heard(_ sequenceNumber: UInt64, line: String?) {
        let (ready, count, stillWaiting) = reorder.withLock { reorder -> ([String], Int, Bool) in
            if let next = reorder.nextToWrite, sequenceNumber < next {
                // It began before the lines already written: its turn has passed.
                return (line.map { [$0] } ?? [], reorder.heardCount, !reorder.waiting.isEmpty)
            }
            reorder.waiting[sequenceNumber] = line
            reorder.heardCount += 1
            var ready: [String] = []
            while let next = reorder.nextToWrite, let waiting = reorder.waiting.removeValue(forKey: next) {
                if let waiting { ready.append(waiting) }
                reorder.nextToWrite = next + 1
            }
            if reorder.waiting.count > 1024 { ready += reorder.takeAll() }
            return (ready, reorder.heardCount, !reorder.waiting.isEmpty)
        }
        for line in ready { write(line + "\n") }
        guard stillWaiting else { return }
        queue.asyncAfter(deadline: .now() + Self.reorderWindow) {
            let lines = self.reorder.withLock { $0.heardCount == count ? $0.takeAll() : [] }
            for line in lines { self.write(line + "\n") }
        }
    }

    /// On the queue: writes every waiting line in sequence order.
    private func writeWaiting() {
        for line in reorder.withLock({ $0.takeAll() }) { write(line + "\n") }
    }

    /// How the recording is going (lines queued but not yet written are not counted).
    public var status: Status { state.withLock(\.status) }

    /// Writes what is queued, closes the file and returns the final status. Later publishes are
    /// not recorded. Safe to call more than once.
    @discardableResult
    public func close() -> Status {
        queue.sync { writeWaiting() }
        return state.withLock { state in
            try? state.handle?.close()
            state.handle = nil
            return state.status
        }
    }

    private func write(_ line: String) {
        let data = Data(line.utf8)
        state.withLock { state in
            guard case .recording(let events) = state.status, let handle = state.handle else { return }
            guard state.bytes + data.count <= maximumBytes else {
                state.status = .full(events: events)
                return
            }
            do {
                try handle.write(contentsOf: data)
                state.bytes += data.count
                state.status = .recording(events: events + 1)
            } catch {
                state.status = .failed(events: events, reason: "\(error.localizedDescription)")
            }
        }
    }

    private static func reasonForCreateFailure(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "it is a directory"
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) { return "no such folder" }
        return "permission denied or read-only"
    }
}
