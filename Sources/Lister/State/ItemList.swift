/// The items of a list, read through a random-access collection.
///
/// An `ItemList` is either an array or any storage that can count and fetch by position,
/// so a source can keep a million lines in one byte buffer with offsets instead of a
/// million objects:
///
/// ```swift
/// let items = ItemList(count: store.count) { store.line(at: $0) }
/// ```
public struct ItemList<Item: Sendable>: RandomAccessCollection, Sendable {
    private let fetch: @Sendable (Int) -> Item
    /// Number of items.
    public let count: Int
    /// The collection this list reads, when it was made from one (so a source can find its
    /// own compact storage again, to filter it without building strings).
    public let storage: (any Sendable)?

    /// Wraps an array.
    public init(_ items: [Item]) {
        count = items.count
        fetch = { items[$0] }
        storage = nil
    }

    /// Wraps any random-access collection with integer indices, without copying it.
    public init<C: RandomAccessCollection & Sendable>(_ collection: C) where C.Element == Item, C.Index == Int {
        if let list = collection as? ItemList<Item> {
            self = list
            return
        }
        let start = collection.startIndex
        count = collection.count
        fetch = { collection[start + $0] }
        storage = collection
    }

    /// Wraps any storage: `count` items, the item at a position made by `item`.
    public init(count: Int, item: @escaping @Sendable (Int) -> Item) {
        self.count = count
        fetch = item
        storage = nil
    }

    /// The first position, 0.
    public var startIndex: Int { 0 }
    /// The position after the last element.
    public var endIndex: Int { count }

    public subscript(position: Int) -> Item {
        precondition(position >= 0 && position < count, "ItemList index \(position) out of 0..<\(count)")
        return fetch(position)
    }
}

extension ItemList: ExpressibleByArrayLiteral {
    /// An item list from an array literal.
    public init(arrayLiteral elements: Item...) { self.init(elements) }
}
