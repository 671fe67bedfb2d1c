/// A list fed from outside: after its ``ListScreen/load()`` (or instead of it), the rows
/// change as its feed sends ``ListChange``s, a log being followed, a queue whose jobs change
/// state, the output of a command run again and again.
///
/// ```swift
/// struct Jobs: LiveListScreen {
///     let title = "Jobs"
///     let queue: JobQueue                      // the app's model
///     var canReload: Bool { false }            // rows from the feed only
///     nonisolated func changes() -> AsyncStream<ListChange<Job>> { queue.changes() }
///     func row(_ job: Job, context: RowContext) -> Text { Text("\(job.name)  \(job.state)") }
/// }
/// ```
///
/// The feed is read off the main actor as fast as it sends; the list takes what came at most
/// once a frame (``LiveListScreen/frameInterval``), so a feed of 100,000 changes a second
/// costs some 60 draws, and keys are answered between them. While 65,536 changes wait for
/// the list, the reading pauses: what the producer does meanwhile is its sequence's policy
/// (an `AsyncStream` buffers by its `bufferingPolicy`, unbounded by default).
///
/// The feed starts when the load has succeeded and again after every refresh (`r`) or
/// reload; its end and its error are shown in the status bar with the rows kept, and `r`
/// then starts it again.
///
/// A list whose rows come only from its feed (no `load()` of its own) has nothing to load
/// again: give it `canReload` false (``ListScreenOptions/canReload``), and `r` starts its
/// feed again at any time, keeping the rows. Otherwise `r` runs the empty load, which
/// replaces the rows with none before the new feed starts.
public protocol LiveListScreen: ListScreen {
    /// The sequence of changes.
    associatedtype Changes: AsyncSequence & Sendable where Changes.Element == ListChange<Item>

    /// The changes to the rows the load brought, from the moment the load ended. Called
    /// off the main actor each time the feed starts; the sequence is cancelled when the
    /// screen goes away or loads again.
    nonisolated func changes() -> Changes

    /// Whether the list follows new rows at its end, as `less +F` does: while the last row
    /// is selected, rows added at the end move the selection down to the new last row. When
    /// true the list also opens on its last row. False by default.
    var followsEnd: Bool { get }

    /// The least time between two applications of the feed's changes: one frame, 16 ms, by
    /// default.
    var frameInterval: Duration { get }
}

extension LiveListScreen {
    public var followsEnd: Bool { false }
    public var frameInterval: Duration { .milliseconds(16) }
}

extension LiveListScreen where Items == [Item] {
    /// A list fed only by its changes starts empty. Such a list should say `canReload`
    /// false, so that `r` keeps its rows (see ``LiveListScreen``).
    public nonisolated func load() async throws -> [Item] { [] }
}
