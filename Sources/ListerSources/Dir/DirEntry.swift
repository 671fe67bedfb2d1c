#if canImport(Glibc)
import Glibc
#endif

/// One entry of a directory as `lister dir` lists it: read with `lstat`, so a symbolic link
/// is itself an entry (and says where it points, or that it points nowhere).
package struct DirEntry: Identifiable, Hashable, Sendable {
    /// What kind of file the entry is.
    package enum Kind: Hashable, Sendable {
        /// A directory.
        case directory
        /// A regular file.
        case file
        /// A symbolic link to `target`; `resolved` is what it leads to, nil when broken.
        indirect case symlink(target: String, resolved: Kind?)
        /// A symbolic link to `target` that leads back through itself (ELOOP): it leads
        /// nowhere, like a broken one, but for another reason.
        case symlinkLoop(target: String)
        /// Anything else: a FIFO, a socket, a device.
        case other(String)
    }

    /// The name in its directory.
    package let name: String
    /// The directory holding it.
    package let directory: String
    /// What it is.
    package let kind: Kind
    /// Its size in bytes (of the link itself for a symbolic link).
    package let size: Int64
    /// Its modification time, seconds since 1970.
    package let modified: Int

    /// The name identifies an entry within its directory.
    package var id: String { name }

    /// Creates an entry.
    package init(name: String, directory: String, kind: Kind, size: Int64, modified: Int) {
        self.name = name
        self.directory = directory
        self.kind = kind
        self.size = size
        self.modified = modified
    }

    /// The entry's path: its directory and its name.
    package var path: String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// Whether the entry is a directory or a link to one (it opens as a list).
    package var isDirectory: Bool {
        switch kind {
        case .directory, .symlink(_, .directory?): return true
        default: return false
        }
    }

    /// Whether the entry is a symbolic link that leads nowhere.
    package var isBrokenLink: Bool {
        switch kind {
        case .symlink(_, nil), .symlinkLoop: return true
        default: return false
        }
    }

    /// The kind in a word, for the Kind column: `dir`, `file`, `link`, `broken link`, `link loop`, `fifo`…
    package var kindName: String {
        switch kind {
        case .directory: return "dir"
        case .file: return "file"
        case .symlink(_, .directory?): return "link to dir"
        case .symlink(_, nil): return "broken link"
        case .symlinkLoop: return "link loop"
        case .symlink: return "link"
        case .other(let kind): return kind
        }
    }

    /// Whether the name starts with a dot.
    package var isHidden: Bool { name.hasPrefix(".") }
}

/// How sizes and times are written in `lister dir`'s columns.
package enum DirFormat {
    /// A size as `ls -h` writes it: bytes below 1024, then one decimal below 10 (`4.0K`),
    /// then whole units (`12M`), in at most 5 columns.
    package static func size(_ bytes: Int64) -> String {
        guard bytes >= 1024 else { return String(bytes) }
        var value = Double(bytes)
        for unit in ["K", "M", "G", "T", "P", "E"] {
            value /= 1024
            let tenths = (value * 10).rounded(.up)
            if tenths < 100 { return String(Int(tenths)).decimalTenths + unit }
            let whole = value.rounded(.up)
            if whole < 1024 || unit == "E" { return String(Int(whole)) + unit }
        }
        return String(bytes)
    }

    /// A time as `2026-11-22 03:47`, in local time.
    package static func time(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return "????-??-?? ??:??" }
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension String {
    /// "40" read as tenths: "4.0".
    fileprivate var decimalTenths: String {
        let digits = Array(self)
        return String(digits.dropLast()) + "." + String(digits.last ?? "0")
    }
}
