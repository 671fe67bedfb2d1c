import TerminalCore

/// The preview pane's state in a list's host: whether it is shown, its loads, its scroll
/// and the immediate previews already made.
@MainActor
struct PreviewHostState {
    /// The regions of the body that show async content: the preview pane.
    let contents: ContentRegistry
    /// The user's last toggle of a pane, shared by the app's screens.
    let preference: PreviewPreference
    /// Whether the pane is shown (the user's last toggle, else the screen's placement, says
    /// how it starts).
    var isShown: Bool
    /// The lines the pane had in the last frame, for its scroll keys.
    var height = 0
    /// The columns the pane's text had in the last frame (``ListContext/previewSize``).
    var width = 0
    /// Where the user scrolled the preview, and of which key.
    var scroll: (key: ContentKey, offset: Int)?
    /// The lines of the last immediate previews made (``MadePreview``).
    private var made: [MadePreview] = []

    init(contents: ContentRegistry, preference: PreviewPreference, placement: PreviewPlacement?) {
        self.contents = contents
        self.preference = preference
        isShown = placement.map { preference.isShown ?? !$0.startsHidden } ?? false
    }

    /// The lines of the immediate preview `stamp` names: made by `make` the first time, then
    /// kept while the last few are (the frames drawn ahead make the neighbours' too).
    mutating func madeText(_ stamp: MadePreview.Stamp, make: () -> PreviewText) -> PreviewText {
        if let index = made.firstIndex(where: { $0.stamp == stamp }) { return made[index].text }
        let text = make()
        if made.count >= 3 { made.removeFirst() }
        made.append(MadePreview(stamp: stamp, text: text))
        return text
    }

    /// The first line shown of the preview of `key`: where the user scrolled it, or the
    /// top for a preview not scrolled yet.
    func offset(for key: ContentKey?) -> Int {
        guard let scroll, let key, scroll.key == key else { return 0 }
        return scroll.offset
    }

    /// How the pane shows the preview of `key`: from where the user scrolled it, else
    /// where it opens (`start`, fzf's `--preview-window +N`) and following its end when
    /// the placement `follows` (fzf's `follow`, which holds until the user scrolls).
    func look(for key: ContentKey?, follows: Bool, start: PreviewStart?) -> PaneLook {
        let scrolled = scroll?.key == key
        return PaneLook(offset: offset(for: key), follows: follows && !scrolled, start: scrolled ? nil : start)
    }

    /// Where the pane's lines start and whether it follows their end (``look(for:follows:start:)``).
    struct PaneLook: Equatable {
        /// The first line shown, as the user scrolled it (0 when not scrolled).
        var offset: Int
        /// Whether the last lines show as they grow.
        var follows: Bool
        /// Where a preview not scrolled opens.
        var start: PreviewStart?
    }

    /// `p`: shows or hides the pane; the screens opened from here start the same way.
    mutating func toggle() {
        isShown.toggle()
        preference.isShown = isShown
    }

    /// Scrolls the preview of `key`, whose lines are `text`, for a preview key (a line, a
    /// page of the pane's height, the top, the bottom); true when the first line shown
    /// changed. A preview not scrolled yet moves from where it opened (`start`, fzf's
    /// `--preview-window +N`), else from the top.
    mutating func scroll(_ command: Command, key: ContentKey, text: PreviewText, opensAt start: PreviewStart? = nil) -> Bool {
        let last = PreviewPane.maxOffset(lines: text.lines.count, height: height, hasNote: text.note != nil)
        let page = max(1, height - (text.note == nil ? 0 : 1))
        let opened = start.map { min(last, $0.offset(height: page)) } ?? 0
        let before = scroll?.key == key ? offset(for: key) : opened
        let target = switch command {
        case .previewUp: before - 1
        case .previewPageUp: before - page
        case .previewPageDown: before + page
        case .previewHalfPageUp: before - max(1, page / 2)
        case .previewHalfPageDown: before + max(1, page / 2)
        case .previewTop: 0
        case .previewBottom: last
        default: before + 1
        }
        let offset = max(0, min(last, target))
        scroll = (key, offset)
        return offset != before
    }

    /// A preview scrolled and left starts at the top when the selection comes back: the
    /// scroll is forgotten once a frame shows the preview of another key.
    mutating func keepScroll(onlyFor key: ContentKey?) {
        if let scrolled = scroll, scrolled.key != key { scroll = nil }
    }

    /// The lines of the preview of `key` loaded in the pane, if they are there yet.
    func loadedText(for key: ContentKey) -> PreviewText? {
        guard let slot = contents.existingSlot(.preview, ContentKey.self, PreviewText.self),
              slot.model.key == key, case .loaded(let text) = slot.model.state
        else { return nil }
        return text
    }
}

/// The lines of an immediate preview, and what they were made from.
struct MadePreview {
    struct Stamp: Equatable {
        var key: ContentKey
        var rows: Int
        var screen: Int
    }

    var stamp: Stamp
    var text: PreviewText
}

/// Whether the user last showed or hid a preview pane: screens opened after that start the
/// same way, so a pane hidden once stays hidden while the user drills down. One per app.
@MainActor
final class PreviewPreference {
    /// Nil until the user toggles a pane; then whether panes are shown.
    var isShown: Bool?
}
