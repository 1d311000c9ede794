import Foundation

/// Formats clock times for the panes in a fixed time zone (UTC in tests, local in the app).
public struct TimeFormat: Sendable {
    private let calendar: Calendar

    /// Creates a formatter for `timeZone`.
    public init(timeZone: TimeZone = .current) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// `14:03:07`.
    public func time(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return [parts.hour, parts.minute, parts.second].map { pad($0 ?? 0, 2) }.joined(separator: ":")
    }

    /// `14:03:07.250`, for the event log where events are milliseconds apart.
    public func preciseTime(_ date: Date) -> String {
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down)) % 1000
        return time(date) + "." + pad(milliseconds, 3)
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
