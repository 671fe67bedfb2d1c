import Lister
import Testing
@testable import ListerSources

/// Each `--nth` range is searched on its own and the tiebreaks measure the whole row, as
/// fzf 0.74.5 does (each case checked by running fzf 0.74.5 on the same lines).
@Suite struct PickNthRangesTests {
    /// The texts `--nth` searches in `line`, one per range.
    private func ranges(_ arguments: [String], _ line: String) throws -> [String] {
        let fields = try PickOptions.parse(arguments).fields
        var scratch: [Range<Int>] = [], output: [Range<Int>] = []
        let bytes = Array(line.utf8)
        bytes.withUnsafeBufferPointer { fields.searchedRanges(fields.nth ?? [], of: $0, fields: &scratch, into: &output) }
        return output.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// The lines of `input` that `query` finds, ranked, under `arguments`.
    private func ranked(_ input: String, _ arguments: [String], query: String) throws -> [String] {
        let options = try PickOptions.parse(arguments)
        let lines = LineStore(Array(input.utf8))
        let text = PickText(lines: lines, fields: options.fields, ansi: options.ansi)
        return options.ranking(of: query).rankNow(text).map { String(decoding: lines[Int($0)].bytes, as: UTF8.self) }
    }

    @Test func eachRangeIsOneText() throws {
        #expect(try ranges(["-d,", "-n1,2"], "foo,bar,baz") == ["foo,", "bar"])
        #expect(try ranges(["-d,", "-n1..2"], "foo,bar,baz") == ["foo,bar"])
        #expect(try ranges(["-d,", "-n3,1"], "foo,bar,baz") == ["baz", "foo"])
        // Only the last range loses its delimiter, even when it is the same field.
        #expect(try ranges(["-d,", "-n2,2"], "foo,bar,baz") == ["bar,", "bar"])
        #expect(try ranges(["-d,", "-n4,3"], "foo,bar,baz,") == ["", "baz"])
        #expect(try ranges(["-d::", "-n2,-1"], "a::b::c") == ["b::", "c"])
        // A field the line lacks is an empty text.
        #expect(try ranges(["-d,", "-n5,1"], "foo,bar") == ["", "foo"])
        #expect(try ranges(["-n2,1"], "  ab  cd  ") == ["cd  ", "ab  "])
        #expect(try ranges(["-d", " ", "-n2,.."], " x y") == ["x ", " x y"])
        #expect(try ranges(["-n2,.."], "  x y") == ["y", "x y"])
    }

    @Test func onlyTheFieldsNeededAreCut() throws {
        func needed(_ value: String) throws -> Int { PickFields.fieldsNeeded(try PickFields.ranges(value, option: "--nth")) }
        #expect(try needed("2") == 2)
        #expect(try needed("3,1..2") == 3)
        #expect(try needed("..4") == 4)
        #expect(try needed("2..") == .max)
        #expect(try needed("1,-1") == .max)
        // Cut short, the fields named are whole (the delimiter after the last one too).
        #expect(try ranges(["-d,", "-n2,1"], "a,b,c,d") == ["b,", "a"])
        #expect(try ranges(["-n2"], "a  b  c") == ["b  "])
    }

    @Test func aTermNeverSpansTwoRanges() throws {
        #expect(try ranked("foo,bar\n", ["-d,", "-n1,2"], query: "o,b").isEmpty)
        #expect(try ranked("foo,bar\n", ["-d,", "-n1..2"], query: "o,b") == ["foo,bar"])
        #expect(try ranked("ab cd\n", ["-n1,2"], query: "bc").isEmpty)
        #expect(try ranked("ab cd\n", ["-n1,2"], query: "ab cd") == ["ab cd"])
        // A `!` term excludes a line when any range holds it.
        #expect(try ranked("ab cd\n", ["-n1,2"], query: "!b c").isEmpty)
        #expect(try ranked("ab cd\n", ["-n1,2"], query: "!bc") == ["ab cd"])
    }

    @Test func anchorsApplyToEachRange() throws {
        #expect(try ranked("foo,bar,baz\n", ["-d,", "-n1,2"], query: "^bar") == ["foo,bar,baz"])
        #expect(try ranked("foo,bar,baz\n", ["-d,", "-n1,2"], query: "foo$").isEmpty)
        #expect(try ranked("foo,bar,baz\n", ["-d,", "-n2,1"], query: "foo$") == ["foo,bar,baz"])
        #expect(try ranked("  ab  cd  \n", ["-n1,2"], query: "^cd$") == ["  ab  cd  "])
    }

    @Test func theFirstRangeThatMatchesCountsNotTheBest() throws {
        // `a` scores more at the start of field 2 of the second line, but field 1 is tried first.
        #expect(try ranked("bxa,c\nbya,a\n", ["-d,", "-n1,2"], query: "a") == ["bxa,c", "bya,a"])
        #expect(try ranked("bxa,c\nbya,a\n", ["-d,", "-n2,1"], query: "a") == ["bya,a", "bxa,c"])
        #expect(try ranked("bxa,c\nbya,a\n", ["-d,", "-n1..2"], query: "a") == ["bya,a", "bxa,c"])
    }

    @Test func tiebreaksMeasureTheWholeRow() throws {
        #expect(try ranked("xxxx:za\nx:zza\n", ["-d:", "-n2", "--tiebreak=begin"], query: "a") == ["x:zza", "xxxx:za"])
        #expect(try ranked("abc/x:zqa\na:b/zqa\n", ["-d:", "-n2", "--tiebreak=pathname"], query: "q") == ["a:b/zqa", "abc/x:zqa"])
        #expect(try ranked("zqa:yyyyy\nzqa:y\n", ["-d:", "-n1", "--tiebreak=end"], query: "qa") == ["zqa:y", "zqa:yyyyy"])
        #expect(try ranked("bqa:zzzzz\nbqa:z\n", ["-d:", "-n1", "--tiebreak=chunk"], query: "qa") == ["bqa:z", "bqa:zzzzz"])
        // Past ASCII the offsets are code points of the whole row.
        #expect(try ranked("xxxxxxxx:za\néééé:za\n", ["-d:", "-n2", "--tiebreak=begin"], query: "a") == ["éééé:za", "xxxxxxxx:za"])
    }

    @Test func withNthTextLosesItsTrailingBlanks() throws {
        #expect(try ranked("a,b  \n", ["-d,", "--with-nth", "2"], query: "b\\ \\ $").isEmpty)
        #expect(try ranked("a b c\n", ["-d", " ", "--with-nth", "2,1", "-n-1"], query: "a") == ["a b c"])
        #expect(try ranked("a b\n", ["--with-nth", "{1}  "], query: "'a\\ ").isEmpty)
    }

    @Test func awkStyleWithNthFieldsLeaveOutTheLeadingBlanks() throws {
        #expect(try ranked("  x y\n", ["--with-nth", "2,1"], query: "yx$") == ["  x y"])
        #expect(try ranked("  x y\n", ["--with-nth", "1.."], query: "'\\ x").isEmpty)
    }

    @Test func ansiRangesAreCutFromTheTextWithoutEscapes() throws {
        // `\e[1;31m` holds the delimiter `;`: fzf cuts the fields of the text as shown.
        let line = "\u{1B}[1;31mfoo\u{1B}[0m;bar\n"
        #expect(try ranked(line, ["--ansi", "-d;", "-n2"], query: "bar").count == 1)
        #expect(try ranked(line, ["--ansi", "-d;", "-n2"], query: "foo").isEmpty)
    }
}
