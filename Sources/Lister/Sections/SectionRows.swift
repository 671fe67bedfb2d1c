/// The drawn rows of a sectioned list and how the selection moves over them: a pure value
/// built from each section's state.
///
/// Headers and the rows of empty sections cannot be selected; items and the rows of
/// loading or failed sections can.
struct SectionRows<ID: Hashable>: Equatable {
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

    /// The identity of a selected row.
    enum Anchor: Equatable {
        case item(section: Int, id: ID)
        case status(section: Int)
    }

    /// The state of one section, as the rows need it.
    enum Content {
        case loading
        case failed
        case empty
        case items([ID])
    }

    private(set) var rows: [Row] = []

    /// Rows for sections in order: each a header, then its items or one state row.
    init(_ sections: [Content]) {
        for (section, content) in sections.enumerated() {
            rows.append(.header(section: section))
            switch content {
            case .loading: rows.append(.loading(section: section))
            case .failed: rows.append(.failed(section: section))
            case .empty: rows.append(.empty(section: section))
            case .items(let ids):
                for (index, id) in ids.enumerated() { rows.append(.item(section: section, index: index, id: id)) }
            }
        }
    }

    var count: Int { rows.count }

    subscript(row: Int) -> Row { rows[row] }

    /// The row showing `anchor`, if any.
    func row(of anchor: Anchor) -> Int? {
        rows.firstIndex { $0.anchor == anchor }
    }

    /// The first selectable row at or after `row` (going `down`) or at or before it, if any.
    func selectable(from row: Int, down: Bool) -> Int? {
        guard !rows.isEmpty else { return nil }
        let start = max(0, min(row, rows.count - 1))
        if down {
            return rows[start...].firstIndex(where: \.isSelectable)
        }
        return rows[...start].lastIndex(where: \.isSelectable)
    }

    /// The selectable row nearest `row`: the first at or after it, else the last before.
    func nearestSelectable(to row: Int) -> Int? {
        selectable(from: row, down: true) ?? selectable(from: row, down: false)
    }

    /// Where the selection goes from `row` moving `delta` rows: at least one selectable row
    /// on, skipping headers and empty sections, stopping at the ends.
    func move(from row: Int, by delta: Int) -> Int? {
        guard delta != 0 else { return nearestSelectable(to: row) }
        let target = row + delta
        if delta > 0 {
            return selectable(from: min(target, rows.count - 1), down: true)
                ?? selectable(from: rows.count - 1, down: false)
        }
        return selectable(from: max(target, 0), down: false) ?? selectable(from: 0, down: true)
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
