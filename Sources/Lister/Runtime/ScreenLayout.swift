import TerminalCore

/// Where a screen's chrome lines and its body go at a given size (``ScreenChrome``).
struct ScreenLayout {
    /// The whole terminal.
    var full: Rect
    /// The room between the lines above and below: where the screen's body is drawn.
    var body: Rect
    /// The chrome lines that fit, with where each goes, top to bottom.
    var lines: [(line: ChromeLine, rect: Rect)] = []

    /// The standard chrome at `size`: the breadcrumb from three rows, the status bar from two.
    init(size: Size) {
        self.init(size: size, chrome: .standard)
    }

    /// `chrome` at `size`.
    init(size: Size, chrome: ScreenChrome) {
        self.init(in: Rect(size: size), full: Rect(size: size), chrome: chrome)
    }

    /// `chrome` inside `room` (all of `full`, or what a picker's frame leaves: fzf's
    /// `--margin`, `--border`, `--padding`); the help overlay is still drawn over `full`.
    /// The lines below the body are given rows first (the lowest first), then those above
    /// it (the highest first), each while the body keeps a row.
    init(in room: Rect, full: Rect, chrome: ScreenChrome) {
        self.full = full
        var left = room.size.rows
        func fits(_ line: ChromeLine) -> Bool {
            guard left - line.height >= 1 else { return false }
            left -= line.height
            return true
        }
        let bottom = chrome.bottom.reversed().filter(fits).reversed()
        let top = chrome.top.filter(fits)
        var rest = room
        for line in top {
            let (rect, below) = rest.splitTop(line.height)
            lines.append((line, rect))
            rest = below
        }
        var under: [(line: ChromeLine, rect: Rect)] = []
        for line in bottom.reversed() {
            let (above, rect) = rest.splitBottom(line.height)
            under.append((line, rect))
            rest = above
        }
        lines += under.reversed()
        body = rest
    }
}
