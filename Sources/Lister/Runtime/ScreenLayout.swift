import TerminalCore

/// Where the header, the list and the status bar go at a given size.
struct ScreenLayout {
    var full: Rect
    var header: Rect?
    var list: Rect
    var status: Rect?

    init(size: Size) {
        self.init(in: Rect(size: size), full: Rect(size: size))
    }

    /// The layout inside `room` (a picker's frame), help still drawn over `full`.
    init(in room: Rect, full: Rect, hasStatus: Bool = true) {
        self.full = full
        let size = room.size
        var rest = room
        if size.rows >= 2, hasStatus {
            let split = rest.splitBottom(1)
            rest = split.0
            status = split.1
        }
        if size.rows >= 3 {
            let split = rest.splitTop(1)
            header = split.0
            rest = split.1
        }
        list = rest
    }
}
