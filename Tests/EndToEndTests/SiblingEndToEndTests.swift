import Foundation
import Testing

/// `lister` links no networking, no ICU and no SQLite: `json` over HTTP and `sqlite` run in
/// the sibling executables `lister-json` and `lister-sqlite` (docs/DECISIONS.md).
@Suite struct SiblingEndToEndTests {
    /// Libraries that `lister lines`, `dir` and `demo` must not load: full Foundation (with
    /// ICU), its networking (libcurl and the ~30 libraries it brings), and SQLite.
    static let forbidden = [
        "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
        "libFoundationNetworking.so", "libcurl.so", "libsqlite3.so",
    ]

    /// The file names of the shared libraries `ldd` says `path` loads.
    func sharedLibraries(of path: String) throws -> [String] {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "ldd")
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("stdout").path
        let err = directory.appendingPathComponent("stderr").path
        let status = try ChildProcess.run("/usr/bin/ldd", [path], environment: [:], stdout: out, stderr: err)
        #expect(status == 0, "ldd \(path) failed: \((try? String(contentsOfFile: err, encoding: .utf8)) ?? "")")
        return try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").compactMap { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map { String($0.split(separator: "/").last ?? $0) }
        }
    }

    /// Runs `path arguments` with stdin from /dev/null; the status and what it wrote.
    func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "run")
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("stdout").path
        let err = directory.appendingPathComponent("stderr").path
        let status = try ChildProcess.run(path, arguments, environment: ["LANG": "C.UTF-8"], stdout: out, stderr: err)
        return (status, try String(contentsOfFile: out, encoding: .utf8), try String(contentsOfFile: err, encoding: .utf8))
    }

    /// Names that only code of networking, full Foundation (ICU) or SQLite leaves in a binary.
    static let forbiddenInside = ["FoundationNetworking", "FoundationInternationalization", "sqlite3_open_v2"]

    @Test func listerLinksNeitherNetworkingNorICUNorSQLite() throws {
        let path = try TmuxSession.listerPath()
        let libraries = try sharedLibraries(of: path)
        #expect(libraries.contains { $0.hasPrefix("libc.so") })  // ldd did list them
        for library in Self.forbidden {
            #expect(!libraries.contains { $0.hasPrefix(library) }, "lister loads \(library): \(libraries)")
        }
        // The release build links the Swift runtime in: then nothing of those is linked in either.
        if !libraries.contains(where: { $0.hasPrefix("libswiftCore.so") }) {
            let image = try Data(contentsOf: URL(fileURLWithPath: path))
            for name in Self.forbiddenInside {
                #expect(image.range(of: Data(name.utf8)) == nil, "lister has \(name) linked in")
            }
        }
    }

    /// The names looked for inside a statically linked `lister` are there in the siblings
    /// that do link those libraries: the search would find them.
    @Test func theNamesLookedForAreInTheSiblingsThatLinkThem() throws {
        let directory = URL(fileURLWithPath: try TmuxSession.listerPath()).deletingLastPathComponent()
        let json = try Data(contentsOf: directory.appendingPathComponent("lister-json"))
        let sqlite = try Data(contentsOf: directory.appendingPathComponent("lister-sqlite"))
        #expect(json.range(of: Data("FoundationNetworking".utf8)) != nil)
        #expect(sqlite.range(of: Data("FoundationInternationalization".utf8)) != nil)
        #expect(sqlite.range(of: Data("sqlite3_open_v2".utf8)) != nil)
    }

    @Test func theSiblingsAreNextToListerAndLoadWhatTheyNeed() throws {
        let directory = URL(fileURLWithPath: try TmuxSession.listerPath()).deletingLastPathComponent()
        let json = try sharedLibraries(of: directory.appendingPathComponent("lister-json").path)
        #expect(json.contains { $0.hasPrefix("libFoundationNetworking.so") })
        #expect(!json.contains { $0.hasPrefix("libsqlite3.so") })
        let sqlite = try sharedLibraries(of: directory.appendingPathComponent("lister-sqlite").path)
        #expect(sqlite.contains { $0.hasPrefix("libsqlite3.so") })
        #expect(!sqlite.contains { $0.hasPrefix("libFoundationNetworking.so") })
    }

    @Test(arguments: [
        (["sqlite", "/etc/hostname"], "cannot run 'lister sqlite': lister-sqlite is neither in"),
        (["json", "http://127.0.0.1:9/items"], "cannot run 'lister json': lister-json is neither in"),
    ])
    func aMissingSiblingIsOneLineAndStatusTwo(arguments: [String], message: String) throws {
        let alone = try ChildProcess.makeTemporaryDirectory(prefix: "alone")
        defer { try? FileManager.default.removeItem(at: alone) }
        let copy = alone.appendingPathComponent("lister").path
        // Copied by cp, not here: a file this process had open for writing could be inherited
        // by a child another test spawns meanwhile, and running it would fail (ETXTBSY).
        #expect(try run("/bin/cp", [try TmuxSession.listerPath(), copy]).status == 0)
        let result = try run(copy, arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("lister: " + message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
    }

    @Test func theSiblingsFailLikeListerDid() throws {
        let lister = try TmuxSession.listerPath()
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "notdb")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("notes.txt")
        try Data("not a database, just text that is long enough to have a header\n".utf8).write(to: file)
        let notADatabase = try run(lister, ["sqlite", file.path])
        #expect(notADatabase.status == 2)
        #expect(notADatabase.stderr == "lister: \(file.path) is not an SQLite database\n")
        // --log hears why it did not start.
        let log = directory.appendingPathComponent("sqlite.log").path
        let logged = try run(lister, ["sqlite", file.path, "--log", log])
        #expect(logged.status == 2)
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(text.contains("not started") && text.contains("is not an SQLite database"), "log: \(text)")
        let badURL = try run(lister, ["json", "http://[bad"])
        #expect(badURL.status == 2)
        #expect(badURL.stderr == "lister: not a valid URL: http://[bad\n")
    }
}
