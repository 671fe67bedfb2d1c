/// What the status bar says of a screen, composed in one place for every kind of list
/// (plain, paged, filtered, sectioned) and for a detail: where the selection is, then
/// words for what is going on, so that the same state reads the same everywhere.
///
/// The position is the selected row's place among the rows (`3/120`; `0/0` when there
/// are none), `+` when more rows are still to come, then what locates it further (a page,
/// a section's title) and the number of marks. The words are joined by ` · `.
struct StatusLine: Equatable {
    /// The position, as the bar shows it on the left.
    private(set) var position: String
    /// The words for what is going on, in the order they were said.
    private(set) var words: [String] = []

    /// The place of row `selected` (0-based; nil when nothing is) among `count` rows; `more`
    /// when rows are still to come (later pages, a stream being read).
    init(selected: Int?, of count: Int, more: Bool = false) {
        position = Self.place(selected, of: count) + (more ? "+" : "")
    }

    /// The place of row `selected` among the `shown` rows a filter keeps of `total`:
    /// `3/12 of 120`.
    init(selected: Int?, ofShown shown: Int, total: Int, more: Bool = false) {
        position = Self.place(selected, of: shown) + " of \(total)" + (more ? "+" : "")
    }

    /// A position that is a name rather than a place (a section's loading row).
    init(position: String) {
        self.position = position
    }

    private static func place(_ selected: Int?, of count: Int) -> String {
        guard count > 0, let selected else { return "0/\(count)" }
        return "\(selected + 1)/\(count)"
    }

    /// Adds what locates the selection further to the position: `page 3`, a section's title.
    mutating func locate(_ detail: String) {
        position += " · " + detail
    }

    /// Adds the number of marked rows to the position, when there are any.
    mutating func marked(_ count: Int) {
        if count > 0 { locate("\(count) marked") }
    }

    /// Says `word` after the words already said; nil or empty says nothing.
    mutating func say(_ word: String?) {
        if let word, !word.isEmpty { words.append(word) }
    }

    /// The words, as the bar shows them on the right.
    var state: String { words.joined(by: " · ") }

    // MARK: - The words of a load, the same for every screen

    /// What is shown while nothing is: `loading` before the first answer, `error` after a
    /// failed one; nil once content shows.
    static func shownWord(isLoading: Bool, failed: Bool) -> String? {
        if isLoading { return "loading" }
        if failed { return "error" }
        return nil
    }

    /// What happens behind the shown rows. A stream being read is `reading…` followed by
    /// `progress` (the rows read, or the screen's own note); a live feed's word is only its
    /// first (its host adds the feed's note and unseen rows).
    static func activityWord(_ activity: ListActivity, progress: @autoclosure () -> String = "") -> String? {
        switch activity {
        case .settled: return nil
        case .refreshing: return "refreshing"
        case .refreshFailed(let error): return "refresh failed: \(error.message)"
        case .streaming: return "reading… \(progress())"
        case .streamStopped(let error): return "stopped: \(error.message)"
        case .live: return "live"
        case .liveEnded: return "feed ended"
        case .liveStopped(let error): return "feed stopped: \(error.message)"
        case .loadingPage(let page): return "loading page \(page)"
        case .pageFailed(let page, _): return "page \(page) failed"
        }
    }
}
