import TerminalCore

extension Runtime {
    /// The commands whose frames are drawn ahead: the keys most often pressed next.
    static let commandsDrawnAhead: [Command] = [.down, .up]

    /// Draws ahead after an event: at once when a test drives the runtime (so it can look
    /// at the offer), and in a main-actor job when ``run()`` runs, so that the event's own
    /// frame is written first. (Inside `MainLoop` the job runs in the loop's next turn,
    /// after the pass that read the key and wrote its frame; drawing ahead in that pass
    /// would delay every key not drawn ahead, and every load's frame, by two frames' work.)
    func drawAheadSoon() {
        guard running else {
            drawAhead()
            return
        }
        guard !drawAheadQueued else { return }
        drawAheadQueued = true
        Task { @MainActor [weak self] in
            guard let self else { return }
            drawAheadQueued = false
            drawAhead()
        }
    }

    /// After a change, draws the frames that Down and Up would lead to and offers them to
    /// the terminal (``PreparedFrame``), or withdraws the last offer when there is nothing
    /// to draw ahead: help or a hint showing, the app ending, or a screen that cannot
    /// promise a move without side effects (``DrawingAheadHost/drawingAhead(_:)``).
    ///
    /// Each frame comes from the same code as the real one: the command is performed on
    /// the screen's state, the frame composed, and the state put back. When the key comes,
    /// the runtime handles it as always; the terminal has shown the prepared frame already
    /// and draws the difference, which is nothing when the prediction held.
    func drawAhead() {
        KeyHints.$retry.withValue(retryHint) { drawAheadFrames() }
    }

    private func drawAheadFrames() {
        var frames: [PreparedFrame] = []
        if configuration.drawsAhead, outcome == nil, !showingHelp, hint == nil, let top = entries.last, let shown = lastFrame {
            for command in Self.commandsDrawnAhead {
                // `drawingAhead` refuses at once while anything loads (a stream's reports
                // come many times a second), before the keys are looked up.
                let drawn = top.drawingAhead?.drawingAhead { () -> Buffer? in
                    guard case .handled(changed: true) = top.host.perform(command, now: now) else { return nil }
                    return composeFrame(reusingSpare: false, regions: regionsDrawnAhead)
                }
                guard let frame = drawn ?? nil, frame != shown else { continue }
                let keys = configuration.keyMap.keys(for: command).filter { top.keys?.takesKey($0) != true }
                if !keys.isEmpty { frames.append(PreparedFrame(keys: keys, frame: frame)) }
            }
        }
        guard !(frames.isEmpty && preparedNothing) else { return }  // nothing offered, nothing to withdraw
        preparedNothing = frames.isEmpty
        terminal.prepare(frames)
    }
}
