/// What screens' handles ask for (``ScreenHandle``).
extension Runtime {
    /// Carries out `control` for the screen with id `screen` (a pane of a split too);
    /// nothing once it is gone.
    func apply(_ control: ScreenControl, to screen: Int) {
        guard let (entry, onStack) = entry(ofScreen: screen) else { return }
        let host = entry.host
        switch control {
        case .command(let command):
            apply(host.perform(command, now: now))
        case .select(let id):
            if entry.selecting?.select(id: id) == true { dirty = true }
        case .push(let screen):
            // Only the screen the user sees opens another: a screen under it must not
            // pull the view away.
            guard onStack.id == entries.last?.host.id else { return }
            apply(HostResponse.push(screen))
        case .pop:
            guard onStack.id == entries.last?.host.id, entries.count > 1 else { return }
            entries.removeLast().host.cancelAll()
            dirty = true
        case .message(let text):
            hint = text
            dirty = true
        case .quit(let value):
            outcome = value.map { .picked([$0]) } ?? .finished
        }
    }
}
