import Lister
import Logging
import TerminalCore

/// `lister dir`: a directory's entries as a table (name, size, modified, kind), directories
/// first until sorted by a column (`s`, `S`, a click on a title). Enter opens a directory (a
/// list of its own) or previews a file; `.` shows or hides hidden entries. With `picks`,
/// Enter on a file ends the app with it.
package struct DirScreen: TableScreen {
    /// The directory listed.
    package let directory: String
    /// Whether entries whose names start with a dot are listed.
    package var showsHidden: Bool
    /// Whether Enter on a file picks it (`--pick`) rather than previewing it.
    package let picks: Bool
    /// The header: the path for the first screen, a name for those opened from it (the
    /// breadcrumb joins them).
    package let title: String
    /// Where directory reads and previews are logged (`lister dir --log FILE`).
    package let logger: Logger

    /// Creates the screen for `directory`, titled `title` (by default the path).
    package init(directory: String, title: String? = nil, showsHidden: Bool = false, picks: Bool = false,
                logger: Logger = Configuration.silentLogger) {
        self.directory = directory
        self.title = title ?? directory
        self.showsHidden = showsHidden
        self.picks = picks
        self.logger = logger
    }

    package var emptyMessage: String {
        showsHidden ? "\(directory) is empty" : "No visible entries in \(directory) · . shows hidden ones"
    }

    package nonisolated func load() async throws -> [DirEntry] {
        let start = ContinuousClock.now
        do {
            let entries = try DirReader.entries(of: directory, includeHidden: showsHidden)
            logger.debug("dir read", metadata: [
                "path": "\(directory)", "entries": "\(entries.count)", "hidden": "\(showsHidden)", "ms": "\(start.millisecondsAgo)",
            ])
            return entries
        } catch let error as ListError {
            logger.warning("dir read failed", metadata: ["path": "\(directory)", "error": "\(error.message)"])
            throw error
        }
    }

    /// Name (a directory ends with `/`, a link shows its target), size (as `ls -h`, none for
    /// a directory), modification time and kind; each sorts by its value (bytes, seconds).
    package var columns: [TableColumn<DirEntry>] {
        [TableColumn("Name") { $0.name }.text { DirScreen.name(of: $0) },
         TableColumn("Size", alignment: .trailing) { $0.isDirectory ? nil : $0.size }.text { entry in
             entry.isDirectory ? Text("-").dim() : Text(DirFormat.size(entry.size))
         },
         TableColumn("Modified", alignment: .leading) { $0.modified }.text { Text(DirFormat.time($0.modified)).dim() },
         TableColumn("Kind") { $0.kindName }.text { Text($0.kindName).dim() }]
    }

    /// The name stays in view when the other columns scroll sideways.
    package var frozenColumns: Int { 1 }

    nonisolated static func name(of entry: DirEntry) -> Text {
        switch entry.kind {
        case .directory:
            return Text(entry.name + "/").bold().foreground(.blue)
        case .file:
            return Text(entry.name)
        case .symlink(let target, let resolved):
            let name = resolved == .directory ? Text(entry.name + "/").bold().foreground(.cyan) : Text(entry.name).foreground(.cyan)
            guard resolved != nil else {
                return Text(entry.name).foreground(.red) + Text(" -> \(target)") + Text(" (broken link)").foreground(.red)
            }
            return name + Text(" -> \(target)").dim()
        case .symlinkLoop(let target):
            return Text(entry.name).foreground(.red) + Text(" -> \(target)") + Text(" (symlink loop)").foreground(.red)
        case .other(let kind):
            return Text(entry.name).foreground(.yellow) + Text(" (\(kind))").dim()
        }
    }

    /// The filter searches names only.
    package func filterText(_ entry: DirEntry) -> String { entry.name }

    package func open(_ entry: DirEntry) -> OpenResult {
        if entry.isDirectory {
            return .screen(DirScreen(directory: entry.path, title: entry.name + "/", showsHidden: showsHidden, picks: picks, logger: logger))
        }
        if picks, !entry.isBrokenLink { return .pick(entry) }
        return .screen(FilePreviewScreen(entry: entry, logger: logger))
    }

    /// Right previews a file even when Enter picks it (`--pick`): a file can be looked at
    /// before it is chosen.
    package func drillIn(_ entry: DirEntry) -> OpenResult {
        if entry.isDirectory { return open(entry) }
        return .screen(FilePreviewScreen(entry: entry, logger: logger))
    }

    package var actions: [ScreenAction<DirScreen>] {
        [ScreenAction(.character("."), help: "Show or hide hidden files") { screen in
            var changed = screen
            changed.showsHidden.toggle()
            return changed
        }]
    }
}
