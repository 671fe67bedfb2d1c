import TerminalCore

/// Frames: the top screen laid out and drawn with the header, the status bar and help.
extension Runtime {
    /// Draws the current state if anything changed and hands the frame to the terminal.
    @_spi(Testing) public func render() {
        guard let buffer = composeFrame() else { return }
        dirty = false
        guard buffer != lastFrame else {
            spareFrame = buffer
            return
        }
        spareFrame = lastFrame
        lastFrame = buffer
        terminal.present(buffer)
    }

    /// The frame of the top screen, laid out for the terminal's size, drawn into the
    /// spare frame's storage unless `reusingSpare` is false. Where its regions are drawn is
    /// noted in `regions` (by default the map clicks go by).
    func composeFrame(reusingSpare: Bool = true, regions: RegionMap? = nil) -> Buffer? {
        let regions = regions ?? self.regions
        guard let entry = entries.last else { return nil }
        let top = entry.host
        let size = terminal.size
        let prompt = entry.prompt
        let frame = prompt?.promptFrame
        var buffer = (reusingSpare ? spareFrame.take() : nil) ?? Buffer(size: size)
        // Clears the frame and draws a picker's frame (fzf's --margin, --border, --padding)
        // into it, in the frame's own storage; returns the room inside.
        func clear() -> Rect {
            buffer.reset(size: size)
            return frame?.draw(in: Rect(size: size), buffer: &buffer) ?? Rect(size: size)
        }
        let room = clear()
        // fzf's --info other than default: no status bar, unless a message needs one.
        let info = prompt?.drawnPrompt.flatMap { $0.info == .default ? nil : $0 }
        var chrome = entry.chrome
        if info != nil, hint == nil { chrome.bottom.removeAll { if case .statusBar = $0.kind { true } else { false } } }
        let layout = ScreenLayout(in: room, full: Rect(size: size), chrome: chrome)
        // A body draws its list where its own layout puts it; when that is not the room
        // the list was laid out in (the first frame of a body with lines around its list,
        // a new size), the list is laid out in the room it has and drawn again.
        var passes = 0
        repeat {
            passes += 1
            regions.removeAll()
            regions.body = layout.body
            top.layout(body: layout.body)
            if passes > 1 { _ = clear() }
            top.render(in: layout.body, buffer: &buffer, regions: regions, now: now)
        } while entry.clicks?.listDrawn(regions, body: layout.body) == true && passes < 2
        drawChrome(layout.lines, of: top, buffer: &buffer)
        if let drawn = prompt?.drawnPrompt, let line = regions.rect(of: .promptInfo) {
            // fzf's info line, where the picker's body placed it beside the prompt.
            let status = top.status(now: now)
            PromptInfoLine(prompt: drawn, position: status.position, state: hint ?? status.state).render(in: line, buffer: &buffer)
        }
        if let info, info.info == .inline || info.info == .inlineRight, hint == nil {
            drawInlineInfo(top.status(now: now).position, of: info, list: layout.body, buffer: &buffer)
        }
        if let theme = prompt?.drawnPrompt?.theme, theme != .standard {
            applyTheme(theme, lines: layout.lines, of: top, buffer: &buffer)
        }
        if showingHelp {
            let bindings = configuration.keyMap.bindings.filter { offers($0.command, on: entry) }
            var overlay = HelpOverlay(entries: (entry.keys?.actionHelp ?? []) + bindings.map { ($0.keyLabel, $0.help) })
            let visible = HelpOverlay.visibleEntries(count: overlay.entries.count, rows: layout.full.height)
            helpOffset = max(0, min(helpOffset, overlay.entries.count - visible))
            overlay.offset = helpOffset
            overlay.render(in: layout.full, buffer: &buffer)
            buffer.cursor = nil
        }
        return buffer
    }

    /// Draws the lines around the body: the breadcrumb (pasted when unchanged), the status
    /// bar, and the screen's own lines, made from a ``ChromeContext``.
    private func drawChrome(_ lines: [(line: ChromeLine, rect: Rect)], of top: any ScreenHost, buffer: inout Buffer) {
        var context: ChromeContext?
        for (line, rect) in lines {
            if case .breadcrumb = line.kind {
                drawHeader(in: rect, buffer: &buffer)
                continue
            }
            // Asked once, and only when a line shows it: the status reads the whole screen.
            let shown = context ?? chromeContext(of: top)
            context = shown
            switch line.kind {
            case .breadcrumb: break
            case .statusBar: shown.statusBar.render(in: rect, buffer: &buffer)
            case .custom(let make): make(shown).render(in: rect, buffer: &buffer)
            }
        }
    }

    /// What the chrome lines of a frame of `top` can show.
    private func chromeContext(of top: any ScreenHost) -> ChromeContext {
        let status = top.status(now: now)
        let helpKey = configuration.keyMap.key(for: .help)?.label ?? "?"
        return ChromeContext(titles: entries.map(\.host.title), position: status.position, state: hint ?? status.state,
                             helpHint: "\(helpKey) help", now: now)
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

    /// Draws the breadcrumb of the stack's titles, or pastes it from the last frame when
    /// the titles and the width are the same.
    func drawHeader(in rect: Rect, buffer: inout Buffer) {
        let titles = entries.map(\.host.title)
        guard rect.height == 1, rect.intersection(buffer.area) == rect else {
            Breadcrumb(titles).render(in: rect, buffer: &buffer)
            return
        }
        // Titles compared byte for byte: `==` on strings would take a title now in another
        // normal form for the same one, and paste its old bytes.
        if let header, header.width == rect.width,
           header.titles.elementsEqual(titles, by: { $0.utf8.elementsEqual($1.utf8) }) {
            buffer.paste(header.cells, row: rect.top, column: rect.left)
            return
        }
        Breadcrumb(titles).render(in: rect, buffer: &buffer)
        header = (titles, rect.width, ContiguousArray(buffer.cells(row: rect.top, columns: rect.left..<rect.right)))
    }

    /// The count on the prompt line (fzf's `--info=inline`, `inline-right`): after the
    /// query (`" < "` and the count, then a separator line to the end), or at the line's
    /// end; left out when it does not fit beside the query.
    private func drawInlineInfo(_ text: String, of prompt: FilterPrompt, list: Rect, buffer: inout Buffer) {
        guard list.height > 0 else { return }
        let row = FilterPrompt.areas(of: list, prompt: prompt).line.top
        let theme = prompt.theme
        let typedTo = max(buffer.textEnd(row: row, columns: list.left..<list.right) ?? list.left,
                          buffer.cursor?.row == row ? buffer.cursor?.column ?? list.left : list.left)
        let width = DisplayWidth.of(text)
        if prompt.info == .inlineRight {
            let prefix = prompt.infoPrefix ?? ""
            let column = list.right - width - DisplayWidth.of(prefix) - 1
            guard column > typedTo + 1 else { return }
            let drawn = buffer.write(prefix, at: Point(row: row, column: column), style: theme.prompt)
            buffer.write(text, at: Point(row: row, column: column + drawn), maxWidth: width, style: theme.info)
            return
        }
        // As fzf: the query, a blank (the cursor's place), the prefix, the count.
        let prefix = prompt.infoPrefix ?? " < "
        var column = typedTo + 1
        guard column + DisplayWidth.of(prefix) + width < list.right else { return }
        column += buffer.write(prefix, at: Point(row: row, column: column), style: theme.prompt)
        column += buffer.write(text, at: Point(row: row, column: column), maxWidth: width, style: theme.info)
        if list.right - column > 2 {
            PromptInfoLine(prompt: prompt, position: "", state: "")
                .render(in: Rect(row: row, column: column + 1, rows: 1, columns: list.right - column - 1), buffer: &buffer)
        }
    }

    /// A picker's theme over what the runtime drew: the header (fzf's `--header`) in its
    /// `header` style, the count at the start of the status bar in its `info` style, the
    /// background (`bg`) under every cell drawn without one.
    private func applyTheme(_ theme: PromptTheme, lines: [(line: ChromeLine, rect: Rect)], of top: any ScreenHost,
                            buffer: inout Buffer) {
        for (line, rect) in lines {
            switch line.kind {
            case .breadcrumb: buffer.applyStyle(theme.header, to: rect)
            case .statusBar where hint == nil:
                let width = DisplayWidth.of(top.status(now: now).position)
                buffer.applyStyle(theme.info, to: Rect(row: rect.top, column: rect.left, rows: 1, columns: min(width, rect.width)))
            default: break
            }
        }
        buffer.fillBackground(theme.text.background, in: buffer.area)
    }

    /// Whether a draw is pending.
    @_spi(Testing) public var needsRender: Bool { dirty }
}
