import Lister
import Logging
import TerminalCore

/// `lister pick`'s screen: the lines of `lister lines` (same reading, storage and rows)
/// behind a prompt that takes every printable key, ranked best first as the query is
/// typed.
package struct PickScreen: CommandHandlingScreen {
    /// Reads the lines as `lister lines` does.
    package internal(set) var lines: LinesScreen
    /// The options (`--prompt`, `--query`, `--multi`, ranking, fields); `toggle-sort`
    /// changes ``PickOptions/sorts``.
    package internal(set) var options: PickOptions
    /// Lines read already (for `--select-1` and `--exit-0`, which need them all first).
    package internal(set) var preloaded: LineStore?
    /// The command whose output replaced the input (`reload(CMD)`), placeholders filled;
    /// nil while the lines are the input's.
    package internal(set) var reloadCommand: String?
    /// The header's reader number of ``reloadCommand`` (``PickHeader/beginReading()``), with
    /// `--header-lines`.
    package internal(set) var reloadReader: Int?
    /// fzf's variables (``PickVariables``) as they were when ``reloadCommand`` was issued:
    /// its command's environment.
    package internal(set) var reloadVariables: [String: String] = [:]
    /// For each `change-preview-window(A|B|…)` (by its number in ``PickOptions/commandActions``),
    /// the alternative it puts next.
    package internal(set) var previewWindowTurns: [Int: Int] = [:]
    /// The commands of the `--bind` events (`start`, `load`, `change`, `result`, `focus`).
    package var eventCommands: [PromptEvent: Command] = [:]
    /// The first lines of the input (`--header-lines N`), read before the others, or of
    /// the last `reload`'s output: shown pinned beside the prompt, neither matched nor
    /// pickable, and counted in `{n}`.
    package let header: PickHeader
    /// The lines of ``header`` now.
    package var headerLines: [[UInt8]] { header.lines }
    /// The queries of `--history FILE`, oldest first.
    package var history: [String] = []
    /// The query the matches are made with while search is disabled: the one typed when
    /// `disable-search` ran, empty with `--disabled` and after a reload, as in fzf.
    package internal(set) var searchedQuery = ""
    /// A `search(QUERY)` run while search is on: its query is searched for as long as the
    /// query typed is the one it was run with (`typed`).
    package internal(set) var search: Search?
    /// What `preview(CMD)` showed: its command line, run for the line then selected; it
    /// stays in the pane until the selection moves (without `--preview`, until another
    /// `preview(…)`), as fzf's.
    package internal(set) var oneShotPreview: OneShotPreview?
    /// See ``oneShotPreview``.
    package struct OneShotPreview: Sendable {
        let commandLine: String
        let line: Int
        let command: PreviewCommand
        let generation: Int

        var preview: Preview {
            let command = self.command, commandLine = self.commandLine
            return Preview(key: PreviewRunKey(commandLine: commandLine, generation: generation), streaming: { progress in
                try await command.run(commandLine: commandLine, progress: progress)
            })
        }
    }
    /// See ``search``.
    package struct Search: Sendable {
        let query: String
        let typed: String
    }
    /// The keys and events `unbind(…)` took away (and `rebind(…)` has not given back).
    package internal(set) var unbound: Set<PickTrigger> = []
    /// The screen commands and programs of the actions `transform(CMD)` printed, numbered
    /// after those of the bindings (``commandActions``, ``terminalActions``).
    package internal(set) var addedCommandActions: [PickAction] = []
    package internal(set) var addedTerminalActions: [PickAction] = []

    /// Creates the screen.
    package init(lines: LinesScreen, options: PickOptions, preloaded: LineStore? = nil, header: PickHeader = PickHeader()) {
        self.lines = lines
        self.options = options
        self.preloaded = preloaded
        self.header = header
    }

    package var title: String { "pick" }

    /// No title line and no status bar: the count is on the info line beside the prompt
    /// (``ListContext/promptInfoLine``), as fzf draws it. Without an info line (`--info=inline`,
    /// `--info=hidden --no-separator`) a status bar shows the runtime's messages only.
    package var chrome: ScreenChrome {
        filterPrompt?.hasInfoLine == true ? .none : ScreenChrome(bottom: [.statusBar])
    }

    package var pickMode: PickMode { options.multi ? .multiple : .single }

    package var emptyMessage: String { "No lines in \(lines.input.name)" }

    package var canReload: Bool { false }

    /// The spinner in the theme's `spinner` style (fzf's `--color spinner:`).
    package func loadingView(frame: Int) -> Spinner {
        var spinner = Spinner(frame: frame, label: "Loading \(title)…")
        if let theme = options.look.theme { spinner.glyphStyle = theme.spinner }
        return spinner
    }

    package var initialItems: LineStore? { preloaded }

    package nonisolated func load() async throws -> LineStore {
        try await load(progress: .ignored)
    }

    package nonisolated func load(progress: LoadProgress<LineStore>) async throws -> LineStore {
        if let reloadCommand {
            let header = reloadReader.map { (self.header, count: options.headerLines, reader: $0) }
            return try await PickReload.lines(of: reloadCommand, separator: lines.separator, header: header,
                                              environment: reloadVariables, progress: progress)
        }
        if let preloaded { return preloaded }
        return try await lines.load(progress: progress)
    }

    package func row(_ line: Line, context: RowContext) -> Text {
        guard options.fields.withNth != nil else {
            return options.look.display.expandingTabs(options.ansi ? PickANSI.row(line.bytes) : Text(line.description))
        }
        return text(of: Array(line.bytes), index: headerLines.count + line.number - 1)
    }

    /// A line as shown, the input's line `index` (from 0): its `--with-nth` fields, its
    /// colours with `--ansi`.
    private func text(of bytes: [UInt8], index: Int) -> Text {
        var shown = bytes
        if let withNth = options.fields.withNth {
            shown = []
            bytes.withUnsafeBufferPointer { options.fields.render(withNth, of: $0, index: index, accepted: false, into: &shown) }
        }
        return options.look.display.expandingTabs(options.ansi ? PickANSI.row(shown) : Text(String(decoding: shown, as: UTF8.self)))
    }

    /// The rows, with the `--header-lines`, the `--header` and the info line pinned between
    /// them and the prompt: above the prompt at the bottom, below it on top (`--layout
    /// reverse`), in fzf's order (list, header lines, header, info line, prompt).
    @ViewBuilder
    package func body(_ context: ListContext<Self>) -> Group {
        if options.reverse {
            context.promptInfoLine
            headerText
            headerRows
        }
        standardBody(context)
        if !options.reverse {
            headerRows
            headerText
            context.promptInfoLine
        }
    }

    /// The lines of `--header`, in their order, in the theme's `header` style; none here
    /// with `--header-first` (the prompt's ``FilterPrompt/linesBeyond`` has them).
    private var headerText: [any View] {
        options.look.display.headerFirst ? [] : headerTextLines
    }

    /// The lines of `--header`, in their order, in the theme's `header` style.
    private var headerTextLines: [Text] {
        guard let header = options.header else { return [] }
        let style = options.look.theme?.header ?? .plain
        return header.split(separator: "\n", omittingEmptySubsequences: false).map { Text(String($0)).styled(style) }
    }

    private var headerRows: [any View] {
        // Upward, the first header line is the one nearest the prompt, as in fzf.
        let style = options.look.theme?.header ?? .plain
        let rows = headerLines.enumerated().map { text(of: $0.element, index: $0.offset).styled(style) as any View }
        return options.reverse || options.reverseList ? rows : rows.reversed()
    }

    /// The pane where `--preview-window` (or `change-preview-window`) puts it, with
    /// `--preview-label` on its border.
    package var previewPlacement: PreviewPlacement? {
        guard var placement = lines.previewPlacement ?? oneShotPreview.map({ _ in lines.previewWindow }) else { return nil }
        placement.label = options.look.display.previewLabel
        placement.labelPosition = options.look.display.previewLabelPosition
        return placement
    }

    package func preview(_ line: Line, context: ListContext<Self>) -> Preview? {
        if let oneShotPreview, lines.previewCommand == nil || oneShotPreview.line == line.number {
            return oneShotPreview.preview
        }
        var environment = variables(context).values
        if let size = context.previewSize {
            environment["FZF_PREVIEW_LINES"] = String(size.rows)
            environment["FZF_PREVIEW_COLUMNS"] = String(size.columns)
        }
        return lines.previewCommand.map {
            LinePreview.preview(of: line, command: $0, query: context.filterText, marks: context.marks, items: context.state.items,
                                firstIndex: headerLines.count, environment: environment)
        }
    }

    /// Runs `execute-silent(CMD)` (``PickOptions/commandActions``) with the placeholders of
    /// the selection, the query and the marks; a failure is shown, the picker stays.
    package func perform(command number: Int, context: ListContext<Self>) -> String? {
        let actions = commandActions
        guard actions.indices.contains(number) else { return nil }
        let action = actions[number]
        guard action.name == .executeSilent else { return nil }  // the others change the screen
        var variables = variables(context)
        variables.key = options.keyName(ofAction: number, counting: \.name.isScreenCommand)
        do {
            return PickShellCommand.runSilently(try commandLine(of: action, context: context), action: action.name.rawValue,
                                                exporting: variables)
        } catch {
            return "\(action.name.rawValue): \(error)"
        }
    }

    /// `execute(CMD)` (``PickOptions/terminalActions``): the command with the terminal.
    package func terminalCommand(_ number: Int, context: ListContext<Self>) -> (@Sendable () -> Void)? {
        let actions = terminalActions
        guard actions.indices.contains(number), let commandLine = try? commandLine(of: actions[number], context: context) else { return nil }
        var variables = variables(context)
        variables.key = options.keyName(ofAction: number) { $0.name == .execute }
        let exported = variables
        return { PickShellCommand.runInTerminal(commandLine, exporting: exported) }
    }

    /// The command line of `action`, its placeholders filled from the selection, the query
    /// and the marks.
    func commandLine(of action: PickAction, context: ListContext<Self>) throws -> String {
        let items = context.state.items
        let visible = context.filter.map { !$0.engine.isFiltering || $0.selection != nil } ?? true
        let selected = visible ? context.model.selectedItem : nil
        var marked: [Int] = []
        if let marks = context.marks, !marks.isEmpty { marked = marks.sorted().map { $0 - 1 }.filter { $0 < items.count } }
        // `{n}` counts the header lines, as fzf's index of the input line does.
        let first = headerLines.count
        let selection = PreviewCommand.Selection(
            line: selected.map { String(decoding: $0.bytes, as: UTF8.self) } ?? "", index: first + (selected?.number ?? 1) - 1,
            query: context.filterText, marked: marked.map { String(decoding: items[$0].bytes, as: UTF8.self) },
            markedIndices: marked.map { first + $0 })
        return try Placeholders.expand(action.argument ?? "", selection: selection, fields: options.fields)
    }

    /// The matches of `text`; while search is disabled (`--disabled`, `disable-search`),
    /// those of ``searchedQuery`` whatever is typed: every line, in input order, after
    /// `--disabled` or a reload.
    package func filterQuery(_ text: String) -> FilterQuery {
        if options.searchDisabled { return FilterQuery(ranking: options.ranking(of: searchedQuery)) }
        if let search, search.typed == text { return FilterQuery(ranking: options.ranking(of: search.query)) }
        return FilterQuery(ranking: options.ranking(of: text))
    }

    package var filterPrompt: FilterPrompt? {
        var prompt = FilterPrompt(prompt: options.prompt, query: options.query, acceptKeys: options.expect.map(\.key),
                                  isOnTop: options.reverse, growsUpward: !options.reverse && !options.reverseList)
        let unboundKeys = self.unboundKeys
        // A --bind key does its action, not its edit; an unbound one neither (a printable one is typed).
        prompt.reservedKeys = options.bindings.compactMap(\.key?.key).filter { !unboundKeys.contains($0) }
        prompt.unboundKeys = unboundKeys
        prompt.tracksSelection = options.track
        prompt.wordsArePaths = options.filepathWord
        prompt.markLimit = options.multiLimit
        prompt.cycles = options.look.cycle
        prompt.history = history
        prompt.eventCommands = unbound.isEmpty ? eventCommands : boundEventCommands
        prompt.pointer = options.look.pointer
        prompt.marker = options.look.marker
        prompt.frame = options.look.frame
        prompt.info = options.look.promptInfo
        prompt.infoPrefix = options.look.infoPrefix
        prompt.separator = options.look.separator
        prompt.scrollbar = options.look.scrollbar
        prompt.keepsRight = options.look.keepRight
        prompt.horizontalScrollOffset = options.look.noHScroll ? nil : options.look.hscrollOff
        if let theme = options.look.theme { prompt.theme = theme }
        prompt.scrollOff = options.look.display.scrollOff
        prompt.ellipsis = options.look.display.ellipsis
        prompt.highlightsWholeLine = options.look.display.highlightLine
        if options.look.display.headerFirst { prompt.linesBeyond = headerTextLines }
        if options.look.display.noUnicode {
            // fzf's ASCII stand-ins for its default glyphs (a glyph given is kept).
            if prompt.separator == "─" { prompt.separator = "-" }
            if prompt.scrollbar == "│" { prompt.scrollbar = "|" }
        }
        return prompt
    }

    package func filterSource(for items: ItemList<Line>) -> (any FilterableText)? {
        guard let store = items.storage as? LineStore else { return nil }
        return PickText(lines: store, fields: options.fields, ansi: options.ansi, firstIndex: headerLines.count)
    }
}
