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

    static let all = [
        publish1, publish10, publish100, subscribeCancel, bytes, "2 threads", stream, mainLoop,
        protocolSubscription, priority10, asyncHandler,
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
}
