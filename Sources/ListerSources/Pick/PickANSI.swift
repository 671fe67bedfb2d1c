import Lister

/// `lister pick --ansi`: lines coloured with SGR sequences are shown in their colours
/// (``ANSIText``), and matched on the text without any escape sequence.
enum PickANSI {
    /// The bytes of `line` without escape sequences, into `plain` (cleared first): what
    /// ``ANSIText`` leaves of it to show, so that matched positions are the shown ones.
    ///
    /// Removed: CSI (`ESC [`, parameters, intermediates, one final byte); OSC, DCS, SOS, PM
    /// and APC strings (`ESC ]`, `P`, `X`, `^`, `_`) up to BEL or `ESC \`; any other two-byte
    /// escape; a lone `ESC` at the end.
    static func strip(_ line: UnsafeBufferPointer<UInt8>, into plain: inout [UInt8]) {
        plain.removeAll(keepingCapacity: true)
        let count = line.count
        var index = 0
        while index < count {
            let byte = line[index]
            index += 1
            guard byte == 0x1B else {
                plain.append(byte)
                continue
            }
            guard index < count else { break }
            let kind = line[index]
            index += 1
            switch kind {
            case UInt8(ascii: "["):
                while index < count, (0x30...0x3F).contains(line[index]) { index += 1 }
                while index < count, (0x20...0x2F).contains(line[index]) { index += 1 }
                if index < count { index += 1 }  // the final byte
            case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
                while index < count {
                    let next = line[index]
                    index += 1
                    if next == 0x07 { break }
                    if next == 0x1B, index < count, line[index] == UInt8(ascii: "\\") {
                        index += 1
                        break
                    }
                }
            default:
                break  // a two-byte escape (ESC 7, ESC c…)
            }
        }
    }

    /// `bytes` as a row: SGR colours and attributes become styles (each row starts plain),
    /// every other escape sequence is removed.
    static func row(_ bytes: some Collection<UInt8>) -> Text {
        var parser = ANSIText()
        return parser.line(String(decoding: bytes, as: UTF8.self))
    }
}

extension PickOptions {
    /// A chosen line, the input's line `index` (from 0, for `{n}`), as fzf prints it: with
    /// `--ansi`, without its escape sequences (the colours are for the screen); with
    /// `--accept-nth`, its fields; else as read.
    package func printed(_ line: some Collection<UInt8>, index: Int) -> [UInt8] {
        var plain = Array(line)
        if ansi, line.contains(0x1B) {
            plain = []
            Array(line).withUnsafeBufferPointer { PickANSI.strip($0, into: &plain) }
        }
        guard let accept = fields.acceptNth else { return plain }
        var accepted: [UInt8] = []
        plain.withUnsafeBufferPointer { fields.render(accept, of: $0, index: index, accepted: true, into: &accepted) }
        return accepted
    }

    /// Whether ``printed(_:)`` changes lines (else `--filter` writes them as read).
    package var printsAsRead: Bool { !ansi && fields.acceptNth == nil }
}
