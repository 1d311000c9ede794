import Dispatch

/// Whether the calling code runs on the main dispatch queue, the main actor's executor: the one
/// question behind ``MainActorExecutor/mainActorImmediate``.
///
/// Dispatch answers it with its documented queue-specific data: a key set on the main queue is
/// found by `DispatchQueue.getSpecific(key:)` exactly while the current queue is the main queue
/// (or a queue that targets it). Dispatch makes the main queue the main thread's current queue
/// when it starts, so the answer is yes on the main thread of an app (in a UIKit or AppKit
/// action, a SwiftUI `body`) and, on Linux, on the thread that drains the main queue after an
/// async `main` called `dispatch_main()`, where the main actor runs but the main thread does
/// not. A thread check (`pthread_main_np`, `gettid() == getpid()`) would say no there, so an
/// async program on Linux, tests included, would never get immediate delivery. The answer is no
/// on every other queue, even a `sync` block on the main thread: a false no only queues the
/// event, as `.mainActor` would; a yes is what lets a main-actor handler run inline.
func isOnMainQueue() -> Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) != nil
}

/// Set on the main queue once, the first time a check needs it.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()
