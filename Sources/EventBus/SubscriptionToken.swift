/// A handle to one subscription, used to end it early.
///
/// Every `subscribe` call returns its own token, even for the same owner and event type.
///
/// ## Lifetime
/// Tokens of owner-bound subscriptions (`subscribe(owner:…)`, `subscribeOnce`,
/// `subscribeOnMain`) may be discarded: the owner's lifetime ends the subscription, and a
/// discarded token cancels nothing. Tokens of owner-less subscriptions
/// (``EventBus/subscribe(to:priority:handler:)-99nmq``, ``EventBus/observeAll(_:failures:)``) are the subscription's
/// only anchor: releasing the last reference to such a token cancels it, like Combine's
/// `AnyCancellable`. To tie tokens to an object's lifetime, store them in a
/// ``SubscriptionBag``.
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
    private let cancelsOnDeinit: Bool
    /// A buffered kind's backlog and drop count: plain data the entry writes, never the entry.
    private let counters: BufferCounters?

    init(subscription: AnySubscription, store: any SubscriptionRemoving, cancelsOnDeinit: Bool) {
        self.id = SubscriptionID(subscription)
        self.store = store
        self.cancelsOnDeinit = cancelsOnDeinit
        counters = subscription.bufferCounters
    }

    deinit {
        if cancelsOnDeinit {
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

    /// Keeps the token in `bag`; the bag cancels it when the bag is cancelled or released.
    public func store(in bag: SubscriptionBag) {
        bag.insert(self)
    }

    /// Keeps the token in `set`, as Combine users write `store(in: &cancellables)`.
    ///
    /// The set only keeps the token alive: releasing it cancels owner-less subscriptions but
    /// not owner-bound ones. Use a ``SubscriptionBag`` to cancel both kinds together.
    public func store(in set: inout Set<SubscriptionToken>) {
        set.insert(self)
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
