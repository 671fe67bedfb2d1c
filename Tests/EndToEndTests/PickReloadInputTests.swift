import Foundation
import Testing

/// A reload while the input is still being read: the input's reading stops, and the list
/// is the reload's.
@Suite struct PickReloadInputTests {
    /// The bytes the process `pid` has read so far (`rchar` of `/proc/PID/io`).
    private func bytesRead(by pid: String) throws -> Int {
        let io = try String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)
        let line = try #require(io.split(separator: "\n").first { $0.hasPrefix("rchar:") })
        return try #require(Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)))
    }

    @Test func aReloadStopsReadingAnEndlessInput() throws {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "lister-reload-input")
        defer { try? FileManager.default.removeItem(at: directory) }
        // The picker records its pid (the shell exec's it), `yes` writes forever.
        let script = directory.appendingPathComponent("pick.sh")
        try """
        echo $$ > \(PaneScript.shellQuote(directory.appendingPathComponent("pid").path))
        exec \(PaneScript.shellQuote(try TmuxSession.listerPath())) pick --bind 'ctrl-a:reload(printf "%s\\n" r1 r2 r3)'
        """.write(to: script, atomically: true, encoding: .utf8)
        let session = try TmuxSession(shell: "yes | sh \(PaneScript.shellQuote(script.path))", captureStdout: true)
        defer { session.close() }
        try session.waitUntil("the input shown") { $0.split(separator: "\n").contains("y") }
        try session.sendKeys("C-a")
        try session.waitUntil("only the reload's lines") { screen in
            let lines = screen.split(separator: "\n")
            return lines.contains("r3") && !lines.contains("y") && screen.contains("/3")
        }
        let pid = try String(contentsOf: directory.appendingPathComponent("pid"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let before = try bytesRead(by: pid)
        // A round trip through the picker: a reader still draining `yes` reads megabytes
        // meanwhile (a chunk is 256 KiB); the picker itself reads only the keys.
        try session.type("r2")
        try session.waitFor("1/1 of 3")
        try session.sendKeys("BSpace")
        try session.sendKeys("BSpace")
        try session.waitForAbsence(of: " of 3")
        let after = try bytesRead(by: pid)
        #expect(after - before < 4096, "the input was still read: \(after - before) bytes")
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == "r1\n")
    }
}
