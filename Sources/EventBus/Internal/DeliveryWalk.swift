/// One publish's pass over a snapshot of a subscriber list, and what it found: how many
/// subscriptions the event reached, who consumed it, whether finished entries need pruning.
/// Plain and state publishes make the same pass (``run(_:count:countedOnTheList:entry:)``,
/// ``runState(_:sequence:over:)``): this is the one place that decides what an entry's outcome
/// does to the publish.
///
/// The entries come in as unretained references through `entry(at:)`: the caller keeps them
/// alive for the whole walk (a retained snapshot, or a published list announced in the
/// thread's hazard slot), so retaining and releasing each entry would cost two atomic
/// operations per subscriber and buy nothing.
struct DeliveryWalk {
    var reachedCount = 0
    var needsPrune = false
    var droppedAny = false
    /// A state subscription's chain held the value back: it heard the value, so the value is not
    /// a dead event, but it did not reach the handler.
    var heldBackAny = false
    /// Who got the event, for the taps' record; nil while no tap is registered, so that a plain
    /// publish has no arrays to release.
    let notes: Notes?

    /// The recipients a tap's ``PublishRecord`` lists.
    final class Notes {
        var recipients: [PublishRecord.Recipient] = []
        var droppingRecipients: [PublishRecord.Recipient] = []
        var consumedBy: PublishRecord.Recipient?
        /// The state subscriptions whose chain held the value back, and the step that did.
        var skips: [PublishRecord.Skip] = []
    }

    init(tapping: Bool) {
        notes = tapping ? Notes() : nil
    }

    /// Whether nobody heard the event: it reached no entry, no chain held it back, and no full
    /// buffer turned it away. Such an event is a dead event.
    var reachedNobody: Bool { reachedCount == 0 && !heldBackAny && !droppedAny }

    // unsafe invariant 2: the caller's hazard slot or retained snapshot keeps every entry alive for the walk.
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
        walk(
            count: count, countedOnTheList: countedOnTheList, entry: entryAt,
            offer: { entry in
                entry._withUnsafeGuaranteedRef {
                    // unsafe invariant 3: a list filed under `Event` holds only `Subscription<Event>`s.
                    unsafeDowncast($0, to: Subscription<Event>.self).deliver(event)
                }
            },
            pass: { _ in })
    }

    // unsafe invariant 10: the value is lent for the call; the publish keeps it alive.
    /// Offers the state value at `value`, numbered `sequence` by its type's state publishes, to
    /// every entry of `snapshot` (retained by the caller), in order.
    ///
    /// Every entry sees `sequence` exactly once: as the value, or, for the entries after an
    /// interceptor that stopped it, as a pass (``AnySubscription/passState(sequence:)``). The
    /// walk has no other early exit, and the gates rely on it: they wait for a number only
    /// while its walk is on its way (see ``StateGate``).
    @inline(__always)
    mutating func runState<Event>(
        _ value: UnsafePointer<Event>, sequence: UInt64, over snapshot: ContiguousArray<AnySubscription>
    ) {
        // unsafe invariant 2: the caller retains the snapshot for the walk.
        // safe: `snapshot` is retained for the call, and an `AnySubscription` reference and an
        // `Unmanaged` one have the same layout.
        snapshot.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Unmanaged<AnySubscription>.self) { entries in
                walk(
                    count: entries.count, countedOnTheList: false, entry: { entries[$0] },
                    offer: { entry in
                        entry._withUnsafeGuaranteedRef {
                            // unsafe invariant 3: `Event`'s snapshot holds only `Subscription<Event>`s.
                            unsafeDowncast($0, to: Subscription<Event>.self).deliverState(
                                value, sequence: sequence)
                        }
                    },
                    // unsafe invariant 2: as above.
                    pass: { entry in entry._withUnsafeGuaranteedRef { $0.passState(sequence: sequence) } })
            }
        }
    }

    // unsafe invariant 2: every entry is alive for the walk, as its caller says.
    /// The pass itself: `offer` hands the event to one entry; `pass` lets an entry after the
    /// consumer know that the event will not come (a state value's turn goes by).
    ///
    /// Generic over what an entry answers, so that a plain publish's walk, whose answers are never
    /// held back, is compiled without that branch.
    @inline(__always)
    private mutating func walk<Answer: OfferAnswer>(
        count: Int, countedOnTheList: Bool, entry entryAt: (Int) -> Unmanaged<AnySubscription>,
        offer: (Unmanaged<AnySubscription>) -> Answer, pass: (Unmanaged<AnySubscription>) -> Void
    ) {
        var consumer: Unmanaged<AnySubscription>?
        var end = count
        // Entries the event did not reach are counted on the rare path, and the reached ones
        // derived at the end: a counter bumped on every delivery is one more value live across the
        // handler calls, spilled and reloaded each time.
        var missed = 0
        entries: for index in 0..<count {
            let entry = entryAt(index)
            let answer = offer(entry)
            // One comparison for a plain delivery; pruning, once-subscriptions, stop
            // propagation, buffer drops and values held back by a chain are decided off that path.
            if answer != .delivered {
                switch settle(answer, of: entry, countedOnTheList: countedOnTheList) {
                case .missed:
                    missed += 1
                    continue entries
                case .reached:
                    break
                case .consumed:
                    consumer = entry
                    end = index
                    for later in index + 1..<count {
                        let laterEntry = entryAt(later)
                        if countedOnTheList { laterEntry._withUnsafeGuaranteedRef { $0.uncountDelivery() } }
                        pass(laterEntry)
                    }
                    break entries
                }
            }
            if !countedOnTheList { entry._withUnsafeGuaranteedRef { $0.countDelivery() } }
            if let notes { Self.note(entry, in: notes) }
        }
        // Up to the consumer (which is added below), every entry visited and not missed.
        reachedCount += end - missed
        if let consumer {
            reachedCount += 1
            if !countedOnTheList { consumer._withUnsafeGuaranteedRef { $0.countDelivery() } }
            if let notes { Self.note(consumer, in: notes, consumed: true) }
        }
    }

    /// What an answer other than a plain delivery did to the walk.
    private enum Settled {
        case missed, reached, consumed
    }

    /// Applies an answer other than a plain delivery: pruning, a drop, a value held back, or an
    /// entry not reached. A function of its own, inlined in an optimized build: unoptimized,
    /// its temporaries would enlarge the walk's frame, which every nested publish holds.
    @inline(__always)
    private mutating func settle<Answer: OfferAnswer>(
        _ answer: Answer, of entry: Unmanaged<AnySubscription>, countedOnTheList: Bool
    ) -> Settled {
        if answer.isHeldBack {  // by a state chain's step: the subscription goes on
            heldBackAny = true
            if countedOnTheList { entry._withUnsafeGuaranteedRef { $0.uncountDelivery() } }
            if let notes, let reason = answer.skipReason {
                notes.skips.append(
                    entry._withUnsafeGuaranteedRef { PublishRecord.Skip($0, reason: reason.name) })
            }
            return .missed
        }
        let outcome = answer.outcome
        needsPrune = needsPrune || outcome.needsPrune
        if outcome.droppedAnEvent {
            droppedAny = true
            notes?.droppingRecipients.append(entry._withUnsafeGuaranteedRef { PublishRecord.Recipient($0) })
        }
        guard outcome.reached else {
            if countedOnTheList { entry._withUnsafeGuaranteedRef { $0.uncountDelivery() } }
            return .missed
        }
        return outcome == .consumed ? .consumed : .reached
    }

    /// Notes a recipient for the taps' record (see `settle` for why it is a function).
    @inline(__always)
    private static func note(_ entry: Unmanaged<AnySubscription>, in notes: Notes, consumed: Bool = false) {
        let recipient = entry._withUnsafeGuaranteedRef { PublishRecord.Recipient($0) }
        notes.recipients.append(recipient)
        if consumed { notes.consumedBy = recipient }
    }
}

/// What an entry answers a walk's offer: a plain publish's ``DeliveryOutcome``, or a state
/// publish's ``StateDeliveryResult``, which may also say that a step of the chain held the value
/// back.
protocol OfferAnswer: Equatable {
    /// Delivered, and not held back: the common answer, which the walk tests first.
    static var delivered: Self { get }
    /// The outcome; `delivered` for a value held back (the subscription goes on).
    var outcome: DeliveryOutcome { get }
    /// Whether a step of a state subscription's chain held the value back.
    var isHeldBack: Bool { get }
    /// The step that held the value back, if one did.
    var skipReason: SkipReason? { get }
}

extension DeliveryOutcome: OfferAnswer {
    var outcome: DeliveryOutcome { self }
    var isHeldBack: Bool { false }
    var skipReason: SkipReason? { nil }
}

extension StateDeliveryResult: OfferAnswer {}
