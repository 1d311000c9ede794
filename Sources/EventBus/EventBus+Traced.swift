/// What the traced path tells the taps, and publishes the library makes on a caller's behalf
/// (the path itself, `publishTraced`, is the engine's: `Internal/EventBus+Delivery.swift`).
extension EventBus {
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
