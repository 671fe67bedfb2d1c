import Lister
import Subprocess

#if canImport(Glibc)
import Glibc
#endif

/// One run of `lister watch`'s command: its output lines (standard error joined to
/// standard output, as a terminal shows them) and how it ended.
struct WatchRun: Sendable {
    /// The lines it printed (at most ``byteLimit`` bytes of them).
    var lines: WatchOutput
    /// Its exit status, or nil when a signal ended it.
    var status: Int32?
    /// The signal that ended it, if one did.
    var signal: Int32?
    /// Whether the output passed ``byteLimit`` and was cut there.
    var isCut: Bool
    /// When it ended, HH:MM:SS.
    var endedAt: String

    /// The most output kept of one run.
    static let byteLimit = 8 << 20

    /// Whether it succeeded (exit status 0).
    var succeeded: Bool { status == 0 }

    /// What the status bar says of it: "12:04:05 · exit 0", with the error's last line
    /// when it failed.
    var summary: String {
        var text = "ran at \(endedAt) · "
        if let status { text += "exit \(status)" } else { text += "signal \(signal ?? 0)" }
        if isCut { text += " · cut at \(Self.byteLimit >> 20) MB" }
        if !succeeded, let last = lines.last(where: { !$0.text.isEmpty }) { text += ": \(last.text)" }
        return text
    }

    /// Runs `command` (one argument: a shell command line for `sh -c`, as `watch` takes it;
    /// several: the program and its arguments) in a process group of its own, killed with
    /// its children when the task is cancelled or the app ends.
    static func run(_ command: [String]) async throws -> WatchRun {
        var options = PlatformOptions()
        options.processGroupID = 0
        options.teardownSequence = [.send(signal: .terminate, toProcessGroup: true, allowedDurationToNextStep: .milliseconds(100))]
        let executable: Executable = command.count == 1 ? .path("/bin/sh") : .name(command[0])
        let arguments = command.count == 1 ? ["-c", command[0]] : Array(command.dropFirst())
        let limit = byteLimit
        do {
            let result = try await Subprocess.run(
                executable, arguments: Arguments(arguments), platformOptions: options,
                input: .none, output: .sequence, error: .combinedWithOutput
            ) { execution in
                let group = execution.processIdentifier.value
                PreviewProcesses.shared.insert(group)
                defer { PreviewProcesses.shared.remove(group) }
                // Kept as they come, as `lister lines` keeps lines: the output costs what it keeps.
                var output = WatchOutputBuilder(limit: limit)
                for try await chunk in execution.standardOutput {
                    let room = chunk.withUnsafeBytes { output.append($0.bindMemory(to: UInt8.self)) }
                    if !room {
                        try? execution.send(signal: .kill, toProcessGroup: true)
                        break
                    }
                }
                return (output.finish(), output.isCut)
            }
            let (lines, cut) = result.closureResult
            var run = WatchRun(lines: lines, status: nil, signal: nil, isCut: cut, endedAt: clockTime())
            switch result.terminationStatus {
            case .exited(let code): run.status = code
            case .signaled(let signal): run.signal = signal
            }
            return run
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw ListError("cannot run \(command[0]): \(error)", isRetryable: true)
        }
    }

    /// The wall-clock time, HH:MM:SS.
    static func clockTime() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}

/// A line of the watched command's output. Its identity is its text (and which of the
/// lines with that text it is), so the selection stays on the same line from run to run.
package struct WatchLine: Identifiable, Hashable, Sendable, CustomStringConvertible {
    /// The text and its occurrence among equal lines, from 0.
    package struct ID: Hashable, Sendable {
        let text: String
        let occurrence: Int
    }

    /// The line as printed (invalid UTF-8 replaced).
    package let text: String
    package let id: ID

    package var description: String { text }
}
