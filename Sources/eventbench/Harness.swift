import CMallocCounter

/// How long a run takes: the number of batches each figure is the median of, and how long one
/// batch should last.
struct RunSettings {
    var batches: Int
    var batchNanoseconds: UInt64
    /// Operations per batch when fixed on the command line (`--ops`); nil to calibrate.
    var fixedOperations: Int?

    static let full = RunSettings(batches: 15, batchNanoseconds: 10_000_000)
    static let quick = RunSettings(batches: 3, batchNanoseconds: 1_000_000)
}

/// One side of a comparison: a name and a body that performs `count` operations.
struct Contender {
    let name: String
    let body: (_ count: Int) -> Void
}

/// The contenders of one scenario that the `--competitor` filter lets through. `make` runs only
/// for those, so filtered-out competitors cost no set-up.
struct ContenderList {
    let options: Options
    private(set) var all: [Contender] = []

    init(options: Options) {
        self.options = options
    }

    mutating func add(_ name: String, _ make: () -> (Int) -> Void) {
        if options.includes(competitor: name) {
            all.append(Contender(name: name, body: make()))
        }
    }
}

/// The median cost of one operation.
struct Sample {
    let nsPerOp: Double
    /// Nil where allocations cannot be counted (not glibc).
    let allocsPerOp: Double?
}

/// Times contenders against each other.
///
/// Batches are interleaved (A B C, A B C, …) rather than run back to back (A A A, B B B), so
/// load from other processes on the shared machine hits every contender alike and the ratios
/// stay meaningful even when the absolute figures wobble.
enum Harness {
    static func measure(_ contenders: [Contender], settings: RunSettings) -> [String: Sample] {
        let counts = contenders.map { contender in
            settings.fixedOperations ?? calibrate(contender.body, batchNanoseconds: settings.batchNanoseconds)
        }
        var nanoseconds = [[Double]](repeating: [], count: contenders.count)
        var allocations = [[Double]](repeating: [], count: contenders.count)
        for _ in 0..<settings.batches {
            for (index, contender) in contenders.enumerated() {
                let count = counts[index]
                let allocationsBefore = cmc_allocation_count()
                let start = nowNanoseconds()
                contender.body(count)
                let elapsed = nowNanoseconds() - start
                let allocated = cmc_allocation_count() - allocationsBefore
                nanoseconds[index].append(Double(elapsed) / Double(count))
                allocations[index].append(Double(allocated) / Double(count))
            }
        }
        var samples: [String: Sample] = [:]
        for (index, contender) in contenders.enumerated() {
            let allocs = cmc_is_counting() != 0 ? median(allocations[index]) : nil
            samples[contender.name] = Sample(nsPerOp: median(nanoseconds[index]), allocsPerOp: allocs)
        }
        return samples
    }

    /// Finds how many operations fill one batch; the growing trial runs double as warm-up
    /// (caches, lazily created runtime metadata, allocator free lists).
    static func calibrate(_ body: (Int) -> Void, batchNanoseconds: UInt64) -> Int {
        // One untimed call first: one-off costs (starting the concurrency thread pool, first
        // metadata lookups) would otherwise make a single operation look like a whole batch.
        body(1)
        var count = 1
        while true {
            let start = nowNanoseconds()
            body(count)
            let elapsed = max(nowNanoseconds() - start, 1)
            if elapsed >= batchNanoseconds / 4 || count >= 1 << 28 {
                return max(1, Int(Double(count) * Double(batchNanoseconds) / Double(elapsed)))
            }
            count *= 4
        }
    }
}
