import Foundation
import Testing

/// A query over more rows than a ranking sorts before the screen shows (65,536): the rows
/// far down the order, reached with `pos(N)` when the result comes, are fzf 0.74.5's, and
/// so are they with `--tac` and `--tiebreak=index`. Each expectation is written down, so
/// lister's side runs (and is checked) without fzf too.
@Suite struct PickLargeInputDifferentialTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let options: [String]
        let position: Int
        let output: String
        var testDescription: String { "pos(\(position)) \(options.joined(separator: " "))" }
    }

    static let cases = [
        Case(options: [], position: 600, output: "052736 amet dolor et dolor\n"),
        Case(options: ["--tac"], position: 600, output: "058530 tempor eiusmod elit\n"),
        Case(options: ["--tiebreak=index"], position: 600, output: "009629 et do dolor et do et magna\n"),
        Case(options: [], position: 40000, output: "011274 do dolore sed do amet ipsum dolore\n"),
        Case(options: ["--tac"], position: 40000, output: "086403 et elit lorem sit elit consectetur\n"),
        Case(options: ["--tiebreak=index"], position: 40000, output: "054354 adipiscing dolor dolore sit sit sed eiusmod\n"),
    ]

    /// 100,000 numbered lines of three to seven words from a fixed generator (56,134 of
    /// them match `ore`).
    static let input: String = {
        let words = ["lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do",
                     "eiusmod", "tempor", "incididunt", "ut", "labore", "et", "dolore", "magna", "aliqua"]
        var state: UInt64 = 12345
        var lines: [String] = []
        lines.reserveCapacity(100_000)
        for index in 0..<100_000 {
            var line = String(format: "%06d", index)
            for _ in 0..<(3 + index % 5) {
                state = (state &* 1_103_515_245 &+ 12345) % 2_147_483_648
                line += " " + words[Int(state >> 16) % words.count]
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    @Test(arguments: cases)
    func aRowFarDownTheRankingIsFzfs(_ check: Case) throws {
        let file = try temporaryInput(Array(Self.input.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let options = ["--sync", "-q", "ore", "--bind", "result:pos(\(check.position))+accept"] + check.options
        let (lister, fzf) = try pickAndPeer { program in
            let command = "exec " + program + " " + options.map(PaneScript.shellQuote).joined(separator: " ")
                + " < " + PaneScript.shellQuote(file.path)
            let session = try TmuxSession(shell: command, captureStdout: true)
            defer { session.close() }
            let status = try session.waitForExit(timeout: .seconds(30))
            return (try session.standardOutput(), status)
        }
        let expected = PickOutcome(output: check.output, status: 0)
        #expect(lister == expected, "lister pick: \(check.testDescription)")
        if let fzf { #expect(fzf == expected, "fzf \(peerFzfVersion): \(check.testDescription)") }
    }
}
