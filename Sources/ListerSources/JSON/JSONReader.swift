import Lister
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// Reads a JSON document from a file descriptor as it arrives, reporting its rows as they
/// are parsed, as ``LineReader`` does for lines: the first rows at once, then at most every
/// 25 ms, and whenever the input pauses. A large regular file is read back where it is;
/// other input is kept in memory, then in a temporary file (``JSONByteStore``).
enum JSONReader {
    /// How much one `read` asks for.
    static let chunkSize = 1 << 18

    /// Reads `fd` to its end (at most `maxBytes`); each error leaves the rows found before it
    /// reported.
    static func read(fd: Int32, name: String, itemsPath: String?, idField: String?, maxBytes: Int = .max,
                     logger: Logger = Configuration.silentLogger, progress: LoadProgress<JSONRows>) throws -> JSONRows {
        let store = JSONByteStore.readingBack(fd) ?? JSONByteStore(logger: logger)
        var builder = JSONDocumentBuilder(name: name, itemsPath: itemsPath, idField: idField,
                                          maxBytes: store.isInFile ? .max : maxBytes, bytes: store)
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        let clock = ContinuousClock()
        var reported = (count: 0, bytes: 0)
        var lastReport = clock.now
        func report() {
            progress(builder.snapshot())
            reported = (builder.count, builder.bytesRead)
            lastReport = clock.now
        }
        do {
            while true {
                try Task.checkCancellation()
                if builder.count > reported.count || builder.bytesRead > reported.bytes {
                    let wait = lastReport + LineReader.reportInterval - clock.now
                    if reported.count == 0 && builder.count > 0 || wait <= .zero || !LineReader.isReadable(fd, within: wait) {
                        report()
                    }
                }
                let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if count == 0 { return try builder.finish() }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw ListError("cannot read \(name): \(String(cString: strerror(errno)))", isRetryable: false)
                }
                try chunk.withUnsafeBufferPointer { (buffer) throws(ListError) in
                    try builder.append(UnsafeBufferPointer(rebasing: buffer[..<count]))
                }
            }
        } catch let error as ListError {
            if builder.count > reported.count { report() }  // the rows before the error stay
            throw error
        }
    }
}
