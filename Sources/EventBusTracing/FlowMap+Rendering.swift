import EventBus

extension FlowMap {
    /// How much of a call site a rendering shows.
    public enum CallSiteDetail: Sendable, Hashable {
        /// `Module/File.swift:42 function()`: one node per line that publishes.
        case line
        /// `Module/File.swift function()`: the lines of one function merge, so a golden file
        /// does not change when code above the publish moves.
        case function
    }

    /// A Mermaid flowchart (`flowchart LR`): call sites → event types → subscriptions, each edge
    /// labelled with its counts. Paste it in a Markdown file that GitHub renders.
    ///
    /// With `counts` false, nodes and edges carry no numbers (edges no label at all: Mermaid
    /// refuses an empty one): the map of a scripted run whose counts vary (timers) stays stable
    /// as a golden file.
    ///
    /// Every label is quoted, and the characters Mermaid would read as markup (`<`, `>`, `&`,
    /// `"`, `#`, a backtick) are written as its entity codes (`#lt;`), so `Page<Int>` shows as
    /// `Page<Int>`, not as `Page` and an HTML tag.
    public func mermaid(callSites detail: CallSiteDetail = .line, counts: Bool = true) -> String {
        let graph = Graph(self, detail: detail, counts: counts)
        var lines = ["flowchart LR"]
        for (id, label) in graph.publisherNodes { lines.append("    \(id)[\"\(mermaidEscaped(label))\"]") }
        for (id, label) in graph.typeNodes { lines.append("    \(id)([\"\(mermaidEscaped(label))\"])") }
        for (id, label) in graph.subscriberNodes { lines.append("    \(id)[/\"\(mermaidEscaped(label))\"/]") }
        for edge in graph.edges {
            let label = edge.label.isEmpty ? "" : "|\"\(mermaidEscaped(edge.label))\"|"
            lines.append("    \(edge.from) -->\(label) \(edge.to)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Graphviz digraph, left to right: call sites as notes, event types as ellipses,
    /// subscriptions as boxes, each edge labelled with its counts. `dot -Tsvg` draws it.
    /// `counts` as in ``mermaid(callSites:counts:)``.
    public func dot(callSites detail: CallSiteDetail = .line, counts: Bool = true) -> String {
        let graph = Graph(self, detail: detail, counts: counts)
        var lines = [
            "digraph EventFlow {",
            "    rankdir=LR;",
            "    node [fontname=\"Helvetica\", fontsize=11];",
            "    edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for (id, label) in graph.publisherNodes {
            lines.append("    \(id) [shape=note, label=\"\(dotEscaped(label))\"];")
        }
        for (id, label) in graph.typeNodes {
            lines.append("    \(id) [shape=ellipse, style=bold, label=\"\(dotEscaped(label))\"];")
        }
        for (id, label) in graph.subscriberNodes {
            lines.append("    \(id) [shape=box, style=rounded, label=\"\(dotEscaped(label))\"];")
        }
        for edge in graph.edges {
            lines.append("    \(edge.from) -> \(edge.to) [label=\"\(dotEscaped(edge.label))\"];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A plain-text tree for terminals and golden files: each event type with its publish count,
    /// then its call sites (`from`) and its subscriptions (`to`), with counts.
    ///
    /// ```
    /// CartDidUpdateEvent  2 published
    /// ├── from EventDemo/CartService.swift:57 add(_:)  ×2
    /// └── to CartPane (executor on main-loop)  ×2
    /// ```
    /// `counts` as in ``mermaid(callSites:counts:)``.
    public func text(callSites detail: CallSiteDetail = .line, counts: Bool = true) -> String {
        var lines: [String] = []
        for (type, name) in labelledEventTypes {
            let dead = type.deadCount > 0 ? ", \(type.deadCount) reached nobody" : ""
            lines.append(counts ? "\(name)  \(type.publishCount) published\(dead)" : name)
            let publishers = Self.merged(type.sortedPublishers, detail: detail)
            let rows =
                publishers.map { "from \($0.label)" + (counts ? "  ×\($0.count)" : "") }
                + type.sortedSubscribers.map { "to \($0.subscriber)" + (counts ? "  ×\($0.counts)" : "") }
            for (index, row) in rows.enumerated() {
                lines.append((index == rows.count - 1 ? "└── " : "├── ") + row)
            }
        }
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }

    /// The event types in rendering order, each with the name a rendering shows: its own, or
    /// its module-qualified one where another type in the map has the same name (two modules'
    /// `Clash` types would otherwise read as one node).
    var labelledEventTypes: [(flow: EventFlow, label: String)] {
        let flows = sortedEventTypes
        var typesByName: [String: Int] = [:]
        for flow in flows { typesByName[flow.eventType.name, default: 0] += 1 }
        return flows.map { flow in
            let type = flow.eventType
            return (flow, typesByName[type.name] == 1 ? type.name : type.qualifiedName)
        }
    }

    /// A call site's label at `detail`.
    static func label(_ callSite: CallSite, detail: CallSiteDetail) -> String {
        switch detail {
        case .line: "\(callSite.fileID):\(callSite.line) \(callSite.function)"
        case .function: "\(callSite.fileID) \(callSite.function)"
        }
    }

    /// Call sites with their counts, merged where their labels are equal at `detail`, in order.
    static func merged(_ sites: [(callSite: CallSite, count: Int)], detail: CallSiteDetail) -> [(
        label: String, count: Int
    )] {
        var merged: [(label: String, count: Int)] = []
        for site in sites {
            let label = label(site.callSite, detail: detail)
            if let index = merged.firstIndex(where: { $0.label == label }) {
                merged[index].count += site.count
            } else {
                merged.append((label, site.count))
            }
        }
        return merged.sorted { $0.label < $1.label }
    }
}

/// The nodes and edges every graph rendering draws, with stable ids (`p1`, `e1`, `s1`, …)
/// numbered in rendering order.
private struct Graph {
    var publisherNodes: [(id: String, label: String)] = []
    var typeNodes: [(id: String, label: String)] = []
    var subscriberNodes: [(id: String, label: String)] = []
    var edges: [(from: String, to: String, label: String)] = []

    init(_ map: FlowMap, detail: FlowMap.CallSiteDetail, counts: Bool) {
        let types = map.labelledEventTypes
        let publisherLabels = Set(
            types.flatMap { type in FlowMap.merged(type.flow.sortedPublishers, detail: detail).map(\.label) }
        ).sorted()
        let subscribers = Set(types.flatMap { $0.flow.subscribers.keys }).sorted()
        var publisherIDs: [String: String] = [:]
        for (index, label) in publisherLabels.enumerated() {
            publisherIDs[label] = "p\(index + 1)"
            publisherNodes.append(("p\(index + 1)", label))
        }
        var subscriberIDs: [FlowMap.Subscriber: String] = [:]
        for (index, subscriber) in subscribers.enumerated() {
            subscriberIDs[subscriber] = "s\(index + 1)"
            subscriberNodes.append(("s\(index + 1)", subscriber.description))
        }
        for (index, (type, name)) in types.enumerated() {
            let id = "e\(index + 1)"
            let dead = type.deadCount > 0 ? "\n\(type.deadCount) reached nobody" : ""
            typeNodes.append((id, counts ? "\(name)\n\(type.publishCount) published\(dead)" : name))
            for publisher in FlowMap.merged(type.sortedPublishers, detail: detail) {
                edges.append((publisherIDs[publisher.label] ?? "", id, counts ? "\(publisher.count)" : ""))
            }
            for (subscriber, edgeCounts) in type.sortedSubscribers {
                edges.append((id, subscriberIDs[subscriber] ?? "", counts ? edgeCounts.description : ""))
            }
        }
    }
}

/// `text` for a quoted Mermaid label: Mermaid renders labels as HTML and reads `#name;` as an
/// entity code, and a quote would end the label, so each of those characters becomes its entity
/// code (one character at a time, so a code written is never escaped again); a new line
/// becomes `<br/>`.
private func mermaidEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
        switch character {
        case "#": escaped += "#35;"
        case "\"": escaped += "#quot;"
        case "<": escaped += "#lt;"
        case ">": escaped += "#gt;"
        case "&": escaped += "#amp;"
        case "`": escaped += "#96;"
        case "\n": escaped += "<br/>"
        default: escaped.append(character)
        }
    }
    return escaped
}

private func dotEscaped(_ text: String) -> String {
    text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\n", with: "\\n")
}
