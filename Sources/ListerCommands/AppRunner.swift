import Lister
import Logging
import TerminalNcurses

#if canImport(Glibc)
import Glibc
#endif

/// Runs a screen on the real terminal and gives the terminal back before returning.
@MainActor
package enum AppRunner {
    /// Runs `screen`; the runtime logs to `log` (the `--log` file, or nowhere).
    package static func run(_ screen: some Screen, interface: InterfaceOptions, log: DiagnosticLog = .none) async throws -> Outcome {
        let logger = log.logger("lister")
        logger.info("screen opening", metadata: ["screen": "\(type(of: screen))", "title": "\(screen.title)"])
        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal.open(options: TerminalOptions(mouse: !interface.noMouse))
        } catch {
            logger.error("cannot open the terminal", metadata: ["error": "\(error)"])
            throw error
        }
        let runtime = Runtime(root: screen, terminal: terminal, configuration: Configuration(logger: logger))
        let trap: Task<Void, Never>? = interface.debugTrap ? Task {
            // A hidden switch for testing that a crash leaves the terminal usable.
            try? await Task.sleep(for: .milliseconds(300))
            fatalError("lister --debug-trap: trapping on purpose")
        } : nil
        let outcome = await runtime.run()
        trap?.cancel()
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

    func write(_ text: String) { write(Array(text.utf8)) }

    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(fd, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
