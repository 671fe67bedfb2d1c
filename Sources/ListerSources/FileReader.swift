#if canImport(Glibc)
import Glibc
#endif

import Lister

/// Reading all of a file descriptor (a JSON document; `lines` streams with ``LineReader``).
enum FileReader {
    /// Reads `fd` to its end. Throws a ``ListError`` naming `name` on failure.
    ///
    /// `start`, while it returns false, is asked after each read whether the bytes so far
    /// can begin what is being read: it throws to stop at once (input that cannot be
    /// what was asked for is not read to its end, which may never come).
    static func readAll(fd: Int32, name: String, start: (([UInt8]) throws -> Bool)? = nil) throws -> [UInt8] {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var started = start == nil
        while true {
            try Task.checkCancellation()
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw ListError("cannot read \(name): \(String(cString: strerror(errno)))", isRetryable: false)
            }
            data.append(contentsOf: chunk[0..<count])
            if !started, let start { started = try start(data) }
        }
    }
}
