import Lister
import ListerSources
import Logging
import TerminalNcurses

#if canImport(Glibc)
import Glibc
#endif

/// Runs a screen on the real terminal and gives the terminal back before returning.
@MainActor
package enum AppRunner {
    /// Runs `screen`; the runtime logs to `log` (the `--log` file, or nowhere).
    package static func run(_ screen: some Screen, interface: InterfaceOptions, log: DiagnosticLog = .none,
                            keyMap: KeyMap = .standard, height: InlineHeight? = nil) async throws -> Outcome {
        try await run(screen, interface: interface.settings, log: log, keyMap: keyMap, height: height)
    }

    /// Runs `screen`; the runtime logs to `log` (the `--log` file, or nowhere).
    package static func run(_ screen: some Screen, interface: InterfaceSettings, log: DiagnosticLog = .none,
                            keyMap: KeyMap = .standard, height: InlineHeight? = nil) async throws -> Outcome {
        let logger = log.logger("lister")
        logger.info("screen opening", metadata: ["screen": "\(type(of: screen))", "title": "\(screen.title)"])
        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal.open(options: TerminalOptions(mouse: !interface.noMouse,
                                                                          colorEnabled: interface.noColor ? false : nil, height: height))
        } catch {
            logger.error("cannot open the terminal", metadata: ["error": "\(error)"])
            throw error
        }
        let runtime = Runtime(root: screen, terminal: terminal, configuration: Configuration(keyMap: keyMap, logger: logger))
        let trap: Task<Void, Never>? = interface.debugTrap ? Task {
            // A hidden switch for testing that a crash leaves the terminal usable.
            try? await Task.sleep(for: .milliseconds(300))
            fatalError("lister --debug-trap: trapping on purpose")
        } : nil
        let outcome = await runtime.run()
        trap?.cancel()
        // The runtime cancelled every load; a preview command whose teardown has not
        // finished yet is killed now, with its children, so none outlives the app.
        PreviewProcesses.shared.killAll()
        terminal.close()
        logger.info("screen closed", metadata: ["outcome": "\(summary(of: outcome))", "status": "\(outcome.exitStatus)"])
        return outcome
    }
}

/// The outcome for the log, without the picked items themselves (they may be private).
func summary(of outcome: Outcome) -> String {
    switch outcome {
    case .finished: return "finished"
    case .cancelled: return "cancelled"
    case .picked(let items): return "picked \(items.count)"
    case .interrupted(let signal): return "interrupted (\(signal))"
    }
}

/// Writes bytes to a file descriptor exactly, without buffering.
struct FileDescriptor {
    let fd: Int32

    static let standardOutput = FileDescriptor(fd: 1)
    static let standardError = FileDescriptor(fd: 2)

    /// A write that failed: the chosen items did not all reach their destination.
    struct WriteError: Error, CustomStringConvertible {
        let what: String
        let code: Int32
        var description: String { "cannot write \(what): \(String(cString: strerror(code)))" }
    }

    /// Writes `text`, ignoring failures (for messages on stderr, which has nowhere to report).
    func write(_ text: String) { _ = attempt(Array(text.utf8)) }

    /// Writes all of `bytes`, or throws: a full disk, a file-size limit (`ulimit -f`, with
    /// SIGXFSZ ignored) or a closed descriptor must not lose the picked line silently.
    func write(_ bytes: [UInt8], what: String) throws(WriteError) {
        if let code = attempt(bytes) { throw WriteError(what: what, code: code) }
    }

    /// Writes all of `bytes`; the `errno` of the failure, if any.
    private func attempt(_ bytes: [UInt8]) -> Int32? {
        bytes.withUnsafeBytes { raw -> Int32? in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(fd, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }
}
