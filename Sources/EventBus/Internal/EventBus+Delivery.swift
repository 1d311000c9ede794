import Synchronization

/// The engine's side of `publish`: the plain path's look at the type's published list, the
/// lock-free walk over it (or a locked snapshot while protocol matches are unresolved), and the
/// dead event and taps' record it leaves; the traced path, for publishes that note their call
/// site (a tap is registered, or the type has a throwing synchronous handler); and a store's
/// direct path. The façade (`EventBus.swift`) decides which path a publish takes and calls in
/// here; it never reads a list or the thread's nesting state itself.
extension EventBus {
    /// `publish` before it knows whether it needs the call site. Returns `.done`, or, before
    /// delivering anything, that the publish must be traced (a tap is registered, or the type
    /// has a throwing handler), or, after
    /// delivering, that the event reached nobody and the bus has ``DeadEvent`` subscribers: the
    /// caller then builds the call site for what is left (``finishPlain(_:_:callSite:)``).
    @usableFromInline
    func publishPlain<Event: EventBusEvent>(_ event: Event) -> PlainPublish {
        // A type nobody listens to, whose protocol matches (if the bus has protocol
        // subscriptions) are known: nothing to deliver, and nothing is locked or written to find
        // that out. A negative count is a list whose entries want call sites, or a tapped bus's
        // list: one comparison covers all three, so a publish that reaches someone pays nothing
        // for them. A type with no list, or an empty one, asks the taps here.
        // unsafe invariant 1: a list lives as long as the store; only its count is read here.
        let list = store.publishedList(of: ObjectIdentifier(Event.self))
        let listed = list.map({ $0._withUnsafeGuaranteedRef { $0.count.load(ordering: .relaxed) } }) ?? 0
        if listed <= 0 {
            if listed < 0 || taps.wantsCallSites { return .traced }
            if readsWithoutLock(list) { return store.hasDeadEventSubscribers ? .reachedNobody : .done }
        }
        let nesting = PublishNesting.current(key: nestingKey)
        guard nesting.pointee.depth < Self.nestingLimit else {
            queuePastTheLimit(event, nesting: nesting)
            return .done
        }
        nesting.pointee.depth += 1
        let reachedNobody = deliverNow(event, list: list, nesting: nesting, tapping: false, noted: false)
        if nesting.pointee.depth == Self.nestingLimit {
            PublishNesting.runWaiting(on: nesting)
        }
        nesting.pointee.depth -= 1
        return reachedNobody ? .reachedNobody : .done
    }

    // unsafe invariant 5: `nesting` is the calling thread's own state.
    /// A plain publish past ``nestingLimit``, queued for the publish at the limit. Out of line: the
    /// closure's copy of the event made every plain publish reserve stack for an `Event` on entry.
    /// Its dead event, if any, names no call site: the closure does not keep one.
    @inline(never)
    private func queuePastTheLimit<Event: EventBusEvent>(
        _ event: Event, nesting: UnsafeMutablePointer<PublishNesting>
    ) {
        nesting.pointee.wait {
            let reachedNobody = self.deliverNow(
                event, list: self.store.publishedList(of: ObjectIdentifier(Event.self)), nesting: nesting,
                tapping: false, noted: false)
            if reachedNobody { self.publishDeadEvent(for: event, callSite: .unknown, nesting: nesting) }
        }
    }

    /// `publish` without the nesting check: delivers `event` now, on this thread, to `list`
    /// (the type's published list, looked up by the caller). Inlined so that the check costs no
    /// extra call. The taps' record and the
    /// dead event take the call site, sequence number and parent from the thread's note of the
    /// running publish, which the traced path set (`noted`). Returns true when the event reached
    /// nobody, the publish noted no call site, and the bus has ``DeadEvent`` subscribers: the
    /// dead event is then the caller's to publish, with the call site it has.
    ///
    /// The list is read without a lock: the publish announces it in the thread's hazard slot,
    /// walks the published buffer, and clears the slot; entries taken out of the list
    /// meanwhile stay alive until then (see ``PublishedList`` and ``Reclaimer``). Only when the
    /// bus has protocol subscriptions that were not yet matched against this type (a new one
    /// since the type's last publish) does it take the shard's lock, to resolve the matches and
    /// retain a snapshot with them.
    @inline(__always)
    func deliverNow<Event: EventBusEvent>(
        _ event: Event,
        // unsafe invariant 1: the list lives as long as the store; its hazard slot covers the walk.
        list: Unmanaged<PublishedList>?,
        // unsafe invariant 5: the thread's own nesting state.
        nesting: UnsafeMutablePointer<PublishNesting>,
        tapping: Bool, noted: Bool
    ) -> Bool {
        // unsafe invariant 1: the slot names the list before the buffer is loaded.
        let eventKey = ObjectIdentifier(Event.self)
        var walk = DeliveryWalk(tapping: tapping)
        if readsWithoutLock(list) {
            // Nonzero: negative is a list whose entries want call sites (see `publishPlain`).
            if let list, list._withUnsafeGuaranteedRef({ $0.count.load(ordering: .relaxed) }) != 0 {
                let slot = nesting.pointee.hazardSlot()
                slot.pointee.store(Int(bitPattern: list.toOpaque()), ordering: .sequentiallyConsistent)
                let buffer = list._withUnsafeGuaranteedRef { $0.buffer }
                let count = buffer[PublishedList.countWord].load(ordering: .acquiring)
                list._withUnsafeGuaranteedRef { $0.countPublish(stripe: nesting.pointee.countingStripe) }
                walk.run(event, count: count, countedOnTheList: true) {
                    PublishedList.entry(at: $0, in: buffer)
                }
                slot.pointee.store(0, ordering: .sequentiallyConsistent)
                if store.reclaimer.hasPending { store.reclaimer.reclaim() }
            }
        } else {
            let snapshot = snapshotResolvingProtocols(
                of: eventKey, for: event, generation: protocols.generation)
            // unsafe invariant 2: the retained snapshot keeps every entry alive for the walk.
            snapshot.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: Unmanaged<AnySubscription>.self) { entries in
                    walk.run(event, count: entries.count, countedOnTheList: false) { entries[$0] }
                }
            }
        }
        if walk.needsPrune {
            store.pruneFinished(of: eventKey)
        }
        // A subscription whose full buffer turned the event away was listening: not a dead event.
        // (`walk.reachedNobody` says the same, a plain walk holding nothing back; reading its
        // third flag here made every plain publish dearer.)
        var deadEventLeft = false
        if walk.reachedCount == 0 && !walk.droppedAny {
            if noted {
                publishDeadEvent(
                    for: event, callSite: nesting.pointee.tracedPublish.callSite ?? .unknown, nesting: nesting
                )
            } else {
                deadEventLeft = store.hasDeadEventSubscribers
            }
        }
        if let notes = walk.notes {
            notifyTaps(of: event, notes: notes, trace: nesting.pointee.tracedPublish)
        }
        return deadEventLeft
    }

    // unsafe invariant 5: `nesting` is the calling thread's own state.
    /// ``deliverNow(_:list:nesting:tapping:noted:)`` to the type's published list, for the
    /// traced path, which does not look at the list before delivering.
    @inline(__always)
    func deliverNow<Event: EventBusEvent>(
        _ event: Event, nesting: UnsafeMutablePointer<PublishNesting>, tapping: Bool, noted: Bool
    ) -> Bool {
        deliverNow(
            event, list: store.publishedList(of: ObjectIdentifier(Event.self)), nesting: nesting,
            tapping: tapping, noted: noted)
    }

    /// What is left of a plain publish that needed its call site after all (see
    /// ``publishPlain(_:)``). Out of line: the plain path never calls it.
    @usableFromInline @inline(never)
    func finishPlain<Event: EventBusEvent>(_ event: Event, _ outcome: PlainPublish, callSite: CallSite) {
        if outcome == .traced {
            publishTraced(event, callSite: callSite)
        } else {
            publishDeadEvent(for: event, callSite: callSite, nesting: PublishNesting.current(key: nestingKey))
        }
    }

    /// `publish` on a bus with taps, or of a type with throwing synchronous handlers: the same
    /// delivery, plus the dead event and the taps' record, which read the call site, sequence
    /// number and parent from the thread's note of the running publish
    /// (`PublishNesting.tracedPublish`), as failure reports do.
    @usableFromInline @inline(never)
    func publishTraced<Event: EventBusEvent>(_ event: Event, callSite: CallSite) {
        let nesting = PublishNesting.current(key: nestingKey)
        // Numbered, and its parent found, now: a publish queued past the limit runs after its
        // parent returned, but was still made by it.
        let tapping = taps.isActive
        let trace = TracedPublish(
            taps: tapping ? ObjectIdentifier(taps) : nil,
            sequenceNumber: tapping ? taps.takeSequenceNumber() : 0, callSite: callSite,
            parent: tapping ? nesting.pointee.runningPublish?.parent(on: taps) : nil)
        guard nesting.pointee.depth < Self.nestingLimit else {
            nesting.pointee.wait { self.deliverTraced(event, nesting: nesting, trace: trace) }
            return
        }
        nesting.pointee.depth += 1
        deliverTraced(event, nesting: nesting, trace: trace)
        if nesting.pointee.depth == Self.nestingLimit {
            PublishNesting.runWaiting(on: nesting)
        }
        nesting.pointee.depth -= 1
    }

    /// Delivers a traced publish with `trace` as the thread's running publish meanwhile. Its
    /// own copy of `deliverNow`, not inlined into `publish`: a second inlined copy there made
    /// the optimizer stop inlining the walk.
    @inline(never)
    private func deliverTraced<Event: EventBusEvent>(
        _ event: Event, nesting: UnsafeMutablePointer<PublishNesting>, trace: TracedPublish
    ) {
        let enclosing = nesting.pointee.tracedPublish
        nesting.pointee.tracedPublish = trace.running(at: nesting.pointee.depth)
        _ = deliverNow(event, nesting: nesting, tapping: trace.taps != nil, noted: true)
        nesting.pointee.tracedPublish = enclosing
    }

    /// Called when a publish of `event` reached nobody; its call site is the thread's running
    /// publish's (set by the traced path, which every publish takes once `DeadEvent` has
    /// subscribers).
    func publishDeadEvent<Event: EventBusEvent>(
        for event: Event, callSite: CallSite, nesting: UnsafeMutablePointer<PublishNesting>
    ) {
        guard Event.self != DeadEvent.self, store.hasDeadEventSubscribers else { return }
        guard !nesting.pointee.quiet.contains(.deadEvents) else { return }
        let outer = nesting.pointee.quiet
        nesting.pointee.quiet.insert(.deadEvents)
        publish(DeadEvent(event: event, busReference: WeakReference(self), callSite: callSite), at: callSite)
        nesting.pointee.quiet = outer
    }

    // unsafe invariant 1: lists live as long as the store; only their counters are read.
    /// Whether a publish may read `list` without a lock: the bus has no protocol subscriptions,
    /// or `list` has them matched at the bus's current generation.
    @inline(__always)
    func readsWithoutLock(_ list: Unmanaged<PublishedList>?) -> Bool {
        let generation = protocols.generation
        return generation == 0
            || list?._withUnsafeGuaranteedRef { $0.resolvedGeneration.load(ordering: .acquiring) }
                == generation
    }
}

/// A way to one entry that may skip the walk: the entry and its event type's published list,
/// which the engine reads and the holder never does. A ``Store`` keeps one for its action
/// subscription (the list lives as long as the bus, which the store's engine holds).
struct DirectPath {
    /// The one entry the path leads to.
    let entry: AnySubscription
    fileprivate let list: Unmanaged<PublishedList>?
}

extension EventBus {
    /// The direct path to `entry`, filed under `Event`'s list (which this looks up, and which
    /// exists once `entry` is registered).
    func directPath<Event: EventBusEvent>(to entry: AnySubscription, for _: Event.Type) -> DirectPath {
        DirectPath(entry: entry, list: store.publishedList(of: ObjectIdentifier(Event.self)))
    }

    /// Whether a publish along `path` would reach its entry and nothing else: no tap or
    /// throwing handler wants the publish traced (a list whose entries want call sites has a
    /// negative count), the list holds one entry (interceptors, once-subscriptions, streams and
    /// matched protocol subscriptions are entries too), protocol subscriptions, if any, were
    /// matched against the type at the bus's current generation, and the entry is live, so it
    /// is that one entry. A ``Store`` then hands its action to its engine without the walk.
    ///
    /// A subscription added on another thread at the same moment may miss this event, as it
    /// may miss a publish whose snapshot was taken just before it was listed.
    @inline(__always)
    func reachesOnly(_ path: DirectPath) -> Bool {
        guard let list = path.list else { return false }
        return !taps.wantsCallSites
            && list._withUnsafeGuaranteedRef { $0.count.load(ordering: .relaxed) } == 1
            && readsWithoutLock(list)
            && !path.entry.isCancelled
    }
}
