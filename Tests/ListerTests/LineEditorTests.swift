import Testing
import TerminalCore
@testable import Lister

/// The prompt's line editor: every action at both ends of the line and in the middle, with
/// wide and combining characters. Expected results were taken from fzf 0.74.5 (typed in
/// tmux, printed with --print-query).
@Suite struct LineEditorTests {
    /// An editor with `text` and the cursor before character `cursor`.
    private func editor(_ text: String, cursor: Int? = nil) -> LineEditor {
        var editor = LineEditor(text)
        if let cursor { editor.moveCursor(to: cursor) }
        return editor
    }

    /// `text` after `actions`, with `|` where the cursor is.
    private func after(_ actions: [LineEditor.Action], on start: LineEditor) -> String {
        var editor = start
        for action in actions { editor.perform(action) }
        var text = Array(editor.text)
        text.insert("|", at: editor.cursor)
        return String(text)
    }

    @Test func charactersAndLineEnds() {
        let line = editor("foo bar")
        #expect(after([.beginningOfLine], on: line) == "|foo bar")
        #expect(after([.endOfLine], on: editor("foo bar", cursor: 0)) == "foo bar|")
        #expect(after([.backwardChar], on: line) == "foo ba|r")
        #expect(after([.forwardChar], on: line) == "foo bar|")  // at the end: stays
        #expect(after([.beginningOfLine, .backwardChar], on: line) == "|foo bar")  // at the start: stays
        #expect(after([.beginningOfLine, .forwardChar, .forwardChar], on: line) == "fo|o bar")
    }

    @Test func wordsAreLettersAndDigits() {
        let line = editor("foo bar.baz qux")
        #expect(after([.backwardWord], on: line) == "foo bar.baz |qux")
        #expect(after([.backwardWord, .backwardWord, .forwardWord], on: line) == "foo bar.baz| qux")
        #expect(after([.beginningOfLine, .forwardWord, .forwardWord], on: line) == "foo bar|.baz qux")
        #expect(after(Array(repeating: .backwardWord, count: 5), on: line) == "|foo bar.baz qux")
        #expect(after([.beginningOfLine] + Array(repeating: .forwardWord, count: 5), on: line) == "foo bar.baz qux|")
    }

    @Test func killsAndYank() {
        let line = editor("foo bar.baz qux")
        #expect(after([.unixWordRubout, .unixWordRubout], on: line) == "foo |")
        #expect(after([.backwardKillWord, .backwardKillWord], on: line) == "foo bar.|")
        #expect(after([.beginningOfLine, .killWord, .killWord], on: line) == "|.baz qux")
        #expect(after([.unixWordRubout, .unixWordRubout, .yank], on: line) == "foo bar.baz |")  // the last kill only
        #expect(after([.unixLineDiscard, .yank], on: line) == "foo bar.baz qux|")
        #expect(after([.backwardWord, .unixLineDiscard, .endOfLine, .yank], on: line) == "quxfoo bar.baz |")
        #expect(after([.backwardChar, .backwardChar, .killWord, .yank, .yank], on: line) == "foo bar.baz quxux|")
        #expect(after([.beginningOfLine, .killLine], on: line) == "|")
        #expect(after([.backwardChar, .backwardChar, .unixWordRubout], on: line) == "foo bar.baz |ux")
        #expect(after([.yank], on: line) == "foo bar.baz qux|")  // nothing killed yet
        #expect(after([.clearQuery], on: line) == "|")
    }

    @Test func deletes() {
        let line = editor("foo bar")
        #expect(after([.backwardDeleteChar], on: line) == "foo ba|")
        #expect(after([.beginningOfLine, .backwardDeleteChar], on: line) == "|foo bar")
        #expect(after([.beginningOfLine, .deleteChar], on: line) == "|oo bar")
        #expect(after([.deleteChar], on: line) == "foo bar|")
        #expect(after([.backwardChar, .backwardChar, .deleteCharEOF], on: line) == "foo b|r")
        var empty = LineEditor()
        #expect(empty.perform(.deleteCharEOF) == .endOfFile)
        #expect(empty.perform(.backwardDeleteChar) == .unchanged)
    }

    @Test func outcomesSayWhatChanged() {
        var line = editor("ab")
        #expect(line.perform(.backwardChar) == .moved)
        #expect(line.perform(.deleteChar) == .edited)
        #expect(line.perform(.deleteChar) == .unchanged)
        #expect(line.text == "a")
    }

    @Test func insertAtTheCursor() {
        var line = editor("fbar", cursor: 1)
        line.insert("oo ")
        #expect(line.text == "foo bar")
        #expect(line.cursor == 4)
    }

    @Test func wideAndCombiningCharactersAreOneCharacterEach() {
        // "é" as e + U+0301, two wide CJK characters, a family emoji (one cluster).
        var line = editor("e\u{301}日本👨‍👩‍👧x")
        // The family is drawn as its three wide people (joiners dropped): 6 cells, as
        // DisplayWidth measures it for drawing.
        #expect(line.cursorColumn == 1 + 2 + 2 + 6 + 1)
        line.perform(.backwardChar)  // before x
        #expect(line.cursorColumn == 11)
        line.perform(.backwardDeleteChar)  // the whole family
        #expect(line.text == "e\u{301}日本x")
        line.perform(.backwardChar)
        #expect(line.cursorColumn == 3)  // after é and 日
        line.perform(.beginningOfLine)
        line.perform(.deleteChar)  // e and its accent go together
        #expect(line.text == "日本x")
        #expect(line.cursorColumn == 0)
    }

    @Test func aCombiningMarkTypedJoinsTheCharacterBeforeIt() {
        var line = editor("e")
        line.insert("\u{301}")
        #expect(line.text == "e\u{301}")
        #expect(line.cursor == 1)
        #expect(line.cursorColumn == 1)
    }

    @Test(arguments: [
        (Key.control("a"), LineEditor.Action.beginningOfLine), (.home, .beginningOfLine),
        (.control("e"), .endOfLine), (.end, .endOfLine), (.control("b"), .backwardChar), (.left, .backwardChar),
        (.control("f"), .forwardChar), (.right, .forwardChar), (.alt(.character("b")), .backwardWord),
        (.alt(.character("f")), .forwardWord), (.control("w"), .unixWordRubout), (.alt(.backspace), .backwardKillWord),
        (.alt(.character("d")), .killWord), (.control("u"), .unixLineDiscard), (.control("d"), .deleteCharEOF),
        (.delete, .deleteChar), (.control("y"), .yank), (.backspace, .backwardDeleteChar),
    ])
    func fzfsDefaultKeys(key: Key, action: LineEditor.Action) {
        #expect(LineEditor.defaultAction(for: key) == action)
    }

    @Test func ctrlKIsNotAnEditOnTheDefaultKeys() {
        #expect(LineEditor.defaultAction(for: .control("k")) == nil)  // fzf moves up on it
        #expect(LineEditor.defaultAction(for: .alt(.character("x"))) == nil)
    }
}
