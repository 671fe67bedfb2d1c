#if canImport(Glibc)
import Glibc
#endif

/// Finds where CSV records end (RFC 4180: a newline outside quotes) as the bytes stream
/// by, and counts what is wrong with them: ragged records, bad quotes, invalid UTF-8.
///
/// It keeps no field: fields are split again only for the rows drawn
/// (``CSVFields/split(_:delimiter:)``). A record without quotes costs two `memchr`s and a
/// pass counting delimiters; bytes after a quote are read one by one until the quoted
/// field closes.
///
/// Quotes are read as Python's `csv` and most spreadsheets read them: a quote opens a
/// quoted field only at the start of a field; one in the middle of an unquoted field, or
/// text after a closing quote, is kept as text and counted as a bad quote; a quote still
/// open at the end of input closes there (a bad quote too).
///
/// Records end at LF (a CR before it stays in the record: CRLF), or at CR alone in input
/// whose first line end is a CR not followed by LF (old spreadsheet exports; Python's
/// `csv` reads them too): the first line end outside quotes decides for the whole input.
struct CSVFraming: RecordFraming {
    /// The byte between fields: a comma, a tab, or `--delimiter`'s.
    let delimiter: UInt8
    static let quote: UInt8 = 0x22
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D

    /// What ends a record.
    enum LineEnds: UInt8 {
        /// No line end seen yet outside quotes.
        case undecided
        /// LF (or CRLF).
        case newline
        /// CR alone.
        case carriageReturn
    }

    /// What ends the records, decided by the first line end outside quotes.
    private(set) var lineEnds = LineEnds.undecided
    /// Whether the last chunk ended with a CR outside quotes while undecided: the next
    /// byte says whether it ended a record (not LF) or starts a CRLF.
    private var pendingCarriageReturn = false

    /// The byte that ends records: ``newline`` until a CR alone was seen as the first line end.
    var recordSeparator: UInt8 { lineEnds == .carriageReturn ? Self.carriageReturn : Self.newline }

    /// Where the scan is inside the current record.
    enum State: UInt8 {
        /// At the start of a field: a quote here opens a quoted field.
        case fieldStart
        /// Inside a field that did not start with a quote.
        case unquoted
        /// Inside a quoted field: newlines and delimiters are text.
        case quoted
        /// Just after a quote inside a quoted field: it closes the field, or doubles.
        case quoteInQuoted
    }

    private(set) var state = State.fieldStart
    /// The fields of the current record so far.
    private var fields = 1
    /// Whether the current record has a bad quote; whether it has any byte yet.
    private var badQuote = false
    private var recordHasBytes = false
    private var utf8 = UTF8Check()
    /// What was found in the records ended so far.
    private(set) var stats = CSVStats()

    init(delimiter: UInt8) {
        self.delimiter = delimiter
    }

    /// The same framing before any input, keeping what ends records (the input read again
    /// is joined with ``recordSeparator``).
    func restarted() -> CSVFraming {
        var framing = CSVFraming(delimiter: delimiter)
        framing.lineEnds = lineEnds
        return framing
    }

    mutating func scan(_ chunk: UnsafeBufferPointer<UInt8>, ends: inout [Int]) {
        guard let base = chunk.baseAddress, !chunk.isEmpty else { return }
        let count = chunk.count
        var index = 0
        // The next quote at or after `index` (`count`: none in the chunk); -1 until looked for.
        var nextQuote = -1
        var lastEnd = -1
        if pendingCarriageReturn {
            // The last chunk ended with the first line end, a CR: alone, it ended a record
            // (at index -1 of this chunk, the last byte of the one before).
            pendingCarriageReturn = false
            if base[0] == Self.newline {
                lineEnds = .newline
            } else {
                lineEnds = .carriageReturn
                endRecord()
                ends.append(-1)
            }
        }
        while index < count {
            switch state {
            case .fieldStart, .unquoted:
                var newline = Self.find(recordSeparator, base, from: index, count)
                if nextQuote < index { nextQuote = Self.find(Self.quote, base, from: index, count) }
                if lineEnds == .undecided {
                    // Until the first line end: a CR before the LF (and before any quote) decides.
                    let carriageReturn = Self.find(Self.carriageReturn, base, from: index, min(newline, nextQuote))
                    if carriageReturn < min(newline, nextQuote) {
                        newline = decide(atCarriageReturn: carriageReturn, base, count)
                    }
                }
                if nextQuote >= newline {
                    // No quote before the newline: the common case.
                    take(base, index..<newline)
                    if newline < count {
                        endRecord()
                        ends.append(newline)
                        lastEnd = newline
                        index = newline + 1
                    } else {
                        state = base[count - 1] == delimiter ? .fieldStart : .unquoted
                        index = count
                    }
                } else {
                    take(base, index..<nextQuote)
                    let atFieldStart = nextQuote > index ? base[nextQuote - 1] == delimiter : state == .fieldStart
                    utf8.boundary()
                    if atFieldStart {
                        state = .quoted
                    } else {
                        badQuote = true
                        state = .unquoted
                    }
                    index = nextQuote + 1
                }
            case .quoted:
                let quote = Self.find(Self.quote, base, from: index, count)
                utf8.check(UnsafeBufferPointer(start: base + index, count: quote - index))
                if quote < count {
                    utf8.boundary()
                    state = .quoteInQuoted
                }
                index = quote + 1
            case .quoteInQuoted:
                let byte = base[index]
                if byte == Self.quote {
                    state = .quoted  // a doubled quote is one quote of text
                    index += 1
                } else if byte == delimiter {
                    fields += 1
                    state = .fieldStart
                    index += 1
                } else if byte == recordSeparator {
                    endRecord()
                    ends.append(index)
                    lastEnd = index
                    index += 1
                } else if lineEnds == .undecided, byte == Self.carriageReturn,
                          decide(atCarriageReturn: index, base, count) == index {
                    endRecord()
                    ends.append(index)
                    lastEnd = index
                    index += 1
                } else {
                    // `"a"b`: the text goes on unquoted (a carriage return before the
                    // newline of CRLF is no fault).
                    if byte != Self.carriageReturn { badQuote = true }
                    state = .unquoted
                }
            }
        }
        if lastEnd < count - 1 { recordHasBytes = true }
        if lineEnds == .undecided, state != .quoted, base[count - 1] == Self.carriageReturn, lastEnd < count - 1 {
            pendingCarriageReturn = true
        }
    }

    /// Decides what ends records at the first line end outside quotes, a CR at `index`:
    /// CR alone when the byte after it is not LF. Returns where the record ends: `index`
    /// for a CR alone, the LF's index for CRLF, `count` when the CR is the chunk's last
    /// byte (the next chunk decides: ``pendingCarriageReturn``).
    private mutating func decide(atCarriageReturn index: Int, _ base: UnsafePointer<UInt8>, _ count: Int) -> Int {
        guard index + 1 < count else { return count }
        if base[index + 1] == Self.newline {
            lineEnds = .newline
            return index + 1
        }
        lineEnds = .carriageReturn
        return index
    }

    mutating func endOfInput() {
        // A last record with no newline after it; nothing after the last newline is no record.
        pendingCarriageReturn = false
        guard recordHasBytes else { return }
        if state == .quoted { badQuote = true }  // never closed
        endRecord()
    }

    /// Counts the delimiters of an unquoted stretch and checks its UTF-8.
    @inline(__always)
    private mutating func take(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let counted = Self.count(delimiter, in: UnsafeRawPointer(base + range.lowerBound), range.count)
        fields &+= counted.matches
        if counted.high || utf8.isInSequence {
            utf8.check(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
        }
    }

    /// How many of the `count` bytes at `start` are `byte`, and whether any is not ASCII:
    /// sixteen bytes at a time (`SIMD16` compares, SSE2 in the baseline x86-64), each lane
    /// counting its own matches and the lanes summed every 255 vectors; the last bytes as
    /// the last sixteen, those counted already masked out. Fewer than sixteen bytes in
    /// all go eight at a time (``countWords(_:in:_:)``).
    @inline(__always)
    static func count(_ byte: UInt8, in start: UnsafeRawPointer, _ count: Int) -> (matches: Int, high: Bool) {
        typealias Bytes = SIMD16<UInt8>
        guard count >= 16 else { return countWords(byte, in: start, count) }
        let pattern = Bytes(repeating: byte)
        let last = count &- 16
        var matches = 0
        var any = Bytes()
        var offset = 0
        while true {
            // Whole vectors before the last sixteen bytes, at most 254 of them: with the
            // last vector, no lane counts past 255.
            let stop = Swift.min(last, offset &+ 254 &* 16)
            var lanes = Bytes()
            while offset < stop {
                let bytes = start.loadUnaligned(fromByteOffset: offset, as: Bytes.self)
                any |= bytes
                // A lane that matches is all ones (-1): subtracting it adds one.
                lanes &-= unsafeBitCast(bytes .== pattern, to: Bytes.self)
                offset &+= 16
            }
            if offset >= last {
                // The last sixteen bytes; those before `offset` were counted.
                let bytes = start.loadUnaligned(fromByteOffset: last, as: Bytes.self)
                let laneIndices = Bytes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
                let fresh = unsafeBitCast(laneIndices .>= Bytes(repeating: UInt8(truncatingIfNeeded: offset &- last)),
                                          to: Bytes.self)
                any |= bytes & fresh
                lanes &-= unsafeBitCast(bytes .== pattern, to: Bytes.self) & fresh
                matches &+= sum(lanes)
                break
            }
            matches &+= sum(lanes)
        }
        let halves = unsafeBitCast(any, to: SIMD2<UInt64>.self)
        return (matches, (halves[0] | halves[1]) & 0x8080_8080_8080_8080 != 0)
    }

    /// The sum of sixteen byte lanes (each at most 255).
    @inline(__always)
    private static func sum(_ lanes: SIMD16<UInt8>) -> Int {
        let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        @inline(__always) func pairs(_ word: UInt64) -> UInt64 {
            (word & 0x00FF_00FF_00FF_00FF) &+ ((word >> 8) & 0x00FF_00FF_00FF_00FF)
        }
        // Eight 16-bit sums of two lanes (at most 510 each), then all added in the top 16 bits.
        return Int(((pairs(words[0]) &+ pairs(words[1])) &* 0x0001_0001_0001_0001) >> 48)
    }

    /// ``count(_:in:_:)`` eight bytes at a time (a byte equal to `byte` is a zero byte of
    /// the word XOR the pattern, found exactly by the carry-free test below), for fewer
    /// than sixteen bytes: at most one word and the last eight bytes, then byte by byte.
    @inline(__always)
    static func countWords(_ byte: UInt8, in start: UnsafeRawPointer, _ count: Int) -> (matches: Int, high: Bool) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let pattern = UInt64(byte) &* ones
        var any: UInt64 = 0
        var offset = 0
        var lanes: UInt64 = 0
        while offset &+ 8 <= count {
            let word = start.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            any |= word
            let x = word ^ pattern
            lanes &+= (~(((x & low7) &+ low7) | x | low7)) >> 7
            offset &+= 8
        }
        if offset < count, count >= 8 {
            // The last eight bytes, those counted already masked out (little-endian: the
            // first bytes are the low ones).
            let word = start.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            let fresh = UInt64.max << UInt64(8 &* (8 &- (count &- offset)))
            any |= word & fresh
            let x = word ^ pattern
            lanes &+= ((~(((x & low7) &+ low7) | x | low7)) & fresh) >> 7
            offset = count
        }
        var tail: UInt8 = 0
        while offset < count {
            let value = start.load(fromByteOffset: offset, as: UInt8.self)
            tail |= value
            lanes &+= value == byte ? 1 : 0
            offset &+= 1
        }
        // At most fifteen matches: each lane holds at most two, the low lane up to fifteen.
        let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes >> 8) & 0x00FF_00FF_00FF_00FF)
        return (Int((pairs &* 0x0001_0001_0001_0001) >> 48), any & 0x8080_8080_8080_8080 != 0 || tail >= 0x80)
    }

    private mutating func endRecord() {
        if lineEnds == .undecided { lineEnds = .newline }  // a CR alone decided before calling
        utf8.boundary()
        stats.note(fields: fields, badQuote: badQuote, invalidUTF8: utf8.foundInvalid)
        state = .fieldStart
        fields = 1
        badQuote = false
        recordHasBytes = false
        utf8 = UTF8Check()
    }

    /// The index of the first `byte` in `base[from..<count]`, or `count`.
    @inline(__always)
    private static func find(_ byte: UInt8, _ base: UnsafePointer<UInt8>, from: Int, _ count: Int) -> Int {
        guard from < count, let found = memchr(base + from, Int32(byte), count - from) else { return count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
}

/// What a scan found in the records of a CSV input: how many, how many fields the first
/// had, and the records that differ or are damaged (counted, with the first of each).
package struct CSVStats: Sendable, Hashable {
    /// The records ended so far (the header included).
    package private(set) var records = 0
    /// The fields of the first record: the header, or the first row.
    package private(set) var columns = 0
    /// The most fields of any record.
    package private(set) var widest = 0
    /// Records with more or fewer fields than the first.
    package private(set) var ragged = 0
    /// Records with a quote in the middle of a field, text after a closing quote, or a
    /// quote never closed.
    package private(set) var badQuotes = 0
    /// Records whose bytes are not valid UTF-8.
    package private(set) var invalidUTF8 = 0
    /// The index (from 0, the header included) of the first record of each kind.
    package private(set) var firstRagged: Int?
    package private(set) var firstBadQuote: Int?
    package private(set) var firstInvalidUTF8: Int?

    mutating func note(fields: Int, badQuote: Bool, invalidUTF8 invalid: Bool) {
        if records == 0 {
            columns = fields
        } else if fields != columns {
            ragged += 1
            if firstRagged == nil { firstRagged = records }
        }
        widest = max(widest, fields)
        if badQuote {
            badQuotes += 1
            if firstBadQuote == nil { firstBadQuote = records }
        }
        if invalid {
            invalidUTF8 += 1
            if firstInvalidUTF8 == nil { firstInvalidUTF8 = records }
        }
        records += 1
    }
}

/// A UTF-8 check over bytes that come in pieces: a sequence may be split between two.
struct UTF8Check {
    /// Continuation bytes still expected, and the range the next one must be in.
    private var remaining = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF
    /// Whether any byte so far was out of place.
    private(set) var foundInvalid = false

    /// Whether a sequence is open (the next bytes must continue it).
    var isInSequence: Bool { remaining > 0 }

    /// Checks `bytes`, which follow the bytes checked before.
    mutating func check(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes {
            if remaining > 0 {
                if byte >= lower && byte <= upper {
                    remaining -= 1
                    lower = 0x80
                    upper = 0xBF
                    continue
                }
                foundInvalid = true
                remaining = 0
                lower = 0x80
                upper = 0xBF
            }
            switch byte {
            case 0x00..<0x80: continue
            case 0xC2...0xDF: remaining = 1
            case 0xE0: remaining = 2; lower = 0xA0
            case 0xED: remaining = 2; upper = 0x9F
            case 0xE1...0xEF: remaining = 2
            case 0xF0: remaining = 3; lower = 0x90
            case 0xF4: remaining = 3; upper = 0x8F
            case 0xF1...0xF3: remaining = 3
            default: foundInvalid = true
            }
        }
    }

    /// An ASCII byte that is not checked (a quote, a newline) comes next: a sequence
    /// open here is cut.
    mutating func boundary() {
        if remaining > 0 {
            foundInvalid = true
            remaining = 0
            lower = 0x80
            upper = 0xBF
        }
    }
}
