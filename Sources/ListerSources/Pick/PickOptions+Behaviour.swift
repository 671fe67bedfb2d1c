/// fzf's options about what the picker does (rather than how it looks or matches).
extension PickOptions {
    /// Sets a switch of behaviour that takes no value: `--disabled` (and its old name
    /// `--phony`), `--no-phony` (fzf 0.74.5 has no `--no-disabled`), `--sync`,
    /// `--no-sync`. False when `name` is none of them.
    mutating func applyBehaviourSwitch(_ name: String) -> Bool {
        switch name {
        case "--disabled", "--phony": searchDisabled = true
        case "--no-phony": searchDisabled = false
        case "--sync": sync = true
        case "--no-sync": sync = false
        case "--track": track = true
        case "--no-track": track = false
        case "--filepath-word": filepathWord = true
        case "--no-filepath-word": filepathWord = false
        default: return false
        }
        return true
    }
}
