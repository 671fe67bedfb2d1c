import ArgumentParser
import Lister
import ListerSources
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// `lister dir`: browse a directory; with `--pick`, choose a file.
struct DirCommand: InteractiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "dir",
        abstract: "Browse a directory: Enter opens a directory or previews a file.",
        discussion: """
            Directories come first, then files, each with its size and modification time. \
            '.' shows or hides hidden files. With --pick, Enter on a file prints its path and \
            exits 0, Right previews it; q exits 1.
            """
    )

    @Argument(help: "The directory to browse; the current directory when absent.")
    var path: String?

    @Flag(help: "Enter on a file prints its path and exits (q and Esc exit 1).")
    var pick = false

    @Flag(name: [.customShort("a"), .long], help: "Show hidden files from the start.")
    var all = false

    @OptionGroup var interface: InterfaceOptions

    /// The directory: PATH as given (its bytes kept, see ``PathBytes``), else the current
    /// directory's absolute path.
    var directory: String {
        if let path { return ArgumentBytes.path(path) }
        guard let cwd = getcwd(nil, 0) else { return "." }
        defer { free(cwd) }
        return PathBytes.string(UnsafeBufferPointer(start: UnsafeRawPointer(cwd).assumingMemoryBound(to: UInt8.self), count: strlen(cwd)))
    }

    func validate() throws {
        guard let path else { return }
        var info = stat()
        guard PathBytes.withCString(ArgumentBytes.path(path), { stat($0, &info) }) == 0 else {
            throw ValidationError("cannot open '\(path)': \(String(cString: strerror(errno)))")
        }
        if (info.st_mode & S_IFMT) != S_IFDIR {
            throw ValidationError("'\(path)' is not a directory")
        }
    }

    func execute() async throws {
        let log = try interface.openLog()
        let screen = DirScreen(directory: directory, showsHidden: all, picks: pick, logger: log.logger("lister.dir"))
        let outcome = try await AppRunner.run(screen, interface: interface, log: log)
        for entry in outcome.picked(as: DirEntry.self) {
            // The path's bytes as the directory had them, not UTF-8 made valid.
            try FileDescriptor.standardOutput.write(PathBytes.bytes(entry.path) + [0x0A], what: "the chosen path to standard output")
        }
        if pick, case .finished = outcome { throw ExitCode(1) }  // left without choosing
        throw ExitCode(outcome.exitStatus)
    }
}
