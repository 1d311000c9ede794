import Synchronization

/// A typed, thread-safe, in-process event bus.
///
/// Publishers call ``publish(_:fileID:line:function:)`` with any ``EventBusEvent``; subscribers receive the events
/// of the types they subscribed to. Use ``default`` for an app-wide bus, or create instances and
/// inject them (tests usually want their own).
///
/// ```swift
/// bus.subscribe(owner: self) { (owner, event: UserDidLoginEvent) in
///     owner.show(event.userID)
/// }
/// bus.publish(UserDidLoginEvent(userID: "ada"))
/// ```
///
/// ## Ordering
/// A publish delivers synchronously, on the publisher's thread, to a snapshot of the event
/// type's subscriptions taken when the publish starts, in descending priority and subscription
/// order among equals. A handler that
/// publishes runs that nested publish to completion first (depth-first). Subscriptions added
/// during a publish get the next event, not the current one; subscriptions cancelled, or whose
/// owner died, before their turn in the snapshot are skipped.
///
/// ## Threading
/// Every method may be called from any thread. No lock is held while a handler runs, so a
/// handler may publish, subscribe, cancel, or release the last reference to its owner.
///
/// ## Lifetime
/// The bus holds owners weakly. Once an owner is gone its handlers never run again, and its
/// entries are removed by the next publish of that event type, or by later subscribes (of
/// any type), so dead subscriptions never accumulate. Removing an entry releases its handler
/// and captures even if someone keeps the token. Tokens don't keep the bus alive: releasing
/// the bus ends every subscription on it.
public final class EventBus: Sendable {
    /// The process-wide bus that ``default`` returns outside ``withDefault(_:isolation:operation:)``.
    static let shared = EventBus()

    let store: SubscriptionStore
    let protocols = ProtocolStore()
    @usableFromInline let taps: TapStore
    let failures: FailureReporter
    /// One queue per executor for the plain executor and main-actor subscriptions on it.
    let lanes = ExecutorLanes()
    /// The thread-specific key of ``PublishNesting``, copied here so publishing loads it plainly.
    let nestingKey = PublishNesting.key

    /// Creates a bus with no subscriptions, independent of every other bus.
    public init() {
        store = SubscriptionStore()
        taps = TapStore(lists: store)
        failures = FailureReporter(taps: taps)
    }

    /// Tokens may outlive the bus, and they keep its store; emptying the store here ends and
    /// releases every subscription, whoever still holds tokens.
    deinit {
        store.removeEverything()
        protocols.removeEverything()
        taps.removeEverything()
    }

    /// Delivers `event` to the subscribers of its type.
    ///
    /// Synchronous handlers run on the calling thread before `publish` returns, in descending
    /// priority and subscription order among equals, against the snapshot taken when this call
    /// started. Executor and main-actor subscriptions get the event queued, in publish order,
    /// and run later. An interceptor that returns ``Propagation/stop`` ends this publish's
    /// delivery: subscriptions after it get nothing. Observe-all taps are called last, with how
    /// many subscriptions the event reached and who consumed it.
    ///
    /// Publishing an event nobody subscribes to is not an error: it reaches zero subscriptions,
    /// and the bus publishes a ``DeadEvent`` about it if anyone subscribes to those.
    ///
    /// A handler may publish; that nested publish runs to completion before the handler goes
    /// on (depth-first), up to ``nestingLimit`` publishes nested on one thread. A publish nested
    /// deeper returns at once and is delivered, in publish order with others like it, right
    /// after the handlers of the publish at the limit depth have returned. Chains of any
    /// length therefore use a bounded amount of stack; see <doc:NestedPublishing>.
    ///
    /// `fileID`, `line` and `function` are the call site: leave them to their defaults, which
    /// the compiler fills in with the caller's. Only observe-all taps, dead events and failure
    /// reports see it (``PublishRecord/callSite``), and a publish notes it only for them: on a
    /// bus without taps, a publish of a type with no throwing synchronous handler that reaches
    /// someone costs the same whether the bus has throwing handlers of other types or
    /// ``DeadEvent`` subscribers or not.
    @inlinable
    public func publish<Event: EventBusEvent>(
        _ event: Event, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) {
        // Decided in the caller's code, so that on the plain path the call site is never built
        // nor passed: as arguments its seven words cost every publish, even to a type nobody
        // subscribes to, and passed beside the walk they spilled registers and stopped the walk
        // from being inlined. The plain path says when it needed one after all, taps included
        // (they mark every list), so the caller tests one answer and no flag of its own.
        let outcome = publishPlain(event)
        if outcome != .done {
            finishPlain(event, outcome, callSite: CallSite(fileID: fileID, line: line, function: function))
        }
    }

    /// How many publishes may be nested on one thread (a handler publishing, whose handler
    /// publishes, and so on) before further nested publishes are queued instead of run at once.
    ///
    /// Chosen so that the nested publishes with ordinary handlers fit in the 512 KiB stack of a
    /// secondary thread on Apple platforms even in a debug build; real event flows nest a few
    /// levels deep, so meeting the limit usually means a cycle of events.
    public static let nestingLimit = 64
}
