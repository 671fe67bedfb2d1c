import CNcurses
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// Draws frames on `stdscr`, writing only what changed since the last frame.
///
/// Used only on the curses thread.
struct Painter {
    /// Whether colour pairs are used at all (`start_color` was called).
    let colorEnabled: Bool
    /// Whether `-1` means the terminal's default colour (`use_default_colors` succeeded).
    let defaultColors: Bool
    /// The last frame drawn; `nil` before the first one.
    private(set) var previous: Buffer?
    /// Set when the next frame must be drawn in full (first frame, resize, resume).
    private var drawEverything = true
    private var pairs: [PairKey: Int16] = [:]
    /// The characters of the run being written, kept to reuse its storage.
    private var scratch: [wchar_t] = []
    private var nextPair: Int32 = 1

    private struct PairKey: Hashable {
        var foreground: Int16
        var background: Int16
    }

    init(colorEnabled: Bool, defaultColors: Bool) {
        self.colorEnabled = colorEnabled
        self.defaultColors = defaultColors
    }

    /// Forgets what the screen shows: the next draw writes every cell, and with `clear`
    /// curses also clears the physical screen first (after a resize, Ctrl-L or resume).
    mutating func invalidate(clear: Bool) {
        drawEverything = true
        if clear { clearok(cncurses_stdscr(), true) }
    }

    /// Draws the last frame again in full, clipped to the current screen.
    mutating func repaintLast() {
        guard let previous else {
            werase(cncurses_stdscr())
            wnoutrefresh(cncurses_stdscr())
            doupdate()
            return
        }
        draw(previous)
    }

    /// Shows `frame`: the changed runs, then the cursor position, then one `doupdate`.
    mutating func draw(_ frame: Buffer) {
        let window = cncurses_stdscr()
        let screen = Size(rows: Int(cncurses_getmaxy(window)), columns: Int(cncurses_getmaxx(window)))
        let full = drawEverything || previous?.size != frame.size
        if full { werase(window) }
        var shown = full ? nil : previous  // what the window holds
        if var model = shown, frame.size == screen, let shift = frame.rowShift(since: model),
           scroll(window, shift, rows: screen.rows) {
            model.apply(shift)
            shown = model
        }
        for run in frame.changes(since: shown) where run.row < screen.rows {
            put(run, screenColumns: screen.columns)
        }
        if let cursor = frame.cursor, cursor.row >= 0, cursor.row < screen.rows,
           cursor.column >= 0, cursor.column < screen.columns {
            wmove(window, Int32(cursor.row), Int32(cursor.column))
        } else {
            wmove(window, 0, 0)
        }
        wnoutrefresh(window)
        doupdate()
        previous = frame
        drawEverything = false
    }

    /// Scrolls a region of the window as `shift` says, so that rows that only moved are
    /// not written again; `doupdate` then sends a scroll to the terminal, as it would have
    /// found on its own. Returns whether curses did it.
    private func scroll(_ window: UnsafeMutablePointer<WINDOW>?, _ shift: RowShift, rows: Int) -> Bool {
        guard shift.top >= 0, shift.bottom < rows, shift.top < shift.bottom else { return false }
        scrollok(window, true)
        defer {
            wsetscrreg(window, 0, Int32(rows - 1))
            scrollok(window, false)  // writing the bottom-right cell must never scroll
        }
        guard wsetscrreg(window, Int32(shift.top), Int32(shift.bottom)) != ERR else { return false }
        return wscrl(window, Int32(shift.distance)) != ERR
    }

    /// Writes one run, batching cells of the same style into one `mvwaddnwstr`.
    private mutating func put(_ run: Buffer.Run, screenColumns: Int) {
        var text: [wchar_t] = []
        swap(&text, &scratch)  // uniquely referenced, so its storage is reused
        text.removeAll(keepingCapacity: true)
        defer { scratch = text }
        var start = run.column
        var style: Style?
        var covered = run.column  // columns left of this are already drawn
        var column = run.column
        for cell in run.cells {
            defer { column += 1 }
            if cell.isContinuation || column < covered { continue }
            if column >= screenColumns { break }
            let width = max(1, Int(cell.width))
            if style != cell.style {
                if let style { flush(&text, row: run.row, column: start, style: style) }
                style = cell.style
                start = column
            }
            if column + width > screenColumns {  // a wide character cut by the screen edge
                text.append(0x20)
                covered = column + 1
                continue
            }
            Painter.appendCharacters(of: cell.glyph, to: &text)
            covered = column + width
        }
        if let style { flush(&text, row: run.row, column: start, style: style) }
    }

    /// Appends the scalars of `glyph` as `wchar_t`s (a space for an empty glyph).
    @inline(__always)
    static func appendCharacters(of glyph: Glyph, to text: inout [wchar_t]) {
        if let byte = glyph.asciiByte {
            text.append(wchar_t(byte))
        } else if glyph.isEmpty {
            text.append(0x20)
        } else {
            glyph.withUTF8 { bytes in
                var iterator = bytes.makeIterator()
                var decoder = Unicode.UTF8()
                while true {
                    switch decoder.decode(&iterator) {
                    case .scalarValue(let scalar): text.append(wchar_t(bitPattern: scalar.value))
                    case .emptyInput: return
                    case .error: text.append(0xFFFD)
                    }
                }
            }
        }
    }

    private mutating func flush(_ text: inout [wchar_t], row: Int, column: Int, style: Style) {
        guard !text.isEmpty else { return }
        let (attributes, pair) = cursesStyle(style)
        let window = cncurses_stdscr()
        wattr_set(window, attributes, pair, nil)
        // Writing the bottom-right cell reports ERR (curses cannot scroll) but draws it.
        _ = mvwaddnwstr(window, Int32(row), Int32(column), text, Int32(text.count))
        wattr_set(window, cncurses_A_NORMAL(), 0, nil)
        text.removeAll(keepingCapacity: true)
    }

    /// Curses attributes and colour pair for `style`; colours are dropped when disabled.
    private mutating func cursesStyle(_ style: Style) -> (attr_t, Int16) {
        var attributes = cncurses_A_NORMAL()
        let set = style.attributes
        if set.contains(.bold) { attributes |= cncurses_A_BOLD() }
        if set.contains(.dim) { attributes |= cncurses_A_DIM() }
        if set.contains(.reverse) { attributes |= cncurses_A_REVERSE() }
        if set.contains(.underline) { attributes |= cncurses_A_UNDERLINE() }
        if set.contains(.italic) { attributes |= cncurses_A_ITALIC() }
        guard colorEnabled else { return (attributes, 0) }
        return (attributes, pair(foreground: style.foreground, background: style.background))
    }

    /// The colour pair for a combination, made with `init_pair` the first time it is used.
    private mutating func pair(foreground: Color, background: Color) -> Int16 {
        var key = PairKey(foreground: number(foreground), background: number(background))
        if !defaultColors {  // no -1: default means white on black
            if key.foreground < 0 { key.foreground = Int16(COLOR_WHITE) }
            if key.background < 0 { key.background = Int16(COLOR_BLACK) }
            if key.foreground == Int16(COLOR_WHITE), key.background == Int16(COLOR_BLACK) { return 0 }
        } else if key.foreground < 0, key.background < 0 {
            return 0
        }
        if let pair = pairs[key] { return pair }
        let limit = min(cncurses_COLOR_PAIRS(), Int32(Int16.max))
        guard nextPair < limit else { return 0 }  // out of pairs: fall back to the default
        let pair = Int16(nextPair)
        guard init_pair(pair, key.foreground, key.background) != ERR else { return 0 }
        nextPair += 1
        pairs[key] = pair
        return pair
    }

    /// The curses number of a colour, or -1 for the default; bright colours fall back to
    /// normal ones and other indexed colours to the default on 8-colour terminals.
    private func number(_ color: Color) -> Int16 {
        let available = Int(cncurses_COLORS())
        switch color {
        case .default: return -1
        case .black: return 0
        case .red: return 1
        case .green: return 2
        case .yellow: return 3
        case .blue: return 4
        case .magenta: return 5
        case .cyan: return 6
        case .white: return 7
        case .indexed(let index):
            let n = Int(index)
            if n < available { return Int16(n) }
            if n < 16, n - 8 < available { return Int16(n - 8) }
            return -1
        }
    }
}
