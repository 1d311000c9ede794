import EventBus
import Foundation

/// `stream` throughput: the publisher (this thread) pushes events into an unbounded stream that
/// a task on the global executor consumes; one operation is one event published and consumed.
func streamContenders(options: Options) -> [Contender] {
    var contenders: [Contender] = []
    if options.includes(competitor: Competitor.stream) {
        let bus = EventBus()
        contenders.append(
            Contender(name: Competitor.stream) { count in
                let stream = bus.stream(Ping.self, bufferingPolicy: .unbounded)
                let consumed = consume(stream, count: count)
                for index in 0..<count { bus.publish(Ping(value: index)) }
                consumed.wait()
            })
    }
    if options.includes(competitor: Competitor.streamFloor) {
        contenders.append(
            Contender(name: Competitor.streamFloor) { count in
                let (stream, continuation) = AsyncStream.makeStream(
                    of: Ping.self, bufferingPolicy: .unbounded)
                let consumed = consume(stream, count: count)
                for index in 0..<count { continuation.yield(Ping(value: index)) }
                consumed.wait()
                continuation.finish()
            })
    }
    return contenders
}

/// Starts a detached task that reads `count` events; the semaphore is signalled when it has.
private func consume(_ stream: AsyncStream<Ping>, count: Int) -> DispatchSemaphore {
    let finished = DispatchSemaphore(value: 0)
    let sink = Sink()
    Task.detached {
        var received = 0
        for await event in stream {
            sink.add(event.value)
            received += 1
            if received == count { break }
        }
        finished.signal()
    }
    return finished
}
