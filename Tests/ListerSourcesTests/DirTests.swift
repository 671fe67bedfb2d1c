import Foundation
import Lister
import ListerSources
import TerminalCore
import Testing

/// A folder of real files made by a test, removed when the test ends.
final class DirSqlScratch {
    let path: String

    /// Makes the folder in the temporary directory, or under `base` (such as /dev/shm, a
    /// memory file system where making 100,000 files is quick).
    init(base: String? = nil) throws {
        let parent = base.flatMap { FileManager.default.isWritableFile(atPath: $0) ? URL(fileURLWithPath: $0) : nil }
            ?? FileManager.default.temporaryDirectory
        path = parent.appendingPathComponent("lister-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `bytes` to the file `name` (its folders made as needed) and returns its path.
    @discardableResult
    func file(_ name: String, _ bytes: [UInt8] = [], modified: Date? = nil) throws -> String {
        let full = path + "/" + name
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        if let modified { try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: full) }
        return full
    }

    func file(_ name: String, text: String) throws { try file(name, Array(text.utf8)) }

    func folder(_ name: String) throws {
        try FileManager.default.createDirectory(atPath: path + "/" + name, withIntermediateDirectories: true)
    }

    func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path + "/" + name, withDestinationPath: target)
    }
}

@MainActor
@Suite struct DirReaderTests {
    @Test func directoriesFirstThenFilesByNameWithSizes() throws {
        let scratch = try DirSqlScratch()
        try scratch.file("b.txt", text: "hello")
        try scratch.file("a.bin", [UInt8](repeating: 7, count: 2048))
        try scratch.folder("zeta")
        try scratch.folder("alpha")
        try scratch.file(".hidden", text: "x")
        try scratch.folder(".git")
        let entries = try DirReader.entries(of: scratch.path, includeHidden: false)
        #expect(entries.map(\.name) == ["alpha", "zeta", "a.bin", "b.txt"])
        #expect(entries.map(\.isDirectory) == [true, true, false, false])
        #expect(entries[2].size == 2048 && entries[3].size == 5)
        #expect(entries[3].path == scratch.path + "/b.txt")
        let all = try DirReader.entries(of: scratch.path, includeHidden: true)
        #expect(all.map(\.name) == [".git", "alpha", "zeta", ".hidden", "a.bin", "b.txt"])
    }

    @Test func linksSayWhereTheyPointAndBrokenOnesAreListed() throws {
        let scratch = try DirSqlScratch()
        try scratch.folder("real")
        try scratch.file("target.txt", text: "t")
        try scratch.link("to-dir", to: "real")
        try scratch.link("to-file", to: "target.txt")
        try scratch.link("dangling", to: "nowhere/at/all")
        let entries = try DirReader.entries(of: scratch.path, includeHidden: false)
        #expect(entries.map(\.name) == ["real", "to-dir", "dangling", "target.txt", "to-file"])
        #expect(entries[1].kind == .symlink(target: "real", resolved: .directory))
        #expect(entries[2].kind == .symlink(target: "nowhere/at/all", resolved: nil))
        #expect(entries[2].isBrokenLink)
        #expect(entries[4].kind == .symlink(target: "target.txt", resolved: .file))
        let row = DirScreen(directory: scratch.path).row(entries[2], context: RowContext(index: 0, isSelected: false))
        #expect(row.plainText.hasPrefix("dangling -> nowhere/at/all (broken link)  "))
        #expect(row.plainText.hasSuffix("  broken link"))
    }

    @Test func aSymlinkLoopIsCalledALoopNotABrokenLink() throws {
        let scratch = try DirSqlScratch()
        try scratch.link("ping", to: "pong")
        try scratch.link("pong", to: "ping")
        try scratch.link("self", to: "self")
        let entries = try DirReader.entries(of: scratch.path, includeHidden: false)
        #expect(entries.map(\.kind) == [.symlinkLoop(target: "pong"), .symlinkLoop(target: "ping"), .symlinkLoop(target: "self")])
        #expect(entries.allSatisfy { $0.isBrokenLink })  // nothing to pick or open
        let row = DirScreen(directory: scratch.path).row(entries[2], context: RowContext(index: 0, isSelected: false))
        #expect(row.plainText.hasPrefix("self -> self (symlink loop)  "))
        #expect(row.plainText.hasSuffix("  link loop"))
        #expect(!row.plainText.contains("broken"))
    }

    @Test func aMissingDirectoryIsARetryableErrorAndAFileIsNot() throws {
        let scratch = try DirSqlScratch()
        #expect(throws: ListError("cannot read \(scratch.path)/gone: No such file or directory")) {
            try DirReader.entries(of: scratch.path + "/gone", includeHidden: false)
        }
        let file = try scratch.file("plain.txt")
        #expect(throws: ListError("cannot read \(file): Not a directory", isRetryable: false)) {
            try DirReader.entries(of: file, includeHidden: false)
        }
    }

    @Test func aHundredThousandEntriesLoadInReasonableTime() throws {
        let scratch = try DirSqlScratch(base: "/dev/shm")
        let clock = ContinuousClock()
        for index in 0..<100_000 {
            close(open(scratch.path + "/file-\(index)", O_CREAT | O_WRONLY, 0o644))
        }
        var entries: [DirEntry] = []
        let elapsed = try clock.measure { entries = try DirReader.entries(of: scratch.path, includeHidden: false) }
        #expect(entries.count == 100_000)
        #expect(elapsed < .seconds(5), "100k entries took \(elapsed)")  // about 1 s in a debug build, 0.2 s in release
        for entry in entries { unlink(entry.path) }  // quicker than FileManager's removal
    }
}

@Suite struct DirFormatTests {
    @Test func sizesAreHumanReadableInFiveColumns() {
        #expect(DirFormat.size(0) == "0")
        #expect(DirFormat.size(1023) == "1023")
        #expect(DirFormat.size(1024) == "1.0K")
        #expect(DirFormat.size(1536) == "1.5K")
        #expect(DirFormat.size(10 * 1024 - 1) == "10K")
        #expect(DirFormat.size(1_048_576) == "1.0M")
        #expect(DirFormat.size(5 * 1_073_741_824) == "5.0G")
        #expect(DirFormat.size(1023 * 1_048_576) == "1023M")
        #expect(DirFormat.size(Int64.max).count <= 5)
    }

    @Test func timesAreMinutesInLocalTime() {
        let text = DirFormat.time(0)
        #expect(text.count == 16)
        #expect(text.hasPrefix("1970-01-01") || text.hasPrefix("1969-12-31"))
    }
}

/// Names that are not UTF-8 (Latin-1 files from an old archive) are listed, stat'ed,
/// previewed and opened with their own bytes.
@MainActor
@Suite struct NonUTF8NameTests {
    @Test func aLatin1FileAndFolderAreListedPreviewedAndOpened() throws {
        let scratch = try DirSqlScratch()
        let name: [UInt8] = Array("lat".utf8) + [0xE9] + Array(".txt".utf8)
        let folder: [UInt8] = Array("dir".utf8) + [0xFF] + Array("x".utf8)
        func make(_ bytes: [UInt8], directory: Bool) throws {
            let path = Array(scratch.path.utf8) + [0x2F] + bytes + [0]
            let made = path.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { directory ? mkdir($0.baseAddress!, 0o755) : creat($0.baseAddress!, 0o644) }
            }
            #expect(made >= 0)
            if !directory { close(made) }
        }
        try make(name, directory: false)
        try make(folder, directory: true)
        try make(folder + [0x2F] + Array("inside.txt".utf8), directory: false)
        let entries = try DirReader.entries(of: scratch.path, includeHidden: false)
        #expect(entries.map { Sanitizer.clean($0.name) } == ["dir<FF>x", "lat<E9>.txt"])
        #expect(entries.map(\.isDirectory) == [true, false])  // stat'ed with the real bytes
        #expect(PathBytes.bytes(entries[1].path) == Array(scratch.path.utf8) + [0x2F] + name)
        let fd = PathBytes.withCString(entries[1].path) { open($0, O_WRONLY) }
        #expect(fd >= 0)
        _ = "hello\n".withCString { write(fd, $0, 6) }
        close(fd)
        #expect(try FilePreview.read(entries[1].path).content == .text(lines: ["hello"], truncated: false))
        #expect(try DirReader.entries(of: entries[0].path, includeHidden: false).map(\.name) == ["inside.txt"])
    }
}

@MainActor
@Suite struct FilePreviewTests {
    @Test func textIsItsFirstLines() throws {
        let scratch = try DirSqlScratch()
        let path = try scratch.file("notes.txt", Array("one\n\ttwo\u{1B}[31m\nthree\n".utf8))
        let preview = try FilePreview.read(path)
        #expect(preview == FilePreview(size: 20, content: .text(lines: ["one", "\ttwo\u{1B}[31m", "three"], truncated: false)))
        let lines = FilePreviewScreen(entry: try #require(DirReader.entries(of: scratch.path, includeHidden: false).first))
            .content(preview, width: 80).map(\.plainText)
        #expect(lines.dropFirst(2) == ["one", "        two^[[31m", "three"])  // tab expanded, Esc made visible
    }

    @Test func windowsLineEndsSplitLinesAndALoneCarriageReturnShows() throws {
        let scratch = try DirSqlScratch()
        let path = try scratch.file("crlf.txt", Array("one\r\ntwo\rhalf\r\n\r\nend".utf8))
        #expect(try FilePreview.read(path) == FilePreview(size: 20, content: .text(lines: ["one", "two\rhalf", "", "end"], truncated: false)))
    }

    @Test func aFileThatSaysItIsEmptyShowsWhatWasRead() throws {
        // procfs gives 0 for st_size; /proc/self/status is text.
        let preview = try FilePreview.read("/proc/self/status")
        guard case .text(let lines, _) = preview.content else { Issue.record("expected text, got \(preview)"); return }
        #expect(lines.first?.hasPrefix("Name:") == true)
        #expect(preview.size > 0)
    }

    @Test func binaryAndLongFiles() throws {
        let scratch = try DirSqlScratch()
        let binary = try scratch.file("blob", [0x7F, 0x45, 0x4C, 0x46, 0, 1, 2])
        #expect(try FilePreview.read(binary) == FilePreview(size: 7, content: .binary))
        let long = try scratch.file("long.txt", Array(String(repeating: "0123456789\n", count: 10_000).utf8))
        guard case .text(let lines, let truncated) = try FilePreview.read(long).content else {
            Issue.record("expected text")
            return
        }
        #expect(truncated)
        #expect(lines.count == FilePreview.limit / 11)
        #expect(lines.allSatisfy { $0 == "0123456789" })
    }

    @Test func aFifoIsNeverOpened() throws {
        let scratch = try DirSqlScratch()
        #expect(mkfifo(scratch.path + "/pipe", 0o644) == 0)
        #expect(try FilePreview.read(scratch.path + "/pipe") == FilePreview(size: 0, content: .special("fifo")))
        #expect(try DirReader.entries(of: scratch.path, includeHidden: false).first?.kind == .other("fifo"))
    }
}
