/// A query in fzf's extended syntax, parsed: groups of terms, every group must match, and
/// within a group (terms joined by `|`) one term is enough.
///
/// | typed | term |
/// |---|---|
/// | `abc` | fuzzy: `a`, `b`, `c` in this order, anywhere (exact with ``Options/exact``) |
/// | `'abc` | exact substring (fuzzy with ``Options/exact``) |
/// | `'abc'` | exact substring at word boundaries: no letter or digit touches either end |
/// | `^abc` | prefix; `abc$` suffix; `^abc$` the whole line |
/// | `!abc` | must not contain `abc` (`!^abc`, `!abc$` and `!'abc` too) |
/// | `a \| b` | `a` or `b` |
/// | `a\ b` | one term with a space |
///
/// Case is smart per term (a term with an upper-case letter is case-sensitive) unless
/// ``Options/caseMode`` forces it. A query of only spaces matches every line.
///
/// ```swift
/// let pattern = FuzzyPattern("^src .swift$ !test")
/// ```
public struct FuzzyPattern: Hashable, Sendable, CustomStringConvertible {
    /// How case is compared.
    public enum CaseMode: Hashable, Sendable {
        /// Case-sensitive only for a term with an upper-case letter (fzf's default).
        case smart
        /// Always ignore case (`-i`).
        case ignore
        /// Always respect case (`+i`).
        case respect
    }

    /// How the query is read.
    public struct Options: Hashable, Sendable {
        /// How case is compared.
        public var caseMode: CaseMode
        /// Plain terms are exact substrings, and `'` makes a term fuzzy (`-e`).
        public var exact: Bool
        /// Whether the extended syntax applies (fzf's default); without it, the whole query
        /// is one term.
        public var extended: Bool
        /// Whether letters with diacritics match their base letter (fzf's default; off
        /// with `--literal`). A term that has such a letter itself never folds.
        public var foldsAccents: Bool
        /// Which boundaries score most (`--scheme`).
        public var scheme: FuzzyScheme
        /// How fuzzy terms are aligned (`--algo`).
        public var algorithm: FuzzyAlgorithm
        /// Whether exact terms, and fuzzy terms aligned greedily, are searched from the
        /// start (true) or from the end: fzf searches from the end when `end` or `pathname`
        /// comes before `begin` among the tiebreaks (``forward(tiebreaks:)``). It decides
        /// which of equally good occurrences scores.
        public var forward: Bool

        /// Creates options; the defaults are fzf's.
        public init(caseMode: CaseMode = .smart, exact: Bool = false, extended: Bool = true, foldsAccents: Bool = true,
                    scheme: FuzzyScheme = .default, algorithm: FuzzyAlgorithm = .v2, forward: Bool = true) {
            self.scheme = scheme
            self.algorithm = algorithm
            self.forward = forward
            self.caseMode = caseMode
            self.exact = exact
            self.extended = extended
            self.foldsAccents = foldsAccents
        }

        /// The direction fzf searches in under `tiebreaks`: the first of `begin` (forward),
        /// `end` and `pathname` (backward) decides; forward when none is given.
        public static func forward(tiebreaks: [FuzzyTiebreak]) -> Bool {
            for tiebreak in tiebreaks {
                switch tiebreak {
                case .begin: return true
                case .end, .pathname: return false
                default: continue
                }
            }
            return true
        }
    }

    /// What a term compares.
    public enum Kind: Hashable, Sendable {
        /// The characters in order, with gaps (`abc`).
        case fuzzy
        /// A substring (`'abc`).
        case exact
        /// At the start of the text (`^abc`).
        case prefix
        /// At the end of the text (`abc$`).
        case suffix
        /// The whole text (`^abc$`).
        case equal
        /// A substring with no letter or digit right before or after it (`'abc'`, exact
        /// with or without ``Options/exact``; fzf 0.56's boundary term).
        case boundary
    }

    /// One term of a query.
    public struct Term: Hashable, Sendable {
        /// How the term compares.
        public let kind: Kind
        /// Whether a line must NOT match the term.
        public let isInverse: Bool
        /// Whether case must match.
        public let isCaseSensitive: Bool
        /// Whether the line's letters with diacritics are compared as their base letters
        /// (see ``Options/foldsAccents``).
        public let foldsAccents: Bool
        /// The scalars searched for (lowercased when case is ignored), as code points;
        /// bytes of invalid UTF-8 are U+10FF00 plus the byte, as in `PathBytes`.
        public let scalars: [UInt32]
    }

    /// The groups of terms: every group must match; one term of a group is enough.
    public let groups: [[Term]]
    /// The text as typed.
    public let text: String
    /// The options the text was read with.
    public let options: Options

    /// Parses `text` with `options`.
    public init(_ text: String, options: Options = Options()) {
        self.text = text
        self.options = options
        var groups: [[Term]] = []
        var current: [Term] = []
        var afterBar = false
        for token in Self.tokens(text, extended: options.extended) {
            if options.extended, !current.isEmpty, !afterBar, token == "|" {
                afterBar = true
                continue
            }
            guard let term = Self.term(token, options: options) else {
                afterBar = false
                continue
            }
            if !afterBar, !current.isEmpty {
                groups.append(current)
                current = []
            }
            afterBar = false
            current.append(term)
        }
        if !current.isEmpty { groups.append(current) }
        self.groups = groups
    }

    /// Whether the query has no terms: it matches every line.
    public var matchesEverything: Bool { groups.isEmpty }

    public var description: String { text }

    /// Whether every line this pattern matches also matches `other`, so that only
    /// `other`'s matches need searching. Sufficient, not necessary: typing more at the end
    /// of a query narrows it, unless `|`, `!`, `$` or `\` are involved, or the text is
    /// continued right after a closing `'`.
    public func isRefinement(of other: FuzzyPattern) -> Bool {
        guard options == other.options else { return false }
        if other.matchesEverything { return true }
        guard text.hasPrefix(other.text) else { return false }
        // Typing on after a closing quote turns `'abc'` (at word boundaries) into the exact
        // term `abc'…`, which can match lines the boundary term did not.
        if other.text.unicodeScalars.last == "'", let next = text.unicodeScalars.dropFirst(other.text.unicodeScalars.count).first,
           next != " " {
            return false
        }
        return !text.unicodeScalars.contains { "|!$\\".unicodeScalars.contains($0) }
    }

    /// Splits on runs of spaces; `\ ` is a space inside a term. Without the extended
    /// syntax the whole text, less leading spaces, is one token.
    static func tokens(_ text: String, extended: Bool) -> [String] {
        guard extended else {
            let trimmed = text.drop { $0 == " " }
            return trimmed.isEmpty ? [] : [String(trimmed)]
        }
        var tokens: [String] = []
        var token = String.UnicodeScalarView()
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                escaping = false
                if scalar == " " {
                    token.append(" ")
                    continue
                }
                token.append("\\")
            }
            if scalar == "\\" {
                escaping = true
            } else if scalar == " " {
                if !token.isEmpty { tokens.append(String(token)) }
                token = String.UnicodeScalarView()
            } else {
                token.append(scalar)
            }
        }
        if escaping { token.append("\\") }
        if !token.isEmpty { tokens.append(String(token)) }
        return tokens
    }

    /// One token as a term, as fzf reads it; nil when nothing is left to search for.
    static func term(_ token: String, options: Options) -> Term? {
        var scalars = FuzzyText.codePoints(of: token)
        let lowered = scalars.map(FuzzyText.lowercase)
        let caseSensitive = switch options.caseMode {
        case .respect: true
        case .ignore: false
        case .smart: lowered != scalars
        }
        if !caseSensitive { scalars = lowered }
        // As fzf: a term folds only when nothing in it, lowercased, folds.
        let folds = options.foldsAccents && !lowered.contains(where: FuzzyFold.folds)
        var kind: Kind = options.exact ? .exact : .fuzzy
        var inverse = false
        guard options.extended else {
            return scalars.isEmpty ? nil : Term(kind: kind, isInverse: false, isCaseSensitive: caseSensitive, foldsAccents: folds, scalars: scalars)
        }
        let bang = UInt32(UInt8(ascii: "!")), dollar = UInt32(UInt8(ascii: "$"))
        let quote = UInt32(UInt8(ascii: "'")), caret = UInt32(UInt8(ascii: "^"))
        if scalars.first == bang {
            inverse = true
            kind = .exact
            scalars.removeFirst()
        }
        if scalars.count > 1, scalars.last == dollar {
            kind = .suffix
            scalars.removeLast()
        }
        if scalars.count > 2, scalars.first == quote, scalars.last == quote {
            // As fzf: this wins over a `$` already taken off (`'abc'$` is `'abc'`).
            kind = .boundary
            scalars.removeFirst()
            scalars.removeLast()
        } else if scalars.first == quote {
            kind = !options.exact && !inverse ? .exact : .fuzzy
            scalars.removeFirst()
        } else if scalars.first == caret {
            kind = kind == .suffix ? .equal : .prefix
            scalars.removeFirst()
        }
        guard !scalars.isEmpty else { return nil }
        return Term(kind: kind, isInverse: inverse, isCaseSensitive: caseSensitive, foldsAccents: folds, scalars: scalars)
    }
}
