import TerminalCore

/// What a list screen's ``ListScreen/body(_:)`` can read: the model and the moment drawn.
@MainActor
public struct ListContext<S: ListScreen> {
    /// The screen's state and selection.
    public let model: ListModel<S.Item>
    /// The moment being drawn (for animations).
    public let now: Duration
    /// The screen itself.
    public let screen: S

    /// Creates a context (the runtime does this; tests may too).
    public init(screen: S, model: ListModel<S.Item>, now: Duration) {
        self.screen = screen
        self.model = model
        self.now = now
    }

    /// The list state.
    public var state: ListState<S.Item> { model.state }
    /// Whether the spinner has appeared.
    public var isSpinnerVisible: Bool { model.isSpinnerVisible }
    /// The spinner frame to draw.
    public var spinnerFrame: Int { model.spinnerFrame(at: now) }
    /// The paging status.
    public var paging: PagingStatus { model.paging }

    /// The virtualised list of the loaded rows and the footer, with the selection.
    public func listView(row: @escaping (Int, RowContext) -> some View) -> ListView {
        let selection = model.selection
        return ListView(
            count: model.count,
            selection: selection,
            scrollOffset: model.scrollOffset,
            footer: screen.footer(self),
            row: { index in row(index, RowContext(index: index, isSelected: index == selection)) }
        )
    }
}
