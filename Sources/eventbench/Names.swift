/// Scenario names, as printed and as matched by `--scenario`.
enum ScenarioName {
    static let publish1 = "publish-1"
    static let publish10 = "publish-10"
    static let publish100 = "publish-100"
    static let perSubscriber = "per-subscriber cost"
    static let subscribeCancel = "subscribe+cancel"
    static let bytes = "bytes per subscription"
    static let twoThreadsSame = "2 threads, same type"
    static let twoThreadsDifferent = "2 threads, different types"
    static let stream = "stream"
    static let mainLoop = "main-loop latency"
    static let protocolSubscription = "protocol subscription"
    static let priority10 = "priority-10"
    static let asyncHandler = "async handler"
    static let fourThreadsSame = "4 threads, same type"
    static let fourThreadsDifferent = "4 threads, different types"
    static let noSubscribers = "publish, no subscribers"
    static let scaleCancel = "subscribe+cancel at 10k"
    static let endMany = "end 8,000 of 10,000"
    static let unsubscribeAll = "unsubscribeAll, 10k types"
    static let manyTypes = "publish-1, 10k types"
    static let executorJobs = "executor jobs per burst"
    static let store0 = "store-0"
    static let store1 = "store-1"
    static let store10 = "store-10"
    static let store100 = "store-100"
    static let skipped1 = "skipped state-1"
    static let skipped100 = "skipped state-100"
    static let throwing = "throwing handler"

    static let all = [
        publish1, publish10, publish100, subscribeCancel, bytes, "2 threads", stream, mainLoop,
        protocolSubscription, priority10, asyncHandler, noSubscribers, scaleCancel, endMany,
        unsubscribeAll, manyTypes, executorJobs, "4 threads", store0, store1, store10, store100,
        skipped1, skipped100, throwing,
    ]
}

/// Competitor names, as printed and as matched by `--competitor`.
enum Competitor {
    static let weakOwner = "EventBus weak-owner"
    static let token = "EventBus token-owned"
    static let executor = "EventBus executor"
    static let stepped = "EventBus stepped (.more in handler)"
    static let state = "EventBus state select+skip"
    static let notificationCenter = "NotificationCenter"
    static let naive = "naive bus"
    static let directFloor = "floor: direct closures"
    static let weakFloor = "floor: weak owner + closure"
    static let stream = "EventBus stream"
    static let streamFloor = "floor: AsyncStream yield"
    static let loopFloor = "floor: enqueue on loop"
    static let protocolMatch = "EventBus protocol subscription"
    static let protocolUnmatched = "EventBus token-owned, unmatched protocol on bus"
    static let prioritized = "EventBus token-owned, 10 priorities"
    static let asyncHandler = "EventBus async handler"
    static let cancelOldest = "EventBus token-owned, cancel oldest"
    static let cancelNewest = "EventBus token-owned, cancel newest"
    static let cancelRandom = "EventBus token-owned, cancel random"
    static let weakOwner10kTypes = "EventBus weak-owner, 10,000 types"
    static let token10kTypes = "EventBus token-owned, 10,000 types"
    static let neverSubscribed = "EventBus, type never subscribed"
    static let noLongerSubscribed = "EventBus, type no longer subscribed"
    static let store = "EventBus Store, select(\\.counter)"
    static let bareState = "EventBus publishState, select(\\.counter)"
    static let skippedState = "EventBus state, every chain skips"
    static let throwingUnread = "EventBus weak-owner, throws, default handler"
    static let throwingRead = "EventBus weak-owner, throws, custom handler"
    // Named without "weak-owner" and "token", so those filters still pick the plain rows only.
    static let ownedThrowingElsewhere = "EventBus owner-bound, another type's handler threw"
    static let ownerlessThrowingElsewhere = "EventBus owner-less, another type's handler threw"
    static let ownedDeadEventsWatched = "EventBus owner-bound, DeadEvent subscriber on the bus"
    static let ownerlessDeadEventsWatched = "EventBus owner-less, DeadEvent subscriber on the bus"
}
