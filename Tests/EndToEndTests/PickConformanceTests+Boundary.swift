import Testing

/// The cases of fzf's `'word'` terms (exact at word boundaries, fzf 0.56+) and of `--nth`
/// with the `length` tiebreak, checked against fzf 0.74.5.
extension PickConformanceTests {
    static let boundaryInput = "xxyzx\n-xxyz\nxyzx-\n_xyz_\n_xyz-\n-xyz_\n[xyz]\n-xyz-\n xyz \n/xyz/\n"

    static let boundaryTerms: [Case] = [
        Case("'xyz': boundaries on both sides, `_` ranks lower", boundaryInput, ["-f", "'xyz'", "--scheme=default"],
             " xyz \n/xyz/\n[xyz]\n-xyz-\n-xyz_\n_xyz-\n_xyz_\n"),
        Case("'xyz' in the path scheme: after / first", boundaryInput, ["-f", "'xyz'", "--scheme=path"],
             "/xyz/\n xyz \n[xyz]\n-xyz-\n-xyz_\n_xyz-\n_xyz_\n"),
        Case("'xyz' in the history scheme: every boundary alike", boundaryInput, ["-f", "'xyz'", "--scheme=history"],
             "[xyz]\n-xyz-\n xyz \n/xyz/\n-xyz_\n_xyz-\n_xyz_\n"),
        Case("a boundary is no letter or digit, or the line's end", "xyz1\n1xyz\nxyz_a\nfooXyz\nxyzé\néxyz\nfoo.xyz\nfoo\txyz\nXyz\n",
             ["--tiebreak=index", "-f", "'xyz'"], "foo\txyz\nXyz\nfoo.xyz\nxyz_a\n"),
        Case("smart case in a boundary term", "xyz\nXyz\n", ["-f", "'Xyz'"], "Xyz\n"),
        Case("!'xyz' keeps the lines without it", "xyz1\n-xyz-\nfooXyz\n", ["-f", "!'xyz'"], "xyz1\nfooXyz\n"),
        Case("a $ after the closing quote is dropped, as fzf drops it", "xyz foo\nfoo xyz\nfooxyz\n", ["-f", "'xyz'$"],
             "xyz foo\nfoo xyz\n"),
        Case("one letter between quotes", "x\na x b\nax\n", ["-f", "'x'"], "x\na x b\n"),
        Case("two quotes are the exact term '", "it's\n'\nab\n", ["+s", "-f", "''"], "it's\n'\n"),
        Case("three quotes are ' at boundaries", "it's\n'\na ' b\n", ["+s", "-f", "'''"], "'\na ' b\n"),
        Case("-e leaves a boundary term as it is", "xyz\naxyz\n", ["-e", "-f", "'xyz'"], "xyz\n"),
        Case("+x: the quotes are text", "'xyz'\nxyz\n", ["+x", "-f", "'xyz'"], "'xyz'\n"),
        Case("a boundary term or another term", "fooXyz\nxyzz\n-xyz\n", ["--tiebreak=index", "-f", "'xyz' | foo"], "-xyz\nfooXyz\n"),
        Case("a term that ends with a non-word character needs a boundary after it", "ab-cd\nab- cd\n", ["-f", "'ab-'"], "ab- cd\n"),
    ]

    static let nthLength: [Case] = [
        Case("--nth: length measures the whole line", "1:hell\n123:hello\n12345:he\n1234567:h\n", ["-fh", "-n2", "-d:"],
             "1:hell\n12345:he\n123:hello\n1234567:h\n"),
        Case("--nth with --with-nth: length measures what is shown", "z:h:1111\nzzzzzzzzzz:he:1\n",
             ["-d:", "--with-nth", "2..", "-n1", "-fh"], "zzzzzzzzzz:he:1\nz:h:1111\n"),
        Case("--nth with --ansi: escape sequences are not counted", "123456:he\n\u{1B}[31m1\u{1B}[0m:hello\n",
             ["--ansi", "-d:", "-n2", "-fh"], "1:hello\n123456:he\n"),
    ]

    @Test(arguments: boundaryTerms + nthLength)
    func boundaryAndNthMatchFzf(_ test: Case) throws {
        try matchesFzf(test)
    }
}
