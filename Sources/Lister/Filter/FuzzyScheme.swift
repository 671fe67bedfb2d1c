/// fzf's scoring schemes (`--scheme`): which boundaries score most, and the tiebreaks a
/// scheme implies when none are given.
public enum FuzzyScheme: String, CaseIterable, Hashable, Sendable {
    /// For any text: a word after white space scores most, then one after a delimiter
    /// (`/`, `,`, `:`, `;`, `|`); tiebreak by length.
    case `default`
    /// For paths: a word after `/` scores most, the start of the line counts as after a
    /// `/`; tiebreak by pathname, then length.
    case path
    /// For command history: white space and delimiters score as any boundary; no length
    /// tiebreak, so that input order decides ties.
    case history

    /// The bonus of a word character after white space (and at the start, by default).
    var boundaryWhite: Int32 {
        self == .default ? FuzzyScore.boundary + 2 : FuzzyScore.boundary
    }

    /// The bonus of a word character after a delimiter.
    var boundaryDelimiter: Int32 {
        self == .history ? FuzzyScore.boundary : FuzzyScore.boundary + 1
    }

    /// The class of the (absent) character before the start of a line.
    var initialClass: FuzzyText.CharClass { self == .path ? .delimiter : .white }

    /// The tiebreaks the scheme implies.
    public var tiebreaks: [FuzzyTiebreak] {
        switch self {
        case .default: [.length]
        case .path: [.pathname, .length]
        case .history: []
        }
    }

    /// The class of `code` under this scheme: the path scheme's only delimiter is `/`.
    @inline(__always)
    func charClass(_ code: UInt32) -> FuzzyText.CharClass {
        let base = FuzzyText.charClass(code)
        if self == .path, base == .delimiter, code != UInt32(UInt8(ascii: "/")) { return .nonWord }
        return base
    }

    /// The bonus for a character of class `current` after one of class `previous`.
    @inline(__always)
    func bonus(_ previous: FuzzyText.CharClass, _ current: FuzzyText.CharClass) -> Int32 {
        // As fzf 0.74.5: any character but white space after a boundary (`-` after a blank
        // scores as a word after it).
        if current >= .nonWord {
            switch previous {
            case .white: return boundaryWhite
            case .delimiter: return boundaryDelimiter
            case .nonWord: return FuzzyScore.boundary
            default: break
            }
        }
        if previous == .lower && current == .upper || previous != .number && current == .number { return FuzzyScore.camel123 }
        switch current {
        case .nonWord, .delimiter: return FuzzyScore.nonWord
        case .white: return boundaryWhite
        default: return 0
        }
    }
}
