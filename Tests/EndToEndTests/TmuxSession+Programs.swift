import Foundation

/// Finding the programs a ``TmuxSession`` runs.
extension TmuxSession {
    /// The built `lister` binary: `$LISTER_BIN` if set, else the `lister` next to the test
    /// runner (the `.xctest` in `<scratch>/debug/`, whichever scratch path built it), else
    /// `.build/debug/lister` in the package.
    static func listerPath() throws -> String {
        let fileManager = FileManager.default
        if let override = ProcessInfo.processInfo.environment["LISTER_BIN"], !override.isEmpty {
            guard fileManager.isExecutableFile(atPath: override) else {
                throw Failure("LISTER_BIN=\(override) is not an executable file")
            }
            return override
        }
        var starts: [URL] = []
        if let runner = Bundle.main.executableURL { starts.append(runner) }
        if let argument = CommandLine.arguments.first { starts.append(URL(fileURLWithPath: argument)) }
        var candidates: [String] = []
        for start in starts {
            // Linux: <scratch>/<triple>/debug/X.xctest is the runner itself; macOS: the runner is
            // X.xctest/Contents/MacOS/X. Either way `lister` is in a directory above it.
            var directory = start.resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent("lister").path)
                directory = directory.deletingLastPathComponent()
            }
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/lister").path)
        for candidate in candidates {
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                fileManager.isExecutableFile(atPath: candidate)
            {
                return candidate
            }
        }
        throw Failure(
            "cannot find the lister binary (build it with `swift build`, or set LISTER_BIN); looked at:\n"
                + candidates.joined(separator: "\n")
        )
    }

    /// An example program (`Examples/<name>`), built next to the `lister` the tests run.
    static func examplePath(_ name: String) throws -> String {
        let lister = URL(fileURLWithPath: try listerPath())
        let path = lister.deletingLastPathComponent().appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure("cannot find the example \(name) next to \(lister.path) (build it with `swift build`)")
        }
        return path
    }

    /// `tmux` on `PATH`; a clear failure when it is missing (`make deps` installs it).
    static func tmuxPath() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Failure("tmux is not installed (not found on PATH): the end-to-end tests need it; run `make deps`")
    }
}
