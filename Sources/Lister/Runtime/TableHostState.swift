import TerminalCore

/// What a host keeps for a ``TableScreen``: the order shown, the sideways scroll, and the
/// rows in load order while the loaded rows are shown sorted.
struct TableHostState<Item: Sendable> {
    /// The order shown, or being made off the main actor; nil for the load's order.
    var sort: TableSort?
    /// The first scrollable column shown.
    var firstColumn = 0
    /// Cell widths of recent frames and the last layout drawn.
    let cache = TableCache()
    /// The rows as loaded, while they are shown in another order (sorted in memory).
    var base: ItemList<Item>?
    /// Shown position → position in ``base``; rows past its end (streamed in after the
    /// sort) are shown in load order after the sorted ones.
    var permutation: [Int32]?
    /// The model's revision when the order shown was last made: another revision means
    /// new rows came, to be sorted again.
    var appliedRevision = -1
    /// Counts the sorts started: a result of an older one is dropped.
    var generation = 0
    /// The generation of the sort running off the main actor, if any.
    var running: Int?
    /// Whether the screen sorts at its source (``TableScreen/sorted(by:)`` answered).
    var sortsAtSource = false
    /// A sort asked of the source whose rows have not come yet (the refresh it started
    /// is in flight): the status line says "sorting…", not "refreshing".
    var sortingAtSource = false

    /// `s`: the next sortable column ascending, after the one sorted; after the last, the
    /// load's order (nil). `firstSortable(i)` is the first sortable column from `i` on: a
    /// table of many columns answers it without reading the columns past the one found.
    func nextSort(firstSortable: (Int) -> Int?) -> TableSort? {
        firstSortable(sort.map { $0.column + 1 } ?? 0).map { TableSort(column: $0) }
    }

    /// `S`: the sorted column the other way, else the first sortable column descending;
    /// nil when no column sorts.
    func reversedSort(firstSortable: (Int) -> Int?) -> TableSort? {
        if var sort {
            sort.ascending.toggle()
            return sort
        }
        return firstSortable(0).map { TableSort(column: $0, ascending: false) }
    }

    /// A click on the title of `column`: sorted by it, or the other way when it is the
    /// sorted one already.
    func sort(clicked column: Int) -> TableSort {
        guard let sort, sort.column == column else { return TableSort(column: column) }
        return TableSort(column: column, ascending: !sort.ascending)
    }

    /// The position in load order of the row shown at `position` of `count`.
    func baseIndex(ofShown position: Int, count: Int) -> Int? {
        guard position >= 0, position < count else { return nil }
        guard let permutation else { return position }
        return position < permutation.count ? Int(permutation[position]) : position
    }

    /// `items` (in load order) as shown sorted by `permutation`, which sorted the first of
    /// them: those in its order, the others after them in load order.
    static func shown(_ items: ItemList<Item>, by permutation: [Int32]) -> ItemList<Item> {
        ItemList(count: items.count) { position in
            position < permutation.count ? items[Int(permutation[position])] : items[position]
        }
    }

    /// `<` `>`: one column sideways, within the columns the last layout can scroll; false
    /// at either end.
    @MainActor
    mutating func scrollColumns(by step: Int) -> Bool {
        let limit = cache.lastLayout?.maxFirstScrolled ?? 0
        let next = max(0, min(firstColumn + step, limit))
        guard next != firstColumn else { return false }
        firstColumn = next
        return true
    }
}
