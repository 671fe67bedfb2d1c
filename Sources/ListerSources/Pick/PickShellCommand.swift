import Dispatch
import Lister
import Subprocess
import Synchronization

#if canImport(System)
import System
#else
import SystemPackage
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The commands of `--bind` actions (`execute-silent(CMD)`), run through `sh -c` with
/// swift-subprocess in a process group of their own, registered with ``PreviewProcesses`` so
/// that none outlives the picker.
enum PickShellCommand {
    /// Runs `commandLine` to its end, as fzf's `execute-silent` does: the picker waits (its
    /// keys wait with it), standard input is empty, the output is kept only to explain a
    /// failure. Returns nil on exit status 0, else what to show: the status and the last line
    /// of the command's output.
    @MainActor
    static func runSilently(_ commandLine: String, action: String) -> String? {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<String?>(nil)
        Task.detached {
            let message = await run(commandLine, action: action)
            result.withLock { $0 = message }
            done.signal()
        }
        // Blocking the main actor is the point: fzf's execute-silent holds the picker until
        // the command ends, so the actions after it in a chain see what it did. The command
        // runs on the cooperative pool, which this thread is not part of.
        done.wait()
        return result.withLock { $0 }
    }

    private static func run(_ commandLine: String, action: String) async -> String? {
        var options = PlatformOptions()
        options.processGroupID = 0  // a group of its own: killing it kills its children too
        do {
            let result = try await Subprocess.run(
                .path("/bin/sh"), arguments: ["-c", commandLine], platformOptions: options,
                input: .none, output: .sequence, error: .combinedWithOutput
            ) { execution in
                let group = execution.processIdentifier.value
                PreviewProcesses.shared.insert(group)
                defer { PreviewProcesses.shared.remove(group) }
                var bytes: [UInt8] = []
                for try await chunk in execution.standardOutput {
                    chunk.withUnsafeBytes { bytes.append(contentsOf: $0) }
                    if bytes.count > 1 << 16 { bytes.removeFirst(bytes.count - (1 << 16)) }  // the end explains a failure
                }
                return bytes
            }
            let last = String(decoding: result.closureResult, as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init)
            let detail = last.map { ": \($0)" } ?? ""
            switch result.terminationStatus {
            case .exited(0): return nil
            case .exited(let code): return "\(action) failed (exit status \(code))\(detail)"
            case .signaled(let signal): return "\(action) ended by signal \(signal)\(detail)"
            }
        } catch {
            return "\(action): cannot run /bin/sh: \(error)"
        }
    }

    /// Runs `commandLine` with the terminal (`/dev/tty` as its input and outputs), as fzf's
    /// `execute` does, and returns when it ends. It stays in the picker's process group, the
    /// terminal's foreground one, so it can read the keyboard.
    static func runInTerminal(_ commandLine: String) {
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else { return }
        defer { close(tty) }
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let terminal = FileDescriptor(rawValue: tty)
            _ = try? await Subprocess.run(
                .path("/bin/sh"), arguments: ["-c", commandLine],
                input: .fileDescriptor(terminal, closeAfterSpawningProcess: false),
                output: .fileDescriptor(terminal, closeAfterSpawningProcess: false),
                error: .fileDescriptor(terminal, closeAfterSpawningProcess: false))
            done.signal()
        }
        done.wait()  // on the curses thread, which draws nothing while the command has the terminal
    }
}
