/// `|` groups with `!` terms, checked against fzf 0.74.5: a `!` term that holds satisfies
/// the group, and a later term of the group that matches still gives its score.
extension PickConformanceTests {
    static let inverseAlternatives: [Case] = [
        Case("a ! term before | does not stop the group's score", "zzb\nx b\na b\nq\n", ["--tiebreak=index", "-f", "!x | b"],
             "x b\na b\nzzb\nq\n"),
        Case("nor two of them", "zzb\nx b\na b\nq\n", ["--tiebreak=index", "-f", "!x | !z | b"], "x b\na b\nzzb\nq\n"),
        Case("a ! term after |", "zzb\nx b\na b\nq\n", ["--tiebreak=index", "-f", "b | !x"], "x b\na b\nzzb\nq\n"),
    ]
}
