/// Hosts: made for each screen pushed (a host per pane for a ``SplitScreen``), and found
/// again by the screen ids that loads and handles carry.
extension Runtime {
    /// The stack entry of a host for `screen` with a new screen id, its handle attached to
    /// that id.
    func makeEntry(for screen: any Screen) -> StackEntry {
        nextScreenID += 1
        let id = nextScreenID
        if let handle = screen.handle {
            handle.attach { [probe, continuation] control in
                probe.reportSent()  // headless tests settle after it
                continuation.yield(.control(id, control))
            }
        }
        return makeHost(for: screen, id: id)
    }

    private func makeHost(for screen: any Screen, id: Int) -> StackEntry {
        switch screen._screenKind.kind {
        case .split(let split):
            let panes = split.panes.map { pane in
                precondition(pane.asSplit == nil, "A pane of the SplitScreen \"\(split.title)\" is a SplitScreen: put its panes in the outer one")
                return makeEntry(for: pane)
            }
            precondition(!panes.isEmpty, "The SplitScreen \"\(split.title)\" has no panes")
            let host = SplitHost(id: id, screen: split, panes: panes)
            return StackEntry(host: host, keys: host, clicks: host, table: host, drawingAhead: host, rows: host,
                              screenChrome: { [unowned host] in host.screen.chrome })
        case .sectioned(let sectioned): return makeHost(sectioned, id: id)
        case .list(let list): return makeHost(list, id: id)
        case .detail(let detail): return makeHost(detail, id: id)
        case .other:
            preconditionFailure("Lister shows ListScreen, SectionedListScreen, DetailScreen and SplitScreen screens; \(type(of: screen)) is none of them")
        }
    }

    private func makeHost<S: ListScreen>(_ screen: S, id: Int) -> StackEntry {
        let host = ListHost(id: id, screen: screen, timing: configuration.timing, scheduler: self, previewPreference: previewPreference)
        return StackEntry(host: host, keys: host, clicks: host, table: host, drawingAhead: host, rows: host, prompt: host,
                          selecting: host, screenChrome: { [unowned host] in host.screen.chrome })
    }

    private func makeHost<S: SectionedListScreen>(_ screen: S, id: Int) -> StackEntry {
        let host = SectionsHost(id: id, screen: screen, timing: configuration.timing, scheduler: self)
        return StackEntry(host: host, keys: host, clicks: host, drawingAhead: host,
                          screenChrome: { [unowned host] in host.screen.chrome })
    }

    private func makeHost<S: DetailScreen>(_ screen: S, id: Int) -> StackEntry {
        let host = DetailHost(id: id, screen: screen, timing: configuration.timing, scheduler: self)
        return StackEntry(host: host, keys: host, screenChrome: { [unowned host] in host.screen.chrome })
    }

    /// Whether the screen with id `id` is on the stack: a screen's own, or a pane of a split.
    func showsScreen(_ id: Int) -> Bool {
        entries.contains { $0.host.id == id || ($0.host as? SplitHost)?.hasPane(id) == true }
    }

    /// The entry of the screen with id `id` (a pane's own entry for a pane) and the host on
    /// the stack that holds it; nil when it is gone.
    func entry(ofScreen id: Int) -> (entry: StackEntry, onStack: any ScreenHost)? {
        for entry in entries {
            if entry.host.id == id { return (entry, entry.host) }
            if let pane = (entry.host as? SplitHost)?.pane(withID: id) { return (pane, entry.host) }
        }
        return nil
    }
}
