import EventBus

/// A ReSwift-shaped state: an Int the actions change, a String and an array they carry along.
struct AppState: EventBusEvent, Equatable {
    var counter = 0
    var title = "eventbench"
    var items = Array(0..<10)
}

enum AppAction: EventBusEvent {
    case increment
}

/// A `Store` dispatch to `subscriberCount` subscribers, each `select(\.counter)` with
/// the automatic skip-repeats (the counter changes, so every one is delivered); beside it, the
/// same state published with `publishState` (the Store's own floor) and with a plain
/// weak-owner `publish` to as many subscribers (what a delivery costs without state).
func storeContenders(subscriberCount: Int, options: Options) -> [Contender] {
    let sinks = (0..<subscriberCount).map { _ in Sink() }
    let noiseOwner = Sink()
    var contenders = ContenderList(options: options)
    contenders.add(Competitor.store) {
        let bus = noisyBus(owner: noiseOwner)
        let store = Store(bus: bus, initialState: AppState()) { (state: inout AppState, _: AppAction) in
            state.counter += 1
        }
        for sink in sinks {
            store.states.select(\.counter).subscribe(owner: sink) { owner, value in owner.add(value) }
        }
        return { count in
            withExtendedLifetime(sinks) {
                for _ in 0..<count { store.dispatch(.increment) }
            }
        }
    }
    contenders.add(Competitor.bareState) {
        let bus = noisyBus(owner: noiseOwner)
        for sink in sinks {
            bus.states(for: AppState.self).select(\.counter).subscribe(owner: sink) { owner, value in
                owner.add(value)
            }
        }
        return publishingStates(on: bus, keeping: sinks, asState: true)
    }
    addPlainWeakOwner(to: &contenders, sinks: sinks, noiseOwner: noiseOwner)
    return contenders.all
}

/// A state every subscriber's chain skips (`select(\.title)`, which never changes),
/// against a plain weak-owner delivery to as many subscribers.
func skippedStateContenders(subscriberCount: Int, options: Options) -> [Contender] {
    let sinks = (0..<subscriberCount).map { _ in Sink() }
    let noiseOwner = Sink()
    var contenders = ContenderList(options: options)
    contenders.add(Competitor.skippedState) {
        let bus = noisyBus(owner: noiseOwner)
        for sink in sinks {
            bus.states(for: AppState.self).select(\.title).subscribe(owner: sink) { owner, title in
                owner.add(title.utf8.count)
            }
        }
        return publishingStates(on: bus, keeping: sinks, asState: true)
    }
    addPlainWeakOwner(to: &contenders, sinks: sinks, noiseOwner: noiseOwner)
    return contenders.all
}

/// The baseline of both scenarios: each sink subscribed to `AppState` with a plain weak-owner
/// subscription, the state published with `publish`.
private func addPlainWeakOwner(to contenders: inout ContenderList, sinks: [Sink], noiseOwner: Sink) {
    contenders.add(Competitor.weakOwner) {
        let bus = noisyBus(owner: noiseOwner)
        for sink in sinks {
            bus.subscribe(owner: sink) { (owner: Sink, state: AppState) in owner.add(state.counter) }
        }
        return publishingStates(on: bus, keeping: sinks, asState: false)
    }
}

/// A bus with the benchmark's noise types subscribed, as every scenario has.
private func noisyBus(owner noiseOwner: Sink) -> EventBus {
    let bus = EventBus()
    forEachNoiseType(OwnedNoise(bus: bus, owner: noiseOwner))
    return bus
}

/// A contender's body: publishes `count` states, the counter one higher each time, with
/// `publishState` or a plain `publish`, keeping the subscribers' owners alive meanwhile.
private func publishingStates(on bus: EventBus, keeping sinks: [Sink], asState: Bool) -> (Int) -> Void {
    var state = AppState()
    // Two loops rather than a branch per publish, so the baseline times nothing it does not need.
    if asState {
        return { count in
            withExtendedLifetime(sinks) {
                for _ in 0..<count {
                    state.counter += 1
                    bus.publishState(state)
                }
            }
        }
    }
    return { count in
        withExtendedLifetime(sinks) {
            for _ in 0..<count {
                state.counter += 1
                bus.publish(state)
            }
        }
    }
}
