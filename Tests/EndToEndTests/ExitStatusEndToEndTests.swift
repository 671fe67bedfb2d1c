import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every row of the README's table of exit statuses, against the binary (issue 33: the
/// table said a picker left with Esc exits 1; `lister pick` exits 130, as fzf).
@Suite struct ExitStatusEndToEndTests {
    static let lines = Array("alpha\nbeta\n".utf8)

    /// Starts `arguments`, waits for `ready` on screen, sends `keys`; the exit status.
    func status(_ arguments: [String], ready: String, keys: String) throws -> Int32 {
        let session = try TmuxSession(lister: arguments)
        defer { session.close() }
        try session.waitFor(ready)
        try session.sendKeys(keys)
        return try session.waitForExit()
    }

    @Test func zeroForALinePickedOrABrowserQuit() throws {
        let file = try temporaryInput(Self.lines)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try status(["lines", file.path], ready: "1/2", keys: "Enter") == 0)
        for keys in ["q", "Escape"] {
            #expect(try status(["demo", "feed"], ready: "1/60", keys: keys) == 0, "demo \(keys)")
            #expect(try status(["csv", file.path], ready: "1/1", keys: keys) == 0, "csv \(keys)")
            #expect(try status(["dir", FileManager.default.temporaryDirectory.path], ready: "/", keys: keys) == 0, "dir \(keys)")
        }
    }

    @Test func oneForAPickerLeftWithoutChoosing() throws {
        let file = try temporaryInput(Self.lines)
        defer { try? FileManager.default.removeItem(at: file) }
        for keys in ["q", "Escape"] {
            #expect(try status(["lines", file.path], ready: "1/2", keys: keys) == 1, "lines \(keys)")
            #expect(try status(["csv", "--pick", file.path], ready: "1/1", keys: keys) == 1, "csv --pick \(keys)")
            #expect(try status(["watch", "--", "echo", "hi"], ready: "hi", keys: keys) == 1, "watch \(keys)")
        }
        // lister pick: Enter with no match (as fzf).
        let session = try TmuxSession(shell: "exec '\(try TmuxSession.listerPath())' pick -q zzz < '\(file.path)'")
        defer { session.close() }
        try session.waitFor("zzz")
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 1)
    }

    @Test func twoForAnErrorWithOneLineOnStderr() throws {
        let result = try SiblingEndToEndTests().run(try TmuxSession.listerPath(), ["lines", "/nonexistent/file"])
        #expect(result.status == 2)
        #expect(result.stderr == "lister: cannot read '/nonexistent/file': No such file or directory\n")
    }

    @Test func oneThirtyForPickLeftAsFzfIsAndForSIGINT() throws {
        let file = try temporaryInput(Self.lines)
        defer { try? FileManager.default.removeItem(at: file) }
        for keys in ["Escape", "C-c", "C-g"] {
            let session = try TmuxSession(shell: "exec '\(try TmuxSession.listerPath())' pick < '\(file.path)'")
            defer { session.close() }
            try session.waitFor("beta")
            try session.sendKeys(keys)
            #expect(try session.waitForExit() == 130, "pick \(keys)")
        }
        #expect(try status(["lines", file.path], ready: "1/2", keys: "C-c") == 130)
    }

    @Test func oneFortyThreeAndOneTwentyNineForSIGTERMAndSIGHUP() throws {
        let file = try temporaryInput(Self.lines)
        defer { try? FileManager.default.removeItem(at: file) }
        for (signal, expected) in [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))] {
            let session = try TmuxSession(lister: ["lines", file.path])
            defer { session.close() }
            try session.waitFor("1/2")
            try session.kill(signal: signal)
            #expect(try session.waitForExit() == expected, "signal \(signal)")
        }
    }
}
