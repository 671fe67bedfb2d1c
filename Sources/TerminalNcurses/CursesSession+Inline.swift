import CNcurses
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// Inline mode (fzf's `--height`): the interface takes rows below the cursor on the normal
/// screen, and on the way out they are cleared and the cursor goes back where it was.
///
/// Curses cannot be told to stay off the screen: `newterm` and every resume after `endwin`
/// enter the alternate screen (`smcup`), and the first refresh clears the screen. So
/// ``settle()`` lets curses do that on the alternate screen (entered first by `smcup`
/// ourselves, for a refresh after a resize) and leaves it at once (`rmcup`), which gives the
/// normal screen back untouched with the cursor where it was. Frames go to the rows of
/// the ``InlinePlacement`` through ``ControlStrings/inline(top:rows:)``; `endwin`'s own
/// `rmcup` is then harmless (the normal screen is already shown).
extension CursesSession {
    /// Lets curses refresh (clear) on the alternate screen, then comes back to the normal one.
    func settleOffScreen() {
        let enter = ControlStrings.terminfoString("smcup") ?? []
        let exit = ControlStrings.terminfoString("rmcup") ?? []
        if !enter.isEmpty { _ = Painter.write(enter, to: fileno(output)) }
        if enter.isEmpty {
            // No alternate screen to clear (the Linux console): curses would clear the one
            // screen there is, the shell's output with it. Nothing of curses is drawn (the
            // Painter draws), so it need not start from a cleared screen.
            _ = clearok(cncurses_curscr(), false)
            _ = clearok(cncurses_newscr(), false)
            _ = clearok(cncurses_stdscr(), false)
        }
        refresh()  // flushes curses' own output (from newterm on) before the bytes below
        if !exit.isEmpty { _ = Painter.write(exit, to: fileno(output)) }
    }

    /// Asks where the cursor is and takes rows below it, scrolling the screen up if they
    /// would pass the bottom; a height that leaves no row beside it takes the whole
    /// (alternate) screen instead.
    func placeInline(_ height: InlineHeight, cursor asked: Point?? = nil) {
        guard let strings else { return }
        let screen = screenSize()
        let cursor = asked ?? queryCursor()
        guard let placed = InlinePlacement(height: height, screen: screen, cursor: cursor),
              let moved = strings.inline(top: placed.top, rows: placed.rows) else {
            isInline = false
            placement = nil
            painter?.parksCursor = false
            if let enter = ControlStrings.terminfoString("smcup") { _ = Painter.write(enter, to: fileno(output)) }
            painter?.use(strings)
            return
        }
        if placed.scroll > 0 {
            // From the last row each line feed scrolls the screen up: the rows above go on
            // to the scrollback, as the shell's own output would.
            let feed = strings.scrollForward ?? [0x0A]
            var bytes = strings.moveCursor(screen.rows - 1, 0)
            for _ in 0..<placed.scroll { bytes += feed }
            _ = Painter.write(bytes, to: fileno(output))
        }
        placement = placed
        painter?.use(moved)
        painter?.parksCursor = true
    }

    /// Continued after Ctrl-Z: the shell printed below where the interface was, so it goes
    /// below the cursor again, and the runtime hears of a new size if it changed.
    func resumeInline(_ height: InlineHeight) {
        let before = currentSize()
        _ = Painter.write(Array("\u{1B}7".utf8), to: fileno(output))  // where the shell left it
        let cursor = cursorBeforeSettling()
        settle()
        placeInline(height, cursor: cursor)
        let size = currentSize()
        mailbox.withLock { $0.size = size }
        painter?.invalidate()
        if size != before {
            events.yield(.resize(size))
        } else {
            painter?.repaintLast(screen: size)
        }
    }

    /// Where the cursor is, asked before curses' first output on a terminal without an
    /// alternate screen (the Linux console), where nothing puts the cursor back after that
    /// output moved it (setting the scroll region sends it home); nil (ask later) elsewhere.
    func cursorBeforeSettling() -> Point?? {
        guard isInline, (ControlStrings.terminfoString("smcup") ?? []).isEmpty else { return nil }
        _ = reset_prog_mode()  // raw, no echo: after a resume the tty is the shell's still
        fflush(output)  // curses' own start-up output first, then the cursor back (DECRC)
        _ = Painter.write(ControlStrings.terminfoString("rc") ?? Array("\u{1B}8".utf8), to: fileno(output))
        return .some(queryCursor())
    }

    /// The terminal was resized: the rows where the terminal moved them (a shorter screen
    /// pushes lines into the scrollback; the cursor, parked on the interface's first row,
    /// moved with them), kept on the screen, fewer if they no longer fit.
    func resizedInline() {
        let cursor = queryCursor()
        settle()
        if let height = options.height, let strings, let placed = placement?.moved(toTopAt: cursor?.row)
            .resized(to: screenSize(), height: height),
           let moved = strings.inline(top: placed.top, rows: placed.rows) {
            placement = placed
            painter?.use(moved)
            // A narrower terminal that reflows wraps the ends of the old rows onto lines
            // below the new ones; nothing of the shell's is below the interface.
            var bytes = strings.resetAttributes
            for row in (placed.top + placed.rows)..<max(screenSize().rows, placed.top + placed.rows) {
                bytes += strings.moveCursor(row, 0) + (strings.clearToEndOfLine ?? [])
            }
            _ = Painter.write(bytes, to: fileno(output))
        }
        let size = currentSize()
        mailbox.withLock { $0.size = size }
        painter?.invalidate()
        events.yield(.resize(size))
    }

    /// Clears the rows of the interface, puts the scroll region back to the whole screen
    /// and the cursor where it was (before `endwin`, which moves it, see ``returnToOrigin()``).
    func leaveInline() {
        let bytes = inlineExitBytes()
        if !bytes.isEmpty { _ = Painter.write(bytes, to: fileno(output)) }
    }

    /// The bytes that undo an inline interface (also written by the crash handler); none
    /// on the alternate screen.
    func inlineExitBytes() -> [UInt8] {
        guard isInline, let placement, let strings else { return [] }
        var bytes = strings.resetAttributes
        for row in placement.top..<(placement.top + placement.rows) {
            bytes += strings.moveCursor(row, 0) + (strings.clearToEndOfLine ?? [])
        }
        if let region = strings.setScrollRegion { bytes += region(0, max(screenSize().rows - 1, 0)) }
        bytes += strings.moveCursor(placement.origin.row, placement.origin.column)
        return bytes
    }

    /// Puts the cursor back where it was once curses has ended (`endwin` moves it to the
    /// last row, and its `rmcup` may restore a position saved earlier).
    func returnToOrigin() {
        guard isInline, let placement, let strings else { return }
        _ = Painter.write(strings.moveCursor(placement.origin.row, placement.origin.column), to: fileno(output))
    }

    /// Where the cursor is, asked of the terminal (terminfo's `u7`, else `ESC [ 6 n`);
    /// `nil` when it does not answer within a second. Keys typed meanwhile are given back
    /// to curses.
    private func queryCursor() -> Point? {
        let fd = fileno(input)
        guard Painter.write(ControlStrings.terminfoString("u7") ?? CursorReport.request, to: fileno(output)) else { return nil }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var found: Point?
        while found == nil {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let elapsed = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1_000_000
            guard elapsed < 1000 else { break }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(1000 - elapsed))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0, entry.revents & Int16(POLLIN) != 0 else { break }
            let count = read(fd, &chunk, chunk.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { break }
            received += chunk[..<count]
            if let report = CursorReport.parse(received) {
                found = report.position
                received = report.before + report.after
            }
        }
        for byte in received.reversed() { _ = ungetch(Int32(byte)) }  // typed ahead: keys after all
        return found
    }
}
