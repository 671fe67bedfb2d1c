import TerminalCore

/// The work on a list's preview pane: the view of the body beside (or above) the selected
/// item's preview, loaded as the async content of the `.preview` region, and the pane's
/// keys. The host passes the frame's ``ListContext`` (the screen, the model, the rows' and
/// the screen's revisions), the item selected when it is shown, and how to find the
/// neighbours' previews (which moves the host's list and puts it back).
extension PreviewHostState {
    /// The previews Down and Up would show, for a preview that prefetches.
    typealias Neighbours = () -> [ContentPrefetch<ContentKey, PreviewText>.Neighbour]

    /// The screen's body, with the preview pane when the screen has one, it is shown, and
    /// there are rows to preview: the spinner, an empty list and an error take all the room.
    mutating func bodyView<S: ListScreen>(_ context: ListContext<S>, selected item: S.Item?,
                                          neighbours: @escaping Neighbours) -> any View {
        let screen = context.screen
        let body = screen.body(context)
        guard let placement = screen.previewPlacement, isShown, case .loaded = context.model.state else { return body }
        let theme = screen.filterPrompt?.theme ?? .standard
        let ascii = screen.filterPrompt?.frame.isASCII == true
        let content = paneView(context, selected: item, placement: placement, neighbours: neighbours)
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
    private mutating func paneView<S: ListScreen>(_ context: ListContext<S>, selected item: S.Item?,
                                                  placement: PreviewPlacement,
                                                  neighbours: @escaping Neighbours) -> AsyncContentView {
        let screen = context.screen
        let shown = item.flatMap { screen.preview($0, context: context) }
        let slot = contents.slot(.preview, ContentKey.self, PreviewText.self)
        let immediate = shown.flatMap { madeText($0, context: context) }
        // A preview that prefetches shows a value loaded ahead for its key, if there is one
        // (frames drawn ahead too, so that the frame prepared for Down holds).
        let stamp = immediate == nil && shown?.prefetchesNeighbours == true
            ? ContentCache<ContentKey, PreviewText>.Stamp(rows: context.model.revision, screen: context.screenRevision) : nil
        if contents.isRecording {
            // An immediate preview needs no load: the region asks for none (and so cancels
            // the load of a key shown before).
            let load = immediate == nil ? shown?.load : nil
            let prefetch = stamp.map { stamp in
                ContentPrefetch<ContentKey, PreviewText>(stamp: stamp, neighbours: neighbours, cost: { $0.cost })
            }
            slot.want(load == nil ? nil : shown?.key, debounce: shown?.debounce ?? .zero, prefetch: prefetch) { _, progress in
                guard let load else { return PreviewText(lines: []) }
                return try await load(progress)
            }
        }
        // A preview scrolled and left starts at the top when the selection comes back.
        if contents.isRecording { keepScroll(onlyFor: shown?.key) }
        let phase: AsyncContentView.Phase
        let look = look(for: shown?.key, follows: placement.follows, start: shown?.start)
        let style = screen.filterPrompt?.theme.preview ?? .plain
        let pane = { (text: PreviewText) in
            PreviewPane(text: text, offset: look.offset, wraps: placement.wraps, follows: look.follows, style: style,
                        start: look.start, headerLines: placement.headerLines)
        }
        if item != nil, shown == nil {
            phase = .content(Text("No preview").dim())
        } else if let immediate {
            phase = .content(pane(immediate))
        } else {
            phase = AsyncContentView.phase(slot.state(for: shown?.key, cached: stamp), model: slot.model, now: context.now) { text in
                pane(text)
            }
        }
        var view = AsyncContentView(phase, region: .preview, loadingLabel: "Loading preview…",
                                    failureHeadline: "Preview failed")
        view.regions = context.regions
        return view
    }

    /// `p` shows or hides the pane; Shift-↑ and Shift-↓ (`K`, `J`) scroll it without moving
    /// the selection. `selected` is the item selected when it is shown; `context` is asked
    /// only to scroll.
    mutating func perform<S: ListScreen>(_ command: Command, screen: S, selected: @autoclosure () -> S.Item?,
                                         context: () -> ListContext<S>) -> HostResponse {
        guard screen.previewPlacement != nil else { return .hint("This list has no preview") }
        switch command {
        case .togglePreview:
            toggle()
            return .handled(changed: true)
        case .showPreview, .hidePreview:
            guard isShown != (command == .showPreview) else { return .handled(changed: false) }  // already so
            toggle()
            return .handled(changed: true)
        default:
            break
        }
        guard isShown else { return .hint("The preview is hidden") }
        guard let item = selected() else { return .handled(changed: false) }
        let context = context()
        guard let shown = screen.preview(item, context: context),
              let text = madeText(shown, context: context) ?? loadedText(for: shown.key)
        else { return .handled(changed: false) }
        return .handled(changed: scroll(command, key: shown.key, text: text, opensAt: shown.start))
    }

    /// The lines of an immediate preview, made once per key while the rows and the screen
    /// stay the same (a refresh may change the item behind a key); nil for a preview that
    /// loads. The last few are kept: the frames drawn ahead make the neighbours' too.
    private mutating func madeText<S: ListScreen>(_ shown: Preview, context: ListContext<S>) -> PreviewText? {
        guard let make = shown.make else { return nil }
        return madeText(MadePreview.Stamp(key: shown.key, rows: context.model.revision, screen: context.screenRevision),
                        make: make)
    }

    /// Whether the preview keys do something on a screen whose pane is placed by `placement`.
    func offers(_ command: Command, placement: PreviewPlacement?) -> Bool {
        guard placement != nil else { return false }
        return [.togglePreview, .showPreview, .hidePreview].contains(command) || isShown
    }
}
