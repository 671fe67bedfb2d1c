/// What a list is doing behind its ``ListState``: the background load in flight, or how the
/// last one ended while the rows stayed shown.
///
/// One value, so that "refreshing, and the refresh failed, and a stream is being read" cannot
/// be written down. The state says what is shown (`loading` is a first load or a reload with
/// nothing shown); the activity says what happens around the rows: a refresh behind them,
/// a stream growing them, a later page loading below them, or the failure of one of those.
public enum ListActivity: Hashable, Sendable {
    /// Nothing runs behind the rows, and nothing failed there.
    case settled
    /// A refresh runs behind the rows; they are replaced when it answers.
    case refreshing
    /// The last refresh failed; the rows shown are from before it.
    case refreshFailed(ListError)
    /// Rows are still arriving from the load in flight (a stream being read).
    case streaming
    /// The stream failed (or timed out) after some of its rows came; they stay shown.
    case streamStopped(ListError)
    /// The feed of a live list is running: its changes are applied as they come.
    case live
    /// The feed of a live list ended; the rows stay as it left them.
    case liveEnded
    /// The feed of a live list failed; the rows stay, and `r` starts it again.
    case liveStopped(ListError)
    /// Page `page` (2 or later) of a paged list is loading.
    case loadingPage(Int)
    /// Page `page` failed; the rows stay, and `r` asks for it again.
    case pageFailed(Int, ListError)

    /// Whether a load of this activity is in flight (a refresh, a stream, a page).
    public var isInFlight: Bool {
        switch self {
        case .refreshing, .streaming, .loadingPage, .live: return true
        case .settled, .refreshFailed, .streamStopped, .pageFailed, .liveEnded, .liveStopped: return false
        }
    }

    /// The page that is loading or failed, if any.
    var page: Int? {
        switch self {
        case .loadingPage(let page), .pageFailed(let page, _): return page
        default: return nil
        }
    }
}
