import TerminalCore

/// A virtualised list: only the rows that fit are built and drawn, so drawing a list of a
/// million items costs the same as drawing one of forty.
///
/// The selected row is highlighted (reverse video, visible without colour) over its text,
/// and the terminal cursor is placed on it so screen readers can follow the selection.
public struct ListView: View {
    /// Number of rows.
    public var count: Int
    /// The selected row, if any.
    public var selection: Int?
    /// The first row shown.
    public var scrollOffset: Int
    /// A row drawn after the last one ("Loading more…", "End of list"), if any.
    public var footer: (any View)?
    /// Whether the footer row is selected (an inline error can be).
    public var footerSelected: Bool
    /// A section header drawn over the first line, for the section scrolled under it
    /// (sticky headers); nil when the first line shows its own row. Above rows of several
    /// lines it takes a line of its own instead.
    public var stickyHeader: (any View)?
    /// Columns of every row scrolled out on the left (`<` and `>` for long rows).
    public var horizontalOffset: Int = 0
    /// The style merged into the selected row.
    public var highlight: Style
    /// Whether ``highlight`` covers the selected row's whole width (fzf's
    /// `--highlight-line`) instead of its text only.
    public var highlightsWholeRow = false
    /// Whether the first row shown is drawn on the bottom lines and the next ones above it
    /// (fzf's default layout, under a prompt at the bottom); a row of several lines keeps
    /// its lines in order. A list with a sticky header is drawn from the top.
    public var growsUpward = false
    /// Builds the view of row `index`; called only for visible rows.
    public var row: (Int) -> any View
    /// Rows of the last frame to reuse instead of drawing them again (a list screen's
    /// default body); nil draws every row.
    var reuse: RowReuse?
    /// The lines each row takes; one each unless the screen says otherwise.
    var rowLayout = RowLayout.singleLine
    /// Where the list notes the rectangle it is drawn in (a screen's host reads it to lay
    /// the list out in the room it really has, and to map clicks); nil notes nothing.
    var regions: RegionMap?
    /// Drawn in the list's last column, as long as the rows shown are to all of them, when
    /// they do not all fit (fzf's `--scrollbar=CHAR`); nil: none, every column for the rows.
    public var scrollbar: String?
    /// The scrollbar's style.
    public var scrollbarStyle = Style.dim

    /// Creates a list of `count` rows.
    public init(
        count: Int,
        selection: Int?,
        scrollOffset: Int = 0,
        footer: (any View)? = nil,
        footerSelected: Bool = false,
        stickyHeader: (any View)? = nil,
        highlight: Style = .reverse,
        row: @escaping (Int) -> any View
    ) {
        self.count = count
        self.selection = selection
        self.scrollOffset = scrollOffset
        self.footer = footer
        self.footerSelected = footerSelected
        self.stickyHeader = stickyHeader
        self.highlight = highlight
        self.row = row
    }

    public var sizing: Sizing { .flexible }

    public func render(in rect: Rect, buffer: inout Buffer) {
        regions?.record(.list, rect)
        guard !rect.isEmpty else { return }
        if let scrollbar, rect.width > 2, count > rect.height {
            // The rows in the columns left of the bar; the bar over the last one.
            var rows = self
            rows.scrollbar = nil
            rows.regions = nil
            rows.render(in: Rect(row: rect.top, column: rect.left, rows: rect.height, columns: rect.width - 1), buffer: &buffer)
            drawScrollbar(scrollbar, in: Rect(row: rect.top, column: rect.right - 1, rows: rect.height, columns: 1), buffer: &buffer)
            return
        }
        // Rows are reused only where they are drawn whole: a list reaching outside the
        // buffer is clipped, and draws every row. `reuse` is read in place below (`?.`):
        // binding it with `if let` in the loop would copy the struct for every row.
        var reuse = rect.intersection(buffer.area) == rect ? self.reuse : nil
        let drawingAhead = reuse?.isDrawingAhead == true
        var lookAheadCursor = 0
        if var environment = reuse?.environment, let cache = reuse?.cache {
            environment.columns = rect.left..<rect.right
            environment.horizontalOffset = horizontalOffset
            if !drawingAhead {
                cache.beginFrame(environment)
            } else if !cache.holds(environment) {
                reuse = nil  // drawn ahead in another environment: every row afresh
            }
        }
        let cache = reuse?.cache
        let sticky = stickyHeader == nil ? .none : rowLayout.stickyHeaderPlacement(in: rect.height)
        var rows = rect
        if sticky == .ownLine, let stickyHeader {
            stickyHeader.render(in: Rect(row: rect.top, column: rect.left, rows: 1, columns: rect.width), buffer: &buffer)
            rows = Rect(row: rect.top + 1, column: rect.left, rows: rect.height - 1, columns: rect.width)
        }
        let upward = growsUpward && stickyHeader == nil
        // Lines are counted from the top of `rows`; upward, the lines a row takes are
        // turned over, so that the first row shown takes the bottom ones.
        func area(atLine line: Int, lines: Int) -> Rect {
            Rect(row: upward ? rows.top + rows.bottom - line - lines : line, column: rect.left, rows: lines, columns: rect.width)
        }
        var line = rows.top
        var index = max(0, min(scrollOffset, count))
        while line < rows.bottom, index < count {
            let lines = rowLayout.lines(of: index)
            let shown = min(lines, rows.bottom - line)
            let area = area(atLine: line, lines: shown)
            let key = index == selection ? nil : reuse?.key(index, lines: shown)
            if let key, let cache, drawingAhead {
                // Drawn ahead: the last real frame's row if it has it, nothing kept.
                if let cells = cache.drawnLast(key, cursor: &lookAheadCursor) {
                    buffer.paste(cells, lines: shown, row: area.top, column: rect.left)
                } else {
                    drawRow(index, in: area, cut: shown < lines, buffer: &buffer)
                }
            } else if let key, let cache {
                if let cells = cache.reuse(key) {
                    buffer.paste(cells, lines: shown, row: area.top, column: rect.left)
                } else {
                    let cursor = buffer.cursor
                    drawRow(index, in: area, cut: shown < lines, buffer: &buffer)
                    // A row that moves the cursor is drawn every time, as is the selected one.
                    if buffer.cursor == cursor { cache.store(area, of: buffer, for: key) }
                }
            } else {
                drawRow(index, in: area, cut: shown < lines, buffer: &buffer)
            }
            if index == selection { mark(area, in: &buffer) }
            line += shown
            index += 1
        }
        if line < rows.bottom, let footer {
            let area = area(atLine: line, lines: 1)
            footer.render(in: area, buffer: &buffer)
            if footerSelected { mark(area, in: &buffer) }
        }
        if sticky == .overFirstLine, let stickyHeader {
            let area = Rect(row: rect.top, column: rect.left, rows: 1, columns: rect.width)
            buffer.fill(area)
            stickyHeader.render(in: area, buffer: &buffer)
        }
    }

    /// fzf's scrollbar: `height * height / count` lines (at least one), placed as the first
    /// row shown is among the rows that can be first; from the bottom when the list grows upward.
    private func drawScrollbar(_ glyph: String, in column: Rect, buffer: inout Buffer) {
        let height = column.height
        let length = max(1, height * height / max(1, count))
        let room = max(1, count - height)
        let start = (height - length) * min(max(0, scrollOffset), room) / room
        for line in start..<min(height, start + length) {
            let row = growsUpward && stickyHeader == nil ? column.bottom - 1 - line : column.top + line
            buffer.write(glyph, at: Point(row: row, column: column.left), maxWidth: 1, style: scrollbarStyle)
        }
    }

    /// Draws row `index` in `area`; a row cut by the list's edge (`cut`) is marked `…` on
    /// the last of its lines shown.
    private func drawRow(_ index: Int, in area: Rect, cut: Bool, buffer: inout Buffer) {
        renderRow(index, in: area, buffer: &buffer)
        if cut, area.width > 0 {
            buffer.write("…", at: Point(row: area.bottom - 1, column: area.right - 1), maxWidth: 1, style: .dim)
        }
    }

    private func renderRow(_ index: Int, in area: Rect, buffer: inout Buffer) {
        if horizontalOffset > 0 {
            renderShifted(row(index), in: area, buffer: &buffer)
        } else {
            row(index).render(in: area, buffer: &buffer)
        }
    }

    /// Draws a row as if the list were wider by ``horizontalOffset`` columns and scrolled
    /// right: the row is drawn once into a scratch line, then its visible part is copied
    /// (a wide character cut at the left edge becomes a blank).
    private func renderShifted(_ view: any View, in area: Rect, buffer: inout Buffer) {
        var scratch = Buffer(size: Size(rows: 1, columns: area.width + horizontalOffset))
        view.render(in: scratch.area, buffer: &scratch)
        for column in 0..<area.width {
            var cell = scratch[0, column + horizontalOffset]
            if cell.isContinuation, column == 0 { cell = .blank(style: cell.style) }
            if !cell.isContinuation { buffer.set(cell, row: area.top, column: area.left + column) }
        }
    }

    /// Highlights the written text of a row (each of its lines) and puts the cursor at its start.
    private func mark(_ area: Rect, in buffer: inout Buffer) {
        for row in area.top..<area.bottom {
            let end = highlightsWholeRow ? area.right : buffer.textEnd(row: row, columns: area.left..<area.right) ?? area.left
            let width = max(1, end - area.left)
            buffer.applyStyle(highlight, to: Rect(row: row, column: area.left, rows: 1, columns: width))
        }
        buffer.cursor = area.origin
    }

    /// The scroll offset that keeps `selection` visible in `height` rows, moving as little
    /// as possible from `offset`. `rows` counts the footer row when there is one.
    nonisolated public static func scrollOffset(keeping selection: Int, visibleIn height: Int, from offset: Int, rows: Int) -> Int {
        guard height > 0, rows > 0 else { return 0 }
        var result = offset
        if selection < result { result = selection }
        if selection >= result + height { result = selection - height + 1 }
        return max(0, min(result, rows - height))
    }

    /// As ``scrollOffset(keeping:visibleIn:from:rows:)``, and with `stickyHeader` the
    /// selection also stays off the first line, where a sticky header covers the row
    /// scrolled under it. Lists shorter than three lines have no sticky header.
    nonisolated public static func scrollOffset(keeping selection: Int, visibleIn height: Int, from offset: Int, rows: Int, stickyHeader: Bool) -> Int {
        guard stickyHeader, height >= 3, selection > 0 else {
            return scrollOffset(keeping: selection, visibleIn: height, from: offset, rows: rows)
        }
        // Rows offset+1 ..< offset+height are uncovered; keep `selection` among them.
        return scrollOffset(keeping: selection - 1, visibleIn: height - 1, from: offset, rows: rows - 1)
    }
}
