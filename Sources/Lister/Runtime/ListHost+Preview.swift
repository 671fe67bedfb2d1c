import TerminalCore

/// The preview pane: the screen's body beside (or above) the selected item's preview,
/// loaded as the async content of the `.preview` region.
extension ListHost {
    /// The screen's body, with the preview pane when the screen has one, it is shown, and
    /// there are rows to preview: the spinner, an empty list and an error take all the room.
    func bodyView(_ context: ListContext<S>) -> any View {
        let body = screen.body(context)
        guard let placement = screen.previewPlacement, preview.isShown, case .loaded = model.state else { return body }
        let theme = screen.filterPrompt?.theme ?? .standard
        let ascii = screen.filterPrompt?.frame.isASCII == true
        let content = previewView(context, placement: placement)
        let pane: any View = placement.border.map {
            BorderedView(border: $0, style: theme.border, content: content, label: placement.label,
                         labelPosition: placement.labelPosition, labelStyle: theme.label, isASCII: ascii)
        } ?? content
        let divider = placement.showsBorder && placement.border == nil
        var split = switch placement.edge {
        case .right, .bottom:
            Split(placement.edge == .right ? .horizontal : .vertical, second: placement.paneSize, showsDivider: divider) {
                body
            } second: { pane }
        case .left, .top:
            Split(placement.edge == .left ? .horizontal : .vertical, first: placement.paneSize, showsDivider: divider) {
                pane
            } second: { body }
        }
        split.dividerStyle = theme.border
        split.dividerIsASCII = ascii
        return split
    }

    /// The pane of the selected item: nothing until the list has rows, "No preview" for an
    /// item the screen does not preview, else its lines: made at once for an immediate
    /// preview, else as they load.
    private func previewView(_ context: ListContext<S>, placement: PreviewPlacement) -> AsyncContentView {
        let item = isSelectionVisible ? model.selectedItem : nil
        let preview = item.flatMap { screen.preview($0, context: context) }
        let slot = self.preview.contents.slot(.preview, ContentKey.self, PreviewText.self)
        let immediate = preview.flatMap(madeText)
        // A preview that prefetches shows a value loaded ahead for its key, if there is one
        // (frames drawn ahead too, so that the frame prepared for Down holds).
        let stamp = immediate == nil && preview?.prefetchesNeighbours == true ? previewStamp : nil
        if self.preview.contents.isRecording {
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
        if self.preview.contents.isRecording { self.preview.keepScroll(onlyFor: preview?.key) }
        let phase: AsyncContentView.Phase
        let look = self.preview.look(for: preview?.key, follows: placement.follows, start: preview?.start)
        let style = screen.filterPrompt?.theme.preview ?? .plain
        let pane = { (text: PreviewText) in
            PreviewPane(text: text, offset: look.offset, wraps: placement.wraps, follows: look.follows, style: style,
                        start: look.start, headerLines: placement.headerLines)
        }
        if item != nil, preview == nil {
            phase = .content(Text("No preview").dim())
        } else if let immediate {
            phase = .content(pane(immediate))
        } else {
            phase = AsyncContentView.phase(slot.state(for: preview?.key, cached: stamp), model: slot.model, now: context.now) { text in
                pane(text)
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
            let reached = drawingAhead { () -> S.Item? in
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
        switch command {
        case .togglePreview:
            preview.toggle()
            return .handled(changed: true)
        case .showPreview, .hidePreview:
            guard preview.isShown != (command == .showPreview) else { return .handled(changed: false) }  // already so
            preview.toggle()
            return .handled(changed: true)
        default:
            break
        }
        guard preview.isShown else { return .hint("The preview is hidden") }
        guard let item = isSelectionVisible ? model.selectedItem : nil,
              let shown = screen.preview(item, context: context(now: now)),
              let text = madeText(shown) ?? preview.loadedText(for: shown.key)
        else { return .handled(changed: false) }
        return .handled(changed: preview.scroll(command, key: shown.key, text: text, opensAt: shown.start))
    }

    /// The lines of an immediate preview, made once per key while the rows and the screen
    /// stay the same (a refresh may change the item behind a key); nil for a preview that
    /// loads. The last few are kept: the frames drawn ahead make the neighbours' too.
    private func madeText(_ shown: Preview) -> PreviewText? {
        guard let make = shown.make else { return nil }
        return preview.madeText(MadePreview.Stamp(key: shown.key, rows: model.revision, screen: screenRevision), make: make)
    }

    /// Whether the preview keys do something here.
    func offersPreview(_ command: Command) -> Bool {
        guard screen.previewPlacement != nil else { return false }
        return [.togglePreview, .showPreview, .hidePreview].contains(command) || preview.isShown
    }
}
