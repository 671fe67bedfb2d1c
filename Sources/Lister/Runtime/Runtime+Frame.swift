import TerminalCore

/// Frames: the runtime takes what a frame is drawn from (``FrameInputs``), the
/// ``FrameComposer`` draws it, and the runtime hands it to the terminal.
extension Runtime {
    /// Draws the current state if anything changed and hands the frame to the terminal.
    @_spi(Testing) public func render() {
        guard let buffer = composeFrame() else { return }
        dirty = false
        guard buffer != lastFrame else {
            composer.spareFrame = buffer
            return
        }
        composer.spareFrame = lastFrame
        lastFrame = buffer
        terminal.present(buffer)
    }

    /// The frame of the top screen, laid out for the terminal's size, drawn into the
    /// spare frame's storage unless `reusingSpare` is false. Where its regions are drawn is
    /// noted in `regions` (by default the map clicks go by).
    func composeFrame(reusingSpare: Bool = true, regions: RegionMap? = nil) -> Buffer? {
        guard let inputs = frameInputs(),
              let (buffer, helpOffset) = composer.compose(inputs, reusingSpare: reusingSpare, regions: regions ?? self.regions)
        else { return nil }
        if let helpOffset { self.helpOffset = helpOffset }
        return buffer
    }

    /// What the next frame is drawn from: the stack, the size, the time, the hint, and
    /// help's lines while it is up (only the commands that do something here).
    func frameInputs() -> FrameInputs? {
        guard let entry = entries.last else { return nil }
        var help: (entries: [(keys: String, help: String)], offset: Int)?
        if showingHelp {
            let bindings = configuration.keyMap.bindings.filter { offers($0.command, on: entry) }
            help = ((entry.keys?.actionHelp ?? []) + bindings.map { ($0.keyLabel, $0.help) }, helpOffset)
        }
        return FrameInputs(entries: entries, size: terminal.size, now: now, hint: hint, help: help)
    }

    /// Whether `command` does something now, for the help overlay: the runtime's own
    /// commands always do (back only with a screen to go back to), the rest as `top` says.
    func offers(_ command: Command, on top: StackEntry) -> Bool {
        switch command {
        case .help, .back, .quit, .interrupt, .suspend, .redraw: return true
        case .parent: return entries.count > 1
        default: return top.keys?.offers(command) ?? true
        }
    }

    /// Whether a draw is pending.
    @_spi(Testing) public var needsRender: Bool { dirty }
}
