/// One line of the results table.
struct ResultRow {
    var scenario: String
    var competitor: String
    var nsPerOp: Double?
    var allocsPerOp: Double?
    /// How this competitor compares (for example "9.1× faster than NC" or "1.08× floor").
    var ratio = ""
    /// Figures that are not a time per operation (bytes, latency percentiles, throughput).
    var note = ""
    /// The figure a target checks when it is not ns/op: bytes per subscription, p99 latency in
    /// ns, or the throughput ratio against one thread.
    var value: Double?
}

/// Every row of one run, in the order they were measured.
struct Results {
    private(set) var rows: [ResultRow] = []

    mutating func append(_ newRows: [ResultRow]) {
        rows.append(contentsOf: newRows)
    }

    func row(_ scenario: String, _ competitor: String) -> ResultRow? {
        rows.first { $0.scenario == scenario && $0.competitor == competitor }
    }
}
