/// The navigation every kind of list answers alike: ↑ ↓, PgUp PgDn, Home End, as a move
/// over its rows (a plain list's items, a filter's matches, a sectioned list's rows, a
/// detail's lines). Each host says only what a page is and what its rows are.
enum Move: Equatable {
    /// By this many rows; negative is up.
    case by(Int)
    /// To the first row.
    case start
    /// To the last row.
    case end
    /// To row `n` counted from 1 (0 is the first too), or from the end when negative (-1
    /// is the last), clamped.
    case at(Int)

    /// The move `command` stands for, nil for other commands. `page` gives the rows a page
    /// key moves by, forward or back.
    init?(_ command: Command, page: (_ forward: Bool) -> Int) {
        switch command {
        case .up: self = .by(-1)
        case .down: self = .by(1)
        case .pageUp: self = .by(-page(false))
        case .pageDown: self = .by(page(true))
        case .top: self = .start
        case .bottom: self = .end
        case .halfPageUp: self = .by(-max(1, page(false) / 2))
        case .halfPageDown: self = .by(max(1, page(true) / 2))
        case .position(let n): self = .at(n)
        default: return nil
        }
    }

    /// Which way to look for a row that can take the selection when the target cannot
    /// (``ListScreen/isSelectable(_:)``): on down the list, except from the end.
    var searchesForward: Bool {
        switch self {
        case .by(let delta): return delta >= 0
        case .at(let n): return n >= 0
        case .start: return true
        case .end: return false
        }
    }

    /// Where the move goes from row `current` of `count` rows, clamped to them.
    func target(from current: Int, count: Int) -> Int {
        let target: Int
        switch self {
        case .by(let delta): target = current + delta
        case .start: target = 0
        case .end: target = count - 1
        case .at(let n): target = n > 0 ? n - 1 : n < 0 ? count + n : 0  // fzf's pos(0) is the first
        }
        return max(0, min(target, count - 1))
    }
}

extension Move {
    /// The columns `<` and `>` scroll rows longer than the list is wide.
    static let sidewaysStep = 8

    /// Where a sideways scroll by `command` (``Command/scrollLeft`` or
    /// ``Command/scrollRight``) takes `offset`, the columns scrolled out on the left: by
    /// ``sidewaysStep``, never left of the first column.
    static func sideways(_ command: Command, from offset: Int) -> Int {
        max(0, offset + (command == .scrollLeft ? -sidewaysStep : sidewaysStep))
    }
}
