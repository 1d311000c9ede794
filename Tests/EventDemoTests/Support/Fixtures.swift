import EventBus
import EventDemo
import Foundation
import TerminalUI

/// Stable inputs so golden screens do not depend on the clock or time zone.
enum Fixtures {
    /// 2026-03-14 09:26:53.5 UTC.
    static let date = Date(timeIntervalSince1970: 1_773_480_413.5)
    static let utc = TimeFormat(timeZone: TimeZone(identifier: "UTC")!)
    static let now: Now = { date }
    static let alice = User(id: "alice", name: "Alice")
    static let profile = Profile(
        user: alice, displayName: "Alice Martin", loyaltyPoints: 420,
        lastLogin: date.addingTimeInterval(-86_400))

    static func services(bus: EventBus = EventBus()) -> DemoServices {
        DemoServices(bus: bus, background: .immediate, now: now)
    }

    static func render(width: Int, height: Int, _ draw: (inout ScreenBuffer, Rect) -> Void) -> String {
        var buffer = ScreenBuffer(size: Size(width: width, height: height))
        draw(&buffer, buffer.bounds)
        return buffer.text
    }
}
