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
