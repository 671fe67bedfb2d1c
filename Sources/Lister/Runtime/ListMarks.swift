/// The marked rows of a multiple picker (Tab), as a value: the same type on a plain list
/// (keyed by item id) and on a sectioned one (keyed by section and id), so that both mark
/// and refuse alike (a sectioned list passes no limit and reads its marks in list order).
///
/// It remembers the order rows were marked in, as fzf prints them: a key unmarked stays in
/// that order until the marks are cleared, and is skipped when read; marked again, it
/// takes the place of its last marking.
struct ListMarks<Key: Hashable>: Equatable, ExpressibleByArrayLiteral {
    /// The marked keys.
    private(set) var keys: Set<Key> = []
    /// The keys in the order they were marked, with keys since unmarked (``keys`` no
    /// longer holds them); dropped when the first key is marked again on no marks.
    private var order: [Key] = []

    /// No marks.
    init() {}

    /// Marks `elements`, in order (`marks = []` clears them).
    init(arrayLiteral elements: Key...) {
        for key in elements { mark(key, limit: nil) }
    }

    /// What a mark key answers on a screen that is not a multiple picker; nil on one.
    ///
    /// Every host asks this first, so that a list of any kind says the same.
    static func refusal(pickMode: PickMode) -> HostResponse? {
        pickMode == .multiple ? nil : .hint("Marking needs a screen that chooses several rows")
    }

    /// Whether nothing is marked.
    var isEmpty: Bool { keys.isEmpty }
    /// The number of marked keys.
    var count: Int { keys.count }

    /// Whether `key` is marked.
    func contains(_ key: Key) -> Bool { keys.contains(key) }

    /// Marks `key`; false when it was marked already or `limit` marks are set (fzf's
    /// `--multi=N`, where a row beyond the limit is not marked).
    @discardableResult
    mutating func mark(_ key: Key, limit: Int?) -> Bool {
        guard !keys.contains(key) else { return false }
        if let limit, keys.count >= limit { return false }
        if keys.isEmpty { order = [] }  // the keys unmarked since are dropped
        keys.insert(key)
        order.append(key)
        return true
    }

    /// Unmarks `key`; returns it when it was marked (as `Set.remove`).
    @discardableResult
    mutating func remove(_ key: Key) -> Key? { keys.remove(key) }

    /// Marks `key` when it is not marked, else unmarks it; false when nothing changed
    /// (the limit was reached).
    @discardableResult
    mutating func toggle(_ key: Key, limit: Int?) -> Bool {
        if keys.remove(key) != nil { return true }
        return mark(key, limit: limit)
    }

    /// Marks, unmarks or toggles `key` (a bound `select`, `deselect`, `toggle`); true when
    /// its mark changed.
    @discardableResult
    mutating func apply(_ change: MarkChange, to key: Key, limit: Int?) -> Bool {
        switch change {
        case .mark: mark(key, limit: limit)
        case .unmark: remove(key) != nil
        case .toggle: toggle(key, limit: limit)
        }
    }

    /// Marks, unmarks or toggles every key of `keys`, in order (fzf's `select-all`,
    /// `deselect-all`, `toggle-all` over the rows shown): marking stops at `limit`, and
    /// toggling marks the unmarked keys while room is left. True when a mark changed.
    @discardableResult
    mutating func apply(_ change: MarkChange, toAll keys: some Sequence<Key>, limit: Int?) -> Bool {
        var changed = false
        for key in keys where apply(change, to: key, limit: limit) { changed = true }
        return changed
    }

    /// Keeps only the marks of `kept` (rows that are gone lose theirs).
    mutating func formIntersection(_ kept: Set<Key>) { keys.formIntersection(kept) }

    /// The marked keys in the order they were marked: a key unmarked and marked again
    /// takes its place at its last marking, as in fzf.
    var inMarkedOrder: [Key] {
        var seen = Set<Key>()
        return order.reversed().filter { keys.contains($0) && seen.insert($0).inserted }.reversed()
    }
}

extension ListMarks {
    /// The items of `items` that are marked: in list order, or in the order they were
    /// marked (`inMarkedOrder`, as a prompt-first screen returns them, as fzf prints them).
    func marked<Item: Identifiable>(in items: some Sequence<Item>, inMarkedOrder: Bool) -> [Item]
    where Item.ID == Key {
        let marked = items.filter { contains($0.id) }
        guard inMarkedOrder else { return marked }
        var byID: [Key: Item] = [:]
        for item in marked { byID[item.id] = item }
        return self.inMarkedOrder.compactMap { byID[$0] }
    }

    /// Drops the marks of items that `changes` removed (a live list's feed): a pick returns
    /// only rows still shown. After a change that replaced every row, only the marks of
    /// `remaining` (the ids of the rows now, read only then) are kept.
    mutating func unmarkGone<Item: Identifiable & Sendable>(after changes: [ListChange<Item>],
                                                            remaining: some Sequence<Key>)
    where Item.ID == Key {
        var replaced = false
        for change in changes {
            switch change {
            case .remove(let id): remove(id)
            case .replaceAll: replaced = true
            default: break
            }
        }
        guard replaced else { return }
        formIntersection(Set(remaining.lazy.filter(contains)))
    }
}
