extension ListModel {
    /// Takes a page: the first page after ``load(now:)`` or ``refresh(now:)``, or the page a
    /// ``Effect/loadPage(generation:page:)`` asked for. Items whose id is already shown are
    /// dropped (the first occurrence wins). Returns false when the result is stale.
    @discardableResult
    public mutating func receive<Request>(page result: Result<Page<Item, Request>, ListError>, generation: Int, now: Duration) -> Bool {
        take(result.map { Arrival(items: ItemList($0.items), isPage: true, hasMore: $0.hasMore) }, generation: generation, now: now)
    }

    /// Loads the next page if there is one and nothing else is loading.
    public mutating func loadMore(now: Duration) -> [Effect] {
        guard paging == .more, !isLoadInFlight else { return [] }
        switch state {
        case .loaded, .empty: return startPage(pageCount + 1, now: now)
        case .idle, .loading, .error: return []
        }
    }

    /// Loads the next page when the selection is within ``prefetchDistance`` rows of the
    /// last loaded row (infinite scroll). Call after the selection or the rows change.
    public mutating func loadMoreIfNeeded(now: Duration) -> [Effect] {
        let distance = prefetchDistance ?? max(1, viewportHeight)
        guard selection >= count - 1 - distance else { return [] }
        return loadMore(now: now)
    }

    /// Starts the load of page `page` (a new page, or a failed one again).
    mutating func startPage(_ page: Int, now: Duration) -> [Effect] {
        let effects = begin(page: page, now: now, background: true)
        activity = .loadingPage(page)
        return effects
    }

    /// Pages in a row that may bring nothing new before paging stops with an error, so a
    /// server that keeps sending the same page cannot keep the list loading for ever.
    static var fruitlessPageLimit: Int { 10 }

    /// The whole list changes: a one-shot result, or the first page of a paged list.
    mutating func replace(with arrival: Arrival) {
        isPaged = arrival.isPage
        let items: ItemList<Item>
        if arrival.isPage {
            seenIDs = []
            pagedItems = unseen(arrival.items)
            items = ItemList(pagedItems)
        } else {
            seenIDs = []
            pagedItems = []
            items = arrival.items
        }
        state = ListState(from: items)
        activity = .settled
        pageCount = 1
        pagesWithoutNewItems = 0
        hasMore = arrival.hasMore
        revision += 1
        replacedRevision = revision
        restoreSelection(in: items)
    }

    /// A later page arrives: its new items go after the rows; the selection stays. A last
    /// page that brings nothing new (an API that ends with an empty page) is not counted:
    /// the status bar says the page of the last rows, and a refresh does not promise to
    /// load it again.
    mutating func append(_ arrival: Arrival, page: Int) {
        let fresh = unseen(arrival.items)
        if !fresh.isEmpty || arrival.hasMore { pageCount = page }
        pagedItems += fresh
        pagesWithoutNewItems = fresh.isEmpty ? pagesWithoutNewItems + 1 : 0
        if !fresh.isEmpty {
            state = .loaded(ItemList(pagedItems))
            revision += 1
        }
        hasMore = arrival.hasMore
        if arrival.hasMore, pagesWithoutNewItems >= Self.fruitlessPageLimit {
            activity = .pageFailed(page + 1, ListError("\(pagesWithoutNewItems) pages in a row brought no new items"))
        } else {
            activity = .settled
        }
        rememberSelection()
    }

    /// The items whose id has not been seen, in order, marking them seen.
    mutating func unseen(_ items: ItemList<Item>) -> [Item] {
        var fresh: [Item] = []
        fresh.reserveCapacity(items.count)
        for item in items where seenIDs.insert(item.id).inserted {
            fresh.append(item)
        }
        return fresh
    }
}
