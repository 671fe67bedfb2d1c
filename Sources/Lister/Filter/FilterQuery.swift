import TerminalCore

/// What the user typed on the filter line, parsed into terms that a row must all contain.
///
/// Terms are separated by spaces. A row matches when it contains every term as a
/// substring, in any order. Matching ignores case, except in a term that has an uppercase
/// (or titlecase) letter: that term must match exactly ("smart case", per term). The empty
/// query matches every row.
///
/// ```swift
/// let query = FilterQuery("lorem Ipsum")
/// query.matches("LOREM Ipsum dolor")  // true: "lorem" ignores case, "Ipsum" does not
/// query.matches("lorem ipsum")        // false
/// ```
///
/// Precisely, with `lowercased()` as Swift's full Unicode lowercase mapping:
/// - a case-sensitive term matches when the row's UTF-8 contains the term's UTF-8;
/// - any other term matches when the UTF-8 of `row.lowercased()` contains the term's.
///
/// Matching is on Unicode scalars, not grapheme clusters, and without normalization (like
/// `grep` and `fzf --exact`): `e` matches the `e` of a decomposed `é`, and a precomposed
/// `é` does not match a decomposed one. Full case mappings mean `ss` does not match `ß`,
/// and `i` matches `İ` (which lowercases to `i` and a combining dot).
public struct FilterQuery: Hashable, Sendable, CustomStringConvertible {
    /// One space-separated term of a query.
    public struct Term: Hashable, Sendable, CustomStringConvertible {
        /// The term as typed. For a case-insensitive term it is already lowercase.
        public let text: String
        /// Whether case must match: the term has a letter that lowercasing changes.
        public let isCaseSensitive: Bool
        /// The UTF-8 bytes of `text`, as they are searched for.
        let utf8: [UInt8]

        /// Creates a term; smart case decides whether it is case-sensitive.
        public init(_ text: some StringProtocol) {
            self.text = String(text)
            utf8 = Array(self.text.utf8)
            isCaseSensitive = !self.text.unicodeScalars.elementsEqual(self.text.lowercased().unicodeScalars)
        }

        public var description: String { text }

        /// Two terms are equal when they search for the same bytes (no normalization).
        public static func == (lhs: Term, rhs: Term) -> Bool { lhs.utf8 == rhs.utf8 }

        public func hash(into hasher: inout Hasher) { hasher.combine(utf8) }

        /// Whether every row that this term matches is also matched by `other`.
        ///
        /// That holds when `other`, compared the way `other` compares, is a substring of
        /// this term: a row containing this term contains `other`. Lowercasing is done per
        /// scalar, so it keeps substrings: if a row contains `t`, `row.lowercased()`
        /// contains `t.lowercased()`.
        func implies(_ other: Term) -> Bool {
            let haystack = other.isCaseSensitive ? utf8 : Array(text.lowercased().utf8)
            return haystack.firstRange(of: other.utf8) != nil
        }
    }

    /// The terms in the order typed; empty for the empty query and for a query in the
    /// extended syntax.
    public let terms: [Term]
    /// The query in fzf's extended syntax (fuzzy terms, `'`, `^`, `$`, `!`, `|`), when it
    /// was made with ``init(extended:options:)``; nil for plain substring terms.
    public let pattern: FuzzyPattern?
    /// How matches are ordered, when they are ranked (``init(ranking:)``); nil keeps list
    /// order.
    public let ranking: FuzzyRanking?

    /// The query that matches every row.
    public static let empty = FilterQuery(terms: [])

    /// Parses `text`: terms are separated by one or more spaces (U+0020), and leading or
    /// trailing spaces are ignored, so `"  foo  bar "` has the terms `foo` and `bar`.
    public init(_ text: some StringProtocol) {
        terms = String(text).unicodeScalars
            .split(separator: " ", omittingEmptySubsequences: true)
            .map { Term(String(String.UnicodeScalarView($0))) }
        pattern = nil
        ranking = nil
    }

    /// A query of the given terms.
    public init(terms: [Term]) {
        self.terms = terms
        pattern = nil
        ranking = nil
    }

    /// Parses `text` in fzf's extended syntax (see ``FuzzyPattern``): fuzzy terms by
    /// default, a row matches in list order, and matched characters are the ones that
    /// scored.
    ///
    /// ```swift
    /// FilterQuery(extended: "^src swift$ !test").matches("src/main.swift")  // true
    /// ```
    public init(extended text: some StringProtocol, options: FuzzyPattern.Options = .init()) {
        terms = []
        let pattern = FuzzyPattern(String(text), options: options)
        self.pattern = pattern.matchesEverything ? nil : pattern
        ranking = nil
    }

    /// The query of `ranking`'s pattern, whose matches are shown best first (a fuzzy
    /// finder's order) instead of in list order. A pattern that matches everything is no
    /// query, unless the ranking reverses the input (`--tac`): then every row matches, last
    /// row first.
    public init(ranking: FuzzyRanking) {
        terms = []
        pattern = ranking.pattern.matchesEverything && !ranking.reversed ? nil : ranking.pattern
        self.ranking = pattern == nil ? nil : ranking
    }

    /// Whether the query has no terms (it matches every row).
    public var isEmpty: Bool { terms.isEmpty && pattern == nil }

    /// The terms joined by single spaces (the text as typed, for an extended query).
    public var description: String { pattern?.text ?? terms.map(\.text).joined(separator: " ") }

    /// Whether every row that this query matches is also matched by `other`, so this query
    /// can be answered by searching only `other`'s matches.
    ///
    /// The rule: each term of `other` is implied by some term of this query, where term `n`
    /// implies term `o` when `o` is a substring of `n` (of `n` lowercased, when `o` ignores
    /// case). Typing more characters at the end or in the middle of a term, adding terms,
    /// and typing an uppercase letter into a lowercase term all narrow; deleting or
    /// lowercasing does not. The empty query is narrowed by every query.
    ///
    /// ```swift
    /// FilterQuery("foob").isRefinement(of: FilterQuery("foo"))      // true
    /// FilterQuery("foo bar").isRefinement(of: FilterQuery("foo"))   // true
    /// FilterQuery("Foo").isRefinement(of: FilterQuery("foo"))       // true
    /// FilterQuery("foo").isRefinement(of: FilterQuery("Foo"))       // false
    /// FilterQuery("fo").isRefinement(of: FilterQuery("foo"))        // false
    /// ```
    ///
    /// The rule is sufficient, not necessary: it may answer `false` for a query that does
    /// narrow in fact, which costs a full search, never a wrong result.
    public func isRefinement(of other: FilterQuery) -> Bool {
        if other.isEmpty { return true }
        if pattern != nil || other.pattern != nil {
            guard let pattern, let old = other.pattern, ranking?.orderOnly == other.ranking?.orderOnly else { return false }
            return pattern.isRefinement(of: old)
        }
        return other.terms.allSatisfy { old in terms.contains { $0.implies(old) } }
    }

    /// Whether `text` matches the query. Convenient for short lists and tests; a long list
    /// is filtered by a ``FilterRun`` over its bytes.
    public func matches(_ text: some StringProtocol) -> Bool {
        guard !isEmpty else { return true }
        if let pattern { return pattern.matches(text) }
        var copy = String(text)
        return copy.withUTF8 { QueryMatcher(self).matches($0) }
    }

    /// The style merged into matched characters by default: visible without colour.
    public static let highlightStyle = Style(attributes: [.bold, .underline])
}
