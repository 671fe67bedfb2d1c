#if canImport(Glibc)
import Glibc
#endif

/// A regular file whose lines are read back when they are needed instead of being kept in
/// memory, as `less` does: a 60 MB file then costs its line index (4 bytes a line), not
/// 60 MB more of the process's memory.
///
/// The descriptor is a duplicate owned by this object and read with `pread` only (no shared
/// offset), from any thread. If the file shrinks meanwhile, the missing bytes read as
/// zeros: rows show them as `^@`, and nothing fails.
final class LineSourceFile: Sendable {
    /// Input of at least this many bytes from a regular file is read back, not kept.
    static let threshold = 8 << 20

    private let fd: Int32

    /// Duplicates `fd` when it is a regular file with at least `minimumBytes` left after its
    /// current offset; nil otherwise (a pipe, a terminal, a small file).
    init?(readingFrom fd: Int32, minimumBytes: Int = LineSourceFile.threshold) {
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let offset = lseek(fd, 0, SEEK_CUR)
        guard offset >= 0, Int(status.st_size) - Int(offset) >= minimumBytes else { return nil }
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { return nil }
        self.fd = copy
    }

    deinit { close(fd) }

    /// Fills `buffer` with the bytes at `offset`; zeros where the file has none now.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) {
        guard let base = buffer.baseAddress else { return }
        var done = 0
        while done < buffer.count {
            let count = pread(fd, base + done, buffer.count - done, off_t(offset + done))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            done += count
        }
        if done < buffer.count { (base + done).initializeMemory(as: UInt8.self, repeating: 0, count: buffer.count - done) }
    }

    /// The `count` bytes at `offset`.
    func bytes(at offset: Int, count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            read(into: UnsafeMutableRawBufferPointer(buffer), at: offset)
            initialized = count
        }
    }
}
