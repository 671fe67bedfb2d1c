import Foundation
import Testing

/// `-d` as a regular expression (fzf reads a value of several characters with a
/// metacharacter so) with `--nth`, `--with-nth` and `--accept-nth`, and the `--nth` values
/// fzf 0.74.5 refuses: the cases checked against fzf 0.74.5.
extension PickConformanceTests {
    static let regexDelimiters: [Case] = [
        Case("-d '[,:]': either character ends a field", "x:c\nx,y\nc,x\n", ["--nth", "1", "-d", "[,:]", "-f", "x$"], "x:c\nx,y\n"),
        Case("-d '[,:]': --nth 2 without its delimiter", "x:c\nc,x\n", ["--nth", "2", "-d", "[,:]", "-f", "x$"], "c,x\n"),
        Case("-d '[,:]': --accept-nth fields keep the delimiter between them", "a:b,c\n",
             ["-d", "[,:]", "--accept-nth", "3,1", "-f", ""], "ca\n"),
        Case("-d '[,:]': --accept-nth template", "a:b,c\n", ["-d", "[,:]", "--accept-nth", "{2}/{1}", "-f", ""], "b/a\n"),
        Case("-d '[,:]': --with-nth keeps the delimiters of the fields shown", "a:b,c\n",
             ["-d", "[,:]", "--with-nth", "2..", "-f", "^b,c$"], "a:b,c\n"),
        Case("-d '[,:]': a line ending in a match has no empty last field", "a:b,\n",
             ["-d", "[,:]", "--accept-nth", "-1", "-f", ""], "b\n"),
        Case("-d '\\s+': runs of white space", "a  b\t c\n", ["-d", "\\s+", "--accept-nth", "3,1", "-f", ""], "ca\n"),
        Case("-d '\\s+': --nth 2 without its blanks", "a  b\t c\n", ["-d", "\\s+", "--nth", "2", "-f", "b$"], "a  b\t c\n"),
        Case("-d '\\s+': --with-nth fields lose the trailing blanks", "a  b\t c\n",
             ["-d", "\\s+", "--with-nth", "3,2", "-f", "^cb$"], "a  b\t c\n"),
        Case("-d ', *': the blanks after a comma belong to the delimiter", "a, b,c,  d\n",
             ["-d", ", *", "--accept-nth", "-1,2", "-f", ""], "db\n"),
        Case("-d ', *': --accept-nth 2,4", "a, b,c,  d\n", ["-d", ", *", "--accept-nth", "2,4", "-f", ""], "b,d\n"),
        Case("-d ', *': --nth 2 is the field alone", "a, b,c,  d\n", ["-d", ", *", "--nth", "2", "-f", "^b$"], "a, b,c,  d\n"),
        Case("-d ', *': --nth 2.. spans the fields", "a, b,c,  d\n", ["-d", ", *", "--nth", "2..", "-f", "^b,c,\\ \\ d$"],
             "a, b,c,  d\n"),
        Case("-d ', *': --with-nth 4,1 shows 'da,'", "a, b,c,  d\n", ["-d", ", *", "--with-nth", "4,1", "-f", "^da,$"], "a, b,c,  d\n"),
        Case("-d '..' is a regular expression of two characters", "a..b\n", ["-d", "..", "--accept-nth", "2", "-f", ""], "\n"),
        Case("-d 'a|': an empty match right after a match is no delimiter", "a|b\n", ["-d", "a|", "--accept-nth", "2", "-f", ""], "|\n"),
        Case("-d '.': one character is literal", "axb\na.b\n", ["-d", ".", "--accept-nth", "2", "-f", "b"], "b\n\n"),
        Case("-d 'a(': a pattern that does not compile is literal", "xa(b\n", ["-d", "a(", "--accept-nth", "2", "-f", ""], "b\n"),
        Case("-d '\\t' is a tab", "a\tb\n", ["-d", "\\t", "--accept-nth", "2", "-f", ""], "b\n"),
        Case("-d '[,]' cuts by code points", "é,a\n", ["-d", "[,]", "--accept-nth", "2", "-f", ""], "a\n"),
    ]

    /// The `--nth` values fzf refuses with "invalid format" and exit status 2 (`3..1` it
    /// accepts: it selects nothing).
    static let invalidNth: [Case] = ["0", "a", "-1..2", "+1", "1,", "1...2", "0..", "1..0", "-0", ""].map { value in
        Case("--nth '\(value)' is refused", "a b c\n", ["--nth", value, "-f", "a"], "", status: 2)
    } + [Case("--nth 3..1 selects nothing", "a b c\n", ["--nth", "3..1", "-f", "a"], ""),
         Case("a template's {-1..2} and {1...2} fill nothing, {+1} and { 1} are text", "a b c\n",
              ["--accept-nth", "[{-1..2}][{1...2}][{1-}][{+1}][{ 1}]{1}", "-f", "a"], "[][][][{+1}][{ 1}]a\n"),
         Case("a --with-nth template of {-1..2} alone shows nothing", "a b c\n", ["--with-nth", "{-1..2}", "-f", "a"], "")]

    @Test func badNthValuesAreNamed() throws {
        for (value, message) in [("-1..2", "--nth '-1..2': a range cannot start counting from the end"),
                                 ("+1", "--nth '+1': a field is a number other than 0"),
                                 ("0", "--nth '0': a field is a number other than 0"),
                                 ("1...2", "--nth '1...2': a field is a number other than 0")] {
            let directory = try ChildProcess.makeTemporaryDirectory(prefix: "lister-conformance")
            defer { try? FileManager.default.removeItem(at: directory) }
            let out = directory.appendingPathComponent("out").path, err = directory.appendingPathComponent("err").path
            let status = try ChildProcess.run(try TmuxSession.listerPath(), ["pick", "--nth", value, "-f", "a"],
                                              environment: ProcessInfo.processInfo.environment, stdout: out, stderr: err)
            #expect(status == 2, "\(value)")
            let error = try String(contentsOfFile: err, encoding: .utf8)
            #expect(error.contains(message), "\(value): \(error)")
        }
    }

    @Test(arguments: regexDelimiters + invalidNth)
    func regexDelimiterAndNthMatchFzf(_ test: Case) throws {
        try matchesFzf(test)
    }
}
