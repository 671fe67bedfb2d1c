import TerminalCore

/// Keys, mouse events, signals and resizes: what the user does, turned into commands.
extension Runtime {
    func handle(_ event: TerminalEvent) {
        switch event {
        case .resize:
            dirty = true
            // A picker's resize event (fzf's `--bind resize:…`).
            if let command = entries.last?.prompt?.drawnPrompt?.eventCommands[.resize] { perform(command) }
        case .mouse(let mouse):
            handle(mouse)
        case .signal(let signal):
            outcome = .interrupted(signal)
        case .key(let key):
            if hint != nil {
                hint = nil
                dirty = true
            }
            if !showingHelp, let response = entries.last?.keys?.handleOwnKey(key, now: now) {
                apply(response)  // typed into the screen's line (the filter)
                return
            }
            guard let command = configuration.keyMap.command(for: key) else { return }
            perform(command)
        }
    }

    /// Wheel scrolls three rows; a click selects; a second click on the same row soon after
    /// opens it; a click on a footer error row retries.
    func handle(_ mouse: MouseEvent) {
        guard !showingHelp, let top = entries.last else { return }
        // On a split, the pane under the pointer takes the focus first: the wheel and
        // clicks then go to it as to a screen of its own.
        if let split = top.host as? SplitHost, let hit = regions.region(at: mouse.position), split.focus(pane: hit.pane) {
            lastClick = nil  // a click in another pane never ends a double click
            dirty = true
        }
        let events = top.prompt?.drawnPrompt?.eventCommands ?? [:]  // a picker's mouse bindings
        switch MouseTarget.of(mouse, regions: regions, events: events, listGrowsUpward: top.clicks?.listGrowsUpward ?? false) {
        case .none:
            return
        case .perform(let command, let times):
            for _ in 0..<times { perform(command) }
        case .tableHeader(let x):
            if let table = top.table { apply(table.clickHeader(x: x, now: now)) }
        case .list(let line):
            guard let clicks = top.clicks else { return }
            let (row, response) = clicks.click(line: line, now: now)
            apply(response)
            if let row, let last = lastClick, last.row == row, now - last.at <= Self.doubleClickInterval {
                lastClick = nil
                perform(events[.doubleClick] ?? .open)
            } else {
                lastClick = row.map { (row: $0, at: now) }
                if row != nil, let command = events[.leftClick] { perform(command) }
            }
        }
    }

    /// The most time between the clicks of a double click.
    static let doubleClickInterval: Duration = .milliseconds(400)

    func perform(_ command: Command) {
        guard let entry = entries.last else { return }
        let top = entry.host
        if let changed = help.take(command) {
            if changed { dirty = true }  // the offset is clamped when the overlay is composed
            return
        }
        switch command {
        case .sequence(let commands):
            entry.prompt?.beginChain()
            defer { entry.prompt?.endChain(applying: outcome == nil) }
            for command in commands where outcome == nil { perform(command) }
        case .help:
            help.show()
            dirty = true
        case .quit:
            outcome = top.isPicker ? .cancelled : .finished
        case .interrupt:
            outcome = .interrupted(.interrupt)
        case .suspend:
            terminal.suspend()
            dirty = true
        case .redraw:
            terminal.redraw()
            lastFrame = nil
            composer.header = nil
            entry.rows?.forgetDrawnRows()  // Ctrl-L draws everything from scratch
            dirty = true
        case .back:
            if entry.keys?.closeLayer() == true {
                dirty = true
            } else if entries.count > 1 {
                entries.removeLast().host.cancelAll()
                dirty = true
            } else {
                outcome = top.isPicker ? .cancelled : .finished
            }
        case .parent:
            if entry.table?.scrollsColumnsBack() == true {
                dirty = true
            } else if entries.count > 1 {
                entries.removeLast().host.cancelAll()
                dirty = true
            }
        default:
            apply(top.perform(command, now: now))
        }
    }

    func apply(_ response: HostResponse) {
        switch response {
        case .handled(let changed):
            if changed { dirty = true }
        case .hint(let text):
            hint = text
            dirty = true
        case .push(let screen):
            push(screen)
            entries.last?.host.appear(now: now)
            dirty = true
        case .pick(let items):
            outcome = .picked(items)
        case .handOver(let body):
            terminal.handOver(body)
            lastFrame = nil
            dirty = true
        case .interrupt:
            outcome = .interrupted(.interrupt)
        case .perform(let commands, let text):
            for command in commands where outcome == nil { perform(command) }
            if let text { apply(.hint(text)) }
        }
    }
}
