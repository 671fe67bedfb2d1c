#if canImport(Glibc)
import Glibc
#endif

import Lister

/// `lister pick --history FILE`: the queries of earlier runs, one a line, oldest first, as
/// fzf keeps them; each accepted query that is not empty is appended, and the file keeps
/// the newest `--history-size` of them.
package enum PickHistory {
    /// The queries in `path`; a file that does not exist yet is created empty. A file that
    /// cannot be read or created is an error naming it.
    package static func read(_ path: String) throws(PickOptions.Failure) -> [String] {
        let fd = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw PickOptions.Failure("--history \(path): cannot create the file (\(reason)); does its directory exist and can you write there?")
        }
        defer { close(fd) }
        let bytes: [UInt8]
        do {
            bytes = try FileReader.readAll(fd: fd, name: path)
        } catch {
            throw PickOptions.Failure("--history \(path): cannot read the file (\(error))")
        }
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Appends `query` to `entries` and writes the newest `limit` of them to `path`.
    package static func append(_ query: String, to entries: [String], path: String, limit: Int) throws(PickOptions.Failure) {
        guard !query.isEmpty else { return }
        let bytes = Array((entries + [query]).suffix(limit).map { $0 + "\n" }.joined().utf8)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw PickOptions.Failure("--history \(path): cannot write the file (\(String(cString: strerror(errno))))")
        }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw PickOptions.Failure("--history \(path): cannot write the file (\(String(cString: strerror(errno))))")
            }
            written += count
        }
    }
}
