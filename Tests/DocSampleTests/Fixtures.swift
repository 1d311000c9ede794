import EventBus
import EventBusTesting
import Foundation
import Synchronization

// The events and collaborators the documentation samples name without declaring them. Each
// does the least that lets a sample run: record, or nothing.

struct UserDidLoginEvent: EventBusEvent { let userID: String }
struct CartDidUpdateEvent: EventBusEvent {
    let itemCount: Int
    var total: Decimal = 0
}
struct CheckoutDidCompleteEvent: EventBusEvent {
    var orderID = "order-1"
    var total: Decimal = 0
    var userID = "ada"
}
struct CheckoutRequestedEvent: EventBusEvent { var total: Decimal = 0 }
struct PhotoDidSaveEvent: EventBusEvent { let photoID: String }
struct LogLineEvent: EventBusEvent { let line: String }
struct PriceTick: EventBusEvent { var price: Decimal = 1 }
struct FileAdded: EventBusEvent { var name = "a.txt" }
struct TickEvent: EventBusEvent {}
struct Tick: EventBusEvent {}
struct ProfileDidLoadEvent: EventBusEvent { let name: String }
struct ItemAddedEvent: EventBusEvent {}
struct Upload: EventBusEvent { var name = "photo.jpg" }
struct OrderDidShipEvent: EventBusEvent {}
struct CustomerNotifiedEvent: EventBusEvent {}

/// The protocol the samples' protocol subscriptions name, unless they declare their own.
protocol CartEvent: EventBusEvent {}

struct CartState: EventBusEvent, Equatable {
    var items: [String] = []
    var itemCount: Int { items.count }
}

enum CartAction: EventBusEvent {
    case add(String)
    case clear
}

/// A collaborator that accepts every call a sample makes and records nothing it needs.
final class Collaborator: Sendable {
    func upload(_ photoID: String) async throws {}
    func upload(_ file: FileAdded, then done: @escaping @Sendable () -> Void) { done() }
    func refresh() async {}
    func refresh() {}
    func show(_ price: Decimal) {}
    func show(_ tick: Tick) {}
    func show(_ record: PublishRecord) {}
    func showError(_ failure: SubscriberFailure) {}
    func save(_ event: CartDidUpdateEvent) {}
    func warn(_ message: String) {}
    func accepts(_ event: CheckoutRequestedEvent) -> Bool { event.total < 100 }
    func approves(_ event: CheckoutRequestedEvent) -> Bool { event.total < 100 }
    func check(_ event: CheckoutRequestedEvent) throws -> Bool { event.total < 100 }
    var isOpen: Bool { true }
    func charge(_ event: CheckoutRequestedEvent) {}
    func record(_ event: CheckoutRequestedEvent) {}
    func append(_ event: any EventBusEvent) {}
    func append(_ text: String) {}
    func error(_ message: String) {}
}

let uploader = Collaborator()
let viewModel = Collaborator()
let label = Collaborator()
let persistence = Collaborator()
let diagnostics = Collaborator()
let validator = Collaborator()
let payments = Collaborator()
let audit = Collaborator()
let auditor = Collaborator()
let cartLog = Collaborator()
let cartBadge = Collaborator()
let monitor = Collaborator()
let logger = Collaborator()
let view = Collaborator()

/// An actor the stream samples await.
actor Printer {
    func print(_ orderID: String) {}
    func plot(_ tick: PriceTick) {}
    func append(_ line: String) throws {}
}
let printer = Printer()
let receipts = Printer()
let chart = Printer()
let file = Printer()

/// A task executor on a dispatch queue, for the `async` handler sample.
final class QueueTaskExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "doc-samples")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
let fileWriterExecutor = QueueTaskExecutor()

/// The store a state-query fragment chains from.
let store = Store(bus: EventBus(), initialState: CartState()) { (state, action: CartAction) in
    switch action {
    case .add(let item): state.items.append(item)
    case .clear: state.items.removeAll()
    }
}

func log(_ line: String) {}
func showOfflineBanner() {}

/// The service under test in the testing samples: logging in publishes the user.
final class AuthService: Sendable {
    private let bus: EventBus
    init(bus: EventBus) { self.bus = bus }
    func logIn(as userID: String) { bus.publish(UserDidLoginEvent(userID: userID)) }
}

/// The badge under test in the executor testing sample.
final class CartBadge: Sendable {
    private let shown = Mutex(0)
    var count: Int { shown.withLock { $0 } }

    init(bus: EventBus, executor: some EventBusExecutor) {
        bus.subscribe(owner: self, on: executor) { (badge, event: CartDidUpdateEvent) in
            badge.shown.withLock { $0 = event.itemCount }
        }
    }
}

/// The throwing-handler sample's service: nobody in the samples has a loyalty card.
final class LoyaltyService: Sendable {
    struct NoLoyaltyCard: Error {}
    func award(points: Decimal, to userID: String) throws { throw NoLoyaltyCard() }
}
let loyalty = LoyaltyService()

/// A weak reference to a global collaborator that samples subscribe as an owner.
struct SideTableAnchor {
    weak var object: (any AnyObject & Sendable)?
}

/// One weak reference to each global owner, made by every `SampleOwner` (see its `init`). A
/// weak reference gives its object a side table, which lives as long as the object: for these
/// globals, until exit. The object points to its side table only from its reference count,
/// where the address is shifted and tagged, so LeakSanitizer took each one for a 32-byte leak
/// once the sample's bus (and with it the subscription's weak reference) was gone. A weak
/// variable holds the side table's address as it is, so these keep them visibly reachable.
private let globalOwners: [any AnyObject & Sendable] = [
    uploader, viewModel, label, persistence, diagnostics, validator, payments, audit,
    auditor, cartLog, cartBadge, monitor, logger, view, loyalty,
]
let sideTableAnchors = globalOwners.map { SideTableAnchor(object: $0) }
