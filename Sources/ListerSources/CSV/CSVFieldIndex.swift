import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Where the fields of one wide (or cut) CSV record are, found only as far as they are
/// asked for: a table that draws the first 12 of 30,000 fields reads the bytes of those 12,
/// and a field found once is read again in constant time (finding field k by skipping the
/// k before it made a wide row quadratic; splitting it whole made every fetch of a row, for
/// its identity, cost all its fields).
///
/// A record longer than a row keeps (``Line/isCut``) is read in the bytes the row kept
/// while its fields lie in them; a field that runs past them has the whole record read
/// once, its fields cut at ``CSVRow/fieldShownLimit``.
final class CSVFieldIndex: Sendable {
    private struct State {
        /// The record's bytes as far as they are known: the row's, or the whole record's.
        var bytes: ArraySlice<UInt8>
        /// Whether ``bytes`` is the whole record.
        var isWhole: Bool
        /// Each field found so far: its bytes' range, offsets from the record's start
        /// (quotes included).
        var bounds: [Range<Int>] = []
        /// Where the next field starts; nil once the last one is found.
        var next: Int? = 0
        /// Bytes looked at by the search so far (tests count the work with it).
        var scanned = 0
    }

    private let record: Line
    private let delimiter: UInt8
    /// Fields are cut past this many bytes (a cut record's), else `Int.max`.
    private let limit: Int
    private let state: Mutex<State>

    /// The fields of `record` (its bytes without the newline), found when asked for.
    init(record: Line, delimiter: UInt8, limit: Int) {
        self.record = record
        self.delimiter = delimiter
        self.limit = limit
        state = Mutex(State(bytes: record.bytes, isWhole: !record.isCut))
    }

    /// Field `index` (from 0), or nil when the record has fewer fields.
    func field(_ index: Int) -> String? {
        state.withLock { state in
            while state.bounds.count <= index, state.next != nil { locateNext(&state) }
            guard index < state.bounds.count else { return nil }
            return text(of: index, in: state)
        }
    }

    /// Every field, in order.
    var fields: [String] {
        state.withLock { state in
            while state.next != nil { locateNext(&state) }
            return state.bounds.indices.map { text(of: $0, in: state) }
        }
    }

    /// Bytes of the record looked at so far to find fields.
    var scannedBytes: Int { state.withLock { $0.scanned } }

    /// Finds the field that starts at `state.next`.
    private func locateNext(_ state: inout State) {
        guard let start = state.next else { return }
        let (end, scanned) = state.bytes.withUnsafeBufferPointer { Self.fieldEnd(in: $0, from: start, delimiter: delimiter) }
        state.scanned += scanned
        if end == state.bytes.count, !state.isWhole {
            // The field may go on past the bytes the row kept: read the whole record once.
            state.bytes = record.wholeBytes.bytes
            state.isWhole = true
            return locateNext(&state)
        }
        state.bounds.append(start..<end)
        state.next = end < state.bytes.count ? end + 1 : nil
    }

    /// The text of field `index` (found).
    private func text(of index: Int, in state: State) -> String {
        let range = state.bounds[index]
        let endsRecord = state.next == nil && index == state.bounds.count - 1
        return state.bytes.withUnsafeBufferPointer { bytes in
            CSVFields.fieldText(UnsafeBufferPointer(rebasing: bytes[range]), delimiter: delimiter, endsRecord: endsRecord,
                                limit: limit)
        }
    }

    /// Where the field that starts at `start` ends in `bytes` (at its delimiter, or at the
    /// end of the bytes), read as ``CSVFraming`` reads quotes; and how many bytes that took.
    static func fieldEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, delimiter: UInt8) -> (end: Int, scanned: Int) {
        let count = bytes.count
        guard let base = bytes.baseAddress, start < count else { return (count, 0) }
        func find(_ byte: UInt8, from position: Int) -> Int {
            guard position < count else { return count }
            return memchr(base + position, Int32(byte), count - position)
                .map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? count
        }
        var position = start
        if bytes[start] == CSVFraming.quote {
            // Quoted: delimiters are text up to the closing quote (`""` is a quote).
            position += 1
            while true {
                let quote = find(CSVFraming.quote, from: position)
                guard quote < count - 1 else { return (count, count - start) }
                if bytes[quote + 1] == CSVFraming.quote {
                    position = quote + 2
                    continue
                }
                position = quote + 1
                break
            }
        }
        // Unquoted (or the text after a closing quote): quotes are text up to the delimiter.
        let end = find(delimiter, from: position)
        return (end, end - start)
    }
}
