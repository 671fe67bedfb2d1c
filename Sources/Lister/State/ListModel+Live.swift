/// Live lists: changes from a feed applied to the rows shown (``LiveListScreen``).
///
/// The selection stays on the same item: rows inserted or removed above it move it with
/// them, and when the selected item is removed its neighbour is selected. Rows inserted or
/// removed above the first visible row move the scroll too, so what the user reads stays
/// in place. With `followsEnd`, a selection on the last row moves to the new last row as
/// rows are added at the end (`less +F`).
///
/// Updates and appends cost O(1) each (an index of ids is kept while only those come);
/// inserts and removals shift the rows, O(n). A batch that changes an array the screen still
/// shows copies it first (O(n) once a frame); ``ListChange/grow(_:)`` costs nothing per row.
extension ListModel {
    /// What a batch of changes did, for the host.
    struct LiveOutcome {
        /// Rows added at the end while the selection was not on the last row.
        var unseen = 0
        /// The last ``ListChange/note(_:)`` of the batch, if it had one.
        var note: String??
    }

    /// Applies `changes` in order: one new revision for the whole batch.
    mutating func apply(_ changes: [ListChange<Item>], followsEnd: Bool) -> LiveOutcome {
        var outcome = LiveOutcome()
        guard !changes.isEmpty else { return outcome }
        var rows = live.rows.map { LiveRows($0, index: live.index) } ?? LiveRows(ItemList(state.items))
        var selection = self.selection
        var scroll = scrollOffset
        var reordered = false  // more than rows added at the end: a filter looks at every row again
        for change in changes {
            let before = rows.count
            let onLast = before > 0 && selection == before - 1
            switch change {
            case .note(let note):
                outcome.note = .some(note)
                continue
            case .replaceAll(let items):
                let selectedID = selection < before ? rows[selection].id : nil
                rows = LiveRows(items)
                reordered = true
                if followsEnd, onLast {
                    selection = items.count - 1
                } else if let selectedID, let found = items.firstIndex(where: { $0.id == selectedID }) {
                    selection = found
                }
                continue
            case .insert(let items, let position):
                let at = max(0, min(position, before))
                rows.insert(items, at: at)
                if before > 0, at <= selection { selection += items.count }
                if before > 0, at < scroll { scroll += items.count }
                reordered = true
                continue
            case .remove(let id):
                guard let at = rows.remove(id) else { continue }
                if at < selection { selection -= 1 }  // at == selection: its neighbour takes its place
                if at < scroll { scroll -= 1 }
                reordered = true
                continue
            case .update(let item):
                if rows.replace(item) {
                    reordered = true
                    continue
                }
                rows.append(item)
            case .grow(let items):
                rows = LiveRows(items)
            case .append(let items):
                for item in items where !rows.replace(item) { rows.append(item) }
                if rows.count - before < items.count { reordered = true }
            }
            // Rows came at the end: a list that follows its end goes with them from its last
            // row (or from nothing: it opens on its last row).
            let added = rows.count - before
            guard added > 0 else { continue }
            if followsEnd, onLast || before == 0 {
                selection = rows.count - 1
            } else if before > 0 {
                outcome.unseen += added
            }
        }
        live = (rows.storedArray, rows.index)
        state = ListState(from: rows.list)
        revision += 1
        if reordered { replacedRevision = revision }
        self.selection = max(0, min(selection, count - 1))
        scrollOffset = max(0, min(scroll, max(0, count - 1)))
        rememberSelection()
        return outcome
    }
}

/// The rows of a live list while changes are applied: compact storage as long as only whole
/// snapshots come, an array (and an index of ids) once single items change.
struct LiveRows<Item: Identifiable & Sendable> {
    private var compact: ItemList<Item>?
    private var array: [Item] = []
    /// Positions of ids in ``array``; nil until an id is looked up, and after a shift.
    private(set) var index: [Item.ID: Int]?

    /// Rows read from `items`, unpacked into an array only if single items change.
    init(_ items: ItemList<Item>) {
        compact = items
    }

    init(_ array: [Item], index: [Item.ID: Int]?) {
        compact = nil
        self.array = array
        self.index = index
    }

    var count: Int { compact?.count ?? array.count }

    subscript(position: Int) -> Item { compact?[position] ?? array[position] }

    /// The rows, as the list shows them.
    var list: ItemList<Item> { compact ?? ItemList(array) }

    /// The array of rows, when single items changed (the next batch starts from it).
    var storedArray: [Item]? { compact == nil ? array : nil }

    /// Turns compact storage into an array, once.
    private mutating func unpack() {
        guard let items = compact else { return }
        array = Array(items)
        compact = nil
        index = nil
    }

    private mutating func position(of id: Item.ID) -> Int? {
        unpack()
        if index == nil {
            var built: [Item.ID: Int] = [:]
            built.reserveCapacity(array.count)
            for (position, item) in array.enumerated() { built[item.id] = position }
            index = built
        }
        return index?[id]
    }

    /// Replaces the item with `item`'s id where it is; false when there is none.
    mutating func replace(_ item: Item) -> Bool {
        guard let at = position(of: item.id) else { return false }
        array[at] = item
        return true
    }

    /// Appends `item`, whose id is not among the rows.
    mutating func append(_ item: Item) {
        unpack()
        index?[item.id] = array.count
        array.append(item)
    }

    mutating func insert(_ items: [Item], at position: Int) {
        unpack()
        array.insert(contentsOf: items, at: position)
        index = nil
    }

    /// Removes the item with `id`; where it was, or nil when there was none.
    mutating func remove(_ id: Item.ID) -> Int? {
        guard let at = position(of: id) else { return nil }
        array.remove(at: at)
        index = nil
        return at
    }
}
