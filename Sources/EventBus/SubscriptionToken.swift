import Synchronization

/// A handle to one subscription, used to end it early.
///
/// Every `subscribe` call returns its own token, even for the same owner and event type.
///
/// ## Lifetime: a stored token owns its subscription
/// One rule for every kind: **a token stored with `store(in:)` (in a ``SubscriptionBag`` or a
/// `Set<SubscriptionToken>`) ends its subscription when the container releases it**, like
/// Combine's `AnyCancellable`. So `.store(in: &subscriptions)` at the call site always means
/// "this subscription lasts as long as `subscriptions`".
///
/// A token that was never stored keeps the rule of the call that made it:
/// - Owner-bound subscriptions (`subscribe(owner:…)`, `subscribeOnce`, `subscribeOnMain`,
///   `intercept(owner:…)`, stepping and paced with an owner, state queries with an owner) end
///   with their owner; their token may be discarded, and discarding it cancels nothing.
/// - Owner-less subscriptions (``EventBus/subscribe(for:priority:handler:)-8vm99``,
///   ``EventBus/observeAll(_:failures:)``, `subscribeStepping(for:…)`, …) have no other anchor:
///   releasing the last reference to their token cancels them, stored or not.
///
/// Whichever comes first ends the subscription: the owner's release, the container's (for a
/// stored token), or ``cancel()``. Keep a token in a collection of your own only for an
/// owner-less subscription, or call `store(in:)`: inserting it with `insert` leaves an
/// owner-bound token's rule unchanged.
///
/// A token never keeps anything alive: not the handler once the subscription has ended, and
/// not the bus. Releasing the bus ends every subscription on it and reports the tokens
/// cancelled.
///
/// ## Cancellation
/// ``cancel()`` may be called from any thread, any number of times, and from inside the
/// subscription's own handler. Once it has returned, no publish that starts afterwards reaches
/// the handler, and no delivery still queued on an executor or the main actor runs it.
///
/// > Warning: A synchronous delivery already running on another thread when you cancel may
/// > finish. Cancelling from the thread or executor the handler runs on has no such window.
public final class SubscriptionToken: Sendable, Hashable {
    // The subscriber list is the entry's only strong owner: the token names the entry instead
    // of referencing it, so ending the subscription releases its handler and captures even
    // while this token lives. The token does keep the store, but not the bus: the bus empties
    // its store when it is released, so all a late token keeps is empty bookkeeping. (A weak
    // reference to the store cost a third of subscribe + cancel's instructions.)
    private let id: SubscriptionID
    private let store: any SubscriptionRemoving
    /// Set for owner-less kinds from the start, and for any kind by `store(in:)`. Relaxed: the
    /// release of the last reference orders the store before `deinit` reads it.
    private let cancelsOnDeinit: Atomic<Bool>
    /// A buffered kind's backlog and drop count: plain data the entry writes, never the entry.
    private let counters: BufferCounters?

    init(subscription: AnySubscription, store: any SubscriptionRemoving, cancelsOnDeinit: Bool) {
        self.id = SubscriptionID(subscription)
        self.store = store
        self.cancelsOnDeinit = Atomic(cancelsOnDeinit)
        counters = subscription.bufferCounters
    }

    deinit {
        if cancelsOnDeinit.load(ordering: .relaxed) {
            cancel()
        }
    }

    /// Ends the subscription. Idempotent and thread-safe; see the type's discussion for what
    /// is guaranteed once it returns.
    ///
    /// The handler, everything it captured and any events still queued for an executor are
    /// released as soon as no publish is running it any more, even if this token is kept.
    public func cancel() {
        store.cancel(id)
    }

    /// True once no event can reach the handler any more: the token was cancelled, a
    /// once-subscription has fired, the owner has been released, or the bus has been released.
    public var isCancelled: Bool { store.isFinished(id) }

    /// How many events wait for the handler: in a stepping or paced subscription's buffer, or
    /// in an executor subscription's mailbox. Always 0 for synchronous kinds, and 0 once the
    /// subscription has ended (waiting events are released then). A snapshot: it may change as
    /// soon as it is read.
    public var waitingEventCount: Int { counters?.waitingCount ?? 0 }

    /// How many events this subscription's ``EventBufferPolicy`` has dropped since it was
    /// created. Never decreases. Always 0 for unbounded and synchronous kinds.
    public var droppedEventCount: Int { counters?.droppedCount ?? 0 }

    /// Keeps the token in `bag`, which then owns the subscription: the bag cancels it when the
    /// bag is cancelled or released, whatever the subscription's kind (an owner-bound one also
    /// still ends with its owner).
    public func store(in bag: SubscriptionBag) {
        bag.insert(self)
    }

    /// Keeps the token in `set`, as Combine users write `store(in: &cancellables)`, and makes
    /// the token own its subscription: when the set releases it (the set is released, emptied,
    /// or the token removed), the subscription ends, whatever its kind. An owner-bound
    /// subscription also still ends with its owner, whichever comes first.
    public func store(in set: inout Set<SubscriptionToken>) {
        ownSubscription()
        set.insert(self)
    }

    /// From now on, releasing this token cancels the subscription (see the type's Lifetime).
    func ownSubscription() {
        cancelsOnDeinit.store(true, ordering: .relaxed)
    }

    /// Tokens are equal only to themselves.
    public static func == (lhs: SubscriptionToken, rhs: SubscriptionToken) -> Bool {
        lhs === rhs
    }

    /// Hashes the token's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
