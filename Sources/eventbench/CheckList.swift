import Foundation

extension Targets {
    /// The checks of one group, read from one run's results: the helpers every group of targets
    /// uses (a check, a row's ns/op, a ratio of two figures), written once.
    final class CheckList {
        private let results: Results
        private(set) var checks: [Check] = []

        init(_ results: Results) {
            self.results = results
        }

        /// Records whether `value` meets the target; a scenario that did not run is skipped.
        func check(_ description: String, _ value: Double?, format: String, _ holds: (Double) -> Bool) {
            checks.append(
                Check(
                    description: description, figure: value.map { String(format: format, $0) },
                    holds: value.map(holds) ?? false))
        }

        /// Adds another group's checks after these.
        func append(_ more: [Check]) {
            checks += more
        }

        func ns(_ scenario: String, _ competitor: String) -> Double? {
            results.row(scenario, competitor)?.nsPerOp
        }

        func over(_ own: Double?, _ base: Double?) -> Double? {
            guard let own, let base else { return nil }
            return own / base
        }
    }
}
