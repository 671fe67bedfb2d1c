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
        if let helpOffset { help.offset = helpOffset }
        return buffer
    }

    /// What the next frame is drawn from: the stack, the size, the time, the hint, and
    /// help's lines while it is up.
    func frameInputs() -> FrameInputs? {
        guard let entry = entries.last else { return nil }
        let lines = help.isShown ? HelpState.lines(of: entry, keyMap: configuration.keyMap, canGoBack: entries.count > 1) : nil
        return FrameInputs(entries: entries, size: terminal.size, now: now, hint: hint, help: lines.map { ($0, help.offset) })
    }

    /// Whether a draw is pending.
    @_spi(Testing) public var needsRender: Bool { dirty }
}
