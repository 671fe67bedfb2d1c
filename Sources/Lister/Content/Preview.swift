import TerminalCore

/// What a list's preview pane shows for one item: lines loaded asynchronously for a key.
///
/// ```swift
/// func preview(_ file: File) -> Preview? {
///     Preview(key: file.path) { PreviewText(try String(contentsOfFile: file.path)) }
/// }
/// ```
public struct Preview: Sendable {
    /// The identity of what is previewed: a new key cancels the load of the old one.
    public var key: ContentKey
    /// How long a new key waits before its load starts (Down held over the list starts
    /// one load, not one per row).
    public var debounce: Duration
    /// Loads the lines, off the main actor, reporting what came so far; cancelled when the
    /// selection moves on.
    public var load: @Sendable (LoadProgress<PreviewText>) async throws -> PreviewText
    /// Makes the lines at once, on the main actor, for values already in memory: the
    /// frame that moves the selection shows them, with no task and no blank pane between.
    /// Made once per key.
    let make: (@Sendable () -> PreviewText)?
    /// Whether the previews of the neighbours (the items Down and Up would select) are
    /// loaded ahead once this one is shown; see ``init(key:debounce:prefetchesNeighbours:load:)``.
    public private(set) var prefetchesNeighbours = false
    /// Where the pane opens on this preview until the user scrolls it (fzf's
    /// `--preview-window +N`); nil: its first line.
    public var start: PreviewStart?

    /// A preview of `key`, loaded by `load`.
    ///
    /// With `prefetchesNeighbours`, once this preview is shown and the list is settled the
    /// runtime also loads the previews of the items Down and Up would select, one at a
    /// time, and keeps the last few (by key, and by size: a few MB) until the rows change
    /// or `r` is pressed: a Down onto a neighbour then shows its preview in the frame
    /// that moves the selection, as ``immediate(key:_:)`` does, instead of a blank pane
    /// until its load ends. Turn it on for loaders that are cheap and have no side
    /// effects (reading a file's head, printing a value in memory): a prefetch may load
    /// a preview the user never sees. A prefetch is cancelled as soon as the selection
    /// moves on, none starts while the selected preview is still loading (so holding Down
    /// queues no work), and a failed one is not kept (the preview loads again when its
    /// item is selected). Previews that run commands should leave it off.
    ///
    /// ```swift
    /// Preview(key: file.path, prefetchesNeighbours: true) { try FileHead.read(file.path) }
    /// ```
    public init(key: some Hashable & Sendable, debounce: Duration = .zero, prefetchesNeighbours: Bool = false,
                load: @escaping @Sendable () async throws -> PreviewText) {
        self.init(key: key, debounce: debounce, streaming: { _ in try await load() })
        self.prefetchesNeighbours = prefetchesNeighbours
    }

    /// A preview of `key` whose lines show as they come (a command's output while it
    /// runs): `load` reports the lines so far to its progress, each report replacing the
    /// last, and returns them all.
    public init(key: some Hashable & Sendable, debounce: Duration = .zero,
                streaming load: @escaping @Sendable (LoadProgress<PreviewText>) async throws -> PreviewText) {
        self.key = ContentKey(key)
        self.debounce = debounce
        self.load = load
        make = nil
    }

    /// A preview of a value already in memory, made by `make` in the frame that selects
    /// it (once per key). Keep it cheap, a few hundred lines at most: it runs on the main
    /// actor while a key is answered. Anything slower belongs in a loader.
    public static func immediate(key: some Hashable & Sendable, _ make: @escaping @Sendable () -> PreviewText) -> Preview {
        Preview(key: ContentKey(key), make: make)
    }

    /// A preview whose lines are known now.
    public static func lines(_ text: PreviewText, key: some Hashable & Sendable) -> Preview {
        .immediate(key: key) { text }
    }

    private init(key: ContentKey, make: @escaping @Sendable () -> PreviewText) {
        self.key = key
        debounce = .zero
        load = { _ in make() }
        self.make = make
    }
}

/// Where a preview pane opens before it is scrolled (fzf's `--preview-window +N`,
/// `+{2}-5`, `+{2}-/2`): a line at the top, or placed lower by a part of the pane's height.
public struct PreviewStart: Hashable, Sendable {
    /// The line shown first, from 0.
    public var line: Int
    /// When set, the line goes down by the pane's height divided by this (2: the middle).
    public var divisor: Int?

    /// A start at `line`, moved down by the height over `divisor` when one is given.
    public init(line: Int, divisor: Int? = nil) {
        self.line = line
        self.divisor = divisor
    }

    /// The first line shown in a pane of `height` lines (never below 0).
    public func offset(height: Int) -> Int {
        max(0, line - (divisor.map { $0 > 0 ? height / $0 : 0 } ?? 0))
    }
}

/// The lines a preview pane shows, cut to a limit, with a note under them ("exit status
/// 1", "cut at 10,000 lines"). Lines are drawn like rows: control characters made visible,
/// cut at the pane's width.
public struct PreviewText: Hashable, Sendable {
    /// The lines.
    public var lines: [Text]
    /// A dimmed line under the text, if any.
    public var note: String?

    /// The most lines kept.
    public static let lineLimit = 10_000

    /// About the bytes the text takes: its UTF-8 and a few words a line, for the cache
    /// of previews loaded ahead.
    var cost: Int {
        lines.reduce(note?.utf8.count ?? 0) { total, line in
            line.spans.reduce(total + 48) { $0 + $1.text.utf8.count + 32 }
        }
    }
    /// The most bytes of text kept.
    public static let byteLimit = 1 << 20

    /// Lines as they are.
    public init(lines: [Text], note: String? = nil) {
        self.lines = lines
        self.note = note
    }

    /// The lines of `text`, at most ``lineLimit`` lines and ``byteLimit`` bytes; what is
    /// cut is said in the note. With `ansi`, SGR colours are kept (``ANSIText``).
    public init(_ text: String, note: String? = nil, ansi: Bool = false) {
        self.init(bytes: Array(text.utf8.prefix(Self.byteLimit + 1)), note: note, ansi: ansi)
    }

    /// The lines of `bytes` (UTF-8; invalid bytes are shown as U+FFFD), at most
    /// ``lineLimit`` lines and ``byteLimit`` bytes; what is cut is said in the note. With
    /// `ansi`, SGR colours become styles and every other escape sequence is removed;
    /// without, an escape shows as `^[`.
    public init(bytes: [UInt8], note: String? = nil, ansi: Bool = false) {
        var colours = ANSIText()
        var lines: [Text] = []
        var cut: String?
        var start = bytes.startIndex
        var used = 0
        while start != bytes.endIndex {
            if lines.count == Self.lineLimit {
                cut = "cut at \(Self.lineLimit.formatted) lines"
                break
            }
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            let length = bytes.distance(from: start, to: end)
            if used + length > Self.byteLimit {
                cut = "cut at \(Self.byteLimit / (1 << 20)) MB"
                break
            }
            used += length + 1
            var line = bytes[start..<end]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            let text = Sanitizer.decode(line)
            if ansi {
                var coloured = colours.line(text)
                coloured.spans = coloured.spans.map { Text.Span(text: Sanitizer.clean($0.text), style: $0.style) }
                lines.append(coloured)
            } else {
                lines.append(Text(Sanitizer.clean(text)))
            }
            start = end == bytes.endIndex ? end : bytes.index(after: end)
        }
        self.lines = lines
        self.note = [cut, note].compactMap { $0 }.joined(separator: " · ").nonEmpty
    }
}

/// Where a list's preview pane goes and how big it is.
public struct PreviewPlacement: Hashable, Sendable {
    /// The side of the list the pane is on.
    public enum Edge: Hashable, Sendable {
        /// Beside the list, on its right.
        case right
        /// Under the list.
        case bottom
        /// Beside the list, on its left (fzf's `--preview-window left`).
        case left
        /// Above the list (fzf's `--preview-window up`).
        case top
    }

    /// The side of the list the pane is on.
    public var edge: Edge
    /// The pane's width (right, left) or height (bottom, top).
    public var size: Split.Extent
    /// Whether the pane starts hidden (the preview key shows it).
    public var startsHidden: Bool
    /// Whether a line between the pane and the list is drawn (fzf's `border-none` and
    /// `noborder` take it away).
    public var showsBorder = true
    /// The border drawn around the pane instead of that line (fzf's `border-rounded`,
    /// `border-sharp`, `border-left`…); nil: the line alone, when ``showsBorder``.
    public var border: PromptFrame.Border?
    /// Drawn on the pane's ``border`` (fzf's `--preview-label`); nil for none.
    public var label: String?
    /// Where ``label`` goes (fzf's `--preview-label-pos`).
    public var labelPosition = BorderLabelPosition()
    /// The first lines of the text, kept at the top of the pane while the rest scrolls
    /// (fzf's `~N`).
    public var headerLines = 0
    /// Whether lines longer than the pane go on on the next lines (fzf's `wrap`) instead of
    /// being cut.
    public var wraps = false
    /// Whether the pane shows the end of the text, following it as it grows (fzf's `follow`),
    /// until the user scrolls it.
    public var follows = false

    /// A placement.
    public init(_ edge: Edge, size: Split.Extent = .percent(50), startsHidden: Bool = false) {
        self.edge = edge
        self.size = size
        self.startsHidden = startsHidden
    }

    /// Beside the list, taking `size` of the width.
    public static func right(_ size: Split.Extent = .percent(50)) -> PreviewPlacement { PreviewPlacement(.right, size: size) }

    /// Under the list, taking `size` of the height.
    public static func bottom(_ size: Split.Extent = .percent(50)) -> PreviewPlacement { PreviewPlacement(.bottom, size: size) }
}

extension RegionID {
    /// The preview pane of a list screen.
    public static let preview = RegionID("preview")
}

/// The preview pane's text from a line on, with its note under it.
struct PreviewPane: View {
    var text: PreviewText
    var offset: Int
    /// Lines longer than the pane continue on the next (``PreviewPlacement/wraps``).
    var wraps = false
    /// Whether the last page is shown, whatever ``offset`` says (``PreviewPlacement/follows``).
    var follows = false
    /// The text's style, merged under each line's own (a picker's `preview-fg`, `preview-bg`).
    var style = Style.plain
    /// Where the pane opens while the user has not scrolled it: ``offset`` is then 0.
    var start: PreviewStart?
    /// The first lines kept at the top while the rest scrolls (``PreviewPlacement/headerLines``).
    var headerLines = 0

    var sizing: Sizing { .flexible }

    /// The first line shown at most, so the last page stays full.
    static func maxOffset(lines: Int, height: Int, hasNote: Bool) -> Int {
        max(0, lines - max(1, height - (hasNote ? 1 : 0)))
    }

    func render(in rect: Rect, buffer: inout Buffer) {
        var area = rect
        if let note = text.note, rect.height > 1 {
            let (rest, line) = rect.splitBottom(1)
            Text(note).dim().render(in: line, buffer: &buffer)
            area = rest
        }
        if text.lines.isEmpty {
            Text("(empty)").dim().render(in: area, buffer: &buffer)
            return
        }
        if headerLines > 0, area.height > 1 {
            // fzf's ~N: the first lines stay, the rest scrolls under them.
            let fixed = min(headerLines, text.lines.count, area.height - 1)
            for row in 0..<fixed {
                let line = style == .plain ? text.lines[row] : text.lines[row].styled(style)
                line.render(in: Rect(row: area.top + row, column: area.left, rows: 1, columns: area.width), buffer: &buffer)
            }
            guard text.lines.count > fixed else { return }
            var rest = self
            rest.text = PreviewText(lines: Array(text.lines[fixed...]))
            rest.headerLines = 0
            rest.render(in: Rect(row: area.top + fixed, column: area.left, rows: area.height - fixed, columns: area.width), buffer: &buffer)
            return
        }
        if style.background != .default { buffer.fill(area, style: Style(background: style.background)) }
        let count = text.lines.count
        let lastPage = Self.maxOffset(lines: count, height: area.height, hasNote: false)
        // The first line shown: the last page when following, where the preview opens until
        // it is scrolled, else where it was scrolled.
        let top = follows ? lastPage : start.map { min($0.offset(height: area.height), lastPage) } ?? min(max(0, offset), count - 1)
        var shown = Array(text.lines[top...].prefix(area.height))
        if wraps {
            let pieces = (follows ? Array(text.lines.suffix(area.height)) : shown).flatMap { Self.wrapped($0, width: area.width) }
            shown = Array(follows ? pieces.suffix(area.height) : pieces.prefix(area.height))
        }
        for (row, line) in shown.enumerated() {
            let styled = style == .plain ? line : Text(spans: line.spans.map { Text.Span(text: $0.text, style: style.merged(with: $0.style)) })
            styled.render(in: Rect(row: area.top + row, column: area.left, rows: 1, columns: area.width), buffer: &buffer)
        }
    }

    /// `line` cut into pieces of at most `width` columns, its styles kept.
    static func wrapped(_ line: Text, width: Int) -> [Text] {
        guard width > 0, line.width > width else { return [line] }
        var pieces: [Text] = [Text(spans: [])]
        var used = 0
        for span in line.spans {
            for character in span.text {
                let columns = DisplayWidth.of(String(character))
                if used + columns > width, used > 0 {
                    pieces.append(Text(spans: []))
                    used = 0
                }
                let current = pieces.count - 1
                if let last = pieces[current].spans.last, last.style == span.style {
                    pieces[current].spans[pieces[current].spans.count - 1].text.append(character)
                } else {
                    pieces[current].spans.append(Text.Span(text: String(character), style: span.style))
                }
                used += columns
            }
        }
        return pieces
    }
}

extension String {
    /// Nil when empty.
    var nonEmpty: String? { isEmpty ? nil : self }
}

extension Int {
    /// `10,000`.
    var formatted: String {
        let digits = Array(String(self))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
