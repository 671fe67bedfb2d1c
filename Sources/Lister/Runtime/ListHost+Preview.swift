import TerminalCore

/// The preview pane: its state and work are ``PreviewHostState``'s
/// (PreviewHostState+Pane.swift); the host gives it the frame's context, the item selected
/// when it is shown, and the previews its neighbours would show.
extension ListHost {
    /// The screen's body, with the preview pane (``PreviewHostState/bodyView(_:selected:neighbours:)``).
    func bodyView(_ context: ListContext<S>) -> any View {
        preview.bodyView(context, selected: isSelectionVisible ? model.selectedItem : nil,
                         neighbours: { [weak self] in self?.neighbourPreviews() ?? [] })
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

    /// The preview's keys (``PreviewHostState/perform(_:screen:selected:context:)``).
    func performPreview(_ command: Command) -> HostResponse {
        preview.perform(command, screen: screen, selected: isSelectionVisible ? model.selectedItem : nil,
                        context: { context(now: now) })
    }

    /// Whether the preview keys do something here.
    func offersPreview(_ command: Command) -> Bool { preview.offers(command, placement: screen.previewPlacement) }
}
