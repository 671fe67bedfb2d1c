/// The cases of `--accept-nth` and of `--with-nth` templates, checked against fzf 0.74.5.
extension PickConformanceTests {
    static let acceptNth: [Case] = [
        Case("--accept-nth prints a field without its blanks", "  x  y\tz  \na b c\n", ["--accept-nth", "1", "-f", ""], "x\na\n"),
        Case("--accept-nth joins fields with the blanks after each but the last", "  x  y\tz  \n",
             ["--accept-nth", "3,1", "-f", ""], "z  x\n"),
        Case("--accept-nth ranges and negative fields", "  x  y\tz  \n", ["--accept-nth", "-1,2..", "-f", ""], "z  y\tz\n"),
        Case("--accept-nth of a field a line lacks prints an empty line", "a b\nc\n", ["--accept-nth", "3", "-f", ""], "\n\n"),
        Case("--accept-nth with -d keeps the delimiters between fields, not the last", "a,,b, c ,\n a , b ,c\n",
             ["-d", ",", "--accept-nth", "3,1", "-f", ""], "b,a\nc a \n"),
        Case("--accept-nth with -d keeps blanks", " a , b ,c\n", ["-d", ",", "--accept-nth", "2,1", "-f", ""], " b , a \n"),
        Case("--accept-nth with a longer delimiter", "a::b::c\n", ["-d", "::", "--accept-nth", "2,1", "-f", ""], "b::a\n"),
        Case("--accept-nth template", "a b c\n", ["--accept-nth", "{2} {1}", "-f", ""], "b a\n"),
        Case("--accept-nth template: fields as --accept-nth prints them, other braces kept", "  x  y  z\n",
             ["--accept-nth", "[{1,2}][{3,1}][{..}][{}][{q}]", "-f", ""], "[x  y][zx][x  y  z][{}][{q}]\n"),
        Case("--accept-nth template with -d keeps blanks", " a , b ,c\n", ["-d", ",", "--accept-nth", "[{2}][{1,2}]", "-f", ""],
             "[ b ][ a , b ]\n"),
        Case("--accept-nth cuts the line, not what --with-nth shows", "a b c\nd e f\n",
             ["--with-nth", "{3} {1}", "--accept-nth", "{2}-{1}", "-f", "f"], "e-d\n"),
        Case("--accept-nth after --ansi removed the escapes", "\u{1B}[31ma\u{1B}[0m b\n", ["--ansi", "--accept-nth", "2,1", "-f", "b"],
             "ba\n"),
    ]

    static let withNthTemplates: [Case] = [
        Case("--with-nth template is matched, the line printed", "a b c\n", ["--with-nth", "{2} {1}. {1}.", "-f", "b a. a."],
             "a b c\n"),
        Case("--with-nth template leaves out the other fields", "a b c\n", ["--with-nth", "{2}", "-f", "c"], ""),
        Case("--nth cuts the --with-nth template's text", "a b c\n", ["--with-nth", "{2} {1}. {1}.", "--nth", "2..", "-f", "a. a."],
             "a b c\n"),
        Case("--nth of the template's text leaves out the rest", "a b c\n",
             ["--with-nth", "{2} {1}. {1}.", "--nth", "1", "-f", "a. a."], ""),
        Case("--with-nth template with -d", "a,b,c\n", ["-d", ",", "--with-nth", "{2}-{1}", "--nth", "1", "-f", "b-a"], "a,b,c\n"),
        Case("--with-nth template: {n} is the line's index, {0} nothing", "a b c\nd e f\nx a\n",
             ["--with-nth", "{n}:{0}{1}", "-f", "^1:"], "d e f\n"),
    ]

    static let indexPlaceholders: [Case] = [
        Case("--accept-nth {n} prints the line's index from 0", "a b c\nd e f\nx a\n", ["--accept-nth", "{n}", "-f", "a"], "2\n0\n"),
        Case("--accept-nth {n} counts the header lines", "h\na b c\nd e f\nx a\n",
             ["--header-lines", "1", "--accept-nth", "{n}", "-f", "a"], "3\n1\n"),
        Case("--accept-nth {0} and a range with field 0 print nothing", "a b c\nx a\n",
             ["--accept-nth", "[{n}] {1} {0}{1,0}{0..}", "-f", "a"], "[1] x\n[0] a\n"),
        Case("--accept-nth template loses its last delimiter", "x,a,\n", ["-d", ",", "--accept-nth", "{1},,", "-f", "a"], "x,\n"),
        Case("--accept-nth template loses its trailing blanks", "x a\n", ["--accept-nth", "{1}  {n} ", "-f", "a"], "x  0\n"),
    ]

    static let fieldAnchors: [Case] = [
        Case("$ of the last --nth field ignores its delimiter", "foo,bar,baz\n", ["-d", ",", "-n2", "-f", "bar$"], "foo,bar,baz\n"),
        Case("the last --nth field's delimiter is not searched", "foo,bar,baz\n", ["-d", ",", "-n2", "-f", "bar,$"], ""),
        Case("nor found by a fuzzy term", "foo,bar,baz\n", ["-d", ",", "-n2", "-f", ","], ""),
        Case("^ and $ of one --nth field", "foo,bar,baz\n", ["-d", ",", "-n2", "-f", "^bar$"], "foo,bar,baz\n"),
        Case("the delimiters inside an --nth range are searched", "foo,bar,baz\n", ["-d", ",", "-n1..2", "-f", "foo,bar$"],
             "foo,bar,baz\n"),
        Case("a longer delimiter", "foo::bar::baz\n", ["-d", "::", "-n2", "-f", "bar$"], "foo::bar::baz\n"),
        Case("blanks before the delimiter are before $", "foo,bar ,baz\n", ["-d", ",", "-n2", "-f", "bar$"], "foo,bar ,baz\n"),
        Case("^ of an AWK-style field after blanks", "  x  y\n", ["--nth", "2", "-f", "^y"], "  x  y\n"),
        Case("the blanks before the first word are not in field 1", "  x  y\n", ["--nth", "1", "-f", "^\\ \\ x"], ""),
        Case("but --nth 1.. is the whole line", "  x  y\n", ["--nth", "1..", "-f", "^\\ \\ x"], "  x  y\n"),
        Case("an AWK-style field keeps its trailing blanks", "a b c\n", ["-n2", "-f", "b\\ $"], "a b c\n"),
        Case("a line ending in the delimiter has an empty last field", "foo,bar,baz,\n", ["-d", ",", "-n-1", "-f", "baz$"], ""),
        Case("and prints it empty", "foo,bar,baz,\n", ["-d", ",", "--accept-nth", "-1", "-f", ""], "\n"),
    ]
}
