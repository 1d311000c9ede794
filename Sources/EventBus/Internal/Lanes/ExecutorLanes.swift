/// The bus's executor lanes, one per executor it can identify (see ``ExecutorLane``).
///
/// Consulted only when a subscription is made: the entry keeps its lane, so publishing never
/// looks one up. Lanes are held weakly; a lane lives as long as an entry or a scheduled drain
/// job uses it, and removes itself from the table when it goes.
final class ExecutorLanes: Sendable {
    private let lanes = LockedValue<[LaneIdentity: WeakLane]>([:])

    init() {}

    /// The lane of `executor`, made on first use; nil for an executor the bus cannot tell
    /// apart from another (a value type other than the built-in ones), whose subscriptions
    /// keep a mailbox each.
    func lane(for executor: some EventBusExecutor) -> ExecutorLane? {
        guard let identity = LaneIdentity(executor) else { return nil }
        return lanes.withLock { lanes in
            if let lane = lanes[identity]?.lane { return lane }
            let lane = ExecutorLane(executor: executor, identity: identity, table: self)
            lanes[identity] = WeakLane(lane: lane)
            return lane
        }
    }

    /// The queued main actor's lane, made on first use.
    var mainActor: ExecutorLane {
        // The main actor always has an identity, so there is always a lane.
        lane(for: MainActorExecutor())!
    }

    /// Drops the table's slot for `identity` unless a newer lane took it.
    func forget(_ identity: LaneIdentity) {
        let newer = lanes.withLock { lanes in
            let newer = lanes[identity]?.lane
            if newer == nil { lanes[identity] = nil }
            return newer
        }
        // Released after the unlock: if the newer lane's last other reference went meanwhile,
        // this runs its deinit, which calls `forget` and takes the lock again.
        _ = consume newer
    }

    /// Notes each lane whose drain is scheduled or running (see ``EventBus/pendingWork()``).
    func notePendingWork(into work: inout PendingWork) {
        let all = lanes.withLock { $0.values.compactMap(\.lane) }
        for lane in all where lane.core.state.withLock({ $0.isDraining }) {
            work.note("events queued on \(lane.executor.label)", on: lane.executor)
        }
        // The lanes are released here, after the unlock: the last reference to one may go.
    }

    /// Lanes in the table, for tests.
    var count: Int { lanes.withLock { $0.count } }
}

/// A table slot; weak, so the table never keeps a lane (or its executor) alive.
struct WeakLane: Sendable {
    weak var lane: ExecutorLane?
}

/// Which executor a lane belongs to: the instance, for an executor that is a class (a dispatch
/// queue, `ManualExecutor`, an app's run loop); the actor, for ``ActorExecutor``; the type,
/// for ``MainActorExecutor``, one for its queued and one for its immediate kind.
enum LaneIdentity: Hashable, Sendable {
    case object(ObjectIdentifier)
    case actor(ObjectIdentifier)
    case mainActor
    case mainActorImmediate

    init?(_ executor: some EventBusExecutor) {
        if let shared = executor as? any LaneSharingExecutor {
            self = shared.laneIdentity
        } else if type(of: executor) is AnyObject.Type {
            self = .object(ObjectIdentifier(executor as AnyObject))
        } else {
            return nil
        }
    }
}

/// A value-type executor whose instances all run jobs in the same place.
protocol LaneSharingExecutor {
    var laneIdentity: LaneIdentity { get }
}

extension MainActorExecutor: LaneSharingExecutor {
    var laneIdentity: LaneIdentity { isImmediate ? .mainActorImmediate : .mainActor }
}

extension ActorExecutor: LaneSharingExecutor {
    var laneIdentity: LaneIdentity { .actor(ObjectIdentifier(actor)) }
}
