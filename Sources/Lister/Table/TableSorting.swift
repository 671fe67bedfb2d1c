/// Sorting a table's rows: a permutation of the rows' positions by one column's values.
///
/// Numbers come first (compared as numbers), then texts (compared byte by byte with ASCII
/// letters folded to lower case, so `apple` sorts beside `Apple`, then by exact bytes),
/// then empty values and NULL, which stay last in both directions. Equal values keep their
/// order (the sort is stable). Texts are compared by their first 16 bytes held as two
/// integers first, so most comparisons never look at the strings (names, codes and dates
/// often share their first 8 bytes: `Name0000001`, `2026-11-26 …`).
@_spi(Testing)
nonisolated public enum TableSorting {
    /// How many rows are read between two checks for cancellation.
    static let checkEvery = 65_536

    /// The positions of `count` rows in the order of `value` at each position; throws
    /// `CancellationError` when `isCancelled` says so (checked as the values are read and
    /// between the steps of the sort).
    public static func permutation(
        count: Int, ascending: Bool, isCancelled: () -> Bool = { false }, value: (Int) -> TableValue
    ) throws -> [Int32] {
        var numbers: [(value: Double, exact: Int64, index: Int32)] = []
        var texts: [(prefix: UInt64, next: UInt64, index: Int32)] = []
        var strings: [String] = []
        var nulls: [Int32] = []
        var stringOf = [Int32](repeating: -1, count: 0)
        for index in 0..<count {
            if index % checkEvery == 0, isCancelled() { throw CancellationError() }
            switch value(index) {
            case .null: nulls.append(Int32(index))
            case .integer(let number): numbers.append((Double(number), number, Int32(index)))
            case .number(let number): numbers.append((number, number.isFinite && abs(number) < 9e18 ? Int64(number) : 0, Int32(index)))
            case .text(let text):
                if text.isEmpty {
                    nulls.append(Int32(index))
                } else {
                    let (first, second) = prefixes(of: text)
                    texts.append((first, second, Int32(strings.count)))
                    strings.append(text)
                    stringOf.append(Int32(index))
                }
            }
        }
        if isCancelled() { throw CancellationError() }
        if ascending {
            numbers.sort { $0.value != $1.value ? $0.value < $1.value : $0.exact != $1.exact ? $0.exact < $1.exact : $0.index < $1.index }
        } else {
            numbers.sort { $0.value != $1.value ? $0.value > $1.value : $0.exact != $1.exact ? $0.exact > $1.exact : $0.index < $1.index }
        }
        if isCancelled() { throw CancellationError() }
        texts.sort { a, b in
            if a.prefix != b.prefix { return ascending ? a.prefix < b.prefix : a.prefix > b.prefix }
            if a.next != b.next { return ascending ? a.next < b.next : a.next > b.next }
            let order = compare(strings[Int(a.index)], strings[Int(b.index)])
            if order != 0 { return ascending ? order < 0 : order > 0 }
            return stringOf[Int(a.index)] < stringOf[Int(b.index)]
        }
        if isCancelled() { throw CancellationError() }
        var result: [Int32] = []
        result.reserveCapacity(count)
        let numberPart = numbers.lazy.map(\.index)
        let textPart = texts.lazy.map { stringOf[Int($0.index)] }
        if ascending {
            result.append(contentsOf: numberPart)
            result.append(contentsOf: textPart)
        } else {
            result.append(contentsOf: textPart)
            result.append(contentsOf: numberPart)
        }
        result.append(contentsOf: nulls)
        return result
    }

    /// Bytes 0-7 and 8-15 of `text` (ASCII letters in lower case), each as a big-endian
    /// integer: comparing them in turn compares the texts' first 16 bytes.
    static func prefixes(of text: String) -> (first: UInt64, second: UInt64) {
        var first: UInt64 = 0, second: UInt64 = 0
        var taken = 0
        for byte in text.utf8 {
            if taken < 8 {
                first = first << 8 | UInt64(folded(byte))
            } else {
                second = second << 8 | UInt64(folded(byte))
            }
            taken += 1
            if taken == 16 { break }
        }
        if taken < 8 { first <<= 8 * UInt64(8 - taken) }
        if taken < 16 { second <<= 8 * UInt64(16 - max(taken, 8)) }
        return (first, second)
    }

    @inline(__always)
    static func folded(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte | 0x20 : byte }

    /// -1, 0 or 1: `a` and `b` compared by folded bytes, then exact bytes.
    static func compare(_ a: String, _ b: String) -> Int {
        var exact = 0
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return exact
            case (nil, _): return -1
            case (_, nil): return 1
            case (let x?, let y?):
                let fx = folded(x), fy = folded(y)
                if fx != fy { return fx < fy ? -1 : 1 }
                if exact == 0, x != y { exact = x < y ? -1 : 1 }
            }
        }
    }
}
