import EventBus
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The serial executor of the app's main loop: jobs queue here and the loop runs them between
/// frames. It stands in for the main actor in a terminal app that has no run loop of its own.
///
/// - Ordering: jobs run one at a time in the order they were enqueued (FIFO).
/// - Threading: ``enqueue(_:)`` may be called from any thread; it never blocks and never runs the
///   job inline. Jobs run on whichever thread calls ``drain()``: the loop thread in the app, the
///   test's thread in tests.
/// - Waking: the first enqueue after a drain writes one byte to a self-pipe; the loop polls
///   ``wakeDescriptor`` next to stdin, so a published event wakes an idle loop at once and an idle
///   app uses no CPU.
///
/// It is also a `SerialExecutor`, so the ``MainLoop`` global actor can run on it and pane code is
/// compiler-checked to run on the loop.
public final class MainLoopExecutor: EventBusExecutor, SerialExecutor {
    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var wakeWritten = false
        var ranJobCount = 0
    }

    /// The executor the real app and the ``MainLoop`` actor use.
    public static let shared = MainLoopExecutor()

    /// Shown by the event log as where handlers ran.
    public let label: String

    private let state = Mutex(State())
    private let pipeRead: Int32
    private let pipeWrite: Int32

    /// Creates an executor with its own queue and self-pipe (tests make one each).
    public init(label: String = "main-loop") {
        self.label = label
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { fatalError("eventdemo: pipe() failed, errno \(errno)") }
        // Non-blocking both ends: a publisher must never block on a full pipe, and draining
        // reads until EAGAIN.
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        pipeRead = fds[0]
        pipeWrite = fds[1]
    }

    deinit {
        close(pipeRead)
        close(pipeWrite)
    }

    /// Readable when jobs are waiting; the loop polls it.
    public var wakeDescriptor: Int32 { pipeRead }

    /// Number of jobs waiting to run.
    public var pendingCount: Int { state.withLock { $0.jobs.count } }

    /// Jobs run since the executor was made; tests compare it with the deliveries made on it
    /// (the bus queues a burst for all the plain subscriptions on one executor as one job).
    public var ranJobCount: Int { state.withLock { $0.ranJobCount } }

    /// Queues `work` to run on the next ``drain()``. Never blocks, never runs `work` inline.
    public func enqueue(_ work: @escaping @Sendable () -> Void) {
        let mustWake = state.withLock { state in
            state.jobs.append(work)
            defer { state.wakeWritten = true }
            return !state.wakeWritten
        }
        if mustWake {
            var byte: UInt8 = 1
            _ = write(pipeWrite, &byte, 1)  // EAGAIN means a wake-up is already pending: fine.
        }
    }

    /// Queues a Swift concurrency job (from the ``MainLoop`` actor) like any other work.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        enqueue { job.runSynchronously(on: executor) }
    }

    /// Runs queued jobs on the calling thread until the queue is empty, including jobs that
    /// those jobs enqueue. Returns how many ran.
    ///
    /// The lock is released before each job runs, so a job may publish and enqueue freely.
    @discardableResult
    public func drain() -> Int {
        var ran = 0
        Self.$isRunningLoop.withValue(true) {
            while true {
                let batch = state.withLock { state in
                    defer { state.jobs.removeAll() }
                    state.ranJobCount += state.jobs.count
                    return state.jobs
                }
                if batch.isEmpty { break }
                for job in batch { job() }
                ran += batch.count
            }
            clearWakeByte()
        }
        return ran
    }

    /// Runs `body` as the loop: inside it, ``MainLoop/assumeIsolated(_:)`` succeeds on this
    /// thread. The app's loop and tests wrap their work in this.
    public func runAsLoop<T>(_ body: () throws -> T) rethrows -> T {
        try Self.$isRunningLoop.withValue(true, operation: body)
    }

    /// Blocks the calling thread until a job is queued or `timeout` passes; for headless runs and
    /// tests, never for the interactive loop (which polls stdin too).
    public func waitForWork(timeout: Duration) {
        var descriptor = pollfd(fd: pipeRead, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(
            timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        _ = poll(&descriptor, 1, milliseconds)
    }

    /// Crashes unless called from inside ``drain()`` or ``runAsLoop(_:)``: this is how
    /// `MainLoop.assumeIsolated` knows the caller really is on the loop.
    public func checkIsolated() {
        guard Self.isRunningLoop else { fatalError("eventdemo: not running on the eventdemo main loop") }
    }

    private func clearWakeByte() {
        // Clear the flag before emptying the pipe: an enqueue racing with us then writes a fresh
        // byte, so a wake-up is never lost (at worst the loop wakes once for nothing).
        state.withLock { $0.wakeWritten = false }
        var sink = [UInt8](repeating: 0, count: 64)
        while read(pipeRead, &sink, sink.count) > 0 {}
        if pendingCount > 0 {
            var byte: UInt8 = 1
            _ = write(pipeWrite, &byte, 1)
        }
    }

    /// Whether the current thread is running a main loop. A task-local bound outside any task is
    /// stored per thread, which is exactly the scope we need.
    @TaskLocal private static var isRunningLoop = false
}
