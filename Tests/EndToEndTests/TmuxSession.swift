import Foundation
import Synchronization

/// A program running in a real terminal: a pane of a private, detached tmux server.
///
/// Each session starts its own tmux server (`-L lister-e2e-<pid>-<n> -f /dev/null`), so
/// sessions never share state and may run in parallel. The pane has a fixed size and runs
/// the command under `env TERM=tmux-256color LANG=C.UTF-8 SWIFT_BACKTRACE=interactive=no`
/// inside a wrapper script (``PaneScript``) that records the program's pid, its exit status
/// and `stty -a` before and after it, and then keeps the pane open, so the screen stays
/// exactly as the program left it.
///
/// Waits poll with a deadline (this is the one test layer that uses real time); there are no
/// fixed sleeps. Wait for the first frame before sending keys: keys sent before the program
/// has set up the terminal may be echoed or lost.
///
/// ```swift
/// let session = try TmuxSession(lister: ["demo"])
/// defer { session.close() }
/// try session.waitFor("Loading")
/// try session.sendKeys("Down", "Enter")
/// let screen = try session.waitFor("Comments")
/// try session.sendKeys("q")
/// #expect(try session.waitForExit() == 0)
/// #expect(try session.terminalState() == .restored)
/// ```
final class TmuxSession {
    /// The pane's width in cells.
    private(set) var columns: Int
    /// The pane's height in cells.
    private(set) var rows: Int
    /// The tmux socket name: `tmux -L <socketName> attach` shows the pane while debugging.
    let socketName: String
    /// Where the wrapper script, pid, status, `stty` and captured output files live.
    let directory: URL
    /// How often waits poll.
    var pollInterval: Duration = .milliseconds(15)

    private let tmuxPath: String
    private let target = "e2e"
    private let exitTitle = "lister-e2e-exited"
    private var isClosed = false
    /// Whether the pane runs the wrapper script (and so will record a pid and a status).
    private var paneStarted = false

    private static let sessionCounter = Atomic<Int>(0)

    /// The environment tmux, and so the pane, starts with: ours, minus what would leak the
    /// caller's terminal, locale or size into the program.
    private static let tmuxEnvironment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        for name in ["TMUX", "TMUX_PANE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "COLUMNS", "LINES", "NO_COLOR", "LISTER_BIN"] {
            environment[name] = nil
        }
        environment["LANG"] = "C.UTF-8"
        return environment
    }()

    /// Starts `command` (a `/bin/sh -c` command line) in a new pane of `columns` x `rows`.
    ///
    /// - Parameters:
    ///   - command: a shell command line. ``programPID(timeout:)`` and ``kill(signal:timeout:)``
    ///     address the shell running it, which becomes the program when the command starts
    ///     with `exec` (`exec lister lines < input`).
    ///   - environment: extra variables for the program, on top of `TERM`, `LANG` and
    ///     `SWIFT_BACKTRACE` (which it may override).
    ///   - captureStdout: redirect the command's stdout to a file, read with ``standardOutput()``.
    ///   - captureStderr: redirect the command's stderr to a file, read with ``standardError()``.
    init(
        shell command: String,
        columns: Int = 80,
        rows: Int = 24,
        environment: [String: String] = [:],
        captureStdout: Bool = false,
        captureStderr: Bool = false
    ) throws {
        self.columns = columns
        self.rows = rows
        self.tmuxPath = try Self.tmuxPath()
        let number = Self.sessionCounter.add(1, ordering: .relaxed).newValue
        self.socketName = "lister-e2e-\(getpid())-\(number)"
        self.directory = try ChildProcess.makeTemporaryDirectory(prefix: socketName)
        do {
            let script = directory.appendingPathComponent("pane.sh")
            try PaneScript.script(
                directory: directory.path, command: command, environment: environment,
                captureStdout: captureStdout, captureStderr: captureStderr, exitTitle: exitTitle
            ).write(to: script, atomically: true, encoding: .utf8)
            // The pane first runs a placeholder, so every option is in place before the program
            // starts; respawn-pane then replaces it with the script (exec'd, not via a shell).
            try tmux([
                "new-session", "-d", "-s", target, "-x", "\(columns)", "-y", "\(rows)", "sleep 2147483647",
                ";", "set-option", "-g", "status", "off",
                ";", "set-option", "-g", "remain-on-exit", "on",
                ";", "set-option", "-g", "default-terminal", "tmux-256color",
                ";", "set-option", "-g", "history-limit", "0",
            ])
            try tmux(["resize-window", "-t", target, "-x", "\(columns)", "-y", "\(rows)"])
            try tmux(["respawn-pane", "-k", "-t", target, "/bin/sh", script.path])
            paneStarted = true
        } catch {
            close()
            throw error
        }
    }

    /// Runs a program directly (`exec`), so ``kill(signal:timeout:)`` reaches it.
    convenience init(
        arguments: [String],
        columns: Int = 80,
        rows: Int = 24,
        environment: [String: String] = [:],
        captureStdout: Bool = false,
        captureStderr: Bool = false
    ) throws {
        try self.init(
            shell: "exec " + arguments.map(PaneScript.shellQuote).joined(separator: " "),
            columns: columns, rows: rows, environment: environment,
            captureStdout: captureStdout, captureStderr: captureStderr
        )
    }

    /// Runs the built `lister` binary (see ``listerPath()``) with `arguments`.
    convenience init(
        lister arguments: [String],
        columns: Int = 80,
        rows: Int = 24,
        environment: [String: String] = [:],
        captureStdout: Bool = false,
        captureStderr: Bool = false
    ) throws {
        try self.init(
            arguments: [try Self.listerPath()] + arguments,
            columns: columns, rows: rows, environment: environment,
            captureStdout: captureStdout, captureStderr: captureStderr
        )
    }

    deinit {
        close()
    }

    // MARK: - Input

    /// Sends keys by tmux name: `"Down"`, `"Enter"`, `"Escape"`, `"C-c"`, `"q"`, `"PageDown"`.
    /// An argument that is not a key name is typed as text.
    func sendKeys(_ keys: String...) throws {
        try tmux(["send-keys", "-t", target] + keys)
    }

    /// Types `text` literally, with no key-name lookup.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", text])
    }

    /// Clicks the left button at `column`, `row` (from 0): a press and a release as an
    /// xterm sends them in its first mouse encoding (`ESC [ M` and three bytes), which
    /// curses decodes under tmux's terminal type. Both must be under 223.
    func click(column: Int, row: Int) throws {
        let x = Character(Unicode.Scalar(UInt8(33 + column)))
        let y = Character(Unicode.Scalar(UInt8(33 + row)))
        try type("\u{1B}[M \(x)\(y)\u{1B}[M#\(x)\(y)")
    }

    /// Resizes the pane; the program gets `SIGWINCH`.
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", "\(columns)", "-y", "\(rows)"])
        self.columns = columns
        self.rows = rows
    }

    /// Sends `signal` to the program, waiting up to `timeout` for it to start.
    func kill(signal: Int32 = SIGTERM, timeout: Duration = .seconds(10)) throws {
        let pid = try programPID(timeout: timeout)
        guard ChildProcess.signal(signal, to: pid) else {
            throw Failure("kill(\(pid), \(signal)) failed: errno \(errno)", screen: try? screen())
        }
    }

    /// The pid the wrapper recorded for the program, once it has started.
    func programPID(timeout: Duration = .seconds(10)) throws -> pid_t {
        try poll("the program to start", timeout: timeout) { recordedPID() }
    }

    // MARK: - Output

    /// The visible screen as text (`capture-pane -p`): one line per row, trailing blanks
    /// and trailing empty rows trimmed. With `escapes`, attributes and colours are included
    /// as escape sequences (`-e`).
    func screen(escapes: Bool = false) throws -> String {
        var output = try tmux(["capture-pane", "-p", "-t", target] + (escapes ? ["-e"] : []))
        while output.hasSuffix("\n") { output.removeLast() }
        return output
    }

    /// The visible screen as exactly ``rows`` lines.
    func lines() throws -> [String] {
        let lines = try screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return Array((lines + Array(repeating: "", count: max(0, rows - lines.count))).prefix(rows))
    }

    /// Polls the screen until it contains `text` and returns that screen; after `timeout`,
    /// throws a ``Failure`` showing the last screen.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(10)) throws -> String {
        try waitUntil("\(text.debugDescription) on screen", timeout: timeout) { $0.contains(text) }
    }

    /// Polls the screen until it no longer contains `text` and returns that screen.
    @discardableResult
    func waitForAbsence(of text: String, timeout: Duration = .seconds(10)) throws -> String {
        try waitUntil("\(text.debugDescription) gone from screen", timeout: timeout) { !$0.contains(text) }
    }

    /// Polls the screen until `condition` holds and returns that screen.
    @discardableResult
    func waitUntil(
        _ description: String,
        timeout: Duration = .seconds(10),
        _ condition: (String) -> Bool
    ) throws -> String {
        try poll(description, timeout: timeout) {
            let current = try screen()
            return condition(current) ? current : nil
        }
    }

    /// Waits for the program to exit and returns its status (128 + n after signal n).
    ///
    /// When it returns, tmux has processed every byte the program wrote, so ``screen()`` and
    /// ``terminalState()`` show the terminal exactly as the program left it.
    func waitForExit(timeout: Duration = .seconds(10)) throws -> Int32 {
        let status = try poll("the program to exit", timeout: timeout) { () throws -> String? in
            guard let status = try? String(contentsOf: file("status"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            else { return nil }
            // The wrapper sets the pane title after the program's last byte.
            let title = try tmux(["display-message", "-p", "-t", target, "#{pane_title}"])
            return title.trimmingCharacters(in: .newlines) == "\(exitTitle)-\(status)" ? status : nil
        }
        guard let value = Int32(status) else { throw Failure("unreadable exit status \(status.debugDescription)") }
        return value
    }

    /// The terminal modes the program left on; compare with ``TerminalState/restored``.
    func terminalState() throws -> TerminalState {
        try TerminalState(parsing: tmux(["display-message", "-p", "-t", target, TerminalState.format]))
    }

    /// The cursor's position (zero-based column and row).
    func cursor() throws -> (column: Int, row: Int) {
        let parts = try tmux(["display-message", "-p", "-t", target, "#{cursor_x} #{cursor_y}"])
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard parts.count == 2 else { throw Failure("unexpected cursor position \(parts)") }
        return (parts[0], parts[1])
    }

    /// The pid of this session's tmux server.
    func serverPID() throws -> pid_t {
        let text = try tmux(["display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = pid_t(text) else { throw Failure("unexpected server pid \(text.debugDescription)") }
        return pid
    }

    /// `stty -a` of the pane's tty just before the program started and just after it exited:
    /// equal when the program restored the terminal settings. Call after ``waitForExit(timeout:)``.
    func ttySettings() throws -> (before: String, after: String) {
        (try readFile("stty-before"), try readFile("stty-after"))
    }

    /// What the program wrote to stdout, when started with `captureStdout`.
    func standardOutput() throws -> String { try readFile("stdout") }

    /// The bytes the program wrote to stdout (which need not be UTF-8), with `captureStdout`.
    func standardOutputBytes() throws -> [UInt8] { Array(try Data(contentsOf: file("stdout"))) }

    /// What the program wrote to stderr, when started with `captureStderr`.
    func standardError() throws -> String { try readFile("stderr") }

    // MARK: - Ending

    /// Kills the program if it is still running, then the tmux server, and removes the
    /// session's files. Safe to call more than once; `deinit` calls it.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        // A program still running (or about to start) is killed first, and the wrapper gets
        // to record that, so nothing outlives the session or writes into the directory while
        // it is being removed. The status file is the wrapper's last write.
        if paneStarted, !hasExited,
            let pid = try? poll("the program to start", timeout: .seconds(5), { recordedPID() })
        {
            ChildProcess.signal(SIGKILL, to: pid)
            _ = try? poll("the wrapper to record the exit", timeout: .seconds(5)) { hasExited ? true : nil }
        }
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    // MARK: - Private

    private func file(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    /// Whether the wrapper has recorded the program's exit status.
    private var hasExited: Bool {
        FileManager.default.fileExists(atPath: file("status").path)
    }

    /// The pid in the file the wrapper writes (atomically) as the program starts.
    private func recordedPID() -> pid_t? {
        (try? String(contentsOf: file("pid"), encoding: .utf8))
            .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    private func readFile(_ name: String) throws -> String {
        do {
            return try String(contentsOf: file(name), encoding: .utf8)
        } catch {
            throw Failure("cannot read \(file(name).path): \(error)")
        }
    }

    /// Calls `attempt` every ``pollInterval`` until it returns a value; after `timeout`,
    /// throws a ``Failure`` naming `description` and showing the last screen.
    private func poll<Value>(
        _ description: String,
        timeout: Duration,
        _ attempt: () throws -> Value?
    ) throws -> Value {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            if let value = try attempt() { return value }
            if ContinuousClock.now >= deadline {
                throw Failure("timed out after \(timeout) waiting for \(description)", screen: try? screen())
            }
            let (seconds, attoseconds) = pollInterval.components
            Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
        }
    }

    /// Runs one tmux command against this session's server and returns its stdout.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let output = file("tmux.out"), errors = file("tmux.err")
        let status: Int32
        do {
            status = try ChildProcess.run(
                tmuxPath, ["-L", socketName, "-f", "/dev/null"] + arguments,
                environment: Self.tmuxEnvironment, stdout: output.path, stderr: errors.path
            )
        } catch {
            throw Failure("\(error)")
        }
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        guard status == 0 else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw Failure(
                "tmux \(arguments.joined(separator: " ")) failed (status \(status)): "
                    + message.trimmingCharacters(in: .whitespacesAndNewlines)
            )
        }
        return text
    }
}
