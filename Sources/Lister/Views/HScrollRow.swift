import TerminalCore

/// A picker's row cut as fzf cuts it when it is wider than its room: its start and `··`
/// at the right end; or, when the query matches past the right edge, shifted so that the
/// last match shows `offset` columns from the end (fzf's `--hscroll-off`), with `··` where
/// text was cut on either side; or, without a match, its end after `··` (``keepsRight``,
/// fzf's `--keep-right`, which fzf honours only while rows may shift).
///
/// ```swift
/// HScrollRow(row, query: filter.query, offset: 10)  // fzf's default
/// ```
public struct HScrollRow: View {
    /// The row, its matches highlighted already.
    public var content: Text
    /// The query whose last match is kept in view; nil when not filtering.
    public var query: FilterQuery?
    /// The columns kept after the last match (fzf's `--hscroll-off`, at most half the
    /// room); nil never shifts the row (`--no-hscroll`).
    public var offset: Int?
    /// Whether a row without a match shows its end rather than its start.
    public var keepsRight: Bool

    /// What marks a cut (fzf's `--ellipsis`); may be empty.
    public var ellipsis: String

    /// fzf's default `--ellipsis`.
    nonisolated public static let defaultEllipsis = "··"

    /// Creates the row.
    public init(_ content: Text, query: FilterQuery?, offset: Int?, keepsRight: Bool = false,
                ellipsis: String = HScrollRow.defaultEllipsis) {
        self.content = content
        self.query = query
        self.offset = offset
        self.keepsRight = keepsRight
        self.ellipsis = ellipsis
    }

    public var sizing: Sizing { content.sizing }

    public func render(in rect: Rect, buffer: inout Buffer) {
        let width = content.width
        let cut = DisplayWidth.of(ellipsis)
        guard width > rect.width, rect.width > 2 * cut else { return content.render(in: rect, buffer: &buffer) }
        let shown = columns(width: width, room: rect.width, cut: cut)
        // Drawn only up to the last column shown, the one after it (whether a wide character
        // is cut there) and one more for the mark `Text` puts where it is cut: a row's length
        // does not set the cost of a frame.
        var scratch = Buffer(size: Size(rows: 1, columns: min(width, shown.upperBound + 2)))
        content.render(in: scratch.area, buffer: &scratch)
        var column = rect.left  // where the first column shown goes
        if shown.lowerBound > 0 {
            column += buffer.write(ellipsis, at: rect.origin, maxWidth: cut, style: scratch[0, shown.lowerBound].style)
        }
        for source in shown {
            var cell = scratch[0, source]
            if cell.isContinuation {
                if source != shown.lowerBound { continue }
                cell = .blank(style: cell.style)  // the second half of a character cut on the left
            } else if source + 1 < width, source + 1 == shown.upperBound, scratch[0, source + 1].isContinuation {
                cell = .blank(style: cell.style)  // a wide character cut on the right
            }
            buffer.set(cell, row: rect.top, column: column + source - shown.lowerBound)
        }
        if shown.upperBound < width {
            let end = column + shown.count
            buffer.write(ellipsis, at: Point(row: rect.top, column: end), maxWidth: cut, style: scratch[0, shown.upperBound - 1].style)
        }
    }

    /// The columns of the content drawn in `room`, as fzf chooses them.
    func columns(width: Int, room: Int, cut: Int) -> Range<Int> {
        if let offset, let matchEnd = lastMatchEnd() {
            // fzf: the last match's end plus the offset (at most half the room, less 2).
            let kept = min(width, matchEnd + max(0, min(room / 2 - 2, offset)))
            if kept > room - cut {
                let avail = room - cut - (kept < width ? cut : 0)
                return max(0, kept - avail)..<kept
            }
        } else if keepsRight, offset != nil {  // as fzf: --keep-right only with --hscroll
            return (width - (room - cut))..<width
        }
        return 0..<(room - cut)
    }

    /// The column where the query's last match ends in the content, nil without one.
    private func lastMatchEnd() -> Int? {
        guard let query, !query.isEmpty else { return nil }
        let plain = content.plainText
        guard let last = query.matchedRanges(in: plain).last else { return nil }
        return DisplayWidth.of(plain.prefix(last.upperBound))
    }
}
