import EventBus

/// Publishing `Ping` to one weak-owner subscriber whose handler throws on every event, against the
/// same subscriber not throwing: with the default failure handler, which has written its one line
/// after the first throw and reads nothing after that, and with a custom failure handler that reads
/// every report.
func throwingContenders(options: Options) -> [Contender] {
    struct Refused: Error {}
    let sink = Sink()
    var contenders = ContenderList(options: options)
    contenders.add(Competitor.weakOwner) {
        let bus = EventBus()
        let owner = BenchOwner()
        bus.subscribe(owner: owner) { (_, event: Ping) in sink.add(event.value) }
        return { count in
            withExtendedLifetime(owner) { for index in 0..<count { bus.publish(Ping(value: index)) } }
        }
    }
    for reads in [false, true] {
        contenders.add(reads ? Competitor.throwingRead : Competitor.throwingUnread) {
            let bus = EventBus()
            let owner = BenchOwner()
            if reads { bus.setFailureHandler { failure in sink.add(failure.subscription.priority) } }
            bus.subscribe(owner: owner) { (_: BenchOwner, event: Ping) throws in
                sink.add(event.value)
                throw Refused()
            }
            bus.publish(Ping(value: 0))  // the default handler's one line, before measuring
            return { count in
                withExtendedLifetime(owner) { for index in 0..<count { bus.publish(Ping(value: index)) } }
            }
        }
    }
    return contenders.all
}

/// An owner for the throwing scenario's subscriptions.
private final class BenchOwner: Sendable {}
