import TerminalCore
import Testing

@Suite struct PathBytesTests {
    @Test(arguments: [
        Array("plain.txt".utf8),
        Array("école 日本 👩‍👩‍👧".utf8),
        [0x62, 0x61, 0x64, 0xFF, 0xFE, 0x75],        // bytes that are never UTF-8
        [0x6C, 0x61, 0x74, 0xE9, 0x2E, 0x74],        // Latin-1 é
        [0xC0, 0xAF, 0xE0, 0x80, 0xAF],              // overlong forms
        [0xED, 0xA0, 0x80],                          // a surrogate
        [0xF4, 0x90, 0x80, 0x80],                    // past U+10FFFF
        [0xE6, 0x97],                                // cut short
        [0x80, 0x41, 0xBF],                          // stray continuation bytes
        [0xF4, 0x8F, 0xBE, 0x80, 0x2F, 0xF4, 0x8F, 0xBF, 0xBF],  // U+10FF80 and U+10FFFF themselves
    ] as [[UInt8]])
    func everyByteSequenceComesBack(bytes: [UInt8]) {
        let string = PathBytes.string(bytes)
        #expect(PathBytes.bytes(string) == bytes)
        let viaC = PathBytes.withCString(string) { Array(UnsafeRawBufferPointer(start: $0, count: bytes.count + 1)) }
        #expect(viaC == bytes + [0])
    }

    @Test func validUTF8IsUnchangedAndInvalidBytesShowAsHex() {
        #expect(PathBytes.string(Array("école".utf8)) == "école")
        let latin1 = PathBytes.string([0x6C, 0x61, 0x74, 0xE9, 0x2E, 0x74, 0x78, 0x74])
        #expect(latin1.unicodeScalars.count == 8)
        #expect(Sanitizer.clean(latin1) == "lat<E9>.txt")
        #expect(DisplayWidth.of(Sanitizer.clean(latin1)) == 11)
    }
}
