/// `--nth` with several ranges, each searched on its own, and the tiebreaks measured on the
/// whole row: the cases checked against fzf 0.74.5.
extension PickConformanceTests {
    static let nthRanges: [Case] = [
        Case("a term does not span two --nth ranges", "foo,bar\n", ["-d", ",", "-n1,2", "-f", "o,b"], ""),
        Case("but spans the fields of one range", "foo,bar\n", ["-d", ",", "-n1..2", "-f", "o,b"], "foo,bar\n"),
        Case("AWK-style ranges each on its own", "ab cd\n", ["-n1,2", "-f", "bc"], ""),
        Case("terms may match in different ranges", "ab cd\n", ["-n1,2", "-f", "ab cd"], "ab cd\n"),
        Case("a ! term found in one range excludes the line", "ab cd\n", ["-n1,2", "-f", "!b c"], ""),
        Case("a ! term across two ranges is not found", "ab cd\n", ["-n1,2", "-f", "!bc"], "ab cd\n"),
        Case("^ anchors at the start of any range", "foo,bar,baz\n", ["-d", ",", "-n1,2", "-f", "^bar"], "foo,bar,baz\n"),
        Case("^ and $ of one AWK-style range", "  ab  cd  \n", ["-n2,1", "-f", "^ab$"], "  ab  cd  \n"),
        Case("only the last range loses its delimiter", "foo,bar,baz\n", ["-d", ",", "-n1,2", "-f", "foo$"], ""),
        Case("the last range in the order given", "foo,bar,baz\n", ["-d", ",", "-n3,1", "-f", "foo$"], "foo,bar,baz\n"),
        Case("a range of one field, twice", "foo,bar,baz\n", ["-d", ",", "-n2,2", "-f", "bar$"], "foo,bar,baz\n"),
        Case("the other ranges keep it", "foo,bar,baz\n", ["-d", ",", "-n1,2", "-f", "'o,"], "foo,bar,baz\n"),
        Case("an empty last range", "foo,bar,baz,\n", ["-d", ",", "-n3,4", "-f", "baz$"], ""),
        Case("the first range that matches counts, not the best", "bxa,c\nbya,a\n", ["-d", ",", "-n1,2", "-f", "a"],
             "bxa,c\nbya,a\n"),
        Case("ranges are tried in the order given", "bxa,c\nbya,a\n", ["-d", ",", "-n2,1", "-f", "a"], "bya,a\nbxa,c\n"),
        Case("one range finds the best alignment in it", "bxa,c\nbya,a\n", ["-d", ",", "-n1..2", "-f", "a"], "bya,a\nbxa,c\n"),
        Case("AWK-style: the first range that matches", "bxa c\nbya a\n", ["-n1,2", "-f", "a"], "bxa c\nbya a\n"),
        Case("--nth ranges of the text without escapes", "\u{1B}[1;31mfoo\u{1B}[0m;bar\n", ["--ansi", "-d", ";", "-n2", "-f", "bar"],
             "foo;bar\n"),
        Case("an escape's ; is no delimiter", "\u{1B}[1;31mfoo\u{1B}[0m;bar\n", ["--ansi", "-d", ";", "-n2", "-f", "foo"], ""),
        Case("--nth ranges of what --with-nth shows", "a:b:c\n", ["-d", ":", "--with-nth", "3,1,2", "-n1,2", "-f", "a:b"], ""),
        Case("--nth range of fields of what --with-nth shows", "a:b:c\n", ["-d", ":", "--with-nth", "3,1,2", "-n1..2", "-f", "a:b"],
             "a:b:c\n"),
        Case("--nth ranges of a --with-nth template", "a b:c\n", ["-d", ":", "--with-nth", "{2}:{1}", "-n2,1", "-f", "^a\\ b$"],
             "a b:c\n"),
    ]

    static let nthTiebreaks: [Case] = [
        Case("--nth: begin counts from the start of the line", "xxxx:za\nx:zza\n", ["-d", ":", "-n2", "--tiebreak=begin", "-f", "a"],
             "x:zza\nxxxx:za\n"),
        Case("--nth: begin counts code points", "xxxxxxxx:za\néééé:za\n", ["-d", ":", "-n2", "--tiebreak=begin", "-f", "a"],
             "éééé:za\nxxxxxxxx:za\n"),
        Case("--nth: begin skips the line's leading white space", "  xx:aq\nxx:aq\n", ["-d", ":", "-n2", "--tiebreak=begin", "-f", "q"],
             "  xx:aq\nxx:aq\n"),
        Case("--nth: pathname counts from the line's last /", "abc/x:zqa\na:b/zqa\n",
             ["-d", ":", "-n2", "--tiebreak=pathname", "-f", "q"], "a:b/zqa\nabc/x:zqa\n"),
        Case("--nth: end is relative to the line's length", "zqa:yyyyy\nzqa:y\n", ["-d", ":", "-n1", "--tiebreak=end", "-f", "qa"],
             "zqa:y\nzqa:yyyyy\n"),
        Case("--nth: chunk reaches past the field", "bqa:zzzzz\nbqa:z\n", ["-d", ":", "-n1", "--tiebreak=chunk", "-f", "qa"],
             "bqa:z\nbqa:zzzzz\n"),
        Case("--nth with --with-nth: begin in the row as shown", "x:foo:bar\nxyzzy:foo:bar\n",
             ["-d", ":", "--with-nth", "2..", "-n1", "--tiebreak=begin", "-f", "o"], "x:foo:bar\nxyzzy:foo:bar\n"),
        Case("--nth with --with-nth: begin in the row as shown, reordered", "q:b:xxxx:\nq:b:x:\n",
             ["-d", ":", "--with-nth", "3,2", "-n2", "--tiebreak=begin", "-f", "b"], "q:b:x:\nq:b:xxxx:\n"),
    ]
}

extension PickConformanceTests {
    static let withNthTrailingBlanks: [Case] = [
        Case("--with-nth fields lose the trailing blanks", "a,b  \n", ["-d", ",", "--with-nth", "2", "-f", "b\\ \\ $"], ""),
        Case("so --nth's last field of them is whole", "a b c\n", ["-d", " ", "--with-nth", "2,1", "-n-1", "-f", "a"], "a b c\n"),
        Case("and a term ending in a blank does not find it", "a b c\n", ["-d", " ", "--with-nth", "2,1", "-f", "b\\ a\\ $"], ""),
        Case("a --with-nth template loses them too", "a b\n", ["--with-nth", "{1}  ", "-f", "'a\\ "], ""),
        Case("AWK-style --with-nth fields leave out the blanks before the first word", "  x y\n",
             ["--with-nth", "2,1", "-f", "yx$"], "  x y\n"),
        Case("whatever the range", "  x y\n", ["--with-nth", "1..", "-f", "'\\ x"], ""),
        Case("a delimiter at the end stays", "a,b,c\n", ["-d", ",", "--with-nth", "2,1", "-f", "b,a,$"], "a,b,c\n"),
    ]
}
