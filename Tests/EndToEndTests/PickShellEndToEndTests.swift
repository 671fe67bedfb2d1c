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

    @Test func ctrlTInsertsAPathAndAltCChangesDirectory() throws {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "lister-bash")
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try bash(in: directory)
        defer { session.close() }
        try session.type("ls ")
        try session.sendKeys("C-t")
        try session.waitFor("dir1/alpha.txt")
        try session.type("alpha")
        try session.waitFor("1/1 of 5")  // dir1, dir1/alpha.txt, dir1/sub, history, bindings.bash
        try session.sendKeys("Enter")
        try session.waitUntil("the path on the prompt") { $0.contains("P>ls dir1/alpha.txt") }
        try session.sendKeys("C-u", "Escape", "c")
        try session.waitFor("dir1/sub")
        try session.type("sub")
        try session.waitFor("1/1 of 2")
        try session.sendKeys("Enter")
        try session.waitFor("cd dir1/sub")
        try session.type("pwd")
        try session.sendKeys("Enter")
        try session.waitFor(directory.appendingPathComponent("dir1/sub").path)
    }
}
