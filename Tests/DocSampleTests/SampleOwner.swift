import EventBus
import Foundation
import Synchronization

/// What `self` is in a documentation sample: every generated sample class inherits from it, so
/// a fragment like `bus.subscribe(owner: self) { owner, event in owner.render(event) }`
/// compiles as written. The methods only record that they were called.
///
/// `@unchecked Sendable` because the class is not final (each sample is a subclass). Safe: the
/// stored state is `let`, of `Sendable` types, its mutable parts behind `Mutex`, and the
/// generated subclasses add no stored properties (their types are nested, not stored).
class SampleOwner: @unchecked Sendable {
    /// The bus a fragment's `bus` means, one per sample.
    let bus = EventBus()
    private let calls = Mutex<[String]>([])
    private let badgeValue = Mutex(0)

    /// Makes the weak references that keep the global owners' side tables visible to
    /// LeakSanitizer (``sideTableAnchors``) before any sample subscribes one of them.
    required init() { _ = sideTableAnchors.count }

    /// What the sample's handlers called, in order.
    var recordedCalls: [String] { calls.withLock { $0 } }

    /// The item count a state sample shows.
    var badge: Int {
        get { badgeValue.withLock { $0 } }
        set { badgeValue.withLock { $0 = newValue } }
    }

    /// Something a nested publish can count.
    var count: Int { recordedCalls.count }

    func render(_ event: CartDidUpdateEvent) { record("render \(event.itemCount)") }
    func persist(_ event: CartDidUpdateEvent) { record("persist \(event.itemCount)") }
    func show(_ text: String) { record("show \(text)") }
    func show(_ tick: PriceTick) { record("show \(tick.price)") }
    func showWelcome(_ name: String) { record("welcome \(name)") }
    func warn(_ message: String) { record("warn \(message)") }
    func start(_ upload: Upload, then done: @escaping @Sendable () -> Void) {
        record("start \(upload.name)")
        done()
    }

    private func record(_ call: String) { calls.withLock { $0.append(call) } }
}

/// What the samples `print`, in order, for the checks that compare it with what the docs
/// claim. Reset before each sample; the samples' suite is serialized.
let printedLines = Mutex<[String]>([])

/// The lines printed by the running sample so far.
var printed: [String] { printedLines.withLock { $0 } }

/// Shadows the standard library's `print` in this test target, so the samples' output can be
/// checked; it is also passed on to the standard output.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let line = items.map { "\($0)" }.joined(separator: separator)
    printedLines.withLock { $0.append(line) }
    Swift.print(line, terminator: terminator)
}

/// Runs one sample with an empty print log.
func runSample(_ body: () async throws -> Void) async throws {
    printedLines.withLock { $0 = [] }
    try await body()
}
