/// One publish's pass over a snapshot of a subscriber list, and what it found: how many
/// subscriptions the event reached, who consumed it, whether finished entries need pruning.
///
/// The entries come in as unretained references through `entry(at:)`: the caller keeps them
/// alive for the whole walk (a retained snapshot, or a published list announced in the
/// thread's hazard slot), so retaining and releasing each entry would cost two atomic
/// operations per subscriber and buy nothing.
struct DeliveryWalk {
    var reachedCount = 0
    var needsPrune = false
    var droppedAny = false
    /// Who got the event, for the taps' record; nil while no tap is registered, so that a plain
    /// publish has no arrays to release.
    let notes: Notes?

    /// The recipients a tap's ``PublishRecord`` lists.
    final class Notes {
        var recipients: [PublishRecord.Recipient] = []
        var droppingRecipients: [PublishRecord.Recipient] = []
        var consumedBy: PublishRecord.Recipient?
    }

    init(tapping: Bool) {
        notes = tapping ? Notes() : nil
    }

    /// Offers `event` to the first `count` entries, in order, and counts the deliveries; with
    /// `notes`, also notes who got it for the taps' record.
    ///
    /// With `countedOnTheList`, the publish has already counted itself on the list, which
    /// counts for every entry listed (see `AnySubscription.countingList`): the entries it does
    /// not reach are uncounted instead, so a plain delivery writes nothing to its entry.
    @inline(__always)
    mutating func run<Event>(
        _ event: Event, count: Int, countedOnTheList: Bool, entry entryAt: (Int) -> Unmanaged<AnySubscription>
    ) {
        var consumer: Unmanaged<AnySubscription>?
        var end = count
        // Entries the event did not reach are counted on the rare path, and the reached ones
        // derived at the end: a counter bumped on every delivery is one more value live across the
        // handler calls, spilled and reloaded each time.
        var missed = 0
        for index in 0..<count {
            let entry = entryAt(index)
            let outcome = entry._withUnsafeGuaranteedRef {
                unsafeDowncast($0, to: Subscription<Event>.self).deliver(event)
            }
            // One comparison for a plain delivery; pruning, once-subscriptions, stop
            // propagation and buffer drops are decided off that path.
            if outcome != .delivered {
                needsPrune = needsPrune || outcome.needsPrune
                if outcome.droppedAnEvent {
                    droppedAny = true
                    notes?.droppingRecipients.append(
                        entry._withUnsafeGuaranteedRef { PublishRecord.Recipient($0) })
                }
                guard outcome.reached else {
                    missed += 1
                    if countedOnTheList { entry._withUnsafeGuaranteedRef { $0.uncountDelivery() } }
                    continue
                }
                if outcome == .consumed {
                    consumer = entry
                    end = index
                    if countedOnTheList {
                        for later in index + 1..<count {
                            entryAt(later)._withUnsafeGuaranteedRef { $0.uncountDelivery() }
                        }
                    }
                    break
                }
            }
            if !countedOnTheList { entry._withUnsafeGuaranteedRef { $0.countDelivery() } }
            notes?.recipients.append(entry._withUnsafeGuaranteedRef { PublishRecord.Recipient($0) })
        }
        // Up to the consumer (which is added below), every entry visited and not missed.
        reachedCount += end - missed
        if let consumer {
            reachedCount += 1
            if !countedOnTheList { consumer._withUnsafeGuaranteedRef { $0.countDelivery() } }
            if let notes {
                let recipient = consumer._withUnsafeGuaranteedRef { PublishRecord.Recipient($0) }
                notes.recipients.append(recipient)
                notes.consumedBy = recipient
            }
        }
    }
}
