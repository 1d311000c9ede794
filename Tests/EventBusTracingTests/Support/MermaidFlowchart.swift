/// A check of the Mermaid flowchart subset that `FlowMap.mermaid` writes, derived from Mermaid's
/// own grammar (mermaid-js/mermaid, `packages/mermaid/src/diagrams/flowchart/parser/flow.jison`),
/// since its parser (an npm package) cannot run here. Graphviz checks the DOT rendering; this
/// checks the Mermaid one the same way: a text it refuses would not draw.
///
/// What the grammar says, for the subset:
/// - `graphConfig`: `flowchart` then a direction (`LR`, `RL`, `TB`, `BT`, `TD`), then a new line.
/// - `vertex`: `idString SQS text SQE` (`[…]`), `idString STADIUMSTART text STADIUMEND`
///   (`([…])`), `idString TRAPSTART text INVTRAPEND` (`[/…/]`); `text` is one `STR`, a quoted
///   string whose lexer rule is `[^"]+`: at least one character, none of them a quote. A quote
///   followed by a backtick starts a Markdown string instead (`md_string`).
/// - `link`: `LINK` (`\s*[xo<]?--+[-xo>]\s*`), optionally followed by `arrowText`:
///   `PIPE text PIPE`. An empty `""` between the pipes leaves `PIPE PIPE`, which the grammar
///   refuses ("Expecting 'TAGEND', 'STR', … got 'PIPE'").
/// - `idString`: `NODE_STRING` tokens. The lexer tries its keyword rules first, several without a
///   word boundary (`style`, `class`, `default`, …), so an id starting with one is lexed as
///   that keyword; ids here are a letter then letters and digits, and no keyword prefix.
///
/// Labels: Mermaid renders them as HTML, after turning `#name;` and `#123;` into entities. So a
/// label must not hold a raw `<`, `>` or `&` (except the `<br/>` it writes for a new line), and
/// every `#` must start an entity code. ``decodedLabel(_:)`` turns a label into what a reader sees.
enum MermaidFlowchart {
    struct Refusal: Error, CustomStringConvertible {
        let line: Int
        let reason: String
        var description: String { "line \(line): \(reason)" }
    }

    /// A parsed rendering: each node's shape and shown label, and each edge with its shown label
    /// (nil when it has none).
    struct Chart {
        struct Node: Equatable {
            var shape: String
            var label: String
        }
        struct Edge: Equatable {
            var from: String
            var to: String
            var label: String?
        }
        var nodes: [String: Node] = [:]
        var edges: [Edge] = []
    }

    private static let directions: Set = ["LR", "RL", "TB", "BT", "TD"]
    /// Lexer rules that match before `NODE_STRING`, with or without a word boundary.
    private static let keywordPrefixes = [
        "style", "default", "linkStyle", "interpolate", "classDef", "class", "flowchart", "graph",
        "subgraph", "_self", "_blank", "_parent", "_top",
    ]
    /// `(open, close, shape)`, longest opening first, as the lexer matches them.
    private static let shapes = [("([", "])", "stadium"), ("[/", "/]", "lean_right"), ("[", "]", "square")]
    private static let entities = ["quot": "\"", "lt": "<", "gt": ">", "amp": "&"]

    /// Parses `text` as the grammar would, or throws the first place it would refuse.
    static func parse(_ text: String) throws(Refusal) -> Chart {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.last == "" else { throw Refusal(line: lines.count, reason: "no final new line") }
        lines.removeLast()
        let header = lines.first?.split(separator: " ") ?? []
        guard header.count == 2, header[0] == "flowchart", directions.contains(String(header[1])) else {
            throw Refusal(line: 1, reason: "not 'flowchart <direction>'")
        }
        var chart = Chart()
        for (index, line) in lines.enumerated().dropFirst() {
            let number = index + 1
            func refuse(_ reason: String) -> Refusal { Refusal(line: number, reason: reason) }
            guard line.hasPrefix("    ") else { throw refuse("not indented") }
            var rest = Substring(line.dropFirst(4))
            let from = try identifier(&rest, line: number)
            if rest.hasPrefix(" --> ") || rest.hasPrefix(" -->|") {
                rest = rest.dropFirst(4)
                var label: String?
                if rest.hasPrefix("|") {
                    rest = rest.dropFirst()
                    label = try string(&rest, line: number)
                    guard rest.hasPrefix("|") else { throw refuse("edge text not closed by a pipe") }
                    rest = rest.dropFirst()
                }
                guard rest.hasPrefix(" ") else { throw refuse("no space before the edge's end") }
                rest = rest.dropFirst()
                let to = try identifier(&rest, line: number)
                guard rest.isEmpty else { throw refuse("text after the edge: \(rest)") }
                guard chart.nodes[from] != nil, chart.nodes[to] != nil else {
                    throw refuse("an edge to or from an undeclared node")
                }
                chart.edges.append(Chart.Edge(from: from, to: to, label: label))
                continue
            }
            guard let (open, close, shape) = shapes.first(where: { rest.hasPrefix($0.0) }) else {
                throw refuse("neither a node nor an edge")
            }
            rest = rest.dropFirst(open.count)
            let label = try string(&rest, line: number)
            guard rest == close else { throw refuse("\(shape) node not closed by \(close)") }
            guard chart.nodes[from] == nil else { throw refuse("node \(from) declared twice") }
            chart.nodes[from] = Chart.Node(shape: shape, label: label)
        }
        return chart
    }

    /// An `idString`: a letter, then letters and digits, and no keyword the lexer matches first.
    private static func identifier(_ rest: inout Substring, line: Int) throws(Refusal) -> String {
        let id = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard let first = id.first, first.isLetter else { throw Refusal(line: line, reason: "no node id") }
        if let keyword = keywordPrefixes.first(where: { id.hasPrefix($0) }) {
            throw Refusal(line: line, reason: "id \(id) lexes as the keyword \(keyword)")
        }
        if id == "end" || id == "v" { throw Refusal(line: line, reason: "id \(id) is a keyword") }
        rest = rest.dropFirst(id.count)
        return String(id)
    }

    /// A `STR` token with its quotes, returned as the reader sees it (entities and `<br/>`
    /// decoded).
    private static func string(_ rest: inout Substring, line: Int) throws(Refusal) -> String {
        guard rest.hasPrefix("\"") else { throw Refusal(line: line, reason: "label not quoted") }
        rest = rest.dropFirst()
        let body = rest.prefix { $0 != "\"" }
        guard !body.isEmpty else { throw Refusal(line: line, reason: "empty label (STR is [^\"]+)") }
        guard body.first != "`" else {
            throw Refusal(line: line, reason: "a backtick starts a Markdown string")
        }
        guard !body.contains("\n") else { throw Refusal(line: line, reason: "a new line in a label") }
        rest = rest.dropFirst(body.count)
        guard rest.hasPrefix("\"") else { throw Refusal(line: line, reason: "label not closed") }
        rest = rest.dropFirst()
        return try decodedLabel(String(body), line: line)
    }

    /// The label as Mermaid shows it: `#name;` and `#123;` as the characters they stand for,
    /// `<br/>` as a new line. A raw `<`, `>`, `&` or a `#` that starts no code would be markup.
    private static func decodedLabel(_ body: String, line: Int) throws(Refusal) -> String {
        var shown = ""
        var rest = Substring(body)
        while let character = rest.first {
            if rest.hasPrefix("<br/>") {
                shown += "\n"
                rest = rest.dropFirst(5)
            } else if character == "#" {
                let name = rest.dropFirst().prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
                guard rest.dropFirst(1 + name.count).first == ";" else {
                    throw Refusal(line: line, reason: "a # that starts no entity code in \(body)")
                }
                if let code = UInt32(name), let scalar = Unicode.Scalar(code) {
                    shown.append(Character(scalar))
                } else if let text = entities[String(name)] {
                    shown += text
                } else {
                    throw Refusal(line: line, reason: "unknown entity #\(name);")
                }
                rest = rest.dropFirst(2 + name.count)
            } else if "<>&".contains(character) {
                throw Refusal(line: line, reason: "raw \(character) is HTML in \(body)")
            } else {
                shown.append(character)
                rest = rest.dropFirst()
            }
        }
        return shown
    }
}
