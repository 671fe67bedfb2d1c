/// A screen's own keys (``ScreenAction``) on sectioned lists and detail screens, as on
/// plain lists: the action's screen replaces the host's, which loads again behind what is
/// shown.
extension SectionsHost {
    /// Runs the screen's action for `key`, if it has one (the filter line takes keys first:
    /// ``handleOwnKey(_:now:)``).
    func performAction(for key: Key, now: Duration) -> HostResponse? {
        guard let action = screen.actions.first(where: { $0.key == key }) else { return nil }
        guard let changed = action.perform(screen) else { return .handled(changed: false) }
        screen = changed
        return perform(.refresh, now: now)
    }

    var actionHelp: [(keys: String, help: String)] { screen.actions.map { ($0.key.label, $0.help) } }
}

extension DetailHost {
    func handleOwnKey(_ key: Key, now: Duration) -> HostResponse? {
        guard let action = screen.actions.first(where: { $0.key == key }) else { return nil }
        guard let changed = action.perform(screen) else { return .handled(changed: false) }
        screen = changed
        _ = perform(.refresh, now: now)  // a screen that cannot load again shows the new one as it is
        return .handled(changed: true)
    }

    func takesKey(_ key: Key) -> Bool { screen.actions.contains { $0.key == key } }

    var actionHelp: [(keys: String, help: String)] { screen.actions.map { ($0.key.label, $0.help) } }
}
