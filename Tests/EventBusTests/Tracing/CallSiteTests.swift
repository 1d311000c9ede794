import EventBus
import EventBusTesting
import Testing

private struct Boom: Error {}

@Suite("Call sites")
struct CallSiteTests {
    @Test func aTapSeesTheFileLineAndFunctionOfEachPublish() {
        let sut = EventBus()
        let records = LockBox<[PublishRecord]>([])
        let tap = sut.observeAll { record in records.mutate { $0.append(record) } }

        sut.publish(Ping())
        let line = #line - 1

        let site = records.value.first?.callSite
        #expect(site?.fileID == "EventBusTests/CallSiteTests.swift")
        #expect(site?.line == UInt(line))
        #expect(site?.function == "aTapSeesTheFileLineAndFunctionOfEachPublish()")
        #expect(site?.module == "EventBusTests")
        #expect(site?.fileName == "CallSiteTests.swift")
        #expect(site?.description == "EventBusTests/CallSiteTests.swift:\(line)")
        tap.cancel()
    }

    @Test func statePublishesAndStoreDispatchesNameTheirCaller() {
        let sut = EventBus()
        let store = Store<Basket, BasketAction>(bus: sut, initialState: Basket()) { state, _ in
            state.items.append("x")
        }
        let sites = LockBox<[String: UInt]>([:])
        let tap = sut.observeAll { record in sites.mutate { $0[record.eventTypeName] = record.callSite.line }
        }

        sut.publishState(Reading(value: 1))
        let stateLine = #line - 1
        store.dispatch(.add("tea"))
        let dispatchLine = #line - 1

        #expect(sites.value["Reading"] == UInt(stateLine))
        #expect(sites.value["BasketAction"] == UInt(dispatchLine))
        tap.cancel()
    }

    @Test func aStoresStateNamesTheDispatchThatSentTheAction() {
        // Issue 22: the state was named after the store's engine (`StoreEngine.publish`).
        let sut = EventBus()
        let store = Store<Basket, BasketAction>(bus: sut, initialState: Basket()) { state, action in
            if case .add(let item) = action { state.items.append(item) }
        }
        let sites = LockBox<[String]>([])
        let tap = sut.observeAll { record in
            guard record.eventTypeName == "Basket" else { return }
            sites.mutate { $0.append("\(record.callSite.function):\(record.callSite.line)") }
        }

        store.dispatch(.add("tea"))
        let dispatchLine = #line - 1

        #expect(sites.value == ["aStoresStateNamesTheDispatchThatSentTheAction():\(dispatchLine)"])
        tap.cancel()
    }

    @Test func aQueuedFollowUpsStateNamesItsOwnDispatch() {
        // A state subscriber dispatches while the first action's batch runs: the follow-up is
        // queued and reduced later on this thread, inside the first dispatch's publish.
        let sut = EventBus()
        let store = Store<Basket, BasketAction>(bus: sut, initialState: Basket()) { state, action in
            if case .add(let item) = action { state.items.append(item) }
        }
        let owner = Owner()
        let followUpLine = LockBox<UInt>(0)
        store.states.subscribe(owner: owner) { [unowned store] (_, basket) in
            if basket.items == ["tea"] {
                followUpLine.mutate { $0 = #line + 1 }
                store.dispatch(.add("milk"))
            }
        }
        let sites = LockBox<[String: UInt]>([:])
        let tap = sut.observeAll { record in
            guard let basket = record.event as? Basket else { return }
            sites.mutate { $0[basket.items.joined(separator: "+")] = record.callSite.line }
        }

        store.dispatch(.add("tea"))
        let firstLine = #line - 1

        #expect(sites.value == ["tea": UInt(firstLine), "tea+milk": followUpLine.value])
        tap.cancel()
    }

    @Test func aNestedPublishNamesItsParentAndATopLevelOneNone() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { [unowned sut] (_, _: Ping) in sut.publish(Pong()) }
        let records = LockBox<[PublishRecord]>([])
        let tap = sut.observeAll { record in records.mutate { $0.append(record) } }

        sut.publish(Ping())
        sut.publish(Pong())

        let byType = records.value.map { ($0.eventTypeName, $0.sequenceNumber, $0.parentSequenceNumber) }
        #expect(byType.count == 3)
        let ping = byType.first { $0.0 == "Ping" }
        #expect(ping?.2 == nil)
        #expect(byType[0].0 == "Pong" && byType[0].2 == ping?.1)
        #expect(byType[2].0 == "Pong" && byType[2].2 == nil)
        tap.cancel()
    }

    @Test func aPublishOnAnotherBusFromAHandlerHasNoParent() {
        let first = EventBus()
        let second = EventBus()
        let owner = Owner()
        first.subscribe(owner: owner) { (_, _: Ping) in second.publish(Pong()) }
        let parents = LockBox<[UInt64?]>([])
        let tapFirst = first.observeAll { _ in }
        let tapSecond = second.observeAll { record in
            parents.mutate { $0.append(record.parentSequenceNumber) }
        }

        first.publish(Ping())

        #expect(parents.value == [nil])
        tapFirst.cancel()
        tapSecond.cancel()
    }

    @Test func aDeadEventNamesWhereTheUnheardEventWasPublished() {
        let sut = EventBus()
        let dead = EventRecorder(for: DeadEvent.self, on: sut)

        sut.publish(Pong())
        let line = #line - 1

        #expect(dead.events.first?.callSite.line == UInt(line))
        #expect(dead.events.first?.callSite.fileID == "EventBusTests/CallSiteTests.swift")
    }

    @Test func aSynchronousHandlersFailureNamesThePublishThatRanIt() {
        let sut = EventBus()
        let failures = LockBox<[SubscriberFailure]>([])
        sut.setFailureHandler { failure in failures.mutate { $0.append(failure) } }
        let token = sut.subscribe(for: Ping.self) { (_: Ping) throws in throw Boom() }

        sut.publish(Ping())
        let line = #line - 1

        #expect(failures.value.first?.callSite?.line == UInt(line))
        #expect(
            failures.value.first?.description.hasSuffix(
                "published at EventBusTests/CallSiteTests.swift:\(line)") == true)
        token.cancel()
    }

    @Test func anInterceptorsFailureNeverNamesAnotherBussPublish() {
        // The outer bus notes call sites (it has a throwing handler); the inner one does not.
        let outer = EventBus()
        let inner = EventBus()
        let failures = LockBox<[SubscriberFailure]>([])
        inner.setFailureHandler { failure in failures.mutate { $0.append(failure) } }
        let interceptor = inner.intercept(for: Pong.self) { (_: Pong) throws -> Propagation in throw Boom() }
        let relay = outer.subscribe(for: Ping.self) { (ping: Ping) throws in
            inner.publish(Pong(number: ping.number))
        }

        outer.publish(Ping())

        #expect(failures.value.count == 1)
        #expect(failures.value.first?.callSite == nil)  // was the outer publish's line
        interceptor.cancel()
        relay.cancel()
    }

    @Test func anExecutorHandlersFailureHasNoCallSite() {
        let sut = EventBus()
        let owner = Owner()
        let executor = ManualExecutor()
        let failures = LockBox<[SubscriberFailure]>([])
        sut.setFailureHandler { failure in failures.mutate { $0.append(failure) } }
        sut.subscribe(owner: owner, on: executor) { (_, _: Ping) throws in throw Boom() }

        sut.publish(Ping())
        _ = executor.drain()

        #expect(failures.value.count == 1)
        #expect(failures.value.first?.callSite == nil)
    }

    @Test func concurrentPublishersEachNameTheirOwnParent() async {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { [unowned sut] (_, ping: Ping) in sut.publish(Pong(number: ping.number))
        }
        let records = LockBox<[PublishRecord]>([])
        let tap = sut.observeAll { record in records.mutate { $0.append(record) } }

        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for index in 0..<200 { sut.publish(Ping(number: thread * 1_000 + index)) }
                }
            }
        }

        let all = records.value
        let pingSequence = Dictionary(
            uniqueKeysWithValues: all.compactMap { record in
                (record.event as? Ping).map { ($0.number, record.sequenceNumber) }
            })
        let pongs = all.compactMap { record in
            (record.event as? Pong).map { ($0.number, record.parentSequenceNumber) }
        }
        #expect(pingSequence.count == 800 && pongs.count == 800)
        #expect(pongs.allSatisfy { number, parent in parent != nil && parent == pingSequence[number] })
        tap.cancel()
    }

    @Test func callSitesCompareByFileThenLine() {
        let early = CallSite(fileID: "A/B.swift", line: 3, function: "f()")
        let late = CallSite(fileID: "A/B.swift", line: 10, function: "f()")
        let other = CallSite(fileID: "A/C.swift", line: 1, function: "f()")

        #expect([other, late, early].sorted() == [early, late, other])
        #expect(early == CallSite(fileID: "A/B.swift", line: 3, function: "f()"))
        #expect(early != late)
    }
}
