/// One change to a live list, sent by its feed (``LiveListScreen/changes()``).
///
/// Changes name items by identity: an update replaces the item with the same `id` where it
/// is, a removal takes it out, and the selection stays on the same item whatever happens
/// above it. A feed may send whole snapshots (``replaceAll(_:)``), changes, or both.
public enum ListChange<Item: Identifiable & Sendable> {
    /// The list is now `items` (a snapshot): the selection stays on the same item if it is
    /// still there.
    case replaceAll(ItemList<Item>)
    /// The list is now `items`, which begin with every row it had (compact storage that
    /// grows in place, such as a followed file's lines): the cheap way to append many rows.
    case grow(ItemList<Item>)
    /// `items` go at the end; an item whose `id` is already in the list replaces it there.
    case append([Item])
    /// `items` go before position `index` (clamped to the list).
    case insert([Item], at: Int)
    /// `item` replaces the item with the same `id` where it is; a new `id` goes at the end.
    case update(Item)
    /// The item with this `id` goes; when it was selected, the selection moves to its
    /// neighbour.
    case remove(Item.ID)
    /// A word for the status bar ("truncated", "exit 1 at 12:04:05"), shown until the next
    /// note; nil clears it.
    case note(String?)
}

/// Changes cross to the list's task when their items' ids can.
extension ListChange: Sendable where Item.ID: Sendable {}
