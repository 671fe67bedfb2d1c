import Lister
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// Reads a directory with `opendir`/`readdir` and `fstatat`, off the main actor.
package enum DirReader {
    /// The entries of `directory`, directories first, then the rest, each by name; hidden
    /// entries (a leading dot) only when `includeHidden`. `.` and `..` are never listed.
    ///
    /// Throws a ``ListError`` a person can act on when the directory cannot be read, and
    /// `CancellationError` when the task is cancelled (checked every few thousand entries).
    package static func entries(of directory: String, includeHidden: Bool) throws -> [DirEntry] {
        guard let stream = PathBytes.withCString(directory, { opendir($0) }) else {
            let code = errno
            throw ListError("cannot read \(directory): \(String(cString: strerror(code)))", isRetryable: code != ENOTDIR)
        }
        defer { closedir(stream) }
        let descriptor = dirfd(stream)
        var entries: [DirEntry] = []
        var count = 0
        while true {
            errno = 0
            guard let raw = readdir(stream) else {
                if errno != 0 {
                    throw ListError("cannot read \(directory): \(String(cString: strerror(errno)))")
                }
                break
            }
            // Bytes that are not UTF-8 are kept (PathBytes): stat, open and --pick need them.
            let name = withUnsafeBytes(of: raw.pointee.d_name) { bytes in
                PathBytes.string(bytes.prefix(while: { $0 != 0 }))
            }
            count += 1
            if count % 4096 == 0 { try Task.checkCancellation() }
            if name == "." || name == ".." { continue }
            if !includeHidden, name.hasPrefix(".") { continue }
            entries.append(entry(named: name, in: directory, descriptor: descriptor))
        }
        try Task.checkCancellation()
        return ordered(entries)
    }

    /// Directories (and links to them) first, then the rest, each by name (Unicode order:
    /// byte order for ASCII names, so `Makefile` comes before `main.c`, as with `ls`).
    static func ordered(_ entries: [DirEntry]) -> [DirEntry] {
        var directories: [DirEntry] = []
        var others: [DirEntry] = []
        for entry in entries {
            if entry.isDirectory { directories.append(entry) } else { others.append(entry) }
        }
        directories.sort { $0.name < $1.name }
        others.sort { $0.name < $1.name }
        return directories + others
    }

    /// One entry, described by `lstat` (and `stat` through a link); an entry that vanished
    /// since `readdir` is listed as "missing".
    static func entry(named name: String, in directory: String, descriptor: Int32) -> DirEntry {
        var info = stat()
        guard PathBytes.withCString(name, { fstatat(descriptor, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else {
            return DirEntry(name: name, directory: directory, kind: .other("missing"), size: 0, modified: 0)
        }
        var kind = Self.kind(of: info.st_mode)
        if (info.st_mode & S_IFMT) == S_IFLNK {
            var target = stat()
            let followed = PathBytes.withCString(name, { fstatat(descriptor, $0, &target, 0) })
            let reason = followed == 0 ? 0 : errno
            let destination = linkTarget(name, descriptor: descriptor)
            if reason == ELOOP {
                kind = .symlinkLoop(target: destination)
            } else {
                kind = .symlink(target: destination, resolved: followed == 0 ? Self.kind(of: target.st_mode) : nil)
            }
        }
        return DirEntry(name: name, directory: directory, kind: kind, size: Int64(info.st_size),
                        modified: Int(info.st_mtim.tv_sec))
    }

    static func kind(of mode: mode_t) -> DirEntry.Kind {
        switch mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        case S_IFIFO: return .other("fifo")
        case S_IFSOCK: return .other("socket")
        case S_IFCHR: return .other("character device")
        case S_IFBLK: return .other("block device")
        default: return .other("unknown")
        }
    }

    static func linkTarget(_ name: String, descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) { target in
                PathBytes.withCString(name) { readlinkat(descriptor, $0, target, pointer.count) }
            }
        }
        guard count >= 0 else { return "?" }
        return PathBytes.string(buffer.prefix(count))
    }
}
