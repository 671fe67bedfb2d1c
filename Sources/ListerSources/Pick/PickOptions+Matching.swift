import Lister

extension PickOptions {
    /// Sets a switch of matching or output that takes no value: `--literal` and the
    /// `+`/`--no-` forms fzf 0.74.5 accepts for the supported options that the main
    /// switch does not list. False when `name` is none of them.
    mutating func applySwitch(_ name: String) -> Bool {
        switch name {
        case "--literal": literal = true
        case "--no-literal": literal = false
        case "+e": exact = false
        case "--no-read0": read0 = false
        case "--no-print0": print0 = false
        case "--no-header": header = nil
        case "--no-header-lines": headerLines = 0
        case "--no-preview": preview = nil
        case "--no-expect": expect = []
        default: return false
        }
        return true
    }
}
