import TerminalCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How an ``NcursesTerminal`` sets up the terminal.
///
/// The defaults follow the environment: `ESCDELAY` sets the Escape delay and a non-empty
/// `NO_COLOR` turns colours off (https://no-color.org).
public struct TerminalOptions: Sendable {
    /// Milliseconds curses waits after Esc for the rest of a key sequence (default 25).
    public var escapeDelayMilliseconds: Int
    /// Whether to report the mouse: clicks and the wheel arrive as `.mouse` events.
    public var mouse: Bool
    /// Whether colours may be used; they are used only if the terminal has them too.
    public var colorEnabled: Bool
    /// Draw in this many rows below the cursor on the normal screen (fzf's `--height`)
    /// instead of on the alternate screen; `nil` (the default) takes the whole screen, and
    /// so does a height that leaves no row of the screen beside it.
    public var height: InlineHeight?

    /// The delay used when `ESCDELAY` is unset or not a number.
    public static let defaultEscapeDelayMilliseconds = 25

    /// Creates options; a `nil` argument takes its value from `environment`.
    ///
    /// - Parameters:
    ///   - escapeDelayMilliseconds: Escape delay; `nil` reads `ESCDELAY`, else 25.
    ///   - mouse: report clicks and the wheel.
    ///   - colorEnabled: `nil` means "unless `NO_COLOR` is set", whatever its value (even empty).
    ///   - environment: variables to read instead of the process environment (for tests).
    ///   - height: rows below the cursor to draw in, on the normal screen (inline).
    public init(
        escapeDelayMilliseconds: Int? = nil,
        mouse: Bool = false,
        colorEnabled: Bool? = nil,
        environment: [String: String]? = nil,
        height: InlineHeight? = nil
    ) {
        let lookup: (String) -> String? = { name in
            if let environment { return environment[name] }
            return getenv(name).map { String(cString: $0) }
        }
        self.escapeDelayMilliseconds = escapeDelayMilliseconds
            ?? lookup("ESCDELAY").flatMap { Int($0) }.map { min(max($0, 0), 10_000) }
            ?? Self.defaultEscapeDelayMilliseconds
        self.mouse = mouse
        self.colorEnabled = colorEnabled ?? (lookup("NO_COLOR") == nil)
        self.height = height
    }
}

/// Why an ``NcursesTerminal`` could not be opened.
public enum NcursesTerminalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `/dev/tty` could not be opened: usually there is no controlling terminal.
    case noTerminal(reason: String)
    /// curses does not know the terminal named by `TERM` (`nil` when `TERM` is unset).
    case unknownTerminalType(String?)
    /// The terminal named by `TERM` cannot move its cursor (`dumb`, say).
    case unsupportedTerminalType(String)
    /// Another `NcursesTerminal` is open in this process.
    case alreadyOpen
    /// A system call failed while setting up.
    case setupFailed(String)

    /// A message for people, without a trailing newline.
    public var description: String {
        switch self {
        case .noTerminal(let reason): return "cannot open /dev/tty: \(reason)"
        case .unknownTerminalType(nil): return "TERM is not set: cannot drive the terminal"
        case .unknownTerminalType(let name?): return "unknown terminal type '\(name)' (TERM)"
        case .unsupportedTerminalType(let name):
            return "terminal type '\(name)' cannot move the cursor (TERM): a full-screen interface needs one that can"
        case .alreadyOpen: return "a terminal is already open in this process"
        case .setupFailed(let what): return "cannot set up the terminal: \(what)"
        }
    }

    /// The conventional exit status for this failure: 2, a usage or environment error.
    public var exitStatus: Int32 { 2 }
}

/// The text of `errno` value `code`.
func systemMessage(_ code: Int32) -> String {
    String(cString: strerror(code))
}
