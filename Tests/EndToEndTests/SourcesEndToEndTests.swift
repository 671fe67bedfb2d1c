import Foundation
import Testing

/// The sources on real inputs the tests make.
@Suite struct SourcesEndToEndTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lister-e2e-dir-\(UUID())")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("inner"), withIntermediateDirectories: true)
        try Data("hello from a file\n".utf8).write(to: url.appendingPathComponent("inner/note.txt"))
        try Data("top\n".utf8).write(to: url.appendingPathComponent("top.txt"))
        return url
    }

    @Test func dirDrillsDownPreviewsAndComesBack() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let session = try TmuxSession(lister: ["dir", root.path], columns: 100)
        defer { session.close() }
        let listing = try session.waitFor("inner/")
        #expect(listing.contains("top.txt"))
        try session.sendKeys("Enter")  // directories come first: inner/
        try session.waitFor("note.txt")
        try session.sendKeys("Enter")
        try session.waitFor("hello from a file")
        try session.sendKeys("Escape", "Escape")
        try session.waitFor("top.txt")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    /// The pane beside the list follows the selection: a directory's entries, a text
    /// file's first lines, "binary file" for a binary one; `p` hides it.
    @Test func dirPreviewsTheSelectedEntryBesideTheList() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data([0x7F, 0x45, 0x4C, 0x46, 0, 1, 2]).write(to: root.appendingPathComponent("blob.bin"))
        let session = try TmuxSession(lister: ["dir", root.path], columns: 100)
        defer { session.close() }
        let first = try session.waitFor("│note.txt")  // inner/ is selected: its entries beside it
        #expect(first.contains("1 entry"))
        try session.sendKeys("j")  // blob.bin
        try session.waitFor("│binary file, 7 bytes")
        try session.sendKeys("j")  // top.txt
        let text = try session.waitFor("│top")
        #expect(!text.contains("binary file"))
        try session.sendKeys("p")
        try session.waitForAbsence(of: "│")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    /// `s` twice sorts by size (directories, which have none, last), `S` the other way,
    /// `s` three times more goes back to the directory's order; the header shows the arrow.
    @Test func dirSortsBySizeBothWaysAndBack() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(repeating: 0x61, count: 3000).write(to: root.appendingPathComponent("large.txt"))
        try Data(repeating: 0x61, count: 200).write(to: root.appendingPathComponent("mid.txt"))
        try Data("a".utf8).write(to: root.appendingPathComponent("small.txt"))
        let session = try TmuxSession(lister: ["dir", root.path], columns: 100)
        defer { session.close() }
        try session.waitFor("top.txt")
        try session.sendKeys("p", "s", "s")
        let ascending = try session.waitFor("Size ▲")
        let order = { (screen: String, names: [String]) -> Bool in
            let positions = names.compactMap { screen.range(of: $0)?.lowerBound }
            return positions.count == names.count && positions == positions.sorted()
        }
        #expect(order(ascending, ["small.txt", "top.txt", "mid.txt", "3.0K", "inner/"]))
        try session.sendKeys("S")
        let descending = try session.waitFor("Size ▼")
        #expect(order(descending, ["large.txt", "mid.txt", "top.txt", "small.txt", "inner/"]))
        try session.sendKeys("s", "s")  // by modification time, then by kind
        try session.waitFor("Kind ▲")
        try session.sendKeys("s")  // past the last column: the directory's order
        let unsorted = try session.waitForAbsence(of: "Kind ▲")
        #expect(order(unsorted, ["inner/", "large.txt", "mid.txt", "small.txt", "top.txt"]))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func dirPickPrintsThePath() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let session = try TmuxSession(lister: ["dir", "--pick", root.path], columns: 100, captureStdout: true)
        defer { session.close() }
        try session.waitFor("top.txt")
        try session.sendKeys("End", "Enter")
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput().hasSuffix("top.txt\n"))
    }

    /// A Latin-1 file name is shown with its byte in hex and picked as the exact bytes, not
    /// as UTF-8 made valid (which named a file that does not exist).
    @Test func dirPickPrintsTheBytesOfANameThatIsNotUTF8() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lister-e2e-bytes-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let path = Array(root.path.utf8) + Array("/lat".utf8) + [0xE9] + Array(".txt".utf8)
        let fd = (path + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { creat($0.baseAddress!, 0o644) } }
        #expect(fd >= 0)
        close(fd)
        let session = try TmuxSession(lister: ["dir", "--pick", root.path], columns: 100, captureStdout: true)
        defer { session.close() }
        try session.waitFor("lat<E9>.txt")
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutputBytes() == path + [0x0A])
    }

    /// `lister lines FILE` with a FILE named in Latin-1: the argument's bytes are kept
    /// (`CommandLine.arguments` replaces them with U+FFFD).
    @Test func linesOpensAFileWhoseNameIsNotUTF8() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lister-e2e-arg-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let path = Array(root.path.utf8) + Array("/lat".utf8) + [0xE9] + Array(".txt".utf8)
        try Data("one\ntwo\n".utf8).write(to: URL(fileURLWithPath: root.path + "/plain"))
        #expect(rename(root.path + "/plain", (path + [0]).map { CChar(bitPattern: $0) }) == 0)
        let lister = PaneScript.shellQuote(try TmuxSession.listerPath())
        let session = try TmuxSession(shell: "exec \(lister) lines \"$(printf '%s/lat\\351.txt' \(PaneScript.shellQuote(root.path)))\"",
                                      columns: 80, captureStdout: true)
        defer { session.close() }
        try session.waitFor("lat<E9>.txt")
        try session.sendKeys("Down", "Enter")
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == "two\n")
    }

    /// `lister sqlite DB TABLE --sort COLUMN:desc` opens the table in SQLite's order, the
    /// arrow in its header; a column it does not have is a usage error naming those it has.
    @Test func sqliteOpensATableSortedByTheSortOption() throws {
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("lister-e2e-\(UUID()).db")
        defer { try? FileManager.default.removeItem(at: database) }
        let make = try TmuxSession(shell: """
            exec python3 -c "import sqlite3; c = sqlite3.connect('\(database.path)'); c.execute('create table t(id integer primary key, name text, n integer)'); c.executemany('insert into t(name, n) values (?, ?)', [(f'row {i:04}', i % 7) for i in range(3000)]); c.commit()"
            """)
        #expect(try make.waitForExit() == 0)
        make.close()
        let session = try TmuxSession(lister: ["sqlite", database.path, "t", "--sort", "name:desc"], columns: 100, rows: 30)
        defer { session.close() }
        let screen = try session.waitFor("row 2999")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1].contains("name ▼"), "\(screen)")
        #expect(lines[2].contains("row 2999") && lines[3].contains("row 2998"), "\(screen)")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        let unknown = try CommandLineErrorTests().run(["sqlite", database.path, "t", "--sort", "size"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "lister: --sort: no column 'size' in 't'; it has: id, name, n\n")
    }

    @Test func sqlitePagesThroughThousandsOfRows() throws {
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("lister-e2e-\(UUID()).db")
        defer { try? FileManager.default.removeItem(at: database) }
        let make = try TmuxSession(shell: """
            exec python3 -c "import sqlite3; c = sqlite3.connect('\(database.path)'); c.execute('create table t(id integer primary key, name text)'); c.executemany('insert into t(name) values (?)', [(f'row {i}',) for i in range(3000)]); c.commit()"
            """)
        #expect(try make.waitForExit() == 0)
        make.close()
        let before = try FileManager.default.attributesOfItem(atPath: database.path)[.modificationDate] as? Date
        let session = try TmuxSession(lister: ["sqlite", database.path, "t"], columns: 100, rows: 30)
        defer { session.close() }
        try session.waitFor("row 0")
        var screen = try session.screen()
        for _ in 0..<40 where !screen.contains("End of list") {
            try session.sendKeys("G")
            screen = try session.waitUntil("a page to settle") { !$0.contains("Loading more") }
        }
        #expect(screen.contains("End of list · 3000 items"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        let after = try FileManager.default.attributesOfItem(atPath: database.path)[.modificationDate] as? Date
        #expect(before == after)
        let neighbours = try FileManager.default.contentsOfDirectory(atPath: database.deletingLastPathComponent().path)
        #expect(!neighbours.contains(database.lastPathComponent + "-wal"))
    }
}
