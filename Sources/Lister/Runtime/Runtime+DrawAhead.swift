import TerminalCore

extension Runtime {
    /// The commands whose frames are drawn ahead: the keys most often pressed next.
    static let commandsDrawnAhead: [Command] = [.down, .up]

    /// After a change, draws the frames that Down and Up would lead to and offers them to
    /// the terminal (``PreparedFrame``), or withdraws the last offer when there is nothing
    /// to draw ahead: help or a hint showing, the app ending, or a screen that cannot
    /// promise a move without side effects (``ScreenHost/speculating(_:)``).
    ///
    /// Each frame comes from the same code as the real one: the command is performed on
    /// the screen's state, the frame composed, and the state put back. When the key comes,
    /// the runtime handles it as always; the terminal has shown the prepared frame already
    /// and draws the difference, which is nothing when the prediction held.
    func drawAhead() {
        var frames: [PreparedFrame] = []
        if configuration.drawsAhead, outcome == nil, !showingHelp, hint == nil, let top = stack.last, let shown = lastFrame {
            let pageSize = listHeight
            for command in Self.commandsDrawnAhead {
                let keys = configuration.keyMap.keys(for: command).filter { !top.takesKey($0) }
                guard !keys.isEmpty else { continue }
                let drawn = top.speculating { () -> Buffer? in
                    guard case .handled(changed: true) = top.perform(command, pageSize: pageSize, now: now) else { return nil }
                    return composeFrame(reusingSpare: false)
                }
                if let frame = drawn ?? nil, frame != shown {
                    frames.append(PreparedFrame(keys: keys, frame: frame))
                }
            }
        }
        guard !(frames.isEmpty && preparedNothing) else { return }  // nothing offered, nothing to withdraw
        preparedNothing = frames.isEmpty
        terminal.prepare(frames)
    }
}
