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
        taps = TapStore()
        store = SubscriptionStore(taps: taps)
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
        // from being inlined. The plain path says when it needed one after all.
        if taps.wantsCallSites {
            publishTraced(event, callSite: CallSite(fileID: fileID, line: line, function: function))
        } else {
            let outcome = publishPlain(event)
            if outcome != .done {
                finishPlain(
                    event, outcome, callSite: CallSite(fileID: fileID, line: line, function: function))
            }
        }
    }

    /// `publish` on a bus without taps. Returns `.done`, or, before delivering anything, that
    /// the type's publishes must be traced (a throwing handler of the type), or, after
    /// delivering, that the event reached nobody and the bus has ``DeadEvent`` subscribers: the
    /// caller then builds the call site for what is left (``finishPlain(_:_:callSite:)``).
    @usableFromInline
    func publishPlain<Event: EventBusEvent>(_ event: Event) -> PlainPublish {
        // A type nobody listens to, whose protocol matches (if the bus has protocol
        // subscriptions) are known: nothing to deliver, and nothing is locked or written to find
        // that out. A negative count is a list whose entries want call sites: one comparison
        // covers both, so a publish that reaches someone pays nothing for either.
        let list = store.publishedList(of: ObjectIdentifier(Event.self))
        let listed = list.map({ $0._withUnsafeGuaranteedRef { $0.count.load(ordering: .relaxed) } }) ?? 0
        if listed <= 0 {
            if listed < 0 { return .traced }
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

    /// How many publishes may be nested on one thread (a handler publishing, whose handler
    /// publishes, and so on) before further nested publishes are queued instead of run at once.
    ///
    /// Chosen so that the nested publishes with ordinary handlers fit in the 512 KiB stack of a
    /// secondary thread on Apple platforms even in a debug build; real event flows nest a few
    /// levels deep, so meeting the limit usually means a cycle of events.
    public static let nestingLimit = 64

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
        _ event: Event, list: Unmanaged<PublishedList>?, nesting: UnsafeMutablePointer<PublishNesting>,
        tapping: Bool, noted: Bool
    ) -> Bool {
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
            notifyTaps(
                of: event, reachedCount: walk.reachedCount, notes: notes, trace: nesting.pointee.tracedPublish
            )
        }
        return deadEventLeft
    }

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
