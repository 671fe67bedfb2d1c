import Lister
import TerminalNcurses

#if canImport(Glibc)
import Glibc
#endif

/// Runs a screen on the real terminal and gives the terminal back before returning.
@MainActor
enum AppRunner {
    static func run(_ screen: some Screen, interface: InterfaceOptions) async throws -> Outcome {
        let terminal = try NcursesTerminal.open(options: TerminalOptions(mouse: !interface.noMouse))
        let runtime = Runtime(root: screen, terminal: terminal)
        let trap: Task<Void, Never>? = interface.debugTrap ? Task {
            // A hidden switch for testing that a crash leaves the terminal usable.
            try? await Task.sleep(for: .milliseconds(300))
            fatalError("lister --debug-trap: trapping on purpose")
        } : nil
        let outcome = await runtime.run()
        trap?.cancel()
        terminal.close()
        return outcome
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
