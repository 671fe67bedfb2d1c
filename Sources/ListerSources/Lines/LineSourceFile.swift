import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// A regular file whose lines are read back when they are needed instead of being kept in
/// memory, as `less` does: a 60 MB file then costs its line index (4 bytes a line), not
/// 60 MB more of the process's memory.
///
/// The descriptor is a duplicate owned by this object and read with `pread` only (no shared
/// offset), from any thread. If the file changes meanwhile, rows show what it holds when
/// they are read (a page read for rows is kept, four of 64 KiB); if it shrinks, the missing
/// bytes read as zeros: rows show them as `^@`, and nothing fails.
final class LineSourceFile: Sendable {
    /// Input of at least this many bytes from a regular file is read back, not kept.
    static let threshold = 8 << 20

    private let fd: Int32
    /// The last pages read for single lines: a frame's rows are next to each other, so
    /// drawing one costs one `pread`, not one per row.
    private let pages = Locked(PageCache())

    /// A few aligned pages of the file, replaced round robin.
    private struct PageCache {
        static let pageSize = 1 << 16
        static let capacity = 4
        var pages: [(offset: Int, bytes: [UInt8])] = []
        var next = 0
    }

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

    /// The `count` bytes at `offset`, from the page cache when they lie in one page.
    func bytes(at offset: Int, count: Int) -> [UInt8] {
        let pageSize = PageCache.pageSize
        let pageOffset = offset - offset % pageSize
        guard offset + count <= pageOffset + pageSize else {
            return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                read(into: UnsafeMutableRawBufferPointer(buffer), at: offset)
                initialized = count
            }
        }
        return pages.withLock { cache in
            let page: [UInt8]
            if let cached = cache.pages.first(where: { $0.offset == pageOffset }) {
                page = cached.bytes
            } else {
                page = [UInt8](unsafeUninitializedCapacity: pageSize) { buffer, initialized in
                    read(into: UnsafeMutableRawBufferPointer(buffer), at: pageOffset)
                    initialized = pageSize
                }
                if cache.pages.count < PageCache.capacity {
                    cache.pages.append((pageOffset, page))
                } else {
                    cache.pages[cache.next] = (pageOffset, page)
                    cache.next = (cache.next + 1) % PageCache.capacity
                }
            }
            return Array(page[offset - pageOffset..<offset - pageOffset + count])
        }
    }
}
