import EventBus
import EventBusTracing
import Foundation

/// A small app that is not the demo, with event types of its own, traced by the library's
/// `TraceWriter`: what `--replay` and `--follow` must show without knowing its types.
final class ForeignApp: Sendable {
    struct ThermostatDidChange: EventBusEvent, Codable {
        var room: String
        var celsius: Double
    }

    struct BoilerFailed: EventBusEvent, Codable {
        var code: Int
    }

    struct WindowOpened: EventBusEvent, Codable {
        var room: String
    }

    struct Overheated: Error, CustomStringConvertible {
        var description: String { "Overheated(limit: 30)" }
    }

    final class HeatingController: Sendable {}
    final class Alarm: Sendable {}

    let bus = EventBus()
    private let controller = HeatingController()
    private let alarm = Alarm()

    /// A controller that throws above 30 °C and an alarm that hears every boiler failure;
    /// nobody listens to `Overheated`.
    init() {
        bus.subscribe(owner: controller) { (_: HeatingController, change: ThermostatDidChange) throws in
            if change.celsius > 30 { throw Overheated() }
        }
        bus.subscribe(owner: alarm) { (_: Alarm, _: BoilerFailed) in }
    }

    func setTemperature(_ celsius: Double, in room: String = "kitchen") {
        bus.publish(ThermostatDidChange(room: room, celsius: celsius))
    }

    func failBoiler(code: Int) {
        bus.publish(BoilerFailed(code: code))
    }

    /// Nobody listens: the bus publishes a dead event about it.
    func openWindow(in room: String) {
        bus.publish(WindowOpened(room: room))
    }

    /// Waits until `writer` has written `count` publishes (it drops what its backlog cannot
    /// hold, so a test that publishes thousands lets it catch up), for at most a minute.
    static func waitUntilWritten(_ count: Int, by writer: TraceWriter) {
        let deadline = ContinuousClock.now + .seconds(60)
        while writer.status.lines < count, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.001)  // A poll of the condition, not a pace.
        }
    }

    /// `line` with the value of its first `"key":` replaced by `value` (JSON text).
    static func replacing(_ key: String, in line: String, with value: String) -> String {
        guard let range = line.range(of: "\"\(key)\":") else { return line }
        let rest = line[range.upperBound...]
        let end = rest.firstIndex { $0 == "," || $0 == "}" } ?? rest.endIndex
        return String(line[..<range.upperBound]) + value + String(line[end...])
    }

    /// Writes a trace of `body` to a new file and returns its path. `body` gets the writer too,
    /// to wait for it (``waitUntilWritten(_:by:)``) where it publishes more than its backlog holds.
    static func trace(named name: String, _ body: (ForeignApp, TraceWriter) -> Void) throws -> String {
        let path = FileManager.default.temporaryDirectory.appending(path: "\(UUID())-\(name)").path
        let app = ForeignApp()
        let writer = try TraceWriter(path: path)
        let token = writer.attach(to: app.bus)
        body(app, writer)
        writer.close()
        token.cancel()
        return path
    }
}
