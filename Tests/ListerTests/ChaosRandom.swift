// The seeded randomness of the chaos test: the same seed gives the same run on every machine.

import TerminalCore

/// The draws the chaos run makes, on the shared seeded generator.
extension SplitMix64 {
    /// A number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// One of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...choices.count - 1)] }

    /// One of `choices`, each as likely as its weight.
    mutating func weighted<T>(_ choices: [(weight: Int, value: T)]) -> T {
        var roll = int(0...choices.reduce(0) { $0 + $1.weight } - 1)
        for choice in choices {
            if roll < choice.weight { return choice.value }
            roll -= choice.weight
        }
        return choices[choices.count - 1].value
    }
}

/// Words of the chaos items' titles: plain, mixed case, wide, emoji, combining marks,
/// zero-width characters and control characters that must never reach the screen raw.
let chaosWords = [
    "apple", "Berry", "cherry", "date", "ELDER", "fig", "東京", "日本語の行", "🚀", "👩‍💻", "e\u{301}cole",
    "zero\u{200B}width", "tab\there", "\u{1B}]0;pwned\u{07}", "\u{1B}[31mred", "\u{9B}2J", "bell\u{07}",
    "a\u{0300}\u{0301}\u{0302}", "ＦＵＬＬ", "\u{7F}del",
]

/// Characters typed into the filter.
let chaosFilterCharacters: [Character] = ["a", "e", "r", "i", "c", " ", "B", "1", "2", "東", "é", "🚀", "x"]
