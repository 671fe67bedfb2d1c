"""The programs measured side by side, and how each one is driven.

Every program gets the same file of N lines at the same terminal size. What differs is
how a program says "everything is loaded", which key moves down, and how it gets back to
the top:

* lister: `lister lines < FILE`. It shows rows while it reads: loaded when the status bar
  counts all N rows (`k/N`, no `+`); then End must show `N/N`; Home goes back; Down moves
  the highlight (the list scrolls once it reaches the last visible row).
* fzf: `fzf --layout=reverse < FILE` (top-down like the others; otherwise Down at the
  first item would do nothing). Its counter shows `N/N` once it has read everything;
  Down moves the cursor like lister's.
* less: `less FILE`. `G` shows the last line; `g` goes back; `j` scrolls one line (less
  has no selection: every `j` scrolls).
"""
import re


class Program:
    """How to run and drive one program."""

    def __init__(self, name, argv, stdin, down, page_rows, loaded, load_key=None,
                 top_key=None, at_top=None, env=None, end_key=None, at_end=None):
        self.name = name
        self.argv = argv          # the command; FILE is replaced by the input's path
        self.stdin = stdin        # whether the input goes to standard input
        self.down = down          # the key name that moves down one row
        self.page_rows = page_rows  # rows a Down can move within before scrolling
        self.loaded = loaded      # (session, count, last line) -> everything is loaded
        self.load_key = load_key  # key to press after the first frame to reach the end
        self.top_key = top_key    # key back to the first row
        self.at_top = at_top      # (session, first line) -> at the first row again
        self.end_key = end_key    # key pressed once loaded, to reach the last row
        self.at_end = at_end      # (session, count) -> the last row is reached
        self.env = env or {}

    def command(self, path):
        return [path if arg == "FILE" else arg for arg in self.argv]


def lister(binary, rows):
    return Program(
        "lister", [binary, "lines"], stdin=True, down="down", page_rows=rows - 2,
        loaded=total_shows(), end_key="end", at_end=counter_shows_any(), top_key="home",
        at_top=lambda session, first: session.lines[-1].startswith("1/"),
        env={"SWIFT_BACKTRACE": "interactive=no"},  # a crash must not wait for a key
    )


def counter_shows_any():
    def loaded(session, count, last=None):
        pattern = r"\b%d/%d\b" % (count, count)
        return any(re.search(pattern, line) for line in session.lines)
    return loaded


def total_shows():
    """Lister's status bar counts all rows: `k/N` with no `+` (more coming) after it."""
    def loaded(session, count, last):
        pattern = r"\b\d+/%d(?![+\d])" % count
        return any(re.search(pattern, line) for line in session.lines)
    return loaded


def fzf(rows, extra=(), binary="fzf"):
    return Program(
        "fzf", [binary, "--layout=reverse", *extra], stdin=True, down="down", page_rows=rows - 2,
        loaded=counter_shows_any(),
    )


def less(rows):
    return Program(
        "less", ["less", "FILE"], stdin=False, down="j", page_rows=0,
        loaded=lambda session, count, last: any(line.startswith(last) for line in session.lines),
        load_key="G", top_key="g",
        at_top=lambda session, first: session.lines[0].startswith(first),
    )


def match_count(session, total):
    """The `matched/total` count a filter shows (fzf's counter, lister's status bar)."""
    for line in session.lines:
        found = re.search(r"\b\d+/(\d+) of %d\b" % total, line)  # lister, filtered
        if found:
            return int(found.group(1))
        found = re.search(r"\b(\d+)/%d\b" % total, line)
        if found:
            return int(found.group(1))
    return None
