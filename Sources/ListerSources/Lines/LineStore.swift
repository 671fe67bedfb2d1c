import Lister

#if canImport(Glibc)
import Glibc
#endif

/// Lines kept compactly: every byte in one buffer and one offset per line, so a million
/// lines cost two allocations instead of a million strings.
///
/// Bytes are kept exactly as read (invalid UTF-8 included), so a picked line is printed
/// back byte for byte.
public final class LineStore: RandomAccessCollection, Sendable {
    /// All the bytes of all lines, separators removed.
    private let bytes: [UInt8]
    /// Where each line starts in `bytes`, plus one final end offset.
    private let starts: [Int]

    /// Splits `data` on `separator` (a final separator does not start an empty line).
    public init(_ data: [UInt8], separator: UInt8 = 0x0A) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count)
        var starts: [Int] = [0]
        data.withUnsafeBufferPointer { buffer in
            var lineStart = 0
            var index = 0
            while index < buffer.count {
                if buffer[index] == separator {
                    bytes.append(contentsOf: buffer[lineStart..<index])
                    starts.append(bytes.count)
                    lineStart = index + 1
                }
                index += 1
            }
            if lineStart < buffer.count {
                bytes.append(contentsOf: buffer[lineStart..<buffer.count])
                starts.append(bytes.count)
            }
        }
        self.bytes = bytes
        self.starts = starts
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { starts.count - 1 }

    /// The line at `position`.
    public subscript(position: Int) -> Line {
        Line(number: position + 1, bytes: bytes[starts[position]..<starts[position + 1]])
    }
}

/// One line of input: its number and its exact bytes.
public struct Line: Identifiable, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line number, which is also its identity.
    public let number: Int
    /// The bytes as read, without the separator.
    public let bytes: ArraySlice<UInt8>

    public var id: Int { number }

    /// The text, invalid UTF-8 replaced with U+FFFD and a trailing carriage return dropped.
    /// Control characters stay; views show them visibly.
    public var description: String {
        var slice = bytes
        if slice.last == 0x0D { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }
}

/// Reading all of a file descriptor.
enum FileReader {
    /// Reads `fd` to its end. Throws a ``ListError`` naming `name` on failure.
    static func readAll(fd: Int32, name: String) throws -> [UInt8] {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            try Task.checkCancellation()
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw ListError("cannot read \(name): \(String(cString: strerror(errno)))", isRetryable: false)
            }
            data.append(contentsOf: chunk[0..<count])
        }
    }
}

extension LineStore: FilterableText {
    public func withUTF8(row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[span(row)])) }
    }

    public func forEachUTF8(in rows: FilterRowBatch, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { all in
            for row in rows { body(row, UnsafeBufferPointer(rebasing: all[span(row)])) }
        }
    }

    /// Where `row` is in `bytes`, without a final carriage return (it is not shown).
    private func span(_ row: Int) -> Range<Int> {
        let start = starts[row], end = starts[row + 1]
        return start..<(end > start && bytes[end - 1] == 0x0D ? end - 1 : end)
    }
}
