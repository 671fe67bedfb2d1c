/// The shell script a ``TmuxSession`` pane runs around the program under test.
///
/// It records, in the session's directory: `pid` (the process that becomes the program when
/// the command starts with `exec`), `stty-before` and `stty-after` (`stty -a` of the pane's
/// tty), `status` (the exit status, 128 + n after signal n), and optionally `stdout` and
/// `stderr`. After the program exits it sets the pane title to `<exitTitle>-<status>`, which
/// tmux processes after every byte the program wrote, and then keeps the pane open so the
/// screen stays as the program left it.
enum PaneScript {
    /// What every program under test gets, whatever the environment of the tests.
    static let baseEnvironment = ["TERM": "tmux-256color", "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "interactive=no"]

    static func script(
        directory: String,
        command: String,
        environment: [String: String],
        captureStdout: Bool,
        captureStderr: Bool,
        exitTitle: String
    ) -> String {
        let assignments = baseEnvironment.merging(environment) { _, extra in extra }
            .sorted { $0.key < $1.key }
            .map { shellQuote("\($0.key)=\($0.value)") }
            .joined(separator: " ")
        let redirections = (captureStdout ? #" >"$dir/stdout""# : "") + (captureStderr ? #" 2>"$dir/stderr""# : "")
        return #"""
            # Pane wrapper written by TmuxSession (Tests/EndToEndTests/PaneScript.swift).
            dir=\#(shellQuote(directory))
            # Survive signals meant for the program (children get default handlers back).
            trap : HUP INT QUIT TERM
            stty -a >"$dir/stty-before" 2>&1
            # The inner shell records its pid, then becomes the program (with `exec` in the command).
            /bin/sh -c 'echo $$ >"$1/pid.tmp" && mv "$1/pid.tmp" "$1/pid" && shift && exec "$@"' pane "$dir" \
                env \#(assignments) /bin/sh -c \#(shellQuote(command))\#(redirections)
            status=$?
            stty -a >"$dir/stty-after" 2>&1
            echo "$status" >"$dir/status.tmp" && mv "$dir/status.tmp" "$dir/status"
            # CAN ends any escape sequence the program left open; the title marks the end of its output.
            printf '\030\033]2;%s\033\\' "\#(exitTitle)-$status"
            # Keep the pane (and its screen) until the tmux server goes; exits when the tty hangs up.
            exec cat >/dev/null

            """#
    }

    /// Quotes `word` for `/bin/sh`.
    static func shellQuote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
