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
    static func runSilently(_ commandLine: String, action: String, exporting variables: PickVariables = PickVariables()) -> String? {
        waitFor { await run(commandLine, action: action, keepsAll: false, variables: variables).failure }
    }

    /// Runs `commandLine` to its end as ``runSilently(_:action:)`` does, for the
    /// `transform` actions: returns its output (at most 1 MiB) and, when it failed, what to
    /// show. fzf uses the output of a failed command too.
    @MainActor
    static func output(of commandLine: String, action: String,
                       exporting variables: PickVariables = PickVariables()) -> (output: String, failure: String?) {
        waitFor {
            let result = await run(commandLine, action: action, keepsAll: true, variables: variables)
            return (String(decoding: result.output, as: UTF8.self), result.failure)
        }
    }

    /// Blocks the main actor until `body` has run on the cooperative pool.
    @MainActor
    private static func waitFor<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<T?>(nil)
        Task.detached {
            let value = await body()
            result.withLock { $0 = value }
            done.signal()
        }
        // Blocking the main actor is the point: fzf's execute-silent holds the picker until
        // the command ends, so the actions after it in a chain see what it did. The command
        // runs on the cooperative pool, which this thread is not part of.
        done.wait()
        return result.withLock { $0! }
    }

    /// Runs `commandLine`; its output (standard error joined to it unless `keepsAll`), the
    /// last 64 KiB of it, or with `keepsAll` the first MiB of standard output alone, and
    /// the message of a failure.
    private static func run(_ commandLine: String, action: String, keepsAll: Bool,
                            variables: PickVariables) async -> (output: [UInt8], failure: String?) {
        keepsAll ? await run(commandLine, action: action, keepsAll: true, variables: variables, error: .discarded)
                 : await run(commandLine, action: action, keepsAll: false, variables: variables, error: .combinedWithOutput)
    }

    private static func run<Error: ErrorOutputProtocol>(_ commandLine: String, action: String, keepsAll: Bool, variables: PickVariables,
                                                        error: Error) async -> (output: [UInt8], failure: String?) {
        var options = PlatformOptions()
        options.processGroupID = 0  // a group of its own: killing it kills its children too
        do {
            let result = try await Subprocess.run(
                .path("/bin/sh"), arguments: ["-c", commandLine], environment: variables.environment, platformOptions: options,
                input: .none, output: .sequence, error: error
            ) { execution in
                let group = execution.processIdentifier.value
                PreviewProcesses.shared.insert(group)
                defer { PreviewProcesses.shared.remove(group) }
                var bytes: [UInt8] = []
                for try await chunk in execution.standardOutput {
                    if keepsAll {
                        // The first MiB: what a transform uses is its first line or a short chain.
                        chunk.withUnsafeBytes { bytes.append(contentsOf: $0.prefix(max(0, (1 << 20) - bytes.count))) }
                    } else {
                        chunk.withUnsafeBytes { bytes.append(contentsOf: $0) }
                        if bytes.count > 1 << 16 { bytes.removeFirst(bytes.count - (1 << 16)) }  // the end explains a failure
                    }
                }
                return bytes
            }
            let output = result.closureResult
            let last = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init)
            let detail = keepsAll ? "" : last.map { ": \($0)" } ?? ""
            switch result.terminationStatus {
            case .exited(0): return (output, nil)
            case .exited(let code): return (output, "\(action) failed (exit status \(code))\(detail)")
            case .signaled(let signal): return (output, "\(action) ended by signal \(signal)\(detail)")
            }
        } catch {
            return ([], "\(action): cannot run /bin/sh: \(error)")
        }
    }

    /// Runs `commandLine` with the terminal (`/dev/tty` as its input and outputs), as fzf's
    /// `execute` does, and returns when it ends. It stays in the picker's process group, the
    /// terminal's foreground one, so it can read the keyboard.
    static func runInTerminal(_ commandLine: String, exporting variables: PickVariables = PickVariables()) {
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else { return }
        defer { close(tty) }
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let terminal = FileDescriptor(rawValue: tty)
            _ = try? await Subprocess.run(
                .path("/bin/sh"), arguments: ["-c", commandLine], environment: variables.environment,
                input: .fileDescriptor(terminal, closeAfterSpawningProcess: false),
                output: .fileDescriptor(terminal, closeAfterSpawningProcess: false),
                error: .fileDescriptor(terminal, closeAfterSpawningProcess: false))
            done.signal()
        }
        done.wait()  // on the curses thread, which draws nothing while the command has the terminal
    }
}
