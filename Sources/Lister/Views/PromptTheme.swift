import TerminalCore

/// The styles a picker draws its parts in (fzf's `--color` elements), carried by its
/// ``FilterPrompt/theme``: a value of the screen, so two pickers can look different.
///
/// ``standard`` is Lister's own look (the selected row in reverse video, matches bold and
/// underlined). fzf's schemes are built from it by the command that parses `--color`.
///
/// ```swift
/// var prompt = FilterPrompt(prompt: "> ")
/// prompt.theme.match = Style(foreground: .indexed(108))
/// prompt.theme.current = Style(foreground: .indexed(254), background: .indexed(236), attributes: .bold)
/// ```
public struct PromptTheme: Hashable, Sendable {
    /// The rows' text (fzf's `fg`, `bg`); its background also fills the picker's room.
    public var text = Style.plain
    /// The characters the query matches (`hl`), merged over the row's text.
    public var match = FilterQuery.highlightStyle
    /// The selected row (`fg+`, `bg+`): its foreground is the text's, its background and
    /// attributes cover the row's text.
    public var current = Style.reverse
    /// The characters the query matches in the selected row (`hl+`).
    public var currentMatch = FilterQuery.highlightStyle
    /// The pointer and marker columns before the rows (`gutter`), when drawn.
    public var gutter = Style.plain
    /// The pointer on the selected row (`pointer`).
    public var pointer = Style(foreground: .red, attributes: .bold)
    /// The marker on marked rows (`marker`).
    public var marker = Style(foreground: .green, attributes: .bold)
    /// The prompt string (`prompt`).
    public var prompt = Style(foreground: .cyan, attributes: .bold)
    /// The query typed (`query`).
    public var query = Style.plain
    /// The count of matches (`info`) where the prompt line shows it.
    public var info = Style.dim
    /// The spinner of a list still loading (`spinner`).
    public var spinner = Style(foreground: .cyan)
    /// The header lines (`header`: `--header`, `--header-lines`).
    public var header = Style.plain
    /// The border (`border`).
    public var border = Style.dim
    /// The border's label (`label`).
    public var label = Style.plain
    /// The line after the count on the prompt line (`separator`).
    public var separator = Style.dim
    /// The preview pane's text and background (`preview-fg`, `preview-bg`).
    public var preview = Style.plain

    /// Lister's look.
    public init() {}

    /// Lister's look.
    public static let standard = PromptTheme()

    /// The style merged into the whole selected row by the list: the selected row's
    /// background and attributes (its foreground goes under the row's own styles instead,
    /// so that matched characters keep theirs).
    var selectedRow: Style { Style(background: current.background, attributes: current.attributes) }

    /// `row` as drawn: its text over the row's style (the selected row's foreground when
    /// selected), the characters `query` matches in ``match`` or ``currentMatch``: those at
    /// `positions` (code point offsets) when given, as the matcher found them in the row's
    /// searched fields, else every match in the text.
    func decorate(_ row: Text, isSelected: Bool, query: FilterQuery?, positions: [Int]? = nil) -> Text {
        let base = isSelected ? Style(foreground: current.foreground) : text
        var row = row
        if base != .plain { row.spans = row.spans.map { Text.Span(text: $0.text, style: base.merged(with: $0.style)) } }
        guard let query else { return row }
        let style = isSelected ? currentMatch : match
        if let positions { return row.highlighting(scalarPositions: positions, style: style) }
        return row.highlightingMatches(of: query, style: style)
    }
}
