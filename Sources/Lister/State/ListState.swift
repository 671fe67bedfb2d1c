/// The state of a screen that loads a list, as in SwiftUI's `ListState<T>` pattern.
///
/// `loaded` always holds at least one item; an empty result is `empty`, so the screen can
/// tell "nothing there" from "not loaded yet".
public enum ListState<Item: Sendable> {
    /// Nothing asked for yet.
    case idle
    /// The first load (or a reload) is in flight and there is nothing to show.
    case loading
    /// Items to show.
    case loaded(ItemList<Item>)
    /// The load finished with no items.
    case empty
    /// The load failed.
    case error(ListError)

    /// `loaded` when `items` has any, else `empty`.
    public init(from items: ItemList<Item>) {
        self = items.isEmpty ? .empty : .loaded(items)
    }

    /// `loaded` when `items` has any, else `empty`.
    public init(from items: [Item]) {
        self.init(from: ItemList(items))
    }

    /// The items shown in this state (none unless `loaded`).
    public var items: ItemList<Item> {
        if case .loaded(let items) = self { return items }
        return []
    }

    /// Whether this is `loading`.
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// The error, in the `error` state.
    public var error: ListError? {
        if case .error(let error) = self { return error }
        return nil
    }
}

extension ListState: Sendable {}

/// The state of a screen that loads one value (a detail screen).
public enum LoadState<Value> {
    /// Nothing asked for yet.
    case idle
    /// Loading.
    case loading
    /// The value.
    case loaded(Value)
    /// The load failed.
    case error(ListError)

    /// The value, when loaded.
    public var value: Value? {
        if case .loaded(let value) = self { return value }
        return nil
    }
}

extension LoadState: Sendable where Value: Sendable {}

/// Whether more items can be loaded after the ones shown (paged lists).
public enum PagingStatus: Hashable, Sendable {
    /// Everything there is has been loaded (or the list is not paged).
    case complete
    /// More pages can be loaded.
    case more
    /// The next page is loading.
    case loadingMore
    /// The last page load failed; the loaded rows stay.
    case failed(ListError)
}
