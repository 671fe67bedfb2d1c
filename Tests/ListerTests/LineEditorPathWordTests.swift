import Lister
import Testing

/// fzf's `--filepath-word`: the word moves and kills take the parts of a path.
@Suite struct LineEditorPathWordTests {
    @Test func wordsArePartsOfAPath() {
        var editor = LineEditor("x/a-b.c d")
        editor.wordsArePaths = true
        #expect(editor.perform(.backwardWord) == .moved)
        #expect(editor.textBeforeCursor == "x/a-b.c ")
        _ = editor.perform(.backwardWord)
        #expect(editor.textBeforeCursor == "x/")
        _ = editor.perform(.backwardKillWord)
        #expect(editor.text == "a-b.c d")
        _ = editor.perform(.forwardWord)
        #expect(editor.textBeforeCursor == "a-b.c")
        var plain = LineEditor("x/a-b.c")
        _ = plain.perform(.backwardKillWord)
        #expect(plain.text == "x/a-b.")  // letters and digits only, by default
    }
}
