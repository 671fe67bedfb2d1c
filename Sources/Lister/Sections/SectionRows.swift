/// The drawn rows of a sectioned list and how the selection moves over them: a pure value
/// built from each section's state.
///
/// Headers and the rows of empty sections cannot be selected; items and the rows of
/// loading or failed sections can.
struct SectionRows<ID: Hashable>: Equatable, SelectableRows {
    /// What one drawn row shows.
    enum Row: Equatable {
        case header(section: Int)
        case item(section: Int, index: Int, id: ID)
        case loading(section: Int)
        case failed(section: Int)
        case empty(section: Int)

        /// The section the row belongs to.
        var section: Int {
            switch self {
            case .header(let s), .item(let s, _, _), .loading(let s), .failed(let s), .empty(let s): return s
            }
        }

        /// Where the row stands in section and item order: a header first, then the items
        /// by index, or the section's one state row.
        var place: Place {
            switch self {
            case .header(let section): return Place(section: section, index: -1)
            case .item(let section, let index, _): return Place(section: section, index: index)
            case .loading(let section), .failed(let section), .empty(let section): return Place(section: section, index: 0)
            }
        }

        /// Whether the selection can rest on the row.
        var isSelectable: Bool {
            switch self {
            case .item, .loading, .failed: return true
            case .header, .empty: return false
            }
        }

        /// What keeps the selection on "the same row" when rows move.
        var anchor: Anchor? {
            switch self {
            case .item(let section, _, let id): return .item(section: section, id: id)
            case .loading(let section), .failed(let section): return .status(section: section)
            case .header, .empty: return nil
            }
        }
    }

    /// A row's place in section and item order (``Row/place``).
    struct Place: Comparable {
        var section: Int
        var index: Int

        static func < (lhs: Place, rhs: Place) -> Bool {
            (lhs.section, lhs.index) < (rhs.section, rhs.index)
        }
    }

    /// The identity of a selected (or marked) row.
    enum Anchor: Hashable {
        case item(section: Int, id: ID)
        case status(section: Int)
    }

    /// The state of one section, as the rows need it.
    enum Content {
        case loading
        case failed
        case empty
        case items([ID])
        /// Some of the section's items (a filter's matches): their indices and ids.
        case matches([(index: Int, id: ID)])
        /// Nothing at all, not even the header (a section with no match for a filter).
        case hidden
    }

    private(set) var rows: [Row] = []

    /// Rows for sections in order: each a header, then its items or one state row.
    init(_ sections: [Content]) {
        for (section, content) in sections.enumerated() {
            if case .hidden = content { continue }
            rows.append(.header(section: section))
            switch content {
            case .hidden: break
            case .loading: rows.append(.loading(section: section))
            case .failed: rows.append(.failed(section: section))
            case .empty: rows.append(.empty(section: section))
            case .items(let ids):
                for (index, id) in ids.enumerated() { rows.append(.item(section: section, index: index, id: id)) }
            case .matches(let matches):
                rows += matches.map { .item(section: section, index: $0.index, id: $0.id) }
            }
        }
    }

    var count: Int { rows.count }

    subscript(row: Int) -> Row { rows[row] }

    func isSelectable(_ row: Int) -> Bool { rows[row].isSelectable }

    /// The row showing `anchor`, if any.
    func row(of anchor: Anchor) -> Int? {
        rows.firstIndex { $0.anchor == anchor }
    }

    /// The selectable row nearest to where `row` stood in section and item order (a row of
    /// other rows, say before a filter hid it): the first at or after that place, else the
    /// last before it.
    func nearestSelectable(toPlaceOf row: Row) -> Int? {
        let place = row.place
        let start = rows.firstIndex { !($0.place < place) } ?? rows.count - 1
        return selectable(near: start)
    }

    /// The header to draw over the first line when `offset` is the first row shown: the
    /// section of that row, unless it is a header or the next row is.
    func stickySection(atOffset offset: Int) -> Int? {
        guard rows.indices.contains(offset) else { return nil }
        if case .header = rows[offset] { return nil }
        if offset + 1 < rows.count, case .header = rows[offset + 1] { return nil }
        return rows[offset].section
    }
}
