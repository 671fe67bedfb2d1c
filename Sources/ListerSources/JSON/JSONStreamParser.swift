/// Checks JSON as its bytes arrive, in chunks split anywhere, and notes where each element
/// of the array being browsed starts and ends (``JSONItemsTarget``), without building values.
///
/// It is a state machine over bytes: a chunk is checked in one pass, and the first byte that
/// cannot continue a JSON document stops it with a ``JSONSyntaxError`` (the same reasons and
/// positions as ``JSONParser``), so endless input that is not JSON is not read on. Elements
/// are kept as offsets in a ``JSONElementIndexBuilder``; their values are parsed again from
/// their bytes when they are drawn or opened.
///
/// ```swift
/// var parser = JSONStreamParser(target: JSONItemsTarget(path: nil))
/// try chunk.withUnsafeBufferPointer { try parser.feed($0) }
/// try parser.finish()
/// parser.elements.count  // the elements found
/// ```
struct JSONStreamParser {
    /// What the next byte may be.
    enum Mode: UInt8 {
        case start, value, valueOrClose, keyOrClose, key, colon, next, end
        case string, escape, hex
        case minus, zero, integer, dot, fraction, exponentMark, exponentSign, exponent
        case literal
    }

    static let maximumDepth = 512

    /// The elements of the target array found so far.
    private(set) var elements = JSONElementIndexBuilder()
    /// Which array is browsed, and the errors about finding it.
    private(set) var target: JSONItemsTarget
    /// Bytes fed so far.
    private(set) var offset = 0

    private var mode = Mode.start
    /// Open containers, innermost last: true for an object.
    private var stack: [Bool] = []
    /// Whether the string being read is an object's key.
    private var stringIsKey = false
    /// Hex digits left in a `\u` escape.
    private var hexLeft = 0
    /// The literal being matched (`true`, `false`, `null`), how much of it matched, and where it began.
    private var literal: StaticString = "null"
    private var literalIndex = 0
    private var literalStart = 0
    /// Where the value being read began (for the element that ends with it).
    private var elementStart = 0
    /// The line (from 1), where it began, and the UTF-8 continuation bytes on it so far:
    /// a column counts characters, and only strings hold bytes that are not ASCII.
    private var line = 1
    private var lineStart = 0
    private var continuations = 0
    /// A byte-order mark's bytes matched at the start.
    private var bomMatched = 0
    /// The raw bytes of a key `target` wants to know (capped), while it is read.
    private var keyBytes: [UInt8] = []
    private var capturingKey = false

    init(target: JSONItemsTarget) {
        self.target = target
    }

    /// Checks `chunk`, the bytes after those fed so far.
    mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>) throws(JSONStreamError) {
        guard let base = chunk.baseAddress else { return }
        var index = 0
        let count = chunk.count
        var captureFrom = 0
        defer {
            if capturingKey { captureKey(UnsafeBufferPointer(start: base + captureFrom, count: index - captureFrom)) }
            offset += index
        }
        while index < count {
            let byte = base[index]
            switch mode {
            case .string:
                // The common case, scanned in a tight loop: bytes that neither end the string nor escape.
                var scan = index
                while scan < count {
                    let byte = base[scan]
                    if byte == 0x22 || byte == 0x5C || byte < 0x20 { break }
                    if byte & 0xC0 == 0x80 { continuations += 1 }
                    scan += 1
                }
                index = scan
                guard index < count else { continue }
                let special = base[index]
                if special == 0x22 {
                    if capturingKey {
                        captureKey(UnsafeBufferPointer(start: base + captureFrom, count: index - captureFrom))
                        capturingKey = false
                    }
                    index += 1
                    if stringIsKey {
                        try keyEnded()
                        mode = .colon
                    } else {
                        try valueEnded(at: offset + index)
                    }
                } else if special == 0x5C {
                    mode = .escape
                    index += 1
                } else {
                    throw error("control character \(Self.describe(special)) in a string", at: index)
                }
            case .escape:
                switch byte {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: mode = .string
                case 0x75: mode = .hex; hexLeft = 4
                default: throw error("invalid escape \\\(Self.describe(byte))", at: index)
                }
                index += 1
            case .hex:
                guard Self.isHex(byte) else { throw error("expected 4 hex digits after \\u", at: index) }
                hexLeft -= 1
                if hexLeft == 0 { mode = .string }
                index += 1
            case .start, .value, .valueOrClose, .keyOrClose, .key, .colon, .next, .end:
                if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                    index += 1
                } else if byte == 0x0A {
                    index += 1
                    line += 1
                    lineStart = offset + index
                    continuations = 0
                } else {
                    try structural(byte, at: index, base: base, captureFrom: &captureFrom)
                    index += 1
                }
            case .minus:
                if byte == 0x30 { mode = .zero } else if Self.isDigit(byte) { mode = .integer } else {
                    throw error("expected a digit", at: index)
                }
                index += 1
            case .zero, .integer, .fraction, .exponent:
                if Self.isDigit(byte), mode != .zero {
                    index += 1
                } else if byte == 0x2E, mode == .zero || mode == .integer {
                    mode = .dot
                    index += 1
                } else if byte == 0x65 || byte == 0x45, mode != .exponent {
                    mode = .exponentMark
                    index += 1
                } else {
                    try valueEnded(at: offset + index)  // the byte is read again in the mode after
                }
            case .dot:
                guard Self.isDigit(byte) else { throw error("expected a digit after '.'", at: index) }
                mode = .fraction
                index += 1
            case .exponentMark, .exponentSign:
                if Self.isDigit(byte) {
                    mode = .exponent
                } else if mode == .exponentMark, byte == 0x2B || byte == 0x2D {
                    mode = .exponentSign
                } else {
                    throw error("expected a digit in the exponent", at: index)
                }
                index += 1
            case .literal:
                guard byte == literal.utf8Start[literalIndex] else {
                    throw error("unexpected character \(Self.describe(literal.utf8Start[0]))", atOffset: literalStart)
                }
                literalIndex += 1
                index += 1
                if literalIndex == literal.utf8CodeUnitCount { try valueEnded(at: offset + index) }
            }
        }
    }

    /// Ends the input: the document must be complete.
    mutating func finish() throws(JSONStreamError) {
        switch mode {
        case .zero, .integer, .fraction, .exponent: try valueEnded(at: offset)
        default: break
        }
        switch mode {
        case .end, .zero, .integer, .fraction, .exponent:
            if let error = target.errorAtEnd { throw .items(error) }
        case .start: throw error("empty input: no JSON value", at: 0)
        case .value, .valueOrClose: throw error("unexpected end of input", at: 0)
        case .keyOrClose, .key: throw error("expected a key in double quotes", at: 0)
        case .colon: throw error("expected ':' after the key", at: 0)
        case .next: throw error(stack.last == true ? "expected ',' or '}'" : "expected ',' or ']'", at: 0)
        case .string, .escape: throw error("unterminated string", at: 0)
        case .hex: throw error("expected 4 hex digits after \\u", at: 0)
        case .minus: throw error("expected a digit", at: 0)
        case .dot: throw error("expected a digit after '.'", at: 0)
        case .exponentMark, .exponentSign: throw error("expected a digit in the exponent", at: 0)
        case .literal: throw error("unexpected character \(Self.describe(literal.utf8Start[0]))", atOffset: literalStart)
        }
    }

    /// A byte that is not whitespace, outside strings, numbers and literals.
    private mutating func structural(_ byte: UInt8, at index: Int, base: UnsafePointer<UInt8>,
                                     captureFrom: inout Int) throws(JSONStreamError) {
        switch mode {
        case .start:
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            if offset + index == bomMatched, bomMatched < 3, byte == bom[bomMatched] {
                bomMatched += 1
                if bomMatched == 3 { lineStart = 3 }
                return
            }
            if bomMatched > 0, bomMatched < 3 { throw error("unexpected character 0xEF", atOffset: 0) }
            try valueStarts(byte, at: index)
        case .value, .valueOrClose:
            if mode == .valueOrClose, byte == 0x5D {
                try containerEnds(at: index)
            } else {
                try valueStarts(byte, at: index)
            }
        case .keyOrClose, .key:
            if mode == .keyOrClose, byte == 0x7D {
                try containerEnds(at: index)
            } else if byte == 0x22 {
                mode = .string
                stringIsKey = true
                if target.wantsKey(depth: stack.count) {
                    capturingKey = true
                    keyBytes.removeAll(keepingCapacity: true)
                    captureFrom = index + 1
                }
            } else {
                throw error("expected a key in double quotes", at: index)
            }
        case .colon:
            guard byte == 0x3A else { throw error("expected ':' after the key", at: index) }
            mode = .value
        case .next:
            let inObject = stack.last == true
            if byte == 0x2C {
                mode = inObject ? .key : .value
            } else if byte == (inObject ? 0x7D : 0x5D) {
                try containerEnds(at: index)
            } else {
                throw error(inObject ? "expected ',' or '}'" : "expected ',' or ']'", at: index)
            }
        case .end:
            throw error("unexpected text after the JSON value", at: index)
        default:
            preconditionFailure("JSONStreamParser: \(mode) is not a structural mode")
        }
    }

    /// The first byte of a value.
    private mutating func valueStarts(_ byte: UInt8, at index: Int) throws(JSONStreamError) {
        let start = offset + index
        let depth = stack.count
        let kind: JSONItemsTarget.Kind
        switch byte {
        case 0x7B: kind = .object
        case 0x5B: kind = .array
        case 0x22: kind = .string
        case 0x74, 0x66: kind = .boolean
        case 0x6E: kind = .null
        case 0x2D, 0x30...0x39: kind = .number
        default: throw error("unexpected character \(Self.describe(byte))", at: index)
        }
        if depth == elementDepth { elementStart = start }
        do {
            try target.valueStarts(kind, depth: depth)
        } catch {
            throw .items(error)
        }
        switch byte {
        case 0x7B, 0x5B:
            guard depth < Self.maximumDepth else { throw error("nested more than 512 levels deep", at: index) }
            stack.append(byte == 0x7B)
            mode = byte == 0x7B ? .keyOrClose : .valueOrClose
        case 0x22:
            mode = .string
            stringIsKey = false
        case 0x74, 0x66, 0x6E:
            literal = byte == 0x74 ? "true" : byte == 0x66 ? "false" : "null"
            literalIndex = 1
            literalStart = start
            mode = .literal
        case 0x2D: mode = .minus
        case 0x30: mode = .zero
        default: mode = .integer
        }
    }

    /// The depth of the target array's elements; -1 when none is open.
    private var elementDepth: Int { target.elementDepth ?? -1 }

    /// `]` or `}` at `index`.
    private mutating func containerEnds(at index: Int) throws(JSONStreamError) {
        do {
            try target.containerEnds(depth: stack.count - 1)
        } catch {
            throw .items(error)
        }
        stack.removeLast()
        try valueEnded(at: offset + index + 1)
    }

    /// A value ended just before `end`; what follows depends on its container.
    private mutating func valueEnded(at end: Int) throws(JSONStreamError) {
        if stack.count == elementDepth { elements.append(start: elementStart, end: end) }
        mode = stack.isEmpty ? .end : .next
    }

    private mutating func keyEnded() throws(JSONStreamError) {
        guard target.wantsKey(depth: stack.count) else { return }
        var quoted: [UInt8] = [0x22]
        quoted.append(contentsOf: keyBytes)
        quoted.append(0x22)
        let key: String
        if case .string(let decoded)? = try? JSONParser.parse(quoted) { key = decoded } else { key = String(decoding: keyBytes, as: UTF8.self) }
        target.keyRead(key, depth: stack.count)
    }

    private mutating func captureKey(_ bytes: UnsafeBufferPointer<UInt8>) {
        let room = 4096 - keyBytes.count
        guard room > 0 else { return }
        keyBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes.prefix(room)))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }

    static func describe(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "0x" + (hex.count == 1 ? "0" + hex : hex)
    }

    /// An error at `index` of the chunk being fed (at the end of the input when called from
    /// ``finish()``).
    private func error(_ reason: String, at index: Int) -> JSONStreamError {
        error(reason, atOffset: offset + index)
    }

    /// An error at byte `position` of the current line: the column counts characters.
    private func error(_ reason: String, atOffset position: Int) -> JSONStreamError {
        .syntax(JSONSyntaxError(reason: reason, line: line, column: max(1, position - lineStart - continuations + 1)))
    }
}

/// Why a streamed document stopped: it is not JSON, or the array to browse is not in it.
enum JSONStreamError: Error {
    case syntax(JSONSyntaxError)
    case items(JSONItemsError)
}
