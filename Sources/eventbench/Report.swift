import Foundation

/// Prints results as a markdown table.
enum Report {
    static func table(_ results: Results) -> String {
        var lines = [
            "| Scenario | Competitor | ns/op (median) | allocs/op | Ratio | Notes |",
            "|---|---|--:|--:|---|---|",
        ]
        for row in results.rows {
            let cells = [
                row.scenario, row.competitor, row.nsPerOp.map(formatNanoseconds) ?? "–",
                row.allocsPerOp.map { String(format: "%.2f", $0) } ?? "–", row.ratio, row.note,
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// Three significant figures are as many as the noise allows.
    static func formatNanoseconds(_ value: Double) -> String {
        switch value {
        case ..<10: String(format: "%.2f", value)
        case ..<100: String(format: "%.1f", value)
        default: String(format: "%.0f", value)
        }
    }
}
