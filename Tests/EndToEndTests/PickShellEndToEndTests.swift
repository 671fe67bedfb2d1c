import Foundation
import Testing

/// `lister pick --bash`: its key bindings in an interactive bash in tmux, with `lister` on
/// `PATH`, as a user's `.bashrc` would load them.
@Suite struct PickShellEndToEndTests {
    /// A bash with the bindings sourced, in `directory` (which holds `dir1/alpha.txt` and
    /// `dir1/sub`), its history read from a file of three commands, newest last.
    private func bash(in directory: URL) throws -> TmuxSession {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: directory.appendingPathComponent("dir1/sub"), withIntermediateDirectories: true)
        try Data().write(to: directory.appendingPathComponent("dir1/alpha.txt"))
        let history = directory.appendingPathComponent("history")
        try "echo first\nls -la\necho newest\n".write(to: history, atomically: true, encoding: .utf8)
        let lister = try TmuxSession.listerPath()
        let bindings = directory.appendingPathComponent("bindings.bash")
        let status = try ChildProcess.run(lister, ["pick", "--bash"], environment: ProcessInfo.processInfo.environment,
                                          stdout: bindings.path, stderr: "/dev/null")
        #expect(status == 0)
        let path = URL(fileURLWithPath: lister).deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let session = try TmuxSession(
            shell: "cd \(PaneScript.shellQuote(directory.path)) && exec bash --norc --noprofile -i", columns: 80, rows: 24,
            environment: ["PATH": path, "HISTFILE": history.path, "HISTCONTROL": "ignorespace", "PS1": "P>", "LISTER_DEFAULT_OPTS": ""])
        try session.waitFor("P>")  // (tmux trims a trailing blank: no space in the prompt)
        // A leading space keeps this line out of the history.
        try session.type(" source \(PaneScript.shellQuote(bindings.path)); echo sourced")
        try session.sendKeys("Enter")
        try session.waitFor("\nsourced\n")
        return session
    }

    @Test func ctrlRPutsTheNewestHistoryLineOnThePrompt() throws {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "lister-bash")
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try bash(in: directory)
        defer { session.close() }
        try ShellBindingChecks.history(session)
    }

    @Test func ctrlTInsertsAPathAndAltCChangesDirectory() throws {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "lister-bash")
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try bash(in: directory)
        defer { session.close() }
        // dir1, dir1/alpha.txt, dir1/sub, history, bindings.bash; then dir1, dir1/sub
        try ShellBindingChecks.paths(session, directory: directory, pathCount: "1/1 of 5", directoryCount: "1/1 of 2",
                                     afterAltC: "cd dir1/sub")
    }
}

/// What the shell scripts' bindings do, the same in bash, zsh and fish (the prompt is `P>`).
enum ShellBindingChecks {
    /// CTRL-R: the newest line first (Enter puts it on the prompt), then a line found by a query.
    static func history(_ session: TmuxSession) throws {
        try session.sendKeys("C-r")
        try session.waitFor("echo first")  // the picker, with the history's lines
        try session.sendKeys("Enter")  // the newest is selected first
        try session.waitUntil("the newest line on the prompt") { $0.contains("P>echo newest\n") || $0.hasSuffix("P>echo newest") }
        try session.sendKeys("C-u", "C-r")
        try session.waitFor("echo first")
        try session.type("ls")
        try session.waitFor("1/1 of 3")
        try session.sendKeys("Enter")
        try session.waitUntil("the matching line on the prompt") { $0.contains("P>ls -la\n") || $0.hasSuffix("P>ls -la") }
    }

    /// CTRL-T puts a path on the command line; ALT-C changes to a directory. The counts are
    /// the pickers' (each with one match), `afterAltC` what the shell shows once it changed
    /// directory (nil: only that the picker is gone).
    static func paths(_ session: TmuxSession, directory: URL, pathCount: String = "1/1 of", directoryCount: String = "1/1 of",
                      afterAltC: String? = nil) throws {
        try session.type("ls ")
        try session.sendKeys("C-t")
        try session.waitFor("dir1/alpha.txt")
        try session.type("alpha")
        try session.waitFor(pathCount)
        try session.sendKeys("Enter")
        try session.waitUntil("the path on the prompt") { $0.contains("P>ls dir1/alpha.txt") }
        try session.sendKeys("C-u", "Escape", "c")
        try session.waitFor("dir1/sub")
        try session.type("sub")
        try session.waitFor(directoryCount)
        try session.sendKeys("Enter")
        if let afterAltC {
            try session.waitFor(afterAltC)
        } else {
            try session.waitUntil("the picker gone") { !$0.contains(directoryCount) }
        }
        try session.type("pwd")
        try session.sendKeys("Enter")
        try session.waitFor(directory.appendingPathComponent("dir1/sub").path)
    }
}
