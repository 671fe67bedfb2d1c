import CNcurses
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

extension ControlStrings {
    /// The control strings of the terminal curses was set up for, from its terminfo entry;
    /// `nil` when it cannot address the cursor or clear the screen (a glass tty).
    ///
    /// The `cup` expansion is tried once here; a later failure (a row or column out of the
    /// terminal's range) would expand to nothing and the cursor would stay where it is.
    ///
    /// Call on the curses thread only: `tiparm` expands into one static buffer, and the
    /// closures call it.
    static func terminfo(colors wanted: Bool) -> ControlStrings? {
        guard let cup = capability("cup") else { return nil }
        let cursorAddress = cup.pointer
        let home = expand(cncurses_tiparm2(cursorAddress, 0, 0))
        guard !home.isEmpty else { return nil }  // a cup that does not expand cannot be trusted
        // Clearing: `clear`, else home and clear to the end of the screen.
        guard let clear = capability("clear")?.bytes ?? capability("ed").map({ home + $0.bytes }) else { return nil }
        let reset = capability("sgr0")?.bytes ?? []
        var strings = ControlStrings(
            moveCursor: fastest({ row, column in expand(cncurses_tiparm2(cursorAddress, Int32(row), Int32(column))) },
                               or: ControlStrings.ansi.moveCursor),
            clearScreen: clear,
            resetAttributes: reset)
        if !reset.isEmpty {  // attributes only if they can be turned off
            strings.bold = capability("bold")?.bytes
            strings.dim = capability("dim")?.bytes
            strings.reverse = capability("rev")?.bytes
            strings.underline = capability("smul")?.bytes
            strings.italic = capability("sitm")?.bytes
            strings.blink = capability("blink")?.bytes
            strings.strikethrough = capability("smxx")?.bytes
        }
        strings.clearToEndOfLine = capability("el")?.bytes
        // Shorter moves, each only if the terminal has it (see FrameEncoder.move).
        let ansi = ControlStrings.ansi
        strings.moveToColumn = parameterised("hpa", or: ansi.moveToColumn)
        strings.cursorForward = parameterised("cuf", or: ansi.cursorForward)
        strings.cursorDown = parameterised("cud", or: ansi.cursorDown)
        strings.cursorUp = parameterised("cuu", or: ansi.cursorUp)
        strings.cursorUpOne = capability("cuu1").map(\.bytes).flatMap { $0.isEmpty ? nil : $0 }
        strings.cursorDownOne = capability("cud1").map(\.bytes).flatMap { $0.isEmpty || $0 == [0x0A] ? nil : $0 }
        strings.carriageReturn = capability("cr").map(\.bytes).flatMap { $0.isEmpty ? nil : $0 }
        if let csr = capability("csr")?.pointer {
            strings.setScrollRegion = fastest({ top, bottom in expand(cncurses_tiparm2(csr, Int32(top), Int32(bottom))) },
                                              or: ControlStrings.ansi.setScrollRegion)
        }
        strings.scrollForward = capability("ind")?.bytes
        strings.scrollReverse = capability("ri")?.bytes
        let count = Int(tigetnum("colors"))
        if wanted, count >= 8, let setaf = capability("setaf")?.pointer, let setab = capability("setab")?.pointer {
            strings.foreground = { n in expand(cncurses_tiparm1(setaf, Int32(n))) }
            strings.background = { n in expand(cncurses_tiparm1(setab, Int32(n))) }
            strings.defaultColors = capability("op")?.bytes
            strings.colorCount = paletteSize(colors: count)
            strings.attributesWithoutColor = attributes(notWithColor: Int(tigetnum("ncv")))
        }
        strings.autoMarginsOff = capability("rmam")?.bytes
        strings.autoMarginsOn = capability("smam")?.bytes
        if strings.autoMarginsOff == nil || strings.autoMarginsOn == nil {
            strings.autoMarginsOff = nil
            strings.autoMarginsOn = nil
        }
        strings.cornerIsSafe = tigetflag("xenl") > 0 || tigetflag("am") <= 0
        strings.insertCharacter = capability("ich1")?.bytes
            ?? capability("ich").map { expand(cncurses_tiparm1($0.pointer, 1)) }.flatMap { $0.isEmpty ? nil : $0 }
        if let enter = capability("smir")?.bytes, let exit = capability("rmir")?.bytes {
            strings.enterInsertMode = enter
            strings.exitInsertMode = exit
        }
        return strings
    }

    /// `ansi` when it gives the same bytes as the terminfo string's `expansion` (checked on
    /// numbers of one to four digits), else `expansion`: `tiparm` interprets its string
    /// on every call, and a frame moves the cursor several times.
    static func fastest(_ expansion: @escaping (Int, Int) -> [UInt8], or ansi: ((Int, Int) -> [UInt8])?) -> (Int, Int) -> [UInt8] {
        let samples = [(0, 0), (0, 8), (9, 10), (98, 99), (99, 100), (998, 1_000), (4_321, 5_678)]
        guard let ansi, samples.allSatisfy({ expansion($0.0, $0.1) == ansi($0.0, $0.1) }) else { return expansion }
        return ansi
    }

    /// The one-parameter capability `name` as a function, `ansi` when it gives the same
    /// bytes; `nil` when the terminal lacks it or it expands to nothing.
    private static func parameterised(_ name: String, or ansi: ((Int) -> [UInt8])?) -> ((Int) -> [UInt8])? {
        guard let pointer = capability(name)?.pointer else { return nil }
        let expansion = { (n: Int) in expand(cncurses_tiparm1(pointer, Int32(n))) }
        guard !expansion(1).isEmpty else { return nil }
        let samples = [0, 1, 8, 9, 10, 99, 100, 998, 999, 1_000, 5_678]
        guard let ansi, samples.allSatisfy({ expansion($0) == ansi($0) }) else { return expansion }
        return ansi
    }

    /// How many colours of the palette `setaf` can take, for a terminal with `colors`:
    /// above 256 (xterm-direct) its numbers from 8 on are RGB values, so only the eight
    /// named colours are used.
    static func paletteSize(colors: Int) -> Int {
        colors > 256 ? 8 : colors
    }

    /// The attributes of terminfo's `ncv` bits (underline 2, reverse 4, blink 8, dim 16,
    /// bold 32, italic 32768); none when the capability is absent (-1 or -2).
    static func attributes(notWithColor ncv: Int) -> Attributes {
        guard ncv > 0 else { return [] }
        let bits: [(Int, Attributes)] = [(2, .underline), (4, .reverse), (8, .blink), (16, .dim), (32, .bold), (32768, .italic)]
        return bits.reduce(into: []) { result, pair in if ncv & pair.0 != 0 { result.insert(pair.1) } }
    }

    /// A string capability: its bytes, and the pointer `tiparm` takes (terminfo's storage,
    /// alive until the screen is deleted).
    private struct Capability {
        let pointer: UnsafePointer<CChar>
        let bytes: [UInt8]
    }

    /// The terminal's string capability `name`, without padding; `nil` when it lacks it.
    static func terminfoString(_ name: String) -> [UInt8]? {
        capability(name)?.bytes
    }

    private static func capability(_ name: String) -> Capability? {
        guard let pointer = cncurses_tigetstr(name) else { return nil }
        return Capability(pointer: pointer, bytes: expand(pointer))
    }

    /// The bytes of a C string without terminfo's padding delays; none for `NULL` (a
    /// failed expansion).
    private static func expand(_ string: UnsafePointer<CChar>?) -> [UInt8] {
        guard let string else { return [] }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(string).assumingMemoryBound(to: UInt8.self),
                                        count: strlen(string))
        return withoutPadding(Array(bytes))
    }

    /// `bytes` without the `$<5>`, `$<2*/>` delays of terminals that needed time: `tputs`
    /// would wait for them, a terminal emulator needs none, and written out they would show.
    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "$")) else { return bytes }
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
               let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">")), close > index + 2,
               bytes[(index + 2)..<close].allSatisfy({ (0x30...0x39).contains($0) || "./*".utf8.contains($0) }) {
                index = close + 1
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }
}
