import TerminalCore

/// A list screen's filter as its host keeps it: the line being typed, the query kept after
/// Enter, the engine, and where the filtered rows are scrolled.
struct ListFilter {
    /// The engine: the current query, its matches and the run in flight.
    var engine = FilterEngine()
    /// The line the query is typed in.
    var line = FilterLine()
    /// Whether the filter line is open for typing.
    var isEditing: Bool {
        get { line.isEditing }
        set { line.isEditing = newValue }
    }
    /// The text of the filter line.
    var text: String {
        get { line.text }
        set { line.text = newValue }
    }
    /// The prompt's history and where the walk through it stands.
    var history = PromptHistory([])
    /// The first visible match.
    var scrollOffset = 0
    /// The rows' revision the engine last saw, to tell appended rows from replaced ones.
    var seenRevision = -1
    /// The text of the rows, built when the filter first needs it after the rows change.
    var source: (any FilterableText)?
    /// The run in flight off the main actor, if any.
    var asyncRunID: Int?

    /// The query whose matches the selection was last placed in (prompt-first screens
    /// place it anew when the query changes).
    var selectedTopFor: FilterQuery?
    /// Where the selection was among the rows shown when the query last changed: a
    /// prompt-first screen selects the row at that place of the new matches (the last one
    /// when there are fewer), as fzf's cursor keeps its place; 0, the best match, until
    /// the selection is moved.
    var cursor = 0
    /// Where a reload stands with the cursor's place (prompt-first screens).
    var reloadCursor = ReloadCursor.none

    /// A prompt-first screen's reload and the cursor: fzf keeps the cursor's place (its
    /// row on the screen), not the row, when a reload brings new lines.
    enum ReloadCursor {
        /// No reload waits to place the cursor.
        case none
        /// A reload runs: the rows it brings enter at ``ListFilter/cursor``.
        case waiting
        /// The reload replaced the rows: the first rows or matches that show take the
        /// cursor's place (clamped, as fzf's cursor is when fewer show).
        case placing
    }

    /// Whether the list shows only matches (or the line is open).
    var isActive: Bool { isEditing || engine.isFiltering }
}

/// What a list's body needs to draw filtered rows.
public struct FilteredView: Sendable {
    /// The engine, with the matches drawn.
    public let engine: FilterEngine
    /// The visible position of the selected row, if it is among the matches.
    public let selection: Int?
    /// The first visible match.
    public let scrollOffset: Int
    /// The query whose matches are drawn (for highlighting).
    public var query: FilterQuery { engine.matches?.query ?? engine.query }
}

/// The prompt of a prompt-first list (``ListScreenOptions/filterPrompt``).
public struct FilterPrompt: Hashable, Sendable {
    /// Drawn before the query, as `> `.
    public var prompt: String
    /// The query typed in advance (`--query`).
    public var query: String
    /// Keys that choose like Enter, and are told in the outcome (fzf's `--expect`).
    public var acceptKeys: [Key]
    /// Whether the prompt is drawn above the rows (fzf's `--layout reverse`) instead of
    /// below them.
    public var isOnTop: Bool
    /// Whether the best row is drawn at the bottom of the list, just above a prompt at
    /// the bottom, and the others above it (fzf's default layout); false draws them from
    /// the top down. A row of several lines keeps its lines in order.
    public var growsUpward: Bool
    /// Keys that go to the key table even while the query is typed, before the prompt's
    /// own editing keys (``LineEditor/defaultAction(for:)``): the keys a picker's `--bind`
    /// gave other work.
    public var reservedKeys: [Key] = []
    /// Keys that do nothing, neither edit nor go to the key table (fzf's `unbind(KEY)`);
    /// a printable one among them is typed, as fzf types a key it has no binding for.
    public var unboundKeys: [Key] = []
    /// Whether the selected row stays selected when a new query still matches it (fzf's
    /// `--track`), instead of the cursor keeping its place among the matches.
    public var tracksSelection = false
    /// Whether the prompt's words are paths' parts: runs of characters other than blanks
    /// and `/` (fzf's `--filepath-word`), for the word moves and kills.
    public var wordsArePaths = false
    /// The most rows that can be marked (fzf's `--multi=N`); nil: no limit.
    public var markLimit: Int?
    /// Whether moving past the last row goes on at the first, and back (fzf's `--cycle`).
    public var cycles = false
    /// The queries of earlier runs, oldest first, for ``Command/previousHistory`` and
    /// ``Command/nextHistory`` (fzf's `--history`).
    public var history: [String] = []
    /// Commands run when something happens to the picker (fzf's `--bind` events:
    /// `start`, `load`, `change`, `result`, `focus`), each once per time it happens.
    public var eventCommands: [PromptEvent: Command] = [:]
    /// Drawn in a column before the selected row (fzf's `--pointer`); with ``marker``,
    /// either set draws fzf's gutter (``GutterRow``). Nil for both: the selected row is
    /// only highlighted and marks are a `●`.
    public var pointer: String?
    /// Drawn in a column before each marked row (fzf's `--marker`); see ``pointer``.
    public var marker: String?
    /// The styles of the picker's parts (fzf's `--color`): rows, matches, the selected
    /// row, the gutter, the prompt, the count, the header, the preview.
    public var theme = PromptTheme.standard
    /// What surrounds the picker: margin, border, label, padding (fzf's `--margin`,
    /// `--border`, `--border-label`, `--padding`); none by default.
    public var frame = PromptFrame()
    /// Where the count of matches goes (fzf's `--info`): a line of its own beside the
    /// prompt (the default, ``ListContext/promptInfoLine``), the prompt line, or nowhere.
    public var info = PromptInfo.default
    /// Whether a row wider than the list shows its end, after `··`, while the query does
    /// not match it (fzf's `--keep-right`; ``HScrollRow``).
    public var keepsRight = false
    /// How a row wider than the list is cut (``HScrollRow``): shifted left so that the
    /// query's last match shows with this many columns after it (fzf's `--hscroll-off`,
    /// 10 by default); nil cuts every row at its end (`--no-hscroll`). A cut is marked `··`.
    public var horizontalScrollOffset: Int? = 10
    /// Drawn in the list's last column to show where the rows shown are among all of them
    /// (fzf's `--scrollbar=CHAR`); nil draws none.
    public var scrollbar: String?
    /// Drawn before the count on the prompt line (fzf's `--info=inline:PREFIX`); nil: `" < "`
    /// after the query (``PromptInfo/inline``), nothing at the line's end
    /// (``PromptInfo/inlineRight``).
    public var infoPrefix: String?
    /// Repeated to the end of the info line after the count (fzf's `--separator`); nil
    /// draws none (`--no-separator`).
    public var separator: String? = "─"
    /// The rows kept in view above and below the selected one as the list scrolls (fzf's
    /// `--scroll-off`), at most half the list's lines; 0 scrolls only to keep the selected
    /// row itself in view. Rows of one line only.
    public var scrollOff = 0
    /// What marks the place where a row wider than the list was cut (fzf's `--ellipsis`).
    public var ellipsis = HScrollRow.defaultEllipsis
    /// Whether the selected row's highlight fills the list's width, not only its text
    /// (fzf's `--highlight-line`).
    public var highlightsWholeLine = false
    /// Lines drawn on the far side of the prompt from the list: below a prompt at the
    /// bottom, above one on top (fzf's `--header-first` puts its `--header` there).
    public var linesBeyond: [Text] = []

    /// Creates a prompt.
    public init(prompt: String = "> ", query: String = "", acceptKeys: [Key] = [], isOnTop: Bool = false,
                growsUpward: Bool = false) {
        self.prompt = prompt
        self.query = query
        self.acceptKeys = acceptKeys
        self.isOnTop = isOnTop
        self.growsUpward = growsUpward
    }
}

/// The first item of a prompt-first screen's ``Outcome/picked(_:)``: the query as it
/// stood and the key that chose (nil for Enter). The chosen items follow it; none when
/// nothing matched.
public struct PromptChoice: Sendable, Hashable {
    /// The query typed.
    public let query: String
    /// The key that chose, when it was one of ``FilterPrompt/acceptKeys``.
    public let key: Key?

    /// Creates a choice.
    public init(query: String, key: Key?) {
        self.query = query
        self.key = key
    }
}
