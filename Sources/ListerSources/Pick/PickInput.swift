import Lister
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// The text a pick searches: the lines, or only their `--nth` fields; with `--ansi`,
/// without escape sequences.
///
/// Safe to read from several tasks at once: the fields are cut into a buffer local to
/// each batch.
package struct PickText: FilterableText {
    /// The lines.
    package let lines: LineStore
    /// Which fields are searched.
    package let fields: PickFields
    /// Whether escape sequences are removed before matching (`--ansi`).
    package let ansi: Bool
    /// The input index of row 0 (the `--header-lines` read before `lines`), for `{n}`.
    package let firstIndex: Int

    /// Searches `fields` of `lines`, without escape sequences when `ansi`; row 0 is the
    /// input's line `firstIndex` (from 0).
    package init(lines: LineStore, fields: PickFields, ansi: Bool = false, firstIndex: Int = 0) {
        self.lines = lines
        self.fields = fields
        self.ansi = ansi
        self.firstIndex = firstIndex
    }

    package var count: Int { lines.count }

    package func withUTF8(row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard !fields.isIdentity || ansi else { return lines.withUTF8(row: row, body) }
        let buffers = Buffers()
        lines.withUTF8(row: row) { transform($0, index: firstIndex + row, buffers: buffers, body) }
    }

    package func forEachUTF8(in rows: FilterRowBatch, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        guard !fields.isIdentity || ansi else { return lines.forEachUTF8(in: rows, body) }
        let buffers = Buffers()
        lines.forEachUTF8(in: rows) { row, bytes in
            transform(bytes, index: firstIndex + row, buffers: buffers) { body(row, $0) }
        }
    }

    /// Buffers reused from line to line of one batch (a class, so that nested closures can
    /// fill one buffer while reading another; never shared between tasks).
    final class Buffers {
        var shown: [UInt8] = [], plain: [UInt8] = [], selected: [UInt8] = []
        /// The fields of a line, and the byte ranges `--nth` searches.
        var fields: [Range<Int>] = [], searched: [Range<Int>] = []
    }

    /// The `--nth` fields of the row as shown, joined (``PickFields/searched(_:of:into:)``).
    func transform(_ line: UnsafeBufferPointer<UInt8>, index: Int, buffers: Buffers,
                   _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        shown(line, index: index, buffers: buffers) { shown in
            guard let nth = fields.nth else { return body(shown) }
            fields.searched(nth, of: shown, into: &buffers.selected)
            buffers.selected.withUnsafeBufferPointer(body)
        }
    }

    /// The row as fzf shows, searches and measures it: its `--with-nth` fields (cut from the
    /// line as read), then (`--ansi`) without escape sequences. `--nth` cuts its fields
    /// from this text, as fzf does.
    func shown(_ line: UnsafeBufferPointer<UInt8>, index: Int, buffers: Buffers,
               _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        func stripped(_ text: UnsafeBufferPointer<UInt8>) {
            guard ansi else { return body(text) }
            PickANSI.strip(text, into: &buffers.plain)
            buffers.plain.withUnsafeBufferPointer(body)
        }
        guard let withNth = fields.withNth else { return stripped(line) }
        fields.render(withNth, of: line, index: index, accepted: false, into: &buffers.shown)
        buffers.shown.withUnsafeBufferPointer(stripped)
    }
}

/// Where `lister pick` reads its lines: standard input, or the output of
/// `LISTER_DEFAULT_COMMAND` run through `sh -c` when standard input is a terminal.
package enum PickInput {
    /// A failure to start or read the input; exit status 2.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The descriptor to read and the child to wait for, if any.
    package static func open(defaultCommand: String?, stdinIsTerminal: Bool) throws(Failure) -> (fd: Int32, child: pid_t?) {
        guard stdinIsTerminal else { return (0, nil) }
        guard let command = defaultCommand, !command.isEmpty else {
            throw Failure(description: "no input: pipe lines into standard input (find . | lister pick), or set LISTER_DEFAULT_COMMAND")
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            throw Failure(description: "cannot run LISTER_DEFAULT_COMMAND: \(String(cString: strerror(errno)))")
        }
        for fd in pipeEnds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }  // no later child inherits an end
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sh"), strdup("-c"), strdup(command), nil]
        defer { for pointer in argv { free(pointer) } }
        let status = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard status == 0 else {
            close(pipeEnds[0])
            throw Failure(description: "cannot run LISTER_DEFAULT_COMMAND with /bin/sh: \(String(cString: strerror(status)))")
        }
        return (pipeEnds[0], pid)
    }

    /// Reads every line of `fd` (used by `--filter`, which needs them all before it ranks).
    package static func readAll(fd: Int32, separator: UInt8) throws -> LineStore {
        try LineReader.read(fd: fd, name: fd == 0 ? "standard input" : "the output of LISTER_DEFAULT_COMMAND",
                            separator: separator, progress: .ignored)
    }

    /// Reads the first `count` lines of `fd` (`--header-lines`), a byte at a time so that
    /// not a byte more is taken: the rest is read as usual, from a pipe or from where a
    /// file now stands. Fewer when the input ends first.
    package static func readHeader(fd: Int32, count: Int, separator: UInt8) throws -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while lines.count < count {
            let result = read(fd, &byte, 1)
            if result < 0, errno == EINTR { continue }
            if result < 0 {
                throw ListError("cannot read the header lines: \(String(cString: strerror(errno)))", isRetryable: false)
            }
            if result == 0 { break }
            if byte == separator {
                lines.append(line)
                line.removeAll()
            } else {
                line.append(byte)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Waits for the child started by ``open(defaultCommand:stdinIsTerminal:)``.
    package static func wait(for child: pid_t?) {
        guard let child else { return }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    }
}
