#if canImport(Glibc)
import Glibc
#endif

/// A sibling executable that runs a subcommand whose dependencies `lister` does not load
/// (`lister-json`: Foundation and FoundationNetworking; `lister-sqlite`: GRDB and SQLite).
/// It is looked for next to the running `lister` (the build directory), then in
/// `../libexec/lister/` beside it (an install: `bin/lister`, `libexec/lister/lister-json`).
package struct Sibling: Sendable, Hashable {
    /// The executable's file name: `lister-json`, `lister-sqlite`.
    package let name: String

    /// The sibling called `name`.
    package init(_ name: String) { self.name = name }

    /// Why the sibling could not be run: one line that says what is missing and where it was
    /// looked for.
    package struct Missing: Error, CustomStringConvertible {
        /// The message, without the `lister: ` prefix.
        package let description: String
    }

    /// The command it runs, as typed: `lister sqlite` for `lister-sqlite`.
    var command: String { name.replacing("-", with: " ") }

    /// The paths looked at, in order, for an executable in `directory`.
    package func candidates(besides directory: String) -> [String] {
        [directory + "/" + name, directory + "/../libexec/lister/" + name]
    }

    /// The sibling's path, or `Missing` naming the places looked at.
    package func locate() throws(Missing) -> String {
        guard let executable = Self.runningExecutable() else {
            throw Missing(description: "cannot find \(name): the path of the running lister is unknown (/proc/self/exe)")
        }
        let directory = Self.directory(of: executable)
        let paths = candidates(besides: directory)
        if let found = paths.first(where: { access($0, X_OK) == 0 }) { return found }
        throw Missing(description: "cannot run '\(command)': \(name) is neither in \(directory)/ nor in "
            + "\(directory)/../libexec/lister/ (reinstall lister: make install)")
    }

    /// Replaces this process with the sibling, given `arguments` (without the program name).
    /// Returns only by throwing.
    package func exec(arguments: [String]) throws(Missing) -> Never {
        let path = try locate()
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        for pointer in argv { free(pointer) }
        throw Missing(description: "cannot run \(path): \(reason)")
    }

    /// The absolute path of the running executable (`/proc/self/exe`), symbolic links resolved.
    static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The directory part of an absolute path (`/usr/bin` for `/usr/bin/lister`).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

extension Sibling {
    /// `lister-json`: `lister json` with an http(s) URL.
    package static let json = Sibling("lister-json")
    /// `lister-sqlite`: `lister sqlite`.
    package static let sqlite = Sibling("lister-sqlite")
}
