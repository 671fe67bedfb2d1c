import Lister
import TerminalCore

/// The preview pane of `lister dir`: the beginning of a file, "binary file, N bytes", or a
/// directory's entries; Enter still opens the full view.
extension DirScreen {
    package var previewPlacement: PreviewPlacement? { .right(.percent(45)) }

    package func preview(_ entry: DirEntry, context: ListContext<DirScreen>) -> Preview? {
        let showsHidden = self.showsHidden
        // Keyed by path and modification time: a file written since is read again. Reading
        // a file's head has no side effects, so the neighbours' previews load ahead.
        return Preview(key: "\(entry.path)\u{0}\(entry.modified)", prefetchesNeighbours: true) {
            try DirPreview.text(of: entry, showsHidden: showsHidden)
        }
    }
}

/// What the pane shows for an entry.
enum DirPreview {
    static func text(of entry: DirEntry, showsHidden: Bool) throws -> PreviewText {
        switch entry.kind {
        case .symlink(let target, nil):
            throw ListError("broken symbolic link to \(target)", isRetryable: true)
        case .symlinkLoop(let target):
            throw ListError("symbolic link loop (to \(target))", isRetryable: true)
        default:
            break
        }
        if entry.isDirectory {
            let entries = try DirReader.entries(of: entry.path, includeHidden: showsHidden)
            if entries.isEmpty { return PreviewText(lines: [Text(showsHidden ? "empty directory" : "no visible entries").dim()]) }
            let shown = entries.prefix(PreviewText.lineLimit)
            let lines = shown.map { $0.isDirectory ? Text($0.name + "/").bold().foreground(.blue) : Text($0.name) }
            let count = entries.count == 1 ? "1 entry" : "\(entries.count) entries"
            return PreviewText(lines: lines, note: shown.count < entries.count ? "\(count), the first \(shown.count) shown" : count)
        }
        let preview = try FilePreview.read(entry.path)
        switch preview.content {
        case .binary:
            return PreviewText(lines: [Text("binary file, \(preview.size) bytes").dim()])
        case .special(let kind):
            return PreviewText(lines: [Text("\(kind), not previewed").dim()])
        case .text(let lines, let truncated):
            let note = truncated ? "the first \(FilePreview.limit / 1024) KiB of \(preview.size) bytes" : nil
            return PreviewText(lines: lines.map { Text(Sanitizer.clean($0)) }, note: note)
        }
    }
}
