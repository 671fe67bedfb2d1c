/// How many rows an inline interface takes (`--height N` or `--height N%`): drawn below the
/// cursor on the normal screen instead of on the alternate screen.
///
/// ```swift
/// let height = try InlineHeight.parse("40%")    // .percent(40)
/// height.rows(onScreenOf: 50)                   // 20
/// ```
public enum InlineHeight: Hashable, Sendable, CustomStringConvertible {
    /// A number of rows, 1 or more.
    case rows(Int)
    /// A percentage of the screen's rows, 1 to 100.
    case percent(Int)
    /// A percentage of the screen's rows, and at least `minimum` rows (fzf's
    /// `--min-height`), screen permitting.
    case percentAtLeast(Int, minimum: Int)

    /// The fewest rows a percentage gives (fzf's `--min-height` default), screen permitting.
    public static let minimumRowsForPercent = 10

    /// Why a height could not be read: a message naming the bad value and what is expected.
    public struct Invalid: Error, Hashable, CustomStringConvertible {
        public let description: String
    }

    /// Reads `N` (rows, 1 or more) or `N%` (1 to 100).
    public static func parse(_ text: String) throws(Invalid) -> InlineHeight {
        let isPercent = text.hasSuffix("%")
        let digits = isPercent ? String(text.dropLast()) : text
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let value = Int(digits)
        else {
            let hint = text.hasPrefix("~") || text.hasPrefix("-") ? " (adaptive and negative heights are not supported)" : ""
            throw Invalid(description: "--height takes a number of lines or a percentage of the screen (10, 40%), not '\(text)'\(hint)")
        }
        guard value >= 1 else { throw Invalid(description: "--height '\(text)': the height must be at least 1 line (or 1%)") }
        if isPercent {
            guard value <= 100 else { throw Invalid(description: "--height '\(text)': a percentage is at most 100%") }
            return .percent(value)
        }
        return .rows(value)
    }

    /// The rows it takes on a screen of `screenRows` rows (more than the screen when it
    /// asks for more: the caller then uses the whole screen).
    public func rows(onScreenOf screenRows: Int) -> Int {
        switch self {
        case .rows(let rows): return rows
        case .percent(let percent):
            return max(screenRows * percent / 100, min(Self.minimumRowsForPercent, screenRows))
        case .percentAtLeast(let percent, let minimum):
            return max(screenRows * percent / 100, min(minimum, screenRows))
        }
    }

    public var description: String {
        switch self {
        case .rows(let rows): return "\(rows)"
        case .percent(let percent): return "\(percent)%"
        case .percentAtLeast(let percent, _): return "\(percent)%"
        }
    }
}

/// Where an inline interface goes: the rows below the cursor, after scrolling the screen up
/// as little as needed to make room, and where the cursor goes back to at the end.
///
/// The interface starts on the cursor's row when the cursor is at the left margin (a shell
/// has just run the command), else on the next row (the cursor's row keeps its text), as
/// fzf's `--height` does.
public struct InlinePlacement: Hashable, Sendable {
    /// The first screen row of the interface, once the screen was scrolled.
    public var top: Int
    /// How many rows it takes.
    public var rows: Int
    /// How many rows the screen must scroll up first (lines go to the scrollback).
    public var scroll: Int
    /// Where the cursor goes back to at the end: where it was, moved up by the scroll.
    public var origin: Point

    /// Places `height` on a screen of `screen.rows` rows with the cursor at `cursor`;
    /// `nil` when it does not fit beside at least one row of the screen (use the whole
    /// screen instead). An unknown cursor is taken to be on the last row.
    public init?(height: InlineHeight, screen: Size, cursor: Point?) {
        let rows = height.rows(onScreenOf: screen.rows)
        guard rows < screen.rows, rows >= 1 else { return nil }
        let cursor = cursor.map { Point(row: min(max($0.row, 0), screen.rows - 1), column: max($0.column, 0)) }
            ?? Point(row: screen.rows - 1, column: 0)
        let start = cursor.column == 0 ? cursor.row : cursor.row + 1
        scroll = max(0, start + rows - screen.rows)
        top = start - scroll
        self.rows = rows
        origin = Point(row: cursor.row - scroll, column: cursor.column)
    }

    /// The placement whose first row is now `row` (where the terminal moved it on a resize;
    /// nil, unknown, keeps it), the cursor's place to go back to moved as much.
    public func moved(toTopAt row: Int?) -> InlinePlacement {
        guard let row else { return self }
        var placed = self
        placed.origin.row = max(origin.row + row - top, 0)
        placed.top = max(row, 0)
        return placed
    }

    /// The placement kept after the screen became `screen`: as many rows as asked for
    /// and fit beside one row of the screen (at least one), moved up if they would pass
    /// the bottom.
    public func resized(to screen: Size, height: InlineHeight) -> InlinePlacement {
        var placed = self
        placed.rows = max(min(height.rows(onScreenOf: screen.rows), screen.rows - 1), 1)
        placed.top = max(min(top, screen.rows - placed.rows), 0)
        placed.origin.row = min(origin.row, placed.top)
        placed.scroll = 0
        return placed
    }
}

/// The terminal's answer to a cursor position request (`ESC [ 6 n`, terminfo's `u7`):
/// `ESC [ row ; column R`, both counted from 1.
public enum CursorReport {
    /// The request to send when the terminal's description has none.
    public static let request: [UInt8] = Array("\u{1B}[6n".utf8)

    /// The position in `bytes` (counted from 0), with the bytes that came before it (keys
    /// typed ahead) and after it; `nil` while no complete answer is there.
    public static func parse(_ bytes: [UInt8]) -> (position: Point, before: [UInt8], after: [UInt8])? {
        var start = 0
        while start + 1 < bytes.count {
            defer { start += 1 }
            guard bytes[start] == 0x1B, bytes[start + 1] == UInt8(ascii: "[") else { continue }
            var index = start + 2
            var numbers = [0, 0]
            var which = 0
            var digits = [0, 0]
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    numbers[which] = min(numbers[which] * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000)
                    digits[which] += 1
                } else if byte == UInt8(ascii: ";"), which == 0 {
                    which = 1
                } else {
                    break
                }
                index += 1
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "R"), which == 1, digits[0] > 0, digits[1] > 0 else { continue }
            return (Point(row: max(numbers[0] - 1, 0), column: max(numbers[1] - 1, 0)),
                    Array(bytes[..<start]), Array(bytes[(index + 1)...]))
        }
        return nil
    }
}

extension ControlStrings {
    /// These strings moved to `rows` rows starting at screen row `top`, for an inline
    /// interface: rows count from the region's top, clearing the screen clears the region's
    /// rows only (the rows above it keep the shell's text), and a scroll region is set
    /// inside it. `nil` when the terminal cannot clear a row (`el`).
    public func inline(top: Int, rows: Int) -> ControlStrings? {
        guard let clearRow = clearToEndOfLine else { return nil }
        var strings = self
        let moveCursor = self.moveCursor
        strings.moveCursor = { row, column in moveCursor(row + top, column) }
        var clear: [UInt8] = []
        for row in 0..<rows { clear += moveCursor(top + row, 0) + clearRow }
        strings.clearScreen = clear + moveCursor(top, 0)
        if let region = setScrollRegion {
            strings.setScrollRegion = { first, last in region(first + top, last + top) }
        }
        return strings
    }
}
