import TerminalCore

/// The preview pane: the screen's body beside (or above) the selected item's preview,
/// loaded as the async content of the `.preview` region.
extension ListHost {
    /// The screen's body, with the preview pane when the screen has one, it is shown, and
    /// there are rows to preview: the spinner, an empty list and an error take all the room.
    func bodyView(_ context: ListContext<S>) -> any View {
        let body = screen.body(context)
        guard let placement = screen.previewPlacement, isPreviewShown, case .loaded = model.state else { return body }
        let pane = previewView(context)
        switch placement.edge {
        case .right, .bottom:
            return Split(placement.edge == .right ? .horizontal : .vertical, second: placement.size) { body } second: { pane }
        case .left, .top:
            return Split(placement.edge == .left ? .horizontal : .vertical, first: placement.size) { pane } second: { body }
        }
    }

    /// The pane of the selected item: nothing until the list has rows, "No preview" for an
    /// item the screen does not preview, else its lines: made at once for an immediate
    /// preview, else as they load.
    private func previewView(_ context: ListContext<S>) -> AsyncContentView {
        let item = isSelectionVisible ? model.selectedItem : nil
        let preview = item.flatMap { screen.preview($0, context: context) }
        let slot = contents.slot(.preview, ContentKey.self, PreviewText.self)
        let immediate = preview.flatMap(madeText)
        // A preview that prefetches shows a value loaded ahead for its key, if there is one
        // (frames drawn ahead too, so that the frame prepared for Down holds).
        let stamp = immediate == nil && preview?.prefetchesNeighbours == true ? previewStamp : nil
        if contents.isRecording {
            // An immediate preview needs no load: the region asks for none (and so cancels
            // the load of a key shown before).
            let load = immediate == nil ? preview?.load : nil
            let prefetch = stamp.map { stamp in
                ContentPrefetch<ContentKey, PreviewText>(stamp: stamp, neighbours: { [weak self] in self?.neighbourPreviews() ?? [] },
                                                         cost: { $0.cost })
            }
            slot.want(load == nil ? nil : preview?.key, debounce: preview?.debounce ?? .zero, prefetch: prefetch) { _, progress in
                guard let load else { return PreviewText(lines: []) }
                return try await load(progress)
            }
        }
        // A preview scrolled and left starts at the top when the selection comes back.
        if contents.isRecording, let scrolled = previewScroll, scrolled.key != preview?.key { previewScroll = nil }
        let phase: AsyncContentView.Phase
        let offset = previewOffset(for: preview?.key)
        if item != nil, preview == nil {
            phase = .content(Text("No preview").dim())
        } else if let immediate {
            phase = .content(PreviewPane(text: immediate, offset: offset))
        } else {
            phase = AsyncContentView.phase(slot.state(for: preview?.key, cached: stamp), model: slot.model, now: context.now) { text in
                PreviewPane(text: text, offset: offset)
            }
        }
        var view = AsyncContentView(phase, region: .preview, loadingLabel: "Loading preview…",
                                    failureHeadline: "Preview failed")
        view.regions = context.regions
        return view
    }

    /// What previews loaded ahead were loaded from: the rows and the screen as they are.
    private var previewStamp: ContentCache<ContentKey, PreviewText>.Stamp {
        ContentCache.Stamp(rows: model.revision, screen: screenRevision)
    }

    /// The previews of the items Down and Up would select (Down first), for a preview that
    /// prefetches: the moves are performed on the list and the list put back, as when
    /// frames are drawn ahead, so the neighbours are the rows the keys would reach
    /// (rows that cannot be selected stepped over). None while the list cannot promise
    /// that (a load in flight, the filter open). Previews made in the frame or that do
    /// not prefetch are left out.
    func neighbourPreviews() -> [ContentPrefetch<ContentKey, PreviewText>.Neighbour] {
        var found: [ContentPrefetch<ContentKey, PreviewText>.Neighbour] = []
        for command in [Command.down, .up] {
            let reached = speculating { () -> S.Item? in
                guard case .handled(changed: true) = perform(command, now: now), isSelectionVisible else { return nil }
                return model.selectedItem
            }
            guard let item = reached ?? nil, let preview = screen.preview(item, context: context(now: now)),
                  preview.make == nil, preview.prefetchesNeighbours
            else { continue }
            let load = preview.load
            found.append((preview.key, { _, progress in try await load(progress) }))
        }
        return found
    }

    /// `p` shows or hides the pane; Shift-↑ and Shift-↓ (`K`, `J`) scroll it without moving
    /// the selection.
    func performPreview(_ command: Command) -> HostResponse {
        guard screen.previewPlacement != nil else { return .hint("This list has no preview") }
        if command == .togglePreview {
            isPreviewShown.toggle()
            previewPreference.isShown = isPreviewShown  // screens opened from here start the same way
            return .handled(changed: true)
        }
        guard isPreviewShown else { return .hint("The preview is hidden") }
        guard let item = isSelectionVisible ? model.selectedItem : nil,
              let preview = screen.preview(item, context: context(now: now)),
              let text = shownText(of: preview)
        else { return .handled(changed: false) }
        let before = previewOffset(for: preview.key)
        let last = PreviewPane.maxOffset(lines: text.lines.count, height: previewHeight, hasNote: text.note != nil)
        let page = max(1, previewHeight - (text.note == nil ? 0 : 1))
        let target = switch command {
        case .previewUp: before - 1
        case .previewPageUp: before - page
        case .previewPageDown: before + page
        case .previewTop: 0
        case .previewBottom: last
        default: before + 1
        }
        let offset = max(0, min(last, target))
        previewScroll = (preview.key, offset)
        return .handled(changed: offset != before)
    }

    /// The lines of an immediate preview, made once per key while the rows and the screen
    /// stay the same (a refresh may change the item behind a key); nil for a preview that
    /// loads. The last few are kept: the frames drawn ahead make the neighbours' too.
    private func madeText(_ preview: Preview) -> PreviewText? {
        guard let make = preview.make else { return nil }
        let stamp = MadePreview.Stamp(key: preview.key, rows: model.revision, screen: screenRevision)
        if let index = previewsMade.firstIndex(where: { $0.stamp == stamp }) {
            return previewsMade[index].text
        }
        let text = make()
        if previewsMade.count >= 3 { previewsMade.removeFirst() }
        previewsMade.append(MadePreview(stamp: stamp, text: text))
        return text
    }

    /// The lines the pane shows for `preview`, if they are there yet.
    private func shownText(of preview: Preview) -> PreviewText? {
        if let made = madeText(preview) { return made }
        guard let slot = contents.existingSlot(.preview, ContentKey.self, PreviewText.self),
              slot.model.key == preview.key, case .loaded(let text) = slot.model.state
        else { return nil }
        return text
    }

    /// The first line shown of the preview of `key`: where the user scrolled it, or the
    /// top for a preview not scrolled yet.
    private func previewOffset(for key: ContentKey?) -> Int {
        guard let previewScroll, let key, previewScroll.key == key else { return 0 }
        return previewScroll.offset
    }

    /// Whether the preview keys do something here.
    func offersPreview(_ command: Command) -> Bool {
        guard screen.previewPlacement != nil else { return false }
        return command == .togglePreview || isPreviewShown
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
