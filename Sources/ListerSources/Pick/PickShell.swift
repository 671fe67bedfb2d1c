/// A shell whose key bindings `lister pick --bash`, `--zsh` or `--fish` prints.
package enum PickShell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}
