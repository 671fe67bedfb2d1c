import TerminalCore

/// A one-line text editor: the text, the cursor in it and the last text killed, edited by
/// the actions of fzf's prompt (and of readline's emacs keys).
///
/// The cursor counts characters (grapheme clusters), so a combining accent or an emoji
/// sequence moves and deletes as one; ``cursorColumn`` counts terminal cells, so a wide
/// character takes two. Words, as fzf's `forward-word` sees them, are runs of letters and
/// digits; ``Action/unixWordRubout`` (Ctrl-W) kills back to a blank instead.
///
/// ```swift
/// var editor = LineEditor("foo bar")
/// editor.perform(.backwardWord)       // cursor before "bar"
/// editor.perform(.backwardKillWord)   // "bar", the cursor at 0
/// editor.perform(.yank)               // "foo bar" again
/// ```
public struct LineEditor: Hashable, Sendable {
    /// An edit, under fzf's name for it (`--bind ctrl-a:beginning-of-line`).
    public enum Action: String, CaseIterable, Hashable, Sendable {
        case backwardChar = "backward-char"
        case forwardChar = "forward-char"
        case beginningOfLine = "beginning-of-line"
        case endOfLine = "end-of-line"
        case backwardWord = "backward-word"
        case forwardWord = "forward-word"
        /// Kills the word before the cursor (letters and digits, and what separates it).
        case backwardKillWord = "backward-kill-word"
        /// Kills the word after the cursor.
        case killWord = "kill-word"
        /// Kills back to the previous blank, as a shell's Ctrl-W.
        case unixWordRubout = "unix-word-rubout"
        /// Kills from the start of the line to the cursor.
        case unixLineDiscard = "unix-line-discard"
        /// Kills from the cursor to the end of the line.
        case killLine = "kill-line"
        /// Deletes the character under the cursor.
        case deleteChar = "delete-char"
        /// Deletes the character under the cursor; on an empty line, asks to leave
        /// (``Outcome/endOfFile``).
        case deleteCharEOF = "delete-char/eof"
        case backwardDeleteChar = "backward-delete-char"
        /// Inserts the text last killed at the cursor.
        case yank
        /// Empties the line (the killed text is kept).
        case clearQuery = "clear-query"
    }

    /// What an action did.
    public enum Outcome: Hashable, Sendable {
        /// The text changed.
        case edited
        /// Only the cursor moved.
        case moved
        /// Nothing changed (at an end of the line, say).
        case unchanged
        /// ``Action/deleteCharEOF`` on an empty line: the caller leaves, as fzf does.
        case endOfFile
    }

    /// The characters of the line.
    private var characters: [Character]
    /// Where the cursor is: the number of characters before it (0...count).
    public private(set) var cursor: Int
    /// The text last killed, which ``Action/yank`` inserts.
    public private(set) var killed = ""
    /// Whether a word is a run of characters other than blanks and `/` (fzf's
    /// `--filepath-word`), instead of letters and digits.
    public var wordsArePaths = false

    /// Creates an editor with `text`, the cursor at its end.
    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// The text of the line. Setting it puts the cursor at the end.
    public var text: String {
        get { String(characters) }
        set {
            characters = Array(newValue)
            cursor = characters.count
        }
    }

    /// Whether the line is empty.
    public var isEmpty: Bool { characters.isEmpty }

    /// The text before the cursor.
    public var textBeforeCursor: String { String(characters[..<cursor]) }

    /// The cells between the start of the line and the cursor (a wide character takes two,
    /// a combining mark none).
    public var cursorColumn: Int { DisplayWidth.of(textBeforeCursor) }

    /// Moves the cursor to `position`, clamped to the line.
    public mutating func moveCursor(to position: Int) {
        cursor = min(max(position, 0), characters.count)
    }

    /// Inserts `text` at the cursor and puts the cursor after it (fzf's `put`, and typing).
    public mutating func insert(_ text: String) {
        let inserted = Array(text)
        characters.insert(contentsOf: inserted, at: cursor)
        // Characters are re-formed across the seam (a combining mark typed after a letter
        // joins it): the cursor stays after what was inserted, counted from the end.
        let after = characters.count - cursor - inserted.count
        characters = Array(String(characters))
        cursor = characters.count - after
    }

    /// Performs `action`.
    @discardableResult
    public mutating func perform(_ action: Action) -> Outcome {
        switch action {
        case .backwardChar: return move(to: cursor - 1)
        case .forwardChar: return move(to: cursor + 1)
        case .beginningOfLine: return move(to: 0)
        case .endOfLine: return move(to: characters.count)
        case .backwardWord: return move(to: wordStart(before: cursor))
        case .forwardWord: return move(to: wordEnd(after: cursor))
        case .backwardKillWord: return kill(wordStart(before: cursor)..<cursor)
        case .killWord: return kill(cursor..<wordEnd(after: cursor))
        case .unixWordRubout: return kill(blankStart(before: cursor)..<cursor)
        case .unixLineDiscard: return kill(0..<cursor)
        case .killLine: return kill(cursor..<characters.count)
        case .deleteChar: return delete(cursor..<min(cursor + 1, characters.count))
        case .deleteCharEOF:
            return characters.isEmpty ? .endOfFile : delete(cursor..<min(cursor + 1, characters.count))
        case .backwardDeleteChar: return delete(max(cursor - 1, 0)..<cursor)
        case .yank:
            guard !killed.isEmpty else { return .unchanged }
            insert(killed)
            return .edited
        case .clearQuery:
            guard !characters.isEmpty else { return .unchanged }
            characters = []
            cursor = 0
            return .edited
        }
    }

    private mutating func move(to position: Int) -> Outcome {
        let target = min(max(position, 0), characters.count)
        guard target != cursor else { return .unchanged }
        cursor = target
        return .moved
    }

    /// Removes `range`, keeping it as the text to yank.
    private mutating func kill(_ range: Range<Int>) -> Outcome {
        guard !range.isEmpty else { return .unchanged }
        killed = String(characters[range])
        return delete(range)
    }

    private mutating func delete(_ range: Range<Int>) -> Outcome {
        guard !range.isEmpty else { return .unchanged }
        characters.removeSubrange(range)
        cursor = range.lowerBound
        return .edited
    }

    private func isWord(_ character: Character) -> Bool {
        wordsArePaths ? !character.isWhitespace && character != "/" : character.isLetter || character.isNumber
    }

    /// The start of the word before `position`: back over what is not a word, then over
    /// the word.
    private func wordStart(before position: Int) -> Int {
        var index = position
        while index > 0, !isWord(characters[index - 1]) { index -= 1 }
        while index > 0, isWord(characters[index - 1]) { index -= 1 }
        return index
    }

    /// The end of the word after `position`: over what is not a word, then over the word.
    private func wordEnd(after position: Int) -> Int {
        var index = position
        while index < characters.count, !isWord(characters[index]) { index += 1 }
        while index < characters.count, isWord(characters[index]) { index += 1 }
        return index
    }

    /// Back over blanks, then over what is not blank (a shell's Ctrl-W).
    private func blankStart(before position: Int) -> Int {
        var index = position
        while index > 0, characters[index - 1].isWhitespace { index -= 1 }
        while index > 0, !characters[index - 1].isWhitespace { index -= 1 }
        return index
    }
}

extension LineEditor {
    /// The action fzf's prompt runs for `key` by default, if any: Ctrl-A/E, Ctrl-B/F,
    /// ←/→, Home/End, Alt-B/F and Alt-←/→, Ctrl-W, Alt-Backspace, Alt-D, Ctrl-U, Ctrl-D,
    /// Del, Ctrl-Y and Backspace (Ctrl-H). Ctrl-K is not here: fzf moves up on it.
    public static func defaultAction(for key: Key) -> Action? {
        switch key {
        case .control("a"), .home: .beginningOfLine
        case .control("e"), .end: .endOfLine
        case .control("b"), .left: .backwardChar
        case .control("f"), .right: .forwardChar
        case .alt(.character("b")), .alt(.left), .shiftLeft: .backwardWord
        case .alt(.character("f")), .alt(.right), .shiftRight: .forwardWord
        case .control("w"): .unixWordRubout
        case .alt(.backspace): .backwardKillWord
        case .alt(.character("d")): .killWord
        case .control("u"): .unixLineDiscard
        case .control("d"): .deleteCharEOF
        case .delete: .deleteChar
        case .control("y"): .yank
        case .backspace: .backwardDeleteChar
        default: nil
        }
    }
}
