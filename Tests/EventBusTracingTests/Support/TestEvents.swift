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

/// A state-like event for the state subscriptions a flow map counts skips on.
struct Basket: EventBusEvent, Equatable {
    var items: [String] = []
    var itemCount: Int { items.count }
}
