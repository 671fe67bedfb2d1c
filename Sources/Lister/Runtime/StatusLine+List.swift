/// What the status line says of a list that is not filtering: its place, its page, and
/// its load state and activity (a sort asked of the source says "sorting…" until its rows
/// come; a stream says what it has read; a live feed adds its own words).
extension StatusLine {
    /// The status of `model`. `sortingAtSource`: a sort at the source waits for its rows;
    /// `reading` says what a stream has read (asked only while one is read); `live` adds
    /// a live feed's words after its activity's.
    static func list<Item>(_ model: ListModel<Item>, sortingAtSource: Bool, reading: () -> String,
                           live: (ListActivity, inout StatusLine) -> Void) -> StatusLine {
        let more = (model.isPaged && model.paging != .complete) || model.activity == .streaming
        var line = StatusLine(selected: model.selection, of: model.count, more: more)
        if model.isPaged { line.locate("page \(model.pageCount)") }
        switch (model.state, model.activity) {
        case (.idle, _) where sortingAtSource, (.loading, _) where sortingAtSource, (_, .refreshing) where sortingAtSource:
            line.say("sorting…")  // the load a sort at the source started, until its rows come
        case (.idle, _), (.loading, _): line.say(StatusLine.shownWord(isLoading: true, failed: false))
        case (.error, _): line.say(StatusLine.shownWord(isLoading: false, failed: true))
        case (_, .streaming):
            line.say(StatusLine.activityWord(.streaming, progress: reading()))
        case (_, let activity):
            line.say(StatusLine.activityWord(activity))
            live(activity, &line)
        }
        return line
    }
}
