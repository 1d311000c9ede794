/// A handle to one subscription, used to end it early.
///
/// Every `subscribe` call returns its own token, even for the same owner and event type.
///
/// ## Lifetime: one rule, set by the call that made the token
/// **A subscription with an owner ends when its owner goes; one without an owner ends when its
/// token goes.** Either also ends on ``cancel()``, on ``SubscriptionBag/cancelAll()`` of a bag
/// that holds its token, or when the bus is released. How the token is kept never changes that
/// rule: a stored property, `set.insert(token)`, `store(in: &set)`, `bag.insert(token)` and
/// `store(in: bag)` all only keep the token.
///
/// - With an owner (`subscribe(owner:…)`, `subscribeOnce`, `on: .mainActor`,
///   `intercept(owner:…)`, stepping, paced and async with an owner, a state query's
///   `subscribe(owner:…)`): the token may be discarded, and releasing it, or the set or bag
///   that holds it, cancels nothing. Those methods are `@discardableResult`.
/// - Without an owner (`subscribe(for:)`, `observeAll`, `intercept(for:)`, stepping, paced and
///   async without an owner, a state query's `subscribe(handler:)`, protocol subscriptions
///   without an owner): the token is the only anchor, so releasing the last reference to it
///   cancels the subscription. Those methods are not `@discardableResult`: the compiler warns
///   when the token is dropped, which would end the subscription at once.
///
/// A token never keeps anything alive: not the owner, not the handler once the subscription
/// has ended, and not the bus. Releasing the bus ends every subscription on it, and their
/// tokens report ``isFinished``.
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
    /// True exactly for owner-less kinds, fixed by the call that made the token: nothing about
    /// how the token is kept may change it (decision record 0116 in docs/decisions).
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
    ///
    /// A snapshot, safe to read from any thread. Once true it stays true. An owner's death is
    /// seen as soon as the owner is released, before the bus has removed the entry.
    public var isFinished: Bool { store.isFinished(id) }

    /// How many events wait for the handler: in a stepping or paced subscription's buffer, or
    /// in an executor subscription's mailbox. Always 0 for synchronous kinds, and 0 once the
    /// subscription has ended (waiting events are released then). A snapshot: it may change as
    /// soon as it is read.
    public var waitingEventCount: Int { counters?.waitingCount ?? 0 }

    /// How many events this subscription's ``EventBufferPolicy`` has dropped since it was
    /// created. Never decreases. Always 0 for unbounded and synchronous kinds.
    public var droppedEventCount: Int { counters?.droppedCount ?? 0 }

    /// Keeps the token in `bag`, and does nothing else: the subscription's rule stays the one
    /// of the call that made the token (see the type's Lifetime).
    ///
    /// An owner-less subscription then lasts while the bag (or any other holder) keeps its
    /// token, and ends when the bag is released. For an owner-bound one the bag keeps nothing
    /// alive and its release cancels nothing: the owner decides. ``SubscriptionBag/cancelAll()``
    /// ends either kind.
    public func store(in bag: SubscriptionBag) {
        bag.insert(self)
    }

    /// Keeps the token in `set`, as Combine users write `store(in: &cancellables)`, and does
    /// nothing else: it is `set.insert(self)`, and the subscription's rule stays the one of
    /// the call that made the token (see the type's Lifetime).
    ///
    /// An owner-less subscription then lasts while the set (or any other holder) keeps its
    /// token, and ends when the set releases it (the set is released or emptied, or the token
    /// removed). For an owner-bound one the set keeps nothing alive and releasing it cancels
    /// nothing: the owner decides; call ``cancel()`` on the token to end it sooner.
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
