import TerminalCore

/// Paths given on the command line, with the bytes the shell passed.
///
/// `CommandLine.arguments` (which argument-parser reads) replaces bytes that are not UTF-8
/// with U+FFFD, so a file named in Latin-1 cannot be opened from the parsed string. This
/// finds the raw argument that decodes to it and keeps its bytes (``PathBytes``).
enum ArgumentBytes {
    /// `parsed` with its bytes as given, when an argument decodes to it (or ends with
    /// `=parsed`, for `--option=PATH`); else `parsed` itself.
    static func path(_ parsed: String) -> String {
        guard parsed.unicodeScalars.contains("\u{FFFD}") else { return parsed }
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                                  count: strlen(pointer)))
            if String(decoding: bytes, as: UTF8.self) == parsed { return PathBytes.string(bytes) }
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")),
               String(decoding: bytes[(equals + 1)...], as: UTF8.self) == parsed {
                return PathBytes.string(bytes[(equals + 1)...])
            }
        }
        return parsed
    }
}

#if canImport(Glibc)
import Glibc
#endif
