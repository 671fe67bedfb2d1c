import Lister
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// A JSON document read chunk by chunk: each chunk is kept (``JSONByteStore``) and checked
/// (``JSONStreamParser``) as it arrives, and the elements of the array browsed are rows at
/// once (``snapshot()``). The first byte that cannot continue JSON stops it, as does a
/// document larger than `maxBytes`.
package struct JSONDocumentBuilder {
    /// The document's name in messages: a path, `standard input`, a URL.
    package let name: String
    /// The most bytes read before the read stops (`--max-body`).
    package let maxBytes: Int
    private let idField: String?
    private let bytes: JSONByteStore
    private var parser: JSONStreamParser

    /// Starts a document named `name` whose array at `itemsPath` (default: the root array or
    /// the only array field) is browsed, kept in memory and then in a temporary file.
    package init(name: String, itemsPath: String?, idField: String?, maxBytes: Int = .max,
                logger: Logger = Configuration.silentLogger) {
        self.init(name: name, itemsPath: itemsPath, idField: idField, maxBytes: maxBytes, bytes: JSONByteStore(logger: logger))
    }

    init(name: String, itemsPath: String?, idField: String?, maxBytes: Int, bytes: JSONByteStore) {
        self.name = name
        self.maxBytes = maxBytes
        self.idField = idField
        self.bytes = bytes
        parser = JSONStreamParser(target: JSONItemsTarget(path: itemsPath))
    }

    /// The elements found so far.
    package var count: Int { parser.elements.count }
    /// The bytes read so far.
    package var bytesRead: Int { parser.offset }
    /// Why the document is not JSON, once a byte showed it.
    package private(set) var syntaxError: JSONSyntaxError?

    /// Reads the next bytes of the document.
    ///
    /// - Throws: a ``ListError`` (not retryable) when they are not JSON, when the array is
    ///   not where it was asked for, or when the document passes ``maxBytes``; the rows
    ///   found before stay in ``snapshot()``.
    package mutating func append(_ chunk: UnsafeBufferPointer<UInt8>) throws(ListError) {
        let allowed = max(0, min(chunk.count, maxBytes - parser.offset))
        let part = UnsafeBufferPointer(rebasing: chunk[..<allowed])
        bytes.append(part)
        do {
            try parser.feed(part)
        } catch {
            throw describe(error)
        }
        if allowed < chunk.count {
            throw ListError("\(name) is larger than \(JSONSize.text(maxBytes)): stopped reading there (raise the limit with --max-body SIZE)",
                            isRetryable: false)
        }
    }

    /// Ends the document: the rows, or why it is not complete JSON.
    package mutating func finish() throws(ListError) -> JSONRows {
        do {
            try parser.finish()
        } catch {
            throw describe(error)
        }
        return snapshot()
    }

    /// The rows found so far.
    package func snapshot() -> JSONRows {
        JSONRows(index: parser.elements.snapshot(), bytes: bytes, idField: idField, bytesRead: parser.offset)
    }

    private mutating func describe(_ error: JSONStreamError) -> ListError {
        switch error {
        case .syntax(let error):
            syntaxError = error
            return ListError("\(name) is not valid JSON: \(error)", isRetryable: false)
        case .items(let error): return ListError(error.message, isRetryable: false)
        }
    }
}

/// Sizes for `--max-body` and the status bar, in units of 1024: `2G`, `500M`, `64K`, bytes.
package enum JSONSize {
    /// The default largest document: 2 GiB.
    package static let defaultLimit = 2 << 30

    /// Parses `2G`, `500M`, `64K`, `1024` (an optional `B` or `iB` after the unit); nil if it is not a size.
    package static func parse(_ text: String) -> Int? {
        var digits = Substring(text.uppercased())
        for suffix in ["IB", "B"] where digits.hasSuffix(suffix) && digits.count > suffix.count {
            digits = digits.dropLast(suffix.count)
            break
        }
        var unit = 1
        if let last = digits.last, let shift = ["K": 10, "M": 20, "G": 30, "T": 40][String(last)] {
            unit = 1 << shift
            digits = digits.dropLast()
        }
        guard let number = Int(digits), number >= 0 else { return nil }
        let (product, overflow) = number.multipliedReportingOverflow(by: unit)
        return overflow ? nil : product
    }

    /// `2 GB`, `500 MB`, `12.5 MB`, `300 KB`, `12 bytes` (units of 1024).
    package static func text(_ bytes: Int) -> String {
        for (unit, shift) in [("GB", 30), ("MB", 20), ("KB", 10)] where bytes >= 1 << shift {
            let tenths = bytes * 10 / (1 << shift)
            return tenths % 10 == 0 || tenths >= 1000 ? "\(tenths / 10) \(unit)" : "\(tenths / 10).\(tenths % 10) \(unit)"
        }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}
