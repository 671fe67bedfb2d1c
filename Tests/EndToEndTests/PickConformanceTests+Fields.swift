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
    ]
}
