import Lister
import Subprocess
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// `--preview CMD`: a shell command whose output previews the selected line, with fzf's
/// placeholders (``Placeholders``): `{}` the line, `{n}` its index from 0, `{q}` the query,
/// `{+}` the marked lines (the selected one when none is marked), `{1}` a field, `{+f}` a
/// file of the marked lines, each shell-quoted.
///
/// The command runs through `sh -c` in a process group of its own, with standard error
/// joined to standard output. When the selection moves on, the load's task is cancelled and
/// the whole group is killed (SIGTERM, SIGKILL 100 ms later), so a command that starts
/// children leaves none behind; ``PreviewProcesses/killAll()`` kills what is still running
/// when the app ends.
package struct PreviewCommand: Hashable, Sendable {
    /// The command as given, placeholders and all.
    package let template: String
    /// Whether the SGR colours of its output are shown (`--ansi`); otherwise an escape
    /// shows as `^[`. Other escape sequences are removed either way.
    package var ansi: Bool
    /// How `{1}`, `{-1}`... cut the line (`--delimiter`).
    package var fields: PickFields
    /// Where each preview opens (`--preview-window +{2}-5`); nil: at its top.
    package var scroll: PreviewWindow.Scroll?
    /// How many times the preview was asked to run again (fzf's `refresh-preview`): part
    /// of each preview's key, so the same line's preview is not taken from the cache.
    package var generation = 0

    /// A command from `--preview`.
    package init(_ template: String, ansi: Bool = false, fields: PickFields = PickFields()) {
        self.template = template
        self.ansi = ansi
        self.fields = fields
    }

    /// What the selection gives the placeholders.
    package struct Selection: Hashable, Sendable {
        /// The selected line.
        package var line: String
        /// Its index in the input, from 0.
        package var index: Int
        /// The filter's query.
        package var query: String
        /// The marked lines, in input order.
        package var marked: [String]
        /// The indices of the marked lines in the input, from 0, in the order of ``marked``.
        package var markedIndices: [Int]

        /// A selection.
        package init(line: String, index: Int, query: String = "", marked: [String] = [], markedIndices: [Int] = []) {
            self.line = line
            self.markedIndices = markedIndices
            self.index = index
            self.query = query
            self.marked = marked
        }
    }

    /// The command line for `selection`: each placeholder replaced by its quoted value
    /// (``Placeholders``).
    package func commandLine(for selection: Selection) -> String {
        (try? Placeholders.expand(template, selection: selection, fields: fields)) ?? template
    }

    /// `text` in single quotes for `sh`: `it's` is `'it'\''s'`.
    package static func quote(_ text: String) -> String { Placeholders.quote(text) }

    /// Runs the command for `selection` and returns its output (both streams) as preview
    /// lines, cut at ``PreviewText/byteLimit``; a non-zero exit status or a signal is noted.
    /// The output so far goes to `progress` as it comes (at most every 50 ms), so a slow
    /// command shows its first lines at once.
    package func run(for selection: Selection, progress: LoadProgress<PreviewText> = .ignored) async throws -> PreviewText {
        try await run(commandLine: commandLine(for: selection), progress: progress)
    }

    /// The longest command line passed to `sh -c` as an argument: Linux refuses one string
    /// of an argument list past 128 KiB (`E2BIG`). A longer one (a long line in `{}`) is
    /// written to a temporary file that `sh` reads, as fzf's `{+f}` passes lines in a file.
    static let argumentLimit = 100_000

    /// Runs `commandLine` (this command with its placeholders filled) as ``run(for:progress:)`` does.
    /// `environment` is set over the inherited one.
    func run(commandLine: String, progress: LoadProgress<PreviewText>, environment: [String: String] = [:]) async throws -> PreviewText {
        guard commandLine.utf8.count > Self.argumentLimit else {
            return try await run(arguments: ["-c", commandLine], progress: progress, environment: environment)
        }
        let script = try Self.scriptFile(commandLine)
        defer { unlink(script) }
        return try await run(arguments: [script], progress: progress, environment: environment)
    }

    /// A new file in the temporary directory holding `commandLine`: its path.
    static func scriptFile(_ commandLine: String) throws -> String {
        var template = Array((LineSpillPolicy.temporaryDirectory() + "/lister-preview-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw ListError("cannot run the preview command: its command line is too long to pass as an argument, and a temporary file for it cannot be made: \(String(cString: strerror(errno)))",
                            isRetryable: true)
        }
        defer { close(fd) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var bytes = Array(commandLine.utf8)
        bytes.append(0x0A)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                unlink(path)
                throw ListError("cannot run the preview command: cannot write its temporary file: \(reason)", isRetryable: true)
            }
            written += count
        }
        return path
    }

    /// Runs `sh` with `arguments` as ``run(for:progress:)`` does.
    private func run(arguments: [String], progress: LoadProgress<PreviewText>, environment: [String: String]) async throws -> PreviewText {
        var options = PlatformOptions()
        options.processGroupID = 0  // a group of its own: killing it kills its children too
        options.teardownSequence = [.send(signal: .terminate, toProcessGroup: true, allowedDurationToNextStep: .milliseconds(100))]
        let limit = PreviewText.byteLimit
        let ansi = self.ansi
        let bytes: [UInt8], cut: Bool, status: TerminationStatus
        do {
            let result = try await Subprocess.run(
                .path("/bin/sh"), arguments: Arguments(arguments),
                environment: PickVariables.environment(environment), platformOptions: options,
                input: .none, output: .sequence, error: .combinedWithOutput
            ) { execution in
                let group = execution.processIdentifier.value
                PreviewProcesses.shared.insert(group)
                defer { PreviewProcesses.shared.remove(group) }
                var bytes: [UInt8] = []
                let clock = ContinuousClock()
                var reported: ContinuousClock.Instant?
                for try await chunk in execution.standardOutput {
                    chunk.withUnsafeBytes { bytes.append(contentsOf: $0) }
                    if reported.map({ clock.now - $0 >= .milliseconds(50) }) ?? true, bytes.count <= limit {
                        reported = clock.now
                        progress(PreviewText(bytes: bytes, ansi: ansi))
                    }
                    if bytes.count > limit {
                        // Enough to show: the rest is never read, and the command is stopped.
                        try? execution.send(signal: .kill, toProcessGroup: true)
                        return (Array(bytes.prefix(limit)), true)
                    }
                }
                return (bytes, false)
            }
            (bytes, cut) = result.closureResult
            status = result.terminationStatus
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if Task.isCancelled { throw CancellationError() }
            // The cause first (E2BIG, ENOMEM…): Subprocess's own text starts with a long preamble.
            if let underlying = (error as? SubprocessError)?.underlyingError {
                throw ListError("cannot run the preview command: \(underlying)", isRetryable: true)
            }
            throw ListError("cannot run the preview command: \(error)", isRetryable: true)
        }
        var note: String?
        switch status {
        case .exited(0): note = nil
        case .exited(let code): note = cut ? nil : "exit status \(code)"
        case .signaled(let signal): note = cut ? nil : "ended by signal \(signal)"
        }
        if cut { note = "cut at \(limit / (1 << 20)) MB" }
        return PreviewText(bytes: bytes, note: note, ansi: ansi)
    }
}

/// The process groups of preview commands still running, so that none outlives the app.
package final class PreviewProcesses: Sendable {
    /// The groups of this process's preview commands.
    package static let shared = PreviewProcesses()

    private let groups = Mutex<Set<pid_t>>([])

    func insert(_ group: pid_t) { groups.withLock { _ = $0.insert(group) } }

    func remove(_ group: pid_t) { groups.withLock { _ = $0.remove(group) } }

    /// Whether `group` is one of them.
    func contains(_ group: pid_t) -> Bool { groups.withLock { $0.contains(group) } }

    /// How many preview commands are running.
    package var count: Int { groups.withLock { $0.count } }

    /// Kills every preview command still running, with its children (the app is ending,
    /// and a cancelled command's teardown may not have finished). The kills are sent under
    /// the lock, so a group removed before its leader is reaped is never killed after.
    package func killAll() {
        groups.withLock { groups in
            for group in groups { kill(-group, SIGKILL) }
        }
    }
}
