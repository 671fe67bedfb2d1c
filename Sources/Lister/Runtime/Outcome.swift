import TerminalCore

/// How a run of the app ended. `run` never calls `exit`: the caller decides what an
/// outcome means (the `lister` command turns it into an exit status).
public enum Outcome: Sendable {
    /// The user quit a browser (`q`, or Esc at the root).
    case finished
    /// The user left a picker without choosing (`q` or Esc).
    case cancelled
    /// The user chose these items in a picker.
    case picked([any Sendable])
    /// A signal or Ctrl-C ended the app.
    case interrupted(TerminalSignal)

    /// The picked items of type `T`, in order.
    public func picked<T>(as type: T.Type) -> [T] {
        guard case .picked(let items) = self else { return [] }
        return items.compactMap { $0 as? T }
    }

    /// The conventional exit status: 0 finished or picked, 1 cancelled, 128+signal.
    public var exitStatus: Int32 {
        switch self {
        case .finished, .picked: return 0
        case .cancelled: return 1
        case .interrupted(let signal): return signal.exitStatus
        }
    }
}
