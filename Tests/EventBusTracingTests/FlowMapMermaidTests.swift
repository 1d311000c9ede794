import EventBus
import EventBusTracing
import Testing

/// A generic event and owner: their names hold angle brackets, which Mermaid reads as HTML.
private struct Page<Item: Sendable>: EventBusEvent {
    var items: [Item]
}
private final class Box<Content>: Sendable {}
/// A name outside ASCII.
private struct Größe: EventBusEvent {}
private final class Café: Sendable {}

@Suite("Flow map as Mermaid")
struct FlowMapMermaidTests {
    /// Generic and non-ASCII type names, and a call site whose file and function hold a quote,
    /// spaces, `#`, `|`, `&`, a backtick and non-ASCII letters.
    private func recordOddNames() -> FlowMap {
        let bus = EventBus()
        let box = Box<String>()
        let cafe = Café()
        let sut = FlowRecorder(bus: bus)
        bus.subscribe(owner: box) { (_, _: Page<Int>) in }
        bus.subscribe(owner: cafe) { (_, _: Größe) in }
        bus.publish(
            Page(items: [1]), fileID: "App/My \"odd\" #1 | file.swift", line: 7, function: "`load` & <go>")
        bus.publish(Größe(), fileID: "Äpp/Größe.swift", line: 9, function: "wiegen()")
        withExtendedLifetime((box, cafe)) {}
        sut.cancel()
        return sut.map
    }

    @Test(arguments: [true, false], [FlowMap.CallSiteDetail.line, .function])
    func everyRenderingParsesAsAMermaidFlowchart(counts: Bool, detail: FlowMap.CallSiteDetail) throws {
        // Given a map with every awkward character in its names
        let sut = recordOddNames()

        // When it is rendered
        let text = sut.mermaid(callSites: detail, counts: counts)

        // Then Mermaid's grammar accepts it: three kinds of node, and an edge per delivery
        let chart = try MermaidFlowchart.parse(text)
        #expect(chart.nodes.count == 6, "\(text)")
        #expect(chart.edges.count == 4, "\(text)")
    }

    @Test func withoutCountsAnEdgeHasNoLabelRatherThanAnEmptyOne() throws {
        // Given a map with edges
        let sut = recordOddNames()

        // When it is rendered without counts
        let chart = try MermaidFlowchart.parse(sut.mermaid(counts: false))

        // Then no edge carries a label (Mermaid refuses `|""|`)
        #expect(chart.edges.allSatisfy { $0.label == nil })
        #expect(!sut.mermaid(counts: false).contains("-->|"))
    }

    @Test func withCountsEachEdgeShowsItsCount() throws {
        let chart = try MermaidFlowchart.parse(recordOddNames().mermaid())

        #expect(chart.edges.map(\.label) == ["1", "1", "1", "1"])
    }

    @Test func namesShowAsTheyAreSpelledGenericsQuotesAndAllWithoutCounts() throws {
        // Given generic types, non-ASCII names and a call site full of markup characters
        let sut = recordOddNames()

        // When it is rendered and read back as Mermaid shows it
        let chart = try MermaidFlowchart.parse(sut.mermaid(counts: false))

        // Then every label reads as the name itself
        let labels = Set(chart.nodes.values.map(\.label))
        #expect(
            labels == [
                "App/My \"odd\" #1 | file.swift:7 `load` & <go>", "Äpp/Größe.swift:9 wiegen()",
                "Page<Int>", "Größe", "Box<String> (synchronous)", "Café (synchronous)",
            ])
    }

    @Test func countsShowOnTheTypeNodesBelowTheName() throws {
        let chart = try MermaidFlowchart.parse(recordOddNames().mermaid())

        let types = chart.nodes.values.filter { $0.shape == "stadium" }.map(\.label).sorted()
        #expect(types == ["Größe\n1 published", "Page<Int>\n1 published"])
    }

    @Test func theCheckRefusesWhatMermaidRefuses() {
        // An empty edge label, raw angle brackets, a stray #, a quote inside a label
        let refused = [
            "flowchart LR\n    p1[\"a\"]\n    e1([\"b\"])\n    p1 -->|\"\"| e1\n",
            "flowchart LR\n    e1([\"Page<Int>\"])\n",
            "flowchart LR\n    e1([\"C# code\"])\n",
            "flowchart LR\n    e1([\"say \"hi\"\"])\n",
            "flowchart LR\n    style1[\"a\"]\n",
        ]
        for text in refused {
            #expect(throws: MermaidFlowchart.Refusal.self, "\(text)") { try MermaidFlowchart.parse(text) }
        }
    }

    @Test func theShopsGoldenMermaidParses() throws {
        // The golden file FlowMapTests compares with, read back through the grammar.
        let bus = EventBus()
        let sut = FlowRecorder(bus: bus)
        bus.publish(Ping())
        sut.cancel()

        for counts in [true, false] {
            let chart = try MermaidFlowchart.parse(sut.map.mermaid(counts: counts))
            #expect(chart.nodes["e1"]?.label == (counts ? "Ping\n1 published\n1 reached nobody" : "Ping"))
        }
    }
}
