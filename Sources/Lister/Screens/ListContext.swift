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
    /// The screen's ``ListScreen/filterPrompt``, asked once per context: a picker makes it
    /// from its options, and each row drawn reads it (pointer, marker, theme).
    let filterPrompt: FilterPrompt?
    /// Where section headers go between the rows, for a ``GroupedListScreen``; else nil.
    public let sections: SectionIndex?
    /// The filter, when the list shows only the rows that match one; else nil.
    public let filter: FilteredView?
    /// The marked items of a multiple picker (a marker column is drawn); nil otherwise.
    public let marks: Set<S.Item.ID>?
    /// Columns of the rows scrolled out on the left.
    public var horizontalOffset = 0
    /// The text typed in the filter line (the query of a prompt-first list); empty when
    /// no filter is open.
    public var filterText = ""
    /// The preview pane's text area as the last frame drew it (its lines and columns); nil
    /// before it is drawn and without a pane (fzf's `FZF_PREVIEW_LINES`, `FZF_PREVIEW_COLUMNS`).
    public internal(set) var previewSize: Size?
    /// True when the frame is drawn ahead for a key that may come next (Down or Up) and may
    /// never be shown. Internal: a body draws from its context and acts on nothing, so it
    /// never needs to know (the chaos tests' recording body does).
    var isDrawingAhead = false
    /// The order a table shows (a ``TableScreen``): by which column, which way; nil for
    /// the order the rows were loaded in.
    public internal(set) var tableSort: TableSort?
    /// The first of a table's scrollable columns shown (Left/Right, `<` `>` move it).
    var tableFirstColumn = 0
    /// The cell widths a table measured in recent frames (the host's); nil measures afresh.
    var tableCache: TableCache?
    /// Where the default body keeps the rows it drew (the host's); nil draws every row.
    var rowCache: RowCache?
    /// Changes whenever the host replaces the screen value.
    var screenRevision = 0
    /// Where the list notes the rectangle it is drawn in (the host's); nil notes nothing.
    var regions: RegionMap?
    /// The regions of async content (the host's); nil loads nothing.
    var contents: ContentRegistry?

    /// Creates a context (the runtime does this; tests may too). The sections of a
    /// ``GroupedListScreen`` are worked out from the model's items.
    public init(screen: S, model: ListModel<S.Item>, now: Duration) {
        self.init(screen: screen, model: model, now: now, sections: Self.sections(of: screen, items: model.state.items))
    }

    /// Creates a context with sections already worked out.
    public init(
        screen: S, model: ListModel<S.Item>, now: Duration, sections: SectionIndex?,
        filter: FilteredView? = nil, marks: Set<S.Item.ID>? = nil
    ) {
        self.screen = screen
        filterPrompt = screen.filterPrompt
        self.model = model
        self.now = now
        self.sections = sections
        self.filter = filter
        self.marks = marks
    }

    /// Whether the item at `index` is marked.
    public func isMarked(_ index: Int) -> Bool {
        guard let marks, !marks.isEmpty else { return false }
        return marks.contains(model.state.items[index].id)
    }

    /// A row as drawn: matches highlighted while filtering, a marker column in a multiple picker.
    private func decorated(_ view: any View, index: Int, isSelected: Bool) -> any View {
        var view = view
        let query = filter.flatMap { $0.engine.isFiltering ? $0.query : nil }
        let prompt = filterPrompt
        if let theme = prompt?.theme, let text = view as? Text {
            // A picker's rows in its theme: text, selected row, matches (fzf's --color).
            // Under fields (--nth), the characters the matcher found in them, as fzf marks them.
            let positions = query.flatMap { query in
                screen.filterSource(for: model.state.items).flatMap { query.fieldPositions(in: $0, row: index) }
            }
            let decorated = theme.decorate(text, isSelected: isSelected, query: query, positions: positions)
            view = HScrollRow(decorated, query: query, offset: prompt?.horizontalScrollOffset, keepsRight: prompt?.keepsRight == true,
                              ellipsis: prompt?.ellipsis ?? HScrollRow.defaultEllipsis)
        } else if let query {
            if let text = view as? Text {
                view = text.highlightingMatches(of: query)
            } else if let row = view as? TableRow {
                view = row.highlightingMatches(of: query)
            }
        }
        if let prompt, prompt.pointer != nil || prompt.marker != nil {
            // fzf's gutter: the pointer and marker columns before every row.
            let marker = marks == nil ? "" : prompt.marker ?? "●"
            var row = GutterRow(pointer: prompt.pointer ?? "", marker: marker, isSelected: isSelected,
                                isMarked: marks != nil && isMarked(index), content: view)
            row.pointerStyle = prompt.theme.pointer
            row.markerStyle = prompt.theme.marker
            if !isSelected { row.gutterStyle = prompt.theme.gutter }
            return row
        }
        if marks != nil {
            var row = MarkedRow(isMarked: isMarked(index), content: view)
            if let prompt { row.markerStyle = prompt.theme.marker }
            view = row
        }
        return view
    }

    /// The sections of `items` when `screen` groups its rows, else nil.
    static func sections(of screen: S, items: ItemList<S.Item>) -> SectionIndex? {
        screen.asGrouped?.sectionIndex(ofAny: items)
    }

    /// The list state.
    public var state: ListState<S.Item> { model.state }
    /// Whether the spinner has appeared.
    public var isSpinnerVisible: Bool { model.isSpinnerVisible }
    /// The spinner frame to draw.
    public var spinnerFrame: Int { model.spinnerFrame(at: now) }
    /// The paging status.
    public var paging: PagingStatus { model.paging }

    /// The virtualised list of the loaded rows and the footer, with the selection. `row`
    /// gets an item's position; section headers (sticky at the top) are added around the
    /// rows of a grouped screen.
    public func listView(row: @escaping (Int, RowContext) -> some View) -> ListView {
        var (view, _) = unshiftedListView(row: row)
        view.growsUpward = filterPrompt?.growsUpward == true
        if let theme = filterPrompt?.theme {
            view.highlight = theme.selectedRow
            view.scrollbarStyle = theme.separator
        }
        view.scrollbar = filterPrompt?.scrollbar
        view.highlightsWholeRow = filterPrompt?.highlightsWholeLine == true
        view.horizontalOffset = horizontalOffset
        view.regions = regions
        return view
    }

    /// As ``listView(row:)``, reusing the rows drawn in the last frame that have not
    /// changed: for rows drawn by ``ListScreen/row(_:context:)`` only (see ``RowCache``).
    func rowReusingListView(row: @escaping (Int, RowContext) -> some View) -> ListView {
        var (view, items) = unshiftedListView(row: row)
        view.growsUpward = filterPrompt?.growsUpward == true
        if let theme = filterPrompt?.theme {
            view.highlight = theme.selectedRow
            view.scrollbarStyle = theme.separator
        }
        view.scrollbar = filterPrompt?.scrollbar
        view.highlightsWholeRow = filterPrompt?.highlightsWholeLine == true
        view.horizontalOffset = horizontalOffset
        view.regions = regions
        // A pointer marks the selected row in its gutter: rows are drawn afresh, as the
        // row that lost the selection must lose its pointer.
        guard let rowCache, filterPrompt?.pointer == nil else { return view }
        let filtering = filter.map { $0.engine.isFiltering } ?? false
        let environment = RowCache.Environment(rowsRevision: model.revision, screenRevision: screenRevision,
                                               query: filtering ? filter?.query : nil)
        // The key has no `isSelected`: the list draws its selected row, the only one whose
        // context says selected, afresh every frame.
        var isMarked: ((Int) -> Bool)?
        if let marks, !marks.isEmpty { isMarked = { self.isMarked($0) } }
        view.reuse = RowReuse(cache: rowCache, environment: environment, items: items, isMarked: isMarked,
                              isDrawingAhead: isDrawingAhead)
        return view
    }

    /// The lines each row of the list takes, by position in the list drawn: an item's
    /// index, its position among a filter's matches, or a grouped list's drawn row (a
    /// header takes one line).
    var rowLayout: RowLayout {
        let height = screen.rowHeight
        if case .uniform(let lines) = height, lines <= 1 {
            var layout = RowLayout.singleLine
            layout.scrollOff = filterPrompt?.scrollOff ?? 0
            return layout
        }
        let engine = filter.flatMap { $0.engine.isFiltering ? $0.engine : nil }
        let grouped = engine == nil ? groupedRows : nil
        let count = grouped?.rowCount ?? engine?.visibleCount ?? model.count
        let items = model.state.items
        let screen = self.screen
        return RowLayout { position in
            guard position < count else { return 1 }  // the footer row
            let index: Int
            if let grouped {
                guard case .item(let item) = grouped.entry(atRow: position) else { return 1 }  // a header
                index = item
            } else {
                index = engine?.row(atVisible: position) ?? position
            }
            switch height {
            case .uniform(let lines):
                return lines
            case .measured(let limit):
                switch screen.row(items[index], context: RowContext(index: index, isSelected: false)).sizing {
                case .fixed(let lines): return min(max(1, lines), max(1, limit))
                case .flexible: return max(1, limit)
                }
            }
        }
    }

    /// The sections drawn between the rows, when the list is drawn grouped (not filtered,
    /// not empty); else nil.
    var groupedRows: SectionIndex? {
        guard let sections, sections.itemCount == model.count, model.count > 0 else { return nil }
        if let filter, filter.engine.isFiltering { return nil }
        return sections
    }

    /// The list, and the item drawn at each of its rows (nil for a section header).
    private func unshiftedListView(row: @escaping (Int, RowContext) -> some View) -> (ListView, RowItems) {
        let selection = model.selection
        if let filter, filter.engine.isFiltering {
            return (filteredListView(filter, row: row), .matches(filter.engine))
        }
        let footer = screen.footer(self)
        guard let sections, sections.itemCount == model.count, model.count > 0 else {
            var view = ListView(
                count: model.count,
                selection: selection,
                scrollOffset: model.scrollOffset,
                footer: footer,
                row: { index in decorated(row(index, RowContext(index: index, isSelected: index == selection)), index: index, isSelected: index == selection) }
            )
            view.rowLayout = rowLayout
            return (view, .all)
        }
        let grouped = screen.asGrouped
        let header = { (section: Int) -> any View in
            let title = sections.titles[section]
            return grouped?.sectionHeader(title) ?? Text(title).bold()
        }
        // The top row's section keeps its header in view, until the next header takes over.
        let sticky = sections.stickySection(atOffset: model.scrollOffset).map(header)
        var view = ListView(
            count: sections.rowCount,
            selection: sections.row(ofItem: selection),
            scrollOffset: model.scrollOffset,
            footer: footer,
            stickyHeader: sticky,
            row: { drawn in
                switch sections.entry(atRow: drawn) {
                case .header(let section): return header(section)
                case .item(let index): return decorated(row(index, RowContext(index: index, isSelected: index == selection)), index: index, isSelected: index == selection)
                }
            }
        )
        view.rowLayout = rowLayout
        return (view, .sections(sections))
    }

    /// The matching rows only, matched characters highlighted, in list order.
    private func filteredListView(_ filter: FilteredView, row: @escaping (Int, RowContext) -> some View) -> ListView {
        let engine = filter.engine
        let selection = model.selection
        var footer: (any View)?
        if model.paging != .complete {
            footer = Text("\(engine.visibleCount) matches in the \(model.count) rows loaded so far").dim()
        } else if engine.visibleCount == 0, engine.running == nil {
            footer = Text("No matches").dim()
        } else {
            footer = screen.footer(self)
        }
        var view = ListView(
            count: engine.visibleCount,
            selection: filter.selection,
            scrollOffset: filter.scrollOffset,
            footer: footer,
            row: { position in
                let index = engine.row(atVisible: position)
                return decorated(row(index, RowContext(index: index, isSelected: index == selection)), index: index, isSelected: index == selection)
            }
        )
        view.rowLayout = rowLayout
        return view
    }
}
