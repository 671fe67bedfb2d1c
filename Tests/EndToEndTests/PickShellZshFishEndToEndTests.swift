import Foundation
import Testing

/// `lister pick --zsh` and `--fish`: their key bindings in an interactive zsh and fish in
/// tmux, with `lister` on `PATH`, loaded from the shell's own startup file as a user's
/// would be. A shell that is not installed is skipped with a note (`make deps` installs
/// both).
@Suite struct PickShellZshFishEndToEndTests {
    /// The path of `name` on the usual paths, or nil with a note printed.
    private func shell(_ name: String) -> String? {
        for directory in ["/usr/bin", "/bin", "/usr/local/bin"] where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
            return "\(directory)/\(name)"
        }
        print("\(name) is not installed (make deps installs it): the \(name) key binding tests did not run")
        return nil
    }

    /// `directory` with `dir1/alpha.txt` and `dir1/sub`, and the bindings `lister pick
    /// --SHELL` prints written to `file`.
    private func prepare(_ directory: URL, shell: String, bindings file: URL) throws {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: directory.appendingPathComponent("dir1/sub"), withIntermediateDirectories: true)
        try Data().write(to: directory.appendingPathComponent("dir1/alpha.txt"))
        let status = try ChildProcess.run(try TmuxSession.listerPath(), ["pick", "--\(shell)"],
                                          environment: ProcessInfo.processInfo.environment, stdout: file.path, stderr: "/dev/null")
        #expect(status == 0)
    }

    private var path: String {
        get throws {
            URL(fileURLWithPath: try TmuxSession.listerPath()).deletingLastPathComponent().path + ":"
                + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        }
    }

    /// A zsh (no global startup files) whose `.zshrc` reads a history of three commands,
    /// newest last, and sources the bindings.
    private func zsh(_ zsh: String, in directory: URL) throws -> TmuxSession {
        let home = directory.appendingPathComponent(".home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let bindings = home.appendingPathComponent("bindings.zsh")
        try prepare(directory, shell: "zsh", bindings: bindings)
        let history = home.appendingPathComponent("history")
        try "echo first\nls -la\necho newest\n".write(to: history, atomically: true, encoding: .utf8)
        try """
            HISTFILE=\(PaneScript.shellQuote(history.path)); HISTSIZE=100; SAVEHIST=0
            fc -R "$HISTFILE"
            PS1='P>'
            source \(PaneScript.shellQuote(bindings.path))
            """.write(to: home.appendingPathComponent(".zshrc"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(
            shell: "cd \(PaneScript.shellQuote(directory.path)) && exec \(zsh) -d -i", columns: 80, rows: 24,
            environment: ["PATH": try path, "ZDOTDIR": home.path, "LISTER_DEFAULT_OPTS": ""])
        try session.waitFor("P>")
        return session
    }

    /// A fish whose `config.fish` sources the bindings, with a history of three commands
    /// (newest last) in its data directory.
    private func fish(_ fish: String, in directory: URL) throws -> TmuxSession {
        let home = directory.appendingPathComponent(".home")
        let config = home.appendingPathComponent("config/fish"), data = home.appendingPathComponent("data/fish")
        for folder in [config, data] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let bindings = home.appendingPathComponent("bindings.fish")
        try prepare(directory, shell: "fish", bindings: bindings)
        try "- cmd: echo first\n  when: 1\n- cmd: ls -la\n  when: 2\n- cmd: echo newest\n  when: 3\n"
            .write(to: data.appendingPathComponent("fish_history"), atomically: true, encoding: .utf8)
        try """
            set -g fish_greeting
            function fish_prompt; echo -n 'P>'; end
            source \(PaneScript.shellQuote(bindings.path))
            """.write(to: config.appendingPathComponent("config.fish"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(
            shell: "cd \(PaneScript.shellQuote(directory.path)) && exec \(fish) -i", columns: 80, rows: 24,
            environment: ["PATH": try path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                          "XDG_DATA_HOME": home.appendingPathComponent("data").path, "LISTER_DEFAULT_OPTS": ""])
        try session.waitFor("P>")
        return session
    }

    @Test func zshCtrlRPutsAHistoryLineOnThePrompt() throws {
        guard let zsh = shell("zsh") else { return }
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "lister-zsh")
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try self.zsh(zsh, in: directory)
        defer { session.close() }
        try ShellBindingChecks.history(session)
    }

    @Test func zshCtrlTInsertsAPathAndAltCChangesDirectory() throws {
        guard let zsh = shell("zsh") else { return }
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "lister-zsh")
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try self.zsh(zsh, in: directory)
        defer { session.close() }
        try ShellBindingChecks.paths(session, directory: directory)
    }

    @Test func fishCtrlRPutsAHistoryLineOnThePrompt() throws {
        guard let fish = shell("fish") else { return }
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "lister-fish")
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try self.fish(fish, in: directory)
        defer { session.close() }
        try ShellBindingChecks.history(session)
    }

    @Test func fishCtrlTInsertsAPathAndAltCChangesDirectory() throws {
        guard let fish = shell("fish") else { return }
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "lister-fish")
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try self.fish(fish, in: directory)
        defer { session.close() }
        try ShellBindingChecks.paths(session, directory: directory)
    }
}
