/// The loads of a list's rows: the screen's whole list (with a stream's reports) or, for a
/// ``PagedListScreen``, its pages, each from the page before. The host runs its model's
/// effects through it (``ListHost/run(_:)``) and takes the results back as its messages.
@MainActor
struct ListLoads<S: ListScreen> {
    /// What the loads bring back: the host's own messages.
    typealias Message = ListHost<S>.Message

    /// The first page of a ``PagedListScreen``; nil for a one-shot screen.
    private(set) var firstPage: NextPage<S.Item>?
    /// The page after the last one taken, set only when the model accepts a page.
    private var nextPage: NextPage<S.Item>?

    init(screen: S) {
        firstPage = screen.asPaged.flatMap { NextPage.first(of: $0) }
    }

    /// Whether the screen loads its rows a page at a time.
    var isPaged: Bool { firstPage != nil }

    /// A new screen in place of the old one: a paged one's first page is its own.
    mutating func screenReplaced(by screen: S) {
        if let paged = screen.asPaged { firstPage = NextPage.first(of: paged) }
    }

    /// The model accepted `result`: the next page is the one it names.
    mutating func accepted(_ result: Result<Page<S.Item, NextPage<S.Item>>, ListError>) {
        if case .success(let page) = result { nextPage = page.next }
    }

    /// Starts the load `generation` of the rows from the top: the first page, or the
    /// screen's whole list, whose stream reports what it has read so far.
    func startList(generation: Int, screen: S, loads: HostLoads<Message>) {
        if let firstPage {
            start(firstPage, generation: generation, loads: loads)
            return
        }
        let reply = loads.reply
        loads.start(.list, generation: generation) { report in
            let progress = LoadProgress<S.Items> { report(reply(.progress(ItemList($0)))) }
            let result: Result<ItemList<S.Item>, ListError>
            do {
                let items = try await screen.load(progress: progress)
                try Task.checkCancellation()
                result = .success(ItemList(items))
            } catch {
                result = .failure(ListError(error))
            }
            return reply(.loaded(result), summary: LoadSummary(result) { $0.count })
        }
    }

    /// Starts the load `generation` of the page after the last one taken; false when there
    /// is none (the model asked past the last page).
    func startNextPage(generation: Int, loads: HostLoads<Message>) -> Bool {
        guard let nextPage else { return false }
        start(nextPage, generation: generation, loads: loads)
        return true
    }

    private func start(_ page: NextPage<S.Item>, generation: Int, loads: HostLoads<Message>) {
        let reply = loads.reply
        loads.start(.list, generation: generation) {
            let result: Result<Page<S.Item, NextPage<S.Item>>, ListError>
            do {
                let loaded = try await page.load()
                try Task.checkCancellation()
                result = .success(loaded)
            } catch {
                result = .failure(ListError(error))
            }
            return reply(.page(result), summary: LoadSummary(result) { $0.items.count })
        }
    }
}
