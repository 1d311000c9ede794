/// What a stepping handler asks for once it is done with an event.
public enum StepDemand: Sendable, Hashable {
    /// Deliver the next event: the oldest waiting one at once, otherwise the next one published.
    case more
    /// End the subscription. Waiting events are released undelivered.
    case cancel
}

/// The answer a stepping handler owes for one event: complete it with ``StepDemand/more`` to
/// get the next event, or ``StepDemand/cancel`` to end the subscription.
///
/// Handed to the handler of ``EventBus/subscribeStepping(owner:for:priority:buffering:handler:)`` with
/// each event. Until it is completed, later events wait in the subscription's buffer.
///
/// ## Threading
/// Complete it on any thread: inside the handler, or later (after a timer, when a user presses
/// a key, when an `async` job finishes). No lock is held while it completes.
///
/// ## Ordering
/// Completed inside the handler, ``StepDemand/more`` takes effect after the handler returns:
/// the next event is never delivered in a nested call, and handler calls of one subscription
/// never overlap. Completed later, the next waiting event is delivered right away: on the
/// completing thread for a subscription on the publisher's thread, or as a job on its executor.
///
/// ## Edge cases
/// Only the first completion of a promise counts. Completing it again, or completing a
/// promise from an earlier event, has no effect: it never requests an extra event and never
/// cancels a newer step. A promise whose subscription has ended ignores completion. Dropping a
/// promise without completing it stalls the subscription until it is cancelled or its owner
/// is released.
public struct StepPromise: Sendable {
    let step: UInt64
    /// The subscription's step state, held strongly: plain data that keeps no user code alive
    /// however long a promise is kept (a timer, a key press). It reaches the subscription weakly,
    /// and only for a completion that needs the buffer or ends the subscription (see the
    /// ownership rule on ``AnySubscription``). A `.more` inside the handler is one
    /// compare-and-swap on it; a weak reference to the subscription in the promise itself cost
    /// a side-table retain and release per event.
    private let control: StepControl

    init(step: UInt64, control: StepControl) {
        self.step = step
        self.control = control
    }

    /// Answers for this promise's event. Only the first completion of a promise has an effect.
    public func complete(_ demand: StepDemand) {
        if demand == .more, control.settleMore(for: step) { return }
        control.subscription?.completeStep(step, with: demand)
    }

    /// Answers for this promise's event, so that a handler may write `promise(.more)`, as in
    /// Combine-style demand and in JavaScript's promise resolvers. Exactly
    /// ``complete(_:)``: the same threading, ordering and first-completion-wins rules.
    public func callAsFunction(_ demand: StepDemand) {
        complete(demand)
    }
}
