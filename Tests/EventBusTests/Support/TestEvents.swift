import EventBus

struct Ping: EventBusEvent, Equatable {
    var number = 0
}

struct Pong: EventBusEvent, Equatable {
    var number = 0
}

/// Same fields as `Ping`, different type: must never be confused with it.
struct PingLookalike: EventBusEvent, Equatable {
    var number = 0
}

/// A state-like event for the state subscription and Store tests.
struct Basket: EventBusEvent, Equatable {
    var items: [String] = []
    var owner = "ada"
    var itemCount: Int { items.count }
}

/// A state type that is not `Equatable`: no automatic skipping can apply to it.
struct Reading: EventBusEvent {
    var value: Int
}
