/// The engine's side of `publishState`: the value made current under the shard lock, and its
/// walk (see ``DeliveryWalk``). The façade (`EventBus+State.swift`) only names the call site.
extension EventBus {
    /// ``publishState(_:fileID:line:function:)`` with its call site built.
    @inline(__always)
    func publishState<Event: EventBusEvent>(_ value: Event, at callSite: CallSite) {
        let tapping = taps.isActive
        let sequenceNumber = tapping ? taps.takeSequenceNumber() : 0
        let protocolGeneration = protocols.generation
        if protocolGeneration != 0 {
            // Installs protocol subscriptions' adapters in this type's list when not done yet,
            // so that the snapshot taken with the value below includes them.
            _ = snapshotResolvingProtocols(
                of: ObjectIdentifier(Event.self), for: value, generation: protocolGeneration)
        }
        // The replaced value is released here, outside the lock (see `ReplacedState`).
        let published = ReplacedState<Event>.publishing { store.setState(value, movingReplacedTo: $0) }
        let snapshot = published.snapshot
        let stateSequence = published.sequence

        // As in `publish`, inline: the closure that queues a delivery is made only when one is
        // queued, so a state publish allocates nothing.
        let nesting = PublishNesting.current(key: PublishNesting.key)
        let parent = tapping ? nesting.pointee.runningPublish?.parent(on: taps) : nil
        guard nesting.pointee.depth < Self.nestingLimit else {
            nesting.pointee.wait {
                self.deliverState(
                    value, to: snapshot, stateSequence: stateSequence, tapping: tapping,
                    sequenceNumber: sequenceNumber, callSite: callSite, parent: parent, nesting: nesting)
            }
            return
        }
        nesting.pointee.depth += 1
        deliverState(
            value, to: snapshot, stateSequence: stateSequence, tapping: tapping,
            sequenceNumber: sequenceNumber, callSite: callSite, parent: parent, nesting: nesting)
        if nesting.pointee.depth == Self.nestingLimit {
            PublishNesting.runWaiting(on: nesting)
        }
        nesting.pointee.depth -= 1
    }

    // unsafe invariant 5: `nesting` is this thread's own `PublishNesting`.
    /// Offers a state value to the snapshot taken when it became current, in one
    /// ``DeliveryWalk`` (see ``DeliveryWalk/runState(_:sequence:over:)``: every entry sees
    /// `stateSequence` once). Out of order values are not a concern here: each subscription's
    /// gate runs them by `stateSequence`.
    private func deliverState<Event: EventBusEvent>(
        _ value: Event, to snapshot: ContiguousArray<AnySubscription>, stateSequence: UInt64, tapping: Bool,
        sequenceNumber: UInt64, callSite: CallSite, parent: UInt64?,
        nesting: UnsafeMutablePointer<PublishNesting>
    ) {
        // A few stores on a path that takes a lock: always noted, for nested publishes' parent.
        let enclosing = nesting.pointee.tracedPublish
        nesting.pointee.tracedPublish = TracedPublish(
            taps: tapping ? ObjectIdentifier(taps) : nil, sequenceNumber: sequenceNumber, callSite: callSite,
            parent: parent, depth: nesting.pointee.depth)
        var walk = DeliveryWalk(tapping: tapping)
        if !snapshot.isEmpty {
            // unsafe invariant 10: the value is lent for the walk; this frame keeps it alive.
            // The value is handed to the entries by pointer (see `StateStage`), valid for the walk;
            // taken only when there is a walk (a generic call and its closure).
            withUnsafePointer(to: value) { walk.runState($0, sequence: stateSequence, over: snapshot) }
        }
        if walk.needsPrune {
            store.pruneFinished(of: ObjectIdentifier(Event.self))
        }
        if walk.reachedNobody {
            publishDeadEvent(for: value, callSite: callSite, nesting: nesting)
        }
        nesting.pointee.tracedPublish = enclosing  // restored before the taps are told
        if let notes = walk.notes {
            taps.notify(
                PublishRecord(
                    event: value, eventTypeName: String(describing: Event.self), recipients: notes.recipients,
                    consumedBy: notes.consumedBy, droppingRecipients: notes.droppingRecipients,
                    sequenceNumber: sequenceNumber, skips: notes.skips, callSite: callSite,
                    parentSequenceNumber: parent))
        }
    }
}
