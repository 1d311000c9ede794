import EventBusTracing
import TerminalUI

extension DemoApp {
    /// The whole screen for the current state: panes, chrome, and the help overlay or the
    /// "too small" screen.
    public func render() -> ScreenBuffer {
        var buffer = ScreenBuffer(size: size, charset: charset)
        guard let layout = AppLayout(size: size) else {
            Chrome.tooSmall(size, into: &buffer)
            return buffer
        }
        var userName: String?
        if case .loggedIn(let user, _) = login.state { userName = user.name }
        Chrome.titleBar(user: userName, view: view, badge: sessionBadge, into: &buffer, in: layout.titleBar)
        switch view {
        case .shop: renderShop(layout, into: &buffer)
        case .flow: renderFlow(layout, into: &buffer)
        case .bus:
            BusPane.render(
                snapshot: busPane.mapSnapshot(of: bus), state: busPane.state,
                dropped: busPane.mapDrops(live: ["PriceDidTickEvent TickerPane": ticker.dropped]),
                focused: focus == .busMap,
                into: &buffer, in: layout.body)
        }
        let log = logMode
        if isTypingSearch {
            Chrome.statusLine(
                "Search the log: \(eventLog.filter)▏ (Enter keeps it, Esc clears)", isNotice: true, log: log,
                into: &buffer, in: layout.statusLine)
        } else if let notice {
            Chrome.statusLine(notice, isNotice: true, log: log, into: &buffer, in: layout.statusLine)
        } else if let newest = eventLog.entries.first {
            Chrome.statusLine(
                newest.flowParts, isNotice: false, log: log, into: &buffer, in: layout.statusLine)
        } else {
            Chrome.statusLine(idleHint, isNotice: true, log: log, into: &buffer, in: layout.statusLine)
        }
        Chrome.helpBar(
            loggedIn: userName != nil, view: view, log: log, replay: replayMode, into: &buffer,
            in: layout.helpBar)
        if let detail {
            DetailView.render(
                detail, failures: eventLog.failures(of: detail.sequenceNumber),
                depth: eventLog.depth(of: detail), timeFormat: timeFormat,
                into: &buffer, in: layout.body)
        }
        if showsHelp { Chrome.helpOverlay(scroll: helpScroll, into: &buffer, in: buffer.bounds) }
        return buffer
    }

    /// The help bar's replay keys: a followed trace offers what a paced replay does.
    var replayMode: Replayer.Mode? {
        replayer?.mode ?? (follower != nil ? .paced : nil)
    }

    /// The event log's mode as the status line and help bar show it.
    var logMode: Chrome.LogMode {
        let log = eventLog
        return Chrome.LogMode(
            isStepping: log.isStepping, waiting: log.waitingCount, dropped: log.droppedCount,
            position: log.isPaused
                ? ((log.selection ?? log.scrollOffset) + 1, log.shown.count, log.newWhilePaused) : nil,
            filter: log.filter)
    }
}

extension DemoApp {
    /// What the title bar says about `--record` or `--replay`, if either is on.
    var sessionBadge: String? {
        if let follower {
            guard follower.failure == nil else { return "▶ follow stopped" }
            let skipped = follower.tail.skippedLines
            let dropped = follower.droppedByWriter
            return "▶ follow \(follower.readCount)" + (dropped > 0 ? " · \(dropped) dropped" : "")
                + (skipped > 0 ? " · \(skipped) skipped" : "")
        }
        if let replayer {
            let progress = "\(replayer.publishedCount)/\(replayer.recording.events.count)"
            let dropped = replayer.recording.dropped
            if replayer.isFinished {
                return "■ replayed \(progress)" + (dropped > 0 ? " (\(dropped) not recorded)" : "")
            }
            return replayer.mode == .stepped ? "⏯ step \(progress)" : "▶ replay \(progress)"
        }
        switch recorder?.status {
        case .writing(let lines):
            let dropped = recorder?.dropped ?? 0
            return "● REC \(lines)" + (dropped > 0 ? " · \(dropped) dropped" : "")
        case .full(let lines):
            return
                "● REC full: \(lines) (\(TraceFormat.describe(bytes: TraceFormat.defaultMaximumBytes)) cap)"
        case .failed: return "● REC failed"
        case nil: return nil
        }
    }

    /// The status line before anything was published.
    var idleHint: String {
        if let follower {
            return follower.failure ?? "Following \(follower.name): waiting for its app to publish"
        }
        guard let replayer else { return "Press l to log in and watch events flow through the bus" }
        return replayer.mode == .stepped
            ? "Replaying \(replayer.name) step by step: press space to publish the next event"
            : "Replaying \(replayer.name) at its recorded pace"
    }
}
