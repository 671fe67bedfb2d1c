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
        return Split(placement.edge == .right ? .horizontal : .vertical, second: placement.size) {
            body
        } second: {
            pane
        }
    }

    /// The pane of the selected item: nothing until the list has rows, "No preview" for an
    /// item the screen does not preview, else its lines as they load.
    private func previewView(_ context: ListContext<S>) -> AsyncContentView {
        let item = isSelectionVisible ? model.selectedItem : nil
        let preview = item.flatMap { screen.preview($0, context: context) }
        let slot = contents.slot(.preview, ContentKey.self, PreviewText.self)
        if contents.isRecording {
            let load = preview?.load
            slot.want(preview?.key, debounce: preview?.debounce ?? .zero) { _ in
                guard let load else { return PreviewText(lines: []) }
                return try await load()
            }
        }
        let phase: AsyncContentView.Phase
        if item != nil, preview == nil {
            phase = .content(Text("No preview").dim())
        } else {
            let offset = slot.scrollOffset
            phase = AsyncContentView.phase(slot.state(for: preview?.key), model: slot.model, now: context.now) { text in
                PreviewPane(text: text, offset: offset)
            }
        }
        var view = AsyncContentView(phase, region: .preview, loadingLabel: "Loading preview…",
                                    failureHeadline: "Preview failed")
        view.regions = context.regions
        return view
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
        guard let slot = contents.existingSlot(.preview, ContentKey.self, PreviewText.self),
              case .loaded(let text) = slot.model.state
        else { return .handled(changed: false) }
        let before = slot.scrollOffset
        let last = PreviewPane.maxOffset(lines: text.lines.count, height: previewHeight, hasNote: text.note != nil)
        slot.scrollOffset = max(0, min(last, slot.scrollOffset + (command == .previewUp ? -1 : 1)))
        return .handled(changed: slot.scrollOffset != before)
    }

    /// Whether the preview keys do something here.
    func offersPreview(_ command: Command) -> Bool {
        guard screen.previewPlacement != nil else { return false }
        return command == .togglePreview || isPreviewShown
    }
}

/// Whether the user last showed or hid a preview pane: screens opened after that start the
/// same way, so a pane hidden once stays hidden while the user drills down. One per app.
@MainActor
final class PreviewPreference {
    /// Nil until the user toggles a pane; then whether panes are shown.
    var isShown: Bool?
}
