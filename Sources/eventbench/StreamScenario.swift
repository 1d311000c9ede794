import EventBus
import Foundation

/// `stream` throughput: this thread publishes a burst of events into an unbounded stream, then
/// a task on the global executor consumes them; one operation is one event published and
/// consumed.
///
/// Publishing the whole burst first keeps the figure about the bus and the stream: with producer
/// and consumer running at once, a consumer that keeps up suspends after every event and the
/// figure becomes the cost of a task wake-up, which depends on the scheduler and the load.
func streamContenders(options: Options) -> [Contender] {
    var contenders: [Contender] = []
    if options.includes(competitor: Competitor.stream) {
        let bus = EventBus()
        contenders.append(
            Contender(name: Competitor.stream) { count in
                let stream = bus.stream(for: Ping.self, buffering: .unbounded)
                for index in 0..<count { bus.publish(Ping(value: index)) }
                consume(stream, count: count).wait()
            })
    }
    if options.includes(competitor: Competitor.streamFloor) {
        contenders.append(
            Contender(name: Competitor.streamFloor) { count in
                let (stream, continuation) = AsyncStream.makeStream(
                    of: Ping.self, bufferingPolicy: .unbounded)
                for index in 0..<count { continuation.yield(Ping(value: index)) }
                consume(stream, count: count).wait()
                continuation.finish()
            })
    }
    return contenders
}

/// Starts a detached task that reads `count` events; the semaphore is signalled when it has.
func consume(_ stream: AsyncStream<Ping>, count: Int) -> DispatchSemaphore {
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
