import EventBus
import TerminalUI

extension DemoApp {
    /// The Shop: login, profile, cart and the event log; their frames flash on delivery.
    func renderShop(_ layout: AppLayout, into buffer: inout ScreenBuffer) {
        LoginPane.render(
            login.state, focused: focus == .login, timeFormat: timeFormat, into: &buffer, in: layout.login)
        if let profile {
            ProfilePane.render(
                profile.state, cart: profile.cart, focused: focus == .profile, timeFormat: timeFormat,
                into: &buffer, in: layout.profile)
        } else {
            ProfilePane.renderClosed(focused: false, into: &buffer, in: layout.profile)
        }
        CartPane.render(cart.state, focused: focus == .cart, into: &buffer, in: layout.cart)
        renderEventLog(in: layout.eventLog, into: &buffer)
        Self.drawFlashes(
            flashes, at: frameTime,
            panes: [("LoginPane", layout.login), ("ProfilePane", layout.profile), ("CartPane", layout.cart)],
            into: &buffer)
    }

    /// Flow: the bursty ticker's paced pane, a guide to what the view shows with the live
    /// queues, and the event log, which `s` puts in step mode.
    func renderFlow(_ layout: AppLayout, into buffer: inout ScreenBuffer) {
        TickerPane.render(
            ticker.state, backlog: ticker.backlog, dropped: ticker.dropped, focused: false, into: &buffer,
            in: layout.ticker)
        FlowGuide.render(
            FlowGuide.Queues(
                tickerBacklog: ticker.backlog, tickerDropped: ticker.dropped,
                logWaiting: eventLog.isStepping ? eventLog.waitingCount : nil,
                logDropped: eventLog.droppedCount, archiveReceived: archive.receivedCount(on: services.bus),
                archiveDone: archive.archivedCount),
            // In a replay, the recording's receivers, as the Bus view maps them.
            subscriptions: busPane.mapSnapshot(of: bus)[String(describing: PriceDidTickEvent.self)] ?? [],
            replaying: replayer != nil || follower != nil, into: &buffer, in: layout.flowGuide)
        renderEventLog(in: layout.flowLog, into: &buffer)
        Self.drawFlashes(
            flashes, at: frameTime, panes: [(String(describing: TickerPane.self), layout.ticker)],
            into: &buffer)
    }

    private func renderEventLog(in rect: Rect, into buffer: inout ScreenBuffer) {
        let log = eventLog
        EventLogPane.render(
            log.shown, scrollOffset: log.scrollOffset, totalCount: log.totalCount,
            stepBacklog: log.isStepping ? (log.waitingCount, log.droppedCount) : nil,
            selection: log.selection,
            filter: log.filter, depth: { log.depth(of: $0) }, focused: focus == .eventLog,
            timeFormat: timeFormat,
            into: &buffer, in: rect)
    }
}
