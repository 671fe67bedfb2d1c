import CSignalSupport

#if canImport(Glibc)
import Glibc
#endif

/// A read-only mapping of a regular file's first bytes, which a filter reads in place: no
/// copy into a buffer and no system call per batch of rows (``LineSourceFile``).
///
/// A file truncated while it is mapped raises SIGBUS at the first read of a page it lost.
/// The mapping is registered with `csig_guard_region`, whose handler maps a page of zeros
/// there instead and marks the region lost (``isIntact``): the read goes on with zeros, as
/// `pread` reads zeros past the end here, and the owner reads with `pread` from then on.
/// Bytes the file gained after it was mapped are not in the mapping (``bytes(at:count:)``
/// answers nil for them).
final class FileMapping: @unchecked Sendable {
    // Safety: `base`, `length` and `slot` are set once in `init` and never written again;
    // the memory they point at is mapped read-only until `deinit`, when nothing reads it any
    // more; the lost mark is an atomic of the C side.
    private let base: UnsafePointer<UInt8>
    /// The number of bytes mapped.
    let length: Int
    private let slot: Int32

    /// Maps the first `length` bytes of `fd` (a regular file, opened for reading); nil when
    /// the system refuses, or no slot of the SIGBUS guard is free: then `pread` it is.
    init?(fd: Int32, length: Int) {
        guard length > 0 else { return nil }
        guard let address = mmap(nil, length, PROT_READ, MAP_SHARED, fd, 0), address != MAP_FAILED else { return nil }
        let slot = csig_guard_region(address, length)
        guard slot >= 0 else {
            munmap(address, length)
            return nil
        }
        base = UnsafePointer(address.bindMemory(to: UInt8.self, capacity: length))
        self.length = length
        self.slot = slot
    }

    deinit {
        csig_unguard_region(slot)
        munmap(UnsafeMutableRawPointer(mutating: base), length)  // the pages of zeros too
    }

    /// False once a read found a page the file no longer holds (it was truncated): the
    /// mapping then shows zeros there, and is not read any more.
    var isIntact: Bool { csig_region_lost(slot) == 0 }

    /// The `count` bytes at `offset`, in place; nil when the mapping does not hold them all
    /// or is no longer intact.
    @inline(__always)
    func bytes(at offset: Int, count: Int) -> UnsafeBufferPointer<UInt8>? {
        guard offset >= 0, count >= 0, offset + count <= length, isIntact else { return nil }
        return UnsafeBufferPointer(start: base + offset, count: count)
    }
}
