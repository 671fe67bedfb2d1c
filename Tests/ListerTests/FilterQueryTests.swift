import Lister
import Testing

@Suite struct FilterQueryTests {
    @Test func termsAreSeparatedBySpaces() {
        #expect(FilterQuery("  foo   bar ").terms.map(\.text) == ["foo", "bar"])
        #expect(FilterQuery("foo").terms.map(\.text) == ["foo"])
        #expect(FilterQuery("  foo  bar ").description == "foo bar")
        #expect(FilterQuery("  foo  bar ") == FilterQuery("foo bar"))
    }

    @Test func blankQueriesAreEmptyAndMatchEverything() {
        for text in ["", " ", "    "] {
            let query = FilterQuery(text)
            #expect(query.isEmpty)
            #expect(query == .empty)
            #expect(query.matches("anything"))
            #expect(query.matches(""))
        }
    }

    @Test func aTermWithAnUppercaseLetterIsCaseSensitive() {
        let terms = FilterQuery("foo Foo FOO é É 日本 ǅ 42").terms
        #expect(terms.map(\.isCaseSensitive) == [false, true, true, false, true, false, true, false])
    }

    @Test func smartCaseAppliesPerTerm() {
        let query = FilterQuery("lorem Ipsum")
        #expect(query.matches("LOREM Ipsum dolor"))
        #expect(query.matches("Ipsum xLoReMx"))
        #expect(!query.matches("lorem ipsum"))
        #expect(!query.matches("lorem IPSUM"))
    }

    @Test func aRowMustContainEveryTermInAnyOrder() {
        let query = FilterQuery("bar foo")
        #expect(query.matches("foo bar"))
        #expect(query.matches("barfoo"))
        #expect(!query.matches("foo baz"))
        #expect(!query.matches(""))
    }

    @Test func nonASCIITermsIgnoreCaseThroughUnicodeLowercasing() {
        #expect(FilterQuery("café").matches("CAFÉ NOIR"))
        #expect(FilterQuery("über").matches("ÜBER"))
        #expect(FilterQuery("σοφ").matches("ΣΟΦΙΑ"))
        #expect(!FilterQuery("É").matches("café"))
        #expect(FilterQuery("日本").matches("これは日本語"))
        #expect(!FilterQuery("ss").matches("straße"))  // full lowercase mapping, no folding
    }

    @Test func asciiTermsFindLettersThatLowercaseIntoASCII() {
        // İ lowercases to "i" + U+0307 and the Kelvin sign to "k".
        #expect(FilterQuery("i").matches("İ"))
        #expect(FilterQuery("k").matches("\u{212A}"))
        #expect(FilterQuery("kelvin").matches("\u{212A}ELVIN"))
        #expect(!FilterQuery("is").matches("İstanbul"))  // the combining dot sits between
        #expect(!FilterQuery("K").matches("\u{212A}"))  // case-sensitive: bytes differ
    }

    @Test func matchingIsOnScalarsWithoutNormalization() {
        let decomposed = "e\u{301}t\u{E9}"  // "été", first é decomposed
        #expect(FilterQuery("e").matches(decomposed))
        #expect(FilterQuery("\u{E9}").matches(decomposed))
        #expect(!FilterQuery("\u{E9}t").matches(decomposed))
        #expect(FilterQuery("e\u{301}t").matches(decomposed))
        #expect(FilterQuery.Term("\u{E9}") != FilterQuery.Term("e\u{301}"))
    }

    @Test func invalidUTF8NeverTakesPartInAMatch() {
        let rows = ByteRows(rows: [[0x61, 0xFF, 0x62], [0xE6, 0x97], [0x61, 0x62], [0xC3, 0xA9]])
        func matching(_ text: String) -> [Int] {
            FilterRun(query: FilterQuery(text), rowCount: rows.count).perform(over: rows).matches.map { $0 }
        }
        #expect(matching("ab") == [2])
        #expect(matching("a") == [0, 2])
        #expect(matching("é") == [3])
        #expect(matching("日") == [])
    }

    @Test func theByteSearchAgreesWithTheRuleOnEveryQueryAndRow() {
        let rows = filterCorpus(count: 800)
        for query in filterQueries {
            let found = FilterRun(query: query, rowCount: rows.count).perform(over: FilterStrings(rows)).matches
            #expect(Array(found) == referenceRows(query, rows), "query \"\(query)\"")
        }
    }

    @Test func everyPositionAndLengthAroundTheBlockSizeIsSearched() {
        // Rows of 1...70 bytes with the pattern at each position, in either case.
        for patternText in ["q", "qz", "qzx", "qzxwvutsrponmlkjihgf"] {
            let query = FilterQuery(patternText)
            for length in 1...70 {
                for position in 0..<max(1, length - patternText.count + 1) where length >= patternText.count {
                    var row = String(repeating: "a", count: length)
                    let start = row.index(row.startIndex, offsetBy: position)
                    let end = row.index(start, offsetBy: patternText.count)
                    row.replaceSubrange(start..<end, with: position.isMultiple(of: 2) ? patternText : patternText.uppercased())
                    #expect(query.matches(row), "\(patternText) at \(position) of \(length)")
                    if position + patternText.count == length {
                        #expect(!query.matches(String(row.dropLast())))
                    }
                }
                #expect(!query.matches(String(repeating: "a", count: length)))
            }
        }
    }

    @Test func nonASCIICharactersAreFoundAtEveryPositionAndLength() {
        // Rows shorter than 8, 16 and longer: the ASCII pre-check reads blocks of each size.
        for length in 1...40 {
            for position in 0..<length {
                var characters = Array(repeating: Character("a"), count: length)
                characters[position] = position.isMultiple(of: 2) ? "É" : "é"
                #expect(FilterQuery("é").matches(String(characters)), "é at \(position) of \(length)")
                characters[position] = "İ"
                #expect(FilterQuery("i").matches(String(characters)), "İ at \(position) of \(length)")
            }
            #expect(!FilterQuery("é").matches(String(repeating: "e", count: length)))
        }
    }

    @Test func foldingDoesNotConfuseLettersWithOtherBytes() {
        // '@' | 0x20 == '`' and '[' | 0x20 == '{': only letters may fold.
        #expect(!FilterQuery("`").matches("@"))
        #expect(!FilterQuery("{").matches("["))
        #expect(!FilterQuery("a{").matches("A[ a[ " + String(repeating: "-", count: 20)))
        #expect(FilterQuery("a{").matches(String(repeating: "-", count: 20) + "A{"))
    }

    @Test func refinementCases() {
        func narrows(_ new: String, _ old: String) -> Bool {
            FilterQuery(new).isRefinement(of: FilterQuery(old))
        }
        #expect(narrows("foob", "foo"))
        #expect(narrows("xfoo", "foo"))
        #expect(narrows("foo bar", "foo"))
        #expect(narrows("bar foo", "foo bar"))
        #expect(narrows("abcd", "ab cd"))
        #expect(narrows("Foo", "foo"))
        #expect(narrows("foo", "foo"))
        #expect(narrows("foo", ""))
        #expect(narrows("CAFÉ", "café"))
        #expect(!narrows("foo", "Foo"))
        #expect(!narrows("fo", "foo"))
        #expect(!narrows("foo", "foo bar"))
        #expect(!narrows("", "foo"))
        #expect(!narrows("fob", "foo"))
    }

    @Test func aRefinementNeverMatchesARowTheBroaderQueryMisses() {
        let rows = filterCorpus(count: 200, seed: 7)
        var pairs = 0
        for new in filterQueries {
            for old in filterQueries where new.isRefinement(of: old) {
                pairs += 1
                for row in rows where referenceMatches(new, row) {
                    #expect(referenceMatches(old, row), "\"\(new)\" narrows \"\(old)\" yet matches \(row)")
                }
            }
        }
        #expect(pairs > filterQueries.count)  // more than each query with itself
    }
}
