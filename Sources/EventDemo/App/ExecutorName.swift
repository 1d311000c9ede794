extension String {
    /// An executor label as the demo shows it. The library labels a handler that runs during
    /// `publish`, on the caller's thread, `publisher`; in a column of executors that reads like a
    /// count or a person, so the demo says `inline`, the word the library's guides use for it.
    var shownAsExecutor: String { self == "publisher" ? "inline" : self }
}

extension String {
    /// Where a handler ran, as a phrase: `inline`, or `on main-loop`.
    var executorPhrase: String {
        let shown = shownAsExecutor
        return shown == "inline" ? shown : "on \(shown)"
    }
}
