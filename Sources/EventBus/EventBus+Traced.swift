/// The traced path: publishes that note their call site (a tap is registered, or the type has a
/// throwing synchronous handler), and what a plain publish left for its call site.
extension EventBus {
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

    /// The taps' record of a publish (out of line: the plain path never calls it). A publish
    /// that began on the plain path while a tap was being added has no trace: it is reported
    /// with sequence number 0 and an unknown call site.
    @inline(never)
    func notifyTaps<Event: EventBusEvent>(
        of event: Event, notes: DeliveryWalk.Notes, trace: TracedPublish
    ) {
        let traced = trace.taps == ObjectIdentifier(taps)
        taps.notify(
            PublishRecord(
                event: event, eventTypeName: String(describing: Event.self),
                recipients: notes.recipients,
                consumedBy: notes.consumedBy, droppingRecipients: notes.droppingRecipients,
                sequenceNumber: traced ? trace.sequenceNumber : 0,
                callSite: traced ? trace.callSite ?? .unknown : .unknown,
                parentSequenceNumber: traced ? trace.parent : nil))
    }

    /// `publish` from inside the library, for publishes made on behalf of a caller (a
    /// ``DeadEvent``), which carry the caller's call site. Straight to the traced path, and out of
    /// line: reached from inside the plain path's delivery, an inlined `publish` there put a
    /// call back to `publishPlain` in it, and the optimizer then stopped inlining the walk.
    @inline(never)
    func publish<Event: EventBusEvent>(_ event: Event, at callSite: CallSite) {
        publishTraced(event, callSite: callSite)
    }
}
