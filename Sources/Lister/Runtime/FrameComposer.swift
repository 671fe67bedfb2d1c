import TerminalCore

/// What one frame is drawn from, taken from the runtime's state once per frame
/// (``Runtime/frameInputs()``): the composer reads nothing else of the runtime.
@MainActor
struct FrameInputs {
    /// The screens shown, the top one last: the top one is drawn, every title is in the
    /// breadcrumb.
    var entries: [StackEntry]
    /// The terminal's size.
    var size: Size
    /// The loop's time, for the hosts' spinners and the status.
    var now: Duration
    /// The runtime's message, said in place of the screen's state (and keeping a picker's
    /// status bar, which fzf's `--info` otherwise leaves out).
    var hint: String?
    /// While help is up: its lines (keys and what they do) and the first one shown, as
    /// the user scrolled it (clamped by the composer).
    var help: (entries: [(keys: String, help: String)], offset: Int)?
}

/// Draws a frame of the top screen: a picker's frame, the ``ScreenLayout`` of the chrome
/// lines around the body, the host's layout and body (laid out again when its list landed
/// elsewhere), the breadcrumb, status bar, a picker's info and theme, and help. It owns
/// what only frames need between frames: the spare frame's storage and the breadcrumb
/// last drawn.
@MainActor
final class FrameComposer {
    private let configuration: Configuration
    /// The frame before the last one, whose storage the next frame is drawn into: once the
    /// terminal has drawn the last frame nothing else holds it, so no frame allocates.
    var spareFrame: Buffer?
    /// The header's cells and the titles and width they were drawn for: the breadcrumb is
    /// the same on nearly every frame, and drawing it cleans, measures and lays out text.
    var header: (titles: [String], width: Int, cells: ContiguousArray<Cell>)?

    init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// A frame drawn from `inputs`, and the help overlay's first line as shown (clamped);
    /// nil with no screen. Drawn into the spare frame's storage unless `reusingSpare` is
    /// false; where its regions are drawn is noted in `regions`.
    func compose(_ inputs: FrameInputs, reusingSpare: Bool, regions: RegionMap) -> (buffer: Buffer, helpOffset: Int?)? {
        guard let entry = inputs.entries.last else { return nil }
        let top = entry.host
        let size = inputs.size
        let now = inputs.now
        let hint = inputs.hint
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
        drawChrome(layout.lines, of: top, inputs, buffer: &buffer)
        if let drawn = prompt?.drawnPrompt, let line = regions.rect(of: .promptInfo) {
            // fzf's info line, where the picker's body placed it beside the prompt.
            let status = top.status(now: now)
            PromptInfoLine(prompt: drawn, position: status.position, state: hint ?? status.state).render(in: line, buffer: &buffer)
        }
        if let info, info.info == .inline || info.info == .inlineRight, hint == nil {
            drawInlineInfo(top.status(now: now).position, of: info, list: layout.body, buffer: &buffer)
        }
        if let theme = prompt?.drawnPrompt?.theme, theme != .standard {
            applyTheme(theme, lines: layout.lines, of: top, inputs, buffer: &buffer)
        }
        var helpOffset: Int?
        if let help = inputs.help {
            var overlay = HelpOverlay(entries: help.entries)
            let visible = HelpOverlay.visibleEntries(count: overlay.entries.count, rows: layout.full.height)
            let offset = max(0, min(help.offset, overlay.entries.count - visible))
            helpOffset = offset
            overlay.offset = offset
            overlay.render(in: layout.full, buffer: &buffer)
            buffer.cursor = nil
        }
        return (buffer, helpOffset)
    }

    /// Draws the lines around the body: the breadcrumb (pasted when unchanged), the status
    /// bar, and the screen's own lines, made from a ``ChromeContext``.
    private func drawChrome(_ lines: [(line: ChromeLine, rect: Rect)], of top: any ScreenHost, _ inputs: FrameInputs,
                            buffer: inout Buffer) {
        var context: ChromeContext?
        for (line, rect) in lines {
            if case .breadcrumb = line.kind {
                drawHeader(inputs.entries.map(\.host.title), in: rect, buffer: &buffer)
                continue
            }
            // Asked once, and only when a line shows it: the status reads the whole screen.
            let shown = context ?? chromeContext(of: top, inputs)
            context = shown
            switch line.kind {
            case .breadcrumb: break
            case .statusBar: shown.statusBar.render(in: rect, buffer: &buffer)
            case .custom(let make): make(shown).render(in: rect, buffer: &buffer)
            }
        }
    }

    /// What the chrome lines of a frame of `top` can show.
    private func chromeContext(of top: any ScreenHost, _ inputs: FrameInputs) -> ChromeContext {
        let status = top.status(now: inputs.now)
        let helpKey = configuration.keyMap.key(for: .help)?.label ?? "?"
        return ChromeContext(titles: inputs.entries.map(\.host.title), position: status.position,
                             state: inputs.hint ?? status.state, helpHint: "\(helpKey) help", now: inputs.now)
    }

    /// Draws the breadcrumb of the stack's `titles`, or pastes it from the last frame when
    /// the titles and the width are the same.
    func drawHeader(_ titles: [String], in rect: Rect, buffer: inout Buffer) {
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
                            _ inputs: FrameInputs, buffer: inout Buffer) {
        for (line, rect) in lines {
            switch line.kind {
            case .breadcrumb: buffer.applyStyle(theme.header, to: rect)
            case .statusBar where inputs.hint == nil:
                let width = DisplayWidth.of(top.status(now: inputs.now).position)
                buffer.applyStyle(theme.info, to: Rect(row: rect.top, column: rect.left, rows: 1, columns: min(width, rect.width)))
            default: break
            }
        }
        buffer.fillBackground(theme.text.background, in: buffer.area)
    }
}
