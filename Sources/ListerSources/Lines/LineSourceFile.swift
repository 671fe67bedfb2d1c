import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// A regular file whose lines are read back when they are needed instead of being kept in
/// memory, as `less` does: a 60 MB file then costs its line index (4 bytes a line), not
/// 60 MB more of the process's memory.
///
/// The file is the input itself (``init(readingFrom:minimumBytes:)``), or an unlinked
/// temporary file that input which cannot be read back, such as a pipe, is written to as
/// it is read (``temporary(in:)``, ``SpillingLineBuilder``).
///
/// The descriptor is owned by this object and read with `pread` (no shared offset), from any
/// thread; a filter reads an input file's bytes in place from a read-only mapping instead,
/// when the system gives one (``withBytes(at:count:_:)``, ``FileMapping``). If the file
/// changes meanwhile, rows show what it holds when they are read (a page read for rows is
/// kept, four of 64 KiB, but only for the bytes the file held then, so a file still being
/// written is read again past them); if it shrinks, the missing bytes read as zeros: rows
/// show them as `^@`, and the line is marked incomplete (``Line/isComplete``) so that it is
/// not printed as if it had been read.
final class LineSourceFile: Sendable {
    /// Input of at least this many bytes from a regular file is read back, not kept; input
    /// that cannot be read back is moved to a temporary file past this many bytes.
    static let threshold = 8 << 20

    private let fd: Int32
    /// The file's bytes as they were when it was opened, mapped: nil for a temporary file
    /// (it is still being written), or when the system gave no mapping.
    private let mapping: FileMapping?
    /// The last pages read for single lines: a frame's rows are next to each other, so
    /// drawing one costs one `pread`, not one per row.
    private let pages = Locked(PageCache())
    /// Set once a read found the file shorter than when its lines were indexed.
    private let shrank = Locked(false)

    /// Whether a read found the file shorter than when its lines were indexed (it was
    /// truncated from outside): lost bytes read as zeros.
    var hasShrunk: Bool { shrank.withLock { $0 } || mapping?.isIntact == false }

    /// Whether a filter reads the file in place, from a mapping.
    var isMapped: Bool { mapping != nil }

    /// A few aligned pages of the file, replaced round robin.
    private struct PageCache {
        static let pageSize = 1 << 16
        static let capacity = 4
        /// Each page, and how many of its bytes the file held when it was read (the rest
        /// are zeros): a page at the end of a file still being written serves only those.
        var pages: [(offset: Int, bytes: [UInt8], count: Int)] = []
        var next = 0

        /// Keeps `page`, in place of an older read of the same page if there is one.
        mutating func keep(_ page: (offset: Int, bytes: [UInt8], count: Int)) {
            if let index = pages.firstIndex(where: { $0.offset == page.offset }) {
                pages[index] = page
            } else if pages.count < Self.capacity {
                pages.append(page)
            } else {
                pages[next] = page
                next = (next + 1) % Self.capacity
            }
        }
    }

    /// Duplicates `fd` when it is a regular file with at least `minimumBytes` left after its
    /// current offset; nil otherwise (a pipe, a terminal, a small file). With `maps`, the
    /// bytes it has now are also mapped for filters to read in place.
    init?(readingFrom fd: Int32, minimumBytes: Int = LineSourceFile.threshold, maps: Bool = true) {
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let offset = lseek(fd, 0, SEEK_CUR)
        guard offset >= 0, Int(status.st_size) - Int(offset) >= minimumBytes else { return nil }
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { return nil }
        self.fd = copy
        mapping = maps ? FileMapping(fd: copy, length: Int(status.st_size)) : nil
    }

    private init(owning fd: Int32) {
        self.fd = fd
        mapping = nil
    }

    deinit { close(fd) }

    /// A new empty file in `directory` that no other process can open: created with
    /// `mkstemp` (mode 0600) and unlinked at once, so its space is freed when it is closed,
    /// even if the process is killed.
    ///
    /// - Throws: ``LineSpillError`` with the reason (a missing or read-only directory, …).
    static func temporary(in directory: String) throws(LineSpillError) -> LineSourceFile {
        var template = Array("\(directory)/lister-lines-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            let code = errno
            throw LineSpillError(operation: "cannot create a file in \(directory)", code: code)
        }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        guard unlink(path) == 0 else {
            let code = errno
            close(fd)
            throw LineSpillError(operation: "cannot unlink \(path)", code: code)
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)  // (`mkostemp` is not in Glibc's Swift module)
        return LineSourceFile(owning: fd)
    }

    /// Writes all of `bytes` at `offset` (only the one thread filling the file writes).
    ///
    /// - Throws: ``LineSpillError`` for a write that fails (`ENOSPC`, `EDQUOT`, `EIO`…);
    ///   some of the bytes may have been written.
    func write(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) throws(LineSpillError) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let count = pwrite(fd, base + done, bytes.count - done, off_t(offset + done))
            let code = errno
            if count < 0, code == EINTR { continue }
            guard count > 0 else { throw LineSpillError(operation: "cannot write a temporary file", code: count < 0 ? code : ENOSPC) }
            done += count
        }
    }

    /// Fills `buffer` with the bytes at `offset`; zeros where the file has none now.
    /// Returns how many bytes the file had there.
    @discardableResult
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < buffer.count {
            let count = pread(fd, base + done, buffer.count - done, off_t(offset + done))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            done += count
        }
        if done < buffer.count { (base + done).initializeMemory(as: UInt8.self, repeating: 0, count: buffer.count - done) }
        return done
    }

    /// Calls `body` with the `count` bytes at `offset`, zeros where the file has none now:
    /// in place in the mapping when it holds them all and the file has not shrunk under it,
    /// else read into a buffer that lives for the call.
    ///
    /// The bytes a row shows or prints are read with ``bytes(at:count:)`` instead, which
    /// says whether the file still held them all: a mapping reads zeros past the end of a
    /// file truncated within its last page without any sign.
    func withBytes<Result>(at offset: Int, count: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let mapped = mapping?.bytes(at: offset, count: count) { return try body(mapped) }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            read(into: UnsafeMutableRawBufferPointer(buffer), at: offset)
            return try body(UnsafeBufferPointer(buffer))
        }
    }

    /// The `count` bytes at `offset`, from the page cache when they lie in one page, and
    /// whether the file still held all of them (zeros stand in for the rest).
    func bytes(at offset: Int, count: Int) -> (bytes: [UInt8], complete: Bool) {
        let pageSize = PageCache.pageSize
        let pageOffset = offset - offset % pageSize
        guard offset + count <= pageOffset + pageSize else {
            var read = 0
            let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                read = self.read(into: UnsafeMutableRawBufferPointer(buffer), at: offset)
                initialized = count
            }
            if read < count { noteShrunk() }
            return (bytes, read == count)
        }
        let range = offset - pageOffset..<offset - pageOffset + count
        return pages.withLock { cache in
            if let cached = cache.pages.first(where: { $0.offset == pageOffset && $0.count >= range.upperBound }) {
                return (Array(cached.bytes[range]), true)
            }
            var read = 0
            let page = [UInt8](unsafeUninitializedCapacity: pageSize) { buffer, initialized in
                read = self.read(into: UnsafeMutableRawBufferPointer(buffer), at: pageOffset)
                initialized = pageSize
            }
            cache.keep((pageOffset, page, read))
            if read < range.upperBound { noteShrunk() }
            return (Array(page[range]), read >= range.upperBound)
        }
    }

    private func noteShrunk() {
        shrank.withLock { $0 = true }
    }
}

/// Why input could not be moved to a temporary file: what failed, and `errno`.
struct LineSpillError: Error, CustomStringConvertible {
    /// What was being done ("cannot create a file in /tmp").
    let operation: String
    /// The `errno` it failed with.
    let code: Int32

    var description: String { "\(operation): \(String(cString: strerror(code)))" }
}
