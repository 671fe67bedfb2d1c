/// How a screen replaces itself on one of its own commands (``CommandHandlingScreen/change(command:context:)``):
/// the new screen, whether its rows load again, and whether the marks go.
public struct ScreenChange<S: ListScreen> {
    /// What happens to the rows when the screen is replaced.
    public enum Rows: Sendable {
        /// The rows stay; the filter's query runs again under the new screen (a new ranking).
        case kept
        /// The rows are discarded and loaded again from the new screen, as they come.
        case reloaded
        /// The rows stay until the new screen's load ends, then are replaced at once.
        case reloadedBehind
        /// The rows and their matches stay as they are: only what the screen draws changed
        /// (a picker's prompt or header).
        case unchanged
    }

    /// The screen that replaces the current one.
    public var screen: S
    /// What happens to the rows.
    public var rows: Rows
    /// Whether the marks are cleared.
    public var clearsMarks: Bool
    /// Commands run once the screen is replaced, as if they followed the one that changed
    /// it (a picker's `transform(CMD)` runs the actions its command printed).
    public var then: [Command] = []
    /// A message shown on the status line once the change is made (a failure, the
    /// picker kept).
    public var message: String?

    /// A change to `screen`.
    public init(screen: S, rows: Rows, clearsMarks: Bool = false) {
        self.screen = screen
        self.rows = rows
        self.clearsMarks = clearsMarks
    }
}
