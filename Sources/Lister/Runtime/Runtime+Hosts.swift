/// Hosts: made for each screen pushed (a host per pane for a ``SplitScreen``), and found
/// again by the screen ids that loads and handles carry.
extension Runtime {
    /// A host for `screen` with a new screen id, its handle attached to that id.
    func makeHost(for screen: any Screen) -> any ScreenHost {
        nextScreenID += 1
        let id = nextScreenID
        if let handle = screen.handle {
            handle.attach { [probe, continuation] control in
                probe.reportSent()  // headless tests settle after it
                continuation.yield(.control(id, control))
            }
        }
        if let split = screen._asSplit {
            let panes = split.panes.map { pane in
                precondition(pane._asSplit == nil, "A pane of the SplitScreen \"\(split.title)\" is a SplitScreen: put its panes in the outer one")
                return makeHost(for: pane)
            }
            precondition(!panes.isEmpty, "The SplitScreen \"\(split.title)\" has no panes")
            return SplitHost(id: id, screen: split, panes: panes)
        }
        if let sectioned = screen._asSectioned { return makeHost(sectioned, id: id) }
        if let list = screen._asList { return makeHost(list, id: id) }
        if let detail = screen._asDetail { return makeHost(detail, id: id) }
        preconditionFailure("Lister shows ListScreen, SectionedListScreen, DetailScreen and SplitScreen screens; \(type(of: screen)) is none of them")
    }

    private func makeHost<S: ListScreen>(_ screen: S, id: Int) -> any ScreenHost {
        ListHost(id: id, screen: screen, timing: configuration.timing, scheduler: self, previewPreference: previewPreference)
    }

    private func makeHost<S: SectionedListScreen>(_ screen: S, id: Int) -> any ScreenHost {
        SectionsHost(id: id, screen: screen, timing: configuration.timing, scheduler: self)
    }

    private func makeHost<S: DetailScreen>(_ screen: S, id: Int) -> any ScreenHost {
        DetailHost(id: id, screen: screen, timing: configuration.timing, scheduler: self)
    }

    /// Whether the screen with id `id` is on the stack: a screen's own, or a pane of a split.
    func showsScreen(_ id: Int) -> Bool {
        stack.contains { $0.id == id || ($0 as? SplitHost)?.hasPane(id) == true }
    }

    /// The host of the screen with id `id` (a pane's own host for a pane) and the host on
    /// the stack that holds it; nil when it is gone.
    func host(ofScreen id: Int) -> (host: any ScreenHost, onStack: any ScreenHost)? {
        for entry in stack {
            if entry.id == id { return (entry, entry) }
            if let pane = (entry as? SplitHost)?.pane(withID: id) { return (pane, entry) }
        }
        return nil
    }
}
