import EventBus
import Foundation

/// The writer's queue side: it takes what waits in the backlog, orders it and writes it.
extension TraceWriter {
    /// The file, touched on the writer's queue only (the lock keeps it `Sendable`; it is never
    /// contended, and publishers never wait for it).
    struct FileState {
        var handle: FileHandle?
        var bytes: Int
        /// Lines written.
        var lines = 0
        /// Lines encoded (for tests: nothing is once the trace stopped).
        var encodedLines = 0
    }

    /// On the queue: writes what waits until nothing does.
    func drain() {
        while true {
            let items = state.withLock { $0.backlog.take() }
            if items.isEmpty { return }
            var ready: [PublishOrder.Heard] = []
            order.withLock { order in
                for item in items {
                    switch item {
                    case .heard(let heard): ready += order.add(heard)
                    case .failure(let failure, let sequenceNumber):
                        order.addFailure(failure, to: sequenceNumber)
                    }
                }
            }
            writeLines(ready)
        }
    }

    /// On the queue: encodes and writes `lines` in order, whole lines only, as long as the trace
    /// is writing; the first line that would pass the cap (less the room kept for the dropped
    /// count) stops it.
    func writeLines(_ lines: [PublishOrder.Heard]) {
        guard !lines.isEmpty else { return }
        let encoder = TraceFormat.payloadEncoder()
        file.withLock { file in
            // Once the trace stopped, nothing more is encoded.
            guard let handle = file.handle, state.withLock({ $0.status.isWriting }) else { return }
            var chunk = Data()
            var written = 0
            var isFull = false
            for heard in lines {
                // A payload a reader would refuse to parse (see TraceFormat.maximumNesting) is left out.
                let payload = heard.payload.flatMap {
                    TraceLineScan(ArraySlice($0)).depth < TraceFormat.maximumNesting ? $0 : nil
                }
                var line = TraceFormat.line(heard.fields, payload: payload, encoder: encoder)
                line.append(UInt8(ascii: "\n"))
                file.encodedLines += 1
                guard file.bytes + chunk.count + line.count + TraceFormat.droppedLineRoom <= maximumBytes
                else {
                    isFull = true
                    break
                }
                chunk.append(line)
                written += 1
            }
            do {
                // One write for the chunk: a crash still leaves at most a cut-off last line.
                try handle.write(contentsOf: chunk)
                file.bytes += chunk.count
                file.lines += written
                let lines = file.lines
                state.withLock { state in
                    if isFull {
                        state.stop(.full(lines: lines))
                    } else if state.status.isWriting {
                        state.status = .writing(lines: lines)
                    }
                }
            } catch {
                let lines = file.lines
                state.withLock { $0.stop(.failed(lines: lines, reason: TraceFile.reason(error))) }
            }
        }
    }

    /// On the queue, at close: writes the dropped count as the file's last line, if any were
    /// dropped (the cap kept room for it), and closes the file.
    func finish() {
        let (dropped, status) = state.withLock { state in
            state.stop(nil)
            return (state.backlog.dropped, state.status)
        }
        file.withLock { file in
            guard let handle = file.handle else { return }
            if dropped > 0, !status.isFailed {
                try? handle.write(contentsOf: TraceFormat.droppedLine(dropped))
            }
            try? handle.close()
            file.handle = nil
        }
    }
}
