/// Rows a selection moves over, some of which cannot take it (headings, separators, a
/// section's header or empty row): the one navigation every kind of list shares. A plain
/// list's items (``ListScreen/isSelectable(_:)``) and a sectioned list's drawn rows
/// (``SectionRows``) answer these two questions; where a move lands is worked out in
/// ``RowNavigation``, once, for both.
protocol SelectableRows {
    /// How many rows there are.
    var count: Int { get }
    /// Whether row `row` (in `0..<count`) can take the selection.
    func isSelectable(_ row: Int) -> Bool
}

extension SelectableRows {
    /// The first row at or past `row` that can take the selection (``RowNavigation``).
    func firstSelectable(from row: Int, forward: Bool) -> Int? {
        RowNavigation.firstSelectable(from: row, forward: forward, count: count, isSelectable: isSelectable)
    }

    /// The row nearest `row` that can take the selection (``RowNavigation``).
    func selectable(near row: Int, forward: Bool = true) -> Int? {
        RowNavigation.selectable(near: row, forward: forward, count: count, isSelectable: isSelectable)
    }

    /// Where `move` takes the selection from `current` (``RowNavigation``).
    func destination(of move: Move, from current: Int) -> Int? {
        RowNavigation.destination(of: move, from: current, count: count, isSelectable: isSelectable)
    }
}

/// Where a selection lands among `count` rows that `isSelectable` tells apart. Plain
/// functions over a closure, so that a generic host (a `ListHost` of any screen) asks its
/// items without building a value of a type generic over its screen on every key.
enum RowNavigation {
    /// The first row at or past `row` (clamped to the rows) that can take the selection,
    /// looking down the list when `forward`, else up; nil when there is none that way.
    /// Only the rows passed over are asked, so rows that can all be selected ask about one.
    static func firstSelectable(from row: Int, forward: Bool, count: Int, isSelectable: (Int) -> Bool) -> Int? {
        guard count > 0 else { return nil }
        var row = max(0, min(row, count - 1))
        let step = forward ? 1 : -1
        while row >= 0, row < count {
            if isSelectable(row) { return row }
            row += step
        }
        return nil
    }

    /// The row nearest `row` that can take the selection: looking `forward` (down the list)
    /// first, then the other way; nil when no row can.
    static func selectable(near row: Int, forward: Bool, count: Int, isSelectable: (Int) -> Bool) -> Int? {
        firstSelectable(from: row, forward: forward, count: count, isSelectable: isSelectable)
            ?? firstSelectable(from: row, forward: !forward, count: count, isSelectable: isSelectable)
    }

    /// Where `move` takes the selection from `current`: its target clamped to the rows,
    /// then the nearest row that can take the selection, on in the move's direction first
    /// (a move onto a heading goes past it; at the ends it stays on the last row that can).
    static func destination(of move: Move, from current: Int, count: Int, isSelectable: (Int) -> Bool) -> Int? {
        selectable(near: move.target(from: current, count: count), forward: move.searchesForward,
                   count: count, isSelectable: isSelectable)
    }
}
