/// Something that happens to a prompt-first picker, on which it can run commands
/// (``FilterPrompt/eventCommands``), as fzf's `--bind` events.
public enum PromptEvent: String, CaseIterable, Hashable, Sendable {
    /// Once, when the picker is first shown.
    case start
    /// When a load of the rows has ended (the first one, and each one after a reload).
    case load
    /// When the query changes.
    case change
    /// When the matches of the query are complete: after a change of the query, after
    /// rows arrived (also while a load still streams, once rows show) and when a load ends.
    case result
    /// When the selection moves to another row (the first row selected included).
    case focus
    /// With each ``result`` that has no match, or exactly one.
    case zero, one
    /// When the marks change.
    case multi
    /// When Backspace is pressed on an empty query (run at once, not tracked).
    case backwardEOF = "backward-eof"
    /// When the terminal's size changes (run at once, not tracked).
    case resize
    /// Mouse events (run at once, not tracked): a click on a row (after it is selected), a
    /// double click (in place of choosing), the wheel (in place of moving three rows).
    case leftClick = "left-click", doubleClick = "double-click", scrollUp = "scroll-up", scrollDown = "scroll-down"
}

/// Tells which ``PromptEvent``s happened between two looks at a picker. Pure: the host
/// gives it what it sees, it answers with the events, in the order they run (the
/// order of ``PromptEvent``'s cases).
struct PromptEventTracker {
    /// What the host sees.
    struct Snapshot {
        /// Whether a load of the rows is in flight.
        var isLoading: Bool
        /// The query as typed.
        var query: String
        /// The selected row's identity while it is shown; nil when nothing is selected.
        var focus: AnyHashable?
        /// Whether the matches of `query` are complete.
        var hasResult: Bool
        /// The rows' revision (it changes when rows are loaded or replaced).
        var revision: Int
        /// Whether any row is shown (matching or not).
        var hasRows = true
        /// How many rows match (all of them without a query), for ``PromptEvent/zero`` and
        /// ``PromptEvent/one``; nil: not told (neither fires).
        var matchCount: Int?
        /// The marked rows, when ``PromptEvent/multi`` is bound (nil otherwise: not compared).
        var marks: AnyHashable?
    }

    private var started = false
    private var loadPending = true
    private var query: String?
    private var focus: AnyHashable?
    private var marks: AnyHashable?
    private var result: (query: String, revision: Int)?
    /// A load ended: its matches are a result even when they are those seen already.
    private var resultAfterLoad = false

    /// The events since the last snapshot.
    mutating func events(_ now: Snapshot) -> [PromptEvent] {
        var events: [PromptEvent] = []
        if !started {
            started = true
            events.append(.start)
        }
        if now.isLoading {
            loadPending = true
        } else if loadPending {
            loadPending = false
            resultAfterLoad = true
            events.append(.load)
        }
        if let query, query != now.query { events.append(.change) }
        query = now.query
        // As fzf's: a search completes for each new query and each batch of rows read, and
        // once more when the load ends; none before a streaming load shows its first row.
        let searched = resultAfterLoad || result.map { $0.query != now.query || $0.revision != now.revision } ?? true
        if now.hasResult, searched, !now.isLoading || now.hasRows {
            result = (now.query, now.revision)
            resultAfterLoad = false
            events.append(.result)
            if let count = now.matchCount, count <= 1 { events.append(count == 0 ? .zero : .one) }
        }
        if now.marks != marks {
            if marks != nil { events.append(.multi) }
            marks = now.marks
        }
        if now.focus != focus {
            focus = now.focus
            if now.focus != nil { events.append(.focus) }
        }
        return events
    }
}
