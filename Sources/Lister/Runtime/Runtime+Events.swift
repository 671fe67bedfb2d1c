/// A picker's events (``FilterPrompt/eventCommands``), run after each event the runtime takes.
extension Runtime {
    /// Runs the commands of the events that happened on the screen shown. What they do
    /// can make more happen (`load:last` moves the focus): a few rounds run at once, so
    /// that a chain of events does not wait for the next key; a binding that feeds itself
    /// (`focus:down`) goes on at the next event.
    func runEventCommands() {
        for _ in 0..<4 {
            guard outcome == nil, let prompt = entries.last?.prompt else { return }
            let commands = prompt.eventCommands()
            if commands.isEmpty { return }
            for command in commands where outcome == nil { perform(command) }
            dirty = true
        }
    }
}
