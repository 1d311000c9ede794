import EventBus
import EventBusTesting
import Testing

/// The process-wide bus, as code that escapes every task-local override sees it.
private func processWideBus() async -> EventBus {
    await Task.detached { EventBus.default }.value
}

/// Publishes `count` pings numbered `number` on the default bus, yielding between them so that
/// tests running in parallel interleave, and checks that the default bus saw exactly those.
private func publishAndReceiveOnlyOwnPings(number: Int, count: Int = 20) async {
    // Given: an exhaustive recorder of the default bus, which fails on anyone else's pings
    let recorder = BusRecorder(on: .default, types: [Ping.self])

    // When
    for _ in 0..<count {
        EventBus.default.publish(Ping(number: number))
        await Task.yield()
    }

    // Then
    for _ in 0..<count { await recorder.receive(Ping.self) { $0.number == number } }
    recorder.finish()
}

@Suite("The isolatedDefaultBus trait", .timeLimit(.minutes(3)))
struct IsolatedDefaultBusTraitTests {
    @Test(.isolatedDefaultBus) func oneOfTwoParallelTestsSeesOnlyItsOwnDefaultBusesEvents() async {
        #expect(await processWideBus() !== EventBus.default)
        await publishAndReceiveOnlyOwnPings(number: 1)
    }

    @Test(.isolatedDefaultBus) func theOtherOfTwoParallelTestsSeesOnlyItsOwnDefaultBusesEvents() async {
        #expect(await processWideBus() !== EventBus.default)
        await publishAndReceiveOnlyOwnPings(number: 2)
    }

    @Test(.isolatedDefaultBus, arguments: 10..<18)
    func eachCaseOfAParameterizedTestHasItsOwnDefaultBus(number: Int) async {
        await publishAndReceiveOnlyOwnPings(number: number)
    }

    @Test(.isolatedDefaultBus) func theBusFollowsChildTasksButNotDetachedOnes() async {
        // Given
        let sut = EventBus.default

        // When
        let inAChildTask = await Task { EventBus.default }.value
        let inAGroup = await withTaskGroup(of: EventBus.self) { group in
            group.addTask { EventBus.default }
            return await group.next()!
        }
        let detached = await processWideBus()

        // Then
        #expect(inAChildTask === sut)
        #expect(inAGroup === sut)
        #expect(detached !== sut)
    }

    @Test func withoutTheTraitATestSeesTheProcessWideBus() async {
        #expect(await processWideBus() === EventBus.default)
    }

    @Suite(.isolatedDefaultBus)
    struct OnASuite {
        @Test func theFirstTestOfTheSuiteHasABusOfItsOwn() async {
            #expect(await processWideBus() !== EventBus.default)
            await publishAndReceiveOnlyOwnPings(number: 21)
        }

        @Test func theSecondTestOfTheSuiteHasAnotherBusOfItsOwn() async {
            #expect(await processWideBus() !== EventBus.default)
            await publishAndReceiveOnlyOwnPings(number: 22)
        }
    }
}
