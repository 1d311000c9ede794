import EventBus
import Foundation

/// Writes every publish on a bus to a JSON Lines file (format: ``TraceFormat``), from a test or
/// a running app, up to a size cap.
///
/// ```swift
/// import EventBusTracing
///
/// let path = FileManager.default.temporaryDirectory.appending(path: "trace.jsonl").path
/// let writer = try TraceWriter(path: path)
/// let tap = writer.attach(to: bus)
/// bus.publish(UserDidLoginEvent(userID: "ada"))
/// writer.close()
/// tap.cancel()
/// ```
///
/// ## Threading
/// The tap encodes each record on the publishing thread (its event may not outlive the
/// publish) and hands the line to a private serial queue that writes it, so a publisher never
/// waits for the disk. Lines are written in the order the tap hears of publishes (nested ones
/// first; ``Trace`` sorts by sequence number). Every member is thread-safe.
///
/// ## Size and failure
/// Each line is written whole with one write, so a crash leaves at most a cut-off last line,
/// which ``Trace`` reports. The file never grows past `maximumBytes`: the first line that would
/// pass it is dropped with everything after it, and ``status`` says so. A failing write stops
/// the trace and ``status`` says why; nothing is thrown at publishers.
///
/// ## Lifetime
/// ``attach(to:)`` returns the tap's token: releasing it stops the trace. ``close()`` writes
/// what is queued and closes the file.
public final class TraceWriter: Sendable {
    /// How the trace is going.
    public enum Status: Equatable, Sendable {
        /// Writing; `lines` publishes so far.
        case writing(lines: Int)
        /// Stopped at the size cap after `lines` publishes.
        case full(lines: Int)
        /// Stopped because a write failed (`reason`) after `lines` publishes.
        case failed(lines: Int, reason: String)
    }

    private struct State {
        var handle: FileHandle?
        var bytes: Int
        var status: Status
    }

    /// The file's path, as given.
    public let path: String
    private let state: LockedValue<State>
    private let queue = DispatchQueue(label: "EventBusTracing.TraceWriter")
    private let start = ContinuousClock.now
    private let maximumBytes: Int

    /// Creates (or empties) the file at `path` and writes the header line.
    /// - Throws: ``TraceError`` when the file cannot be created.
    public init(path: String, maximumBytes: Int = TraceFormat.defaultMaximumBytes) throws(TraceError) {
        self.path = path
        self.maximumBytes = maximumBytes
        let header = Data((TraceFormat.header + "\n").utf8)
        guard FileManager.default.createFile(atPath: path, contents: header),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw TraceError(path: path, "cannot create the trace file")
        }
        _ = try? handle.seekToEnd()
        state = LockedValue(State(handle: handle, bytes: header.count, status: .writing(lines: 0)))
    }

    /// Starts tracing `bus`. Keep the token: releasing it stops the trace.
    public func attach(to bus: EventBus) -> SubscriptionToken {
        bus.observeAll { [self] record in
            // An encoder per record: publishers on several threads never share one.
            let encoder = TraceFormat.encoder()
            guard
                var line = TraceFormat.line(for: record, time: ContinuousClock.now - start, encoder: encoder)
            else { return }
            line.append(UInt8(ascii: "\n"))
            let finished = line
            queue.async { self.write(finished) }
        }
    }

    /// How the trace is going (lines queued but not written yet are not counted).
    public var status: Status { state.withLock(\.status) }

    /// Writes what is queued, closes the file and returns the final status. Later publishes are
    /// not written. Safe to call more than once.
    @discardableResult
    public func close() -> Status {
        queue.sync {}
        return state.withLock { state in
            try? state.handle?.close()
            state.handle = nil
            return state.status
        }
    }

    private func write(_ line: Data) {
        state.withLock { state in
            guard case .writing(let lines) = state.status, let handle = state.handle else { return }
            guard state.bytes + line.count <= maximumBytes else {
                state.status = .full(lines: lines)
                return
            }
            do {
                try handle.write(contentsOf: line)
                state.bytes += line.count
                state.status = .writing(lines: lines + 1)
            } catch {
                state.status = .failed(lines: lines, reason: error.localizedDescription)
            }
        }
    }
}
