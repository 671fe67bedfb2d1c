import Lister

extension PickOptions {
    /// Sets a switch of matching or output that takes no value: `--literal` and the
    /// `+`/`--no-` forms fzf 0.74.5 accepts for the supported options that the main
    /// switch does not list. False when `name` is none of them.
    mutating func applySwitch(_ name: String) -> Bool {
        switch name {
        case "--literal": literal = true
        case "--no-literal": literal = false
        case "+e": exact = false
        case "--no-read0": read0 = false
        case "--no-print0": print0 = false
        case "--no-header": header = nil
        case "--no-header-lines": headerLines = 0
        case "--no-preview": preview = nil
        case "--no-expect": expect = []
        default: return false
        }
        return true
    }

    /// `--tiebreak`'s list, checked as fzf checks it: known criteria, each once, at most
    /// three besides `index`, `index` only last; in any case (`LENGTH`).
    static func tiebreaks(_ text: String) throws(Failure) -> [FuzzyTiebreak] {
        var tiebreaks: [FuzzyTiebreak] = []
        let names = FuzzyTiebreak.allCases.map(\.rawValue).joined(separator: ", ")
        for part in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            guard let tiebreak = FuzzyTiebreak(rawValue: String(part)) else {
                throw Failure("--tiebreak: unknown criterion '\(part)' (\(names))")
            }
            if tiebreaks.contains(tiebreak) { throw Failure("--tiebreak: '\(part)' is given twice in '\(text)'") }
            if tiebreaks.last == .index { throw Failure("--tiebreak: index must be the last criterion in '\(text)'") }
            tiebreaks.append(tiebreak)
        }
        let counted = tiebreaks.filter { $0 != .index }.count
        if counted > 3 { throw Failure("--tiebreak: at most 3 criteria besides index, not \(counted) in '\(text)'") }
        return tiebreaks
    }

    /// `--scheme NAME` (which also sets its tiebreaks, as in fzf: the later of `--scheme`
    /// and `--tiebreak` wins) and `--algo NAME`.
    mutating func apply(_ name: String, _ value: String) throws(Failure) {
        if name == "--scheme" {
            guard let scheme = FuzzyScheme(rawValue: value.lowercased()) else {
                throw Failure("--scheme: unknown scheme '\(value)' (default, path, history)")
            }
            self.scheme = scheme
            tiebreaks = scheme.tiebreaks
            return
        }
        guard let algorithm = FuzzyAlgorithm(rawValue: value) else {  // in lower case only, as fzf
            throw Failure("--algo: unknown algorithm '\(value)' (v1, v2)")
        }
        self.algorithm = algorithm
    }
}
