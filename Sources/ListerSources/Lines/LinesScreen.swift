import Lister
import Logging
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// Where `lister lines` reads from.
package enum LineInput: Sendable, Hashable {
    /// Standard input (a pipe or a file redirected in); it can be read only once.
    case standardInput
    /// A file, read again on refresh.
    case file(String)

    /// A name for messages: the path, or "standard input".
    package var name: String {
        switch self {
        case .standardInput: return "standard input"
        case .file(let path): return path
        }
    }
}

/// A picker over the lines of a file or of standard input, like fzf: Enter ends the app
/// with the chosen line.
package struct LinesScreen: ListScreen {
    /// Where the lines come from.
    package let input: LineInput
    /// The byte that ends a line: newline, or NUL with `--read0`.
    package let separator: UInt8

    /// Whether several lines can be chosen (Tab marks).
    package let multiple: Bool

    /// Where reading logs what is not the runtime's (`lister lines --log FILE`): input
    /// moved to a temporary file, or kept in memory because the file failed.
    package let logger: Logger

    /// The command that previews the selected line (`--preview`); nil for no pane.
    package var previewCommand: PreviewCommand?
    /// Where the preview pane goes (`--preview-window`).
    package var previewWindow = PreviewPlacement.right(.percent(50))

    /// The first lines of the file, read before the screen opened (``readHead()``): the
    /// first frame shows them while the load reads the file from its start (and its
    /// reports continue them). Nil by default: the first frame waits for the load's first
    /// report.
    package private(set) var head: LineStore?

    /// Reads the lines that end in the first 64 KB of a regular file (or of standard input
    /// that is one) on the calling thread, for the first frame. Nothing for a pipe.
    package mutating func readHead() {
        head = LineReader.head(of: input, separator: separator)
    }

    /// Creates the screen.
    package init(input: LineInput, separator: UInt8 = 0x0A, multiple: Bool = false,
                logger: Logger = Configuration.silentLogger) {
        self.input = input
        self.separator = separator
        self.multiple = multiple
        self.logger = logger
    }

    package var title: String {
        switch input {
        case .standardInput: return "lines"
        case .file(let path): return path
        }
    }

    package var pickMode: PickMode { multiple ? .multiple : .single }

    package var emptyMessage: String { "No lines in \(input.name)" }

    package var initialItems: LineStore? { head }

    package var continuesInitialItems: Bool { head != nil }

    /// A pipe cannot be read twice; a file can.
    package var canReload: Bool { input != .standardInput }

    package nonisolated func load() async throws -> LineStore {
        try await load(progress: .ignored)
    }

    /// Reads the input, showing the lines read so far while it goes on: a slow producer's
    /// first lines show at once, and the list stays navigable while it grows. Past 8 MiB,
    /// input that cannot be read back (a pipe) moves to an unlinked file in `$TMPDIR`.
    package nonisolated func load(progress: LoadProgress<LineStore>) async throws -> LineStore {
        switch input {
        case .standardInput:
            return try LineReader.read(fd: 0, name: input.name, separator: separator, logger: logger, progress: progress)
        case .file(let path):
            let fd = PathBytes.withCString(path) { Glibc.open($0, O_RDONLY) }
            guard fd >= 0 else {
                throw ListError("cannot open \(path): \(String(cString: strerror(errno)))", isRetryable: errno != ENOENT)
            }
            defer { Glibc.close(fd) }
            return try LineReader.read(fd: fd, name: path, separator: separator, logger: logger, progress: progress)
        }
    }

    package func row(_ line: Line, context: RowContext) -> Text { Text(line.description) }

    package var previewPlacement: PreviewPlacement? { previewCommand == nil ? nil : previewWindow }

    package func preview(_ line: Line, context: ListContext<Self>) -> Preview? {
        previewCommand.map {
            LinePreview.preview(of: line, command: $0, query: context.filterText, marks: context.marks, items: context.state.items)
        }
    }

    /// Says so when the file was truncated under the list: its lost lines show as `^@`.
    package func statusNote(_ context: ListContext<Self>) -> String? {
        guard (context.state.items.storage as? LineStore)?.hasShrunk == true else { return nil }
        return "file shrank: ^@ stands for lost bytes"
    }

    /// The `/` filter takes fzf's extended syntax (fuzzy terms, `'exact`, `'word'`,
    /// `^prefix`, `suffix$`, `!not`, `|`); the list keeps its order.
    package func filterQuery(_ text: String) -> FilterQuery { FilterQuery(extended: text) }

    /// The filter reads the lines' bytes where they are, without a string per line.
    package func filterSource(for items: ItemList<Line>) -> (any FilterableText)? {
        items.storage as? LineStore
    }
}
