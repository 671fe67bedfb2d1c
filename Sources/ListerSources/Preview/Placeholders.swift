import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// fzf's placeholders in a command (`--preview`, `--bind 'x:execute(…)'`), the one
/// implementation both use. Every value is shell-quoted:
///
/// - `{}` the selected line, `{+}` the marked lines (the selected one when none is marked),
///   space-separated;
/// - `{q}` the query; `{n}` the line's index in the input from 0, `{+n}` the marked ones';
/// - `{1}`, `{-1}`, `{2..}`, `{..3}`, `{1,3}` fields of the line (`--delimiter`), as fzf cuts
///   them: the last delimiter and the surrounding blanks removed; `{+1}` for each marked line;
/// - `{f}`, `{+f}` the path of a file holding the line or the marked lines, one a line.
///
/// Anything else between braces is left as it is, as fzf does.
package enum Placeholders {
    /// Expands `template` for `selection`. `file` writes lines to a file and returns its path
    /// (`{f}`, `{+f}`).
    package static func expand(_ template: String, selection: PreviewCommand.Selection, fields: PickFields = PickFields(),
                              file: ([String]) throws -> String = Placeholders.temporaryFile) throws -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                rest = rest[open...]
                break
            }
            let inside = rest[rest.index(after: open)..<close]
            if let value = try value(of: inside, selection: selection, fields: fields, file: file) {
                out += value
            } else {
                out += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    private static func value(of inside: Substring, selection: PreviewCommand.Selection, fields: PickFields,
                              file: ([String]) throws -> String) throws -> String? {
        var body = inside
        let plus = body.first == "+"
        if plus { body = body.dropFirst() }
        let lines = plus ? (selection.marked.isEmpty ? [selection.line] : selection.marked) : [selection.line]
        let indices = plus ? (selection.markedIndices.isEmpty ? [selection.index] : selection.markedIndices) : [selection.index]
        switch body {
        case "": return lines.map(quote).joined(separator: " ")
        case "q" where !plus: return quote(selection.query)
        case "n": return indices.map(String.init).joined(separator: " ")
        case "f": return quote(try file(lines))
        default:
            guard let ranges = try? PickFields.ranges(String(body), option: "{}") else { return nil }
            return lines.map { quote(cut($0, ranges, fields: fields)) }.joined(separator: " ")
        }
    }

    /// The fields `ranges` of `line`: without the last delimiter, blanks trimmed (as fzf).
    static func cut(_ line: String, _ ranges: [PickFields.Range], fields: PickFields) -> String {
        var text = String(decoding: Array(line.utf8).withUnsafeBufferPointer { fields.cut(ranges, of: $0) }, as: UTF8.self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }

    /// `text` in single quotes for `sh`: `it's` is `'it'\''s'`.
    package static func quote(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// Writes `lines` to a file in the temporary directory named after its content (the same
    /// lines, the same path: a preview keyed by its command line is not run again), and
    /// returns its path; ``removeTemporaryFiles()`` removes them when the picker ends.
    package static func temporaryFile(_ lines: [String]) throws(PlaceholderFileError) -> String {
        let text = lines.map { $0 + "\n" }.joined()
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let directory = (getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
            + "/lister-pick-\(getpid())"
        if mkdir(directory, 0o700) != 0, errno != EEXIST {
            throw PlaceholderFileError(path: directory, code: errno)
        }
        let path = directory + "/" + String(hash, radix: 16)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw PlaceholderFileError(path: path, code: errno) }
        defer { close(fd) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw PlaceholderFileError(path: path, code: errno) }
            bytes = bytes.dropFirst(written)
        }
        _ = created.withLock { $0.insert(path) }
        return path
    }

    /// The files ``temporaryFile(_:)`` wrote.
    private static let created = Mutex<Set<String>>([])

    /// Removes the files of ``temporaryFile(_:)`` and their directory.
    package static func removeTemporaryFiles() {
        let paths = created.withLock { paths in
            defer { paths = [] }
            return paths
        }
        for path in paths { unlink(path) }
        if let path = paths.first, let slash = path.lastIndex(of: "/") { rmdir(String(path[..<slash])) }
    }
}

/// A file for `{f}` or `{+f}` could not be written.
package struct PlaceholderFileError: Error, CustomStringConvertible {
    /// The file or directory.
    package let path: String
    /// `errno`.
    package let code: Int32

    package var description: String { "cannot write \(path) for {f}: \(String(cString: strerror(code)))" }
}
