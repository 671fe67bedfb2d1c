#!/usr/bin/env python3
"""`lister sqlite` sorting a 1,000,000-row table at its source (issue 20).

    tablesort.py --lister .build/release/lister [--rows 1000000] [--reps 5]

The table of table.py (20 columns, an index on c01 added here), at 120x40. Each repetition
opens `lister sqlite DB t` and clicks a column's title:
- c01 (indexed): the time from the click to the first frame in the new order (target:
  under 50 ms);
- c03 (no index): the time to the first change (the header's arrow and "sorting…"), to the
  frame in the new order, and the latency of three Downs pressed while SQLite sorts (keys
  must still be answered).
The peer, in the same run: Python's sqlite3 running the queries `lister sqlite` runs for
that frame (the count that places the selected row, then the first page), so the figures
say what the app adds to SQLite's own time.

Then `lister sqlite DB t --sort COLUMN` (opened sorted, issue 20), from the process's start:
- c01 (indexed): to the first frame of rows in c01's order (target: under 50 ms);
- c03 (no index): to the first frame (the header's arrow and "sorting…" expected), to the
  sorted frame, and the latency of `S` pressed while SQLite sorts (the arrow turns).
Peers in the same run: the first page's query in Python's sqlite3 (connect and fetch, in
the process), and the `sqlite3` shell run on it, from its start to its exit.
"""
import argparse
import os
import sqlite3
import statistics
import subprocess
import time

from ptysession import Session
from table import ensure_db

ROWS = 40


def click(column, row):
    """A mouse press and release at `column`, `row` (from 0), as xterm-256color sends them
    (SGR: `ESC [ < 0 ; x ; y M`, then `m`)."""
    return b"\x1b[<0;%d;%dM\x1b[<0;%d;%dm" % (column + 1, row + 1, column + 1, row + 1)


def sorted_frame(column, ascending=True):
    """Whether the screen shows the table by `column` (ascending or not), done."""
    arrow = " ▲" if ascending else " ▼"
    def predicate(session):
        lines = session.lines
        if len(lines) < 3 or (column + arrow) not in lines[1]:
            return False
        if "sorting" in lines[-1] or "refreshing" in lines[-1] or "loading" in lines[-1]:
            return False
        titles = lines[1].replace(arrow, "").split()
        index = titles.index(column)
        values = [int(l.split()[index]) for l in lines[2:-1] if len(l.split()) > index and l.split()[index].isdigit()]
        return len(values) > 5 and values == sorted(values, reverse=not ascending)
    return predicate


def opened_sorted(lister, db, column, press_reverse):
    """`lister sqlite DB t --sort COLUMN`: seconds from the process's start to the first
    frame with the header's arrow (and whether it said "sorting…"), to the sorted frame;
    with `press_reverse`, the latency of `S` pressed at the first frame and the time to
    the frame sorted the other way."""
    session = Session([lister, "sqlite", db, "t", "--sort", column], columns=120, rows=ROWS,
                      env={"SWIFT_BACKTRACE": "interactive=no"})
    try:
        result = {}
        first = session.wait_for(lambda s: len(s.lines) > 1 and (column + " ▲") in s.lines[1], 60)
        if first is None:
            raise SystemExit("no first frame:\n%s" % session.text())
        result["first frame"] = first - session.started
        result["said sorting"] = "sorting…" in session.lines[-1]
        if press_reverse and not sorted_frame(column)(session):
            _, answered, _, _ = session.press(b"S", 0.0, 2, predicate=lambda s: (column + " ▼") in s.lines[1])
            result["S"] = answered
            done = session.wait_for(sorted_frame(column, ascending=False), 60)
        else:
            done = session.wait_for(sorted_frame(column), 60)
        result["sorted"] = None if done is None else done - session.started
        return result
    finally:
        session.close()


def opened_unsorted(lister, db):
    """`lister sqlite DB t`, unsorted: seconds from the process's start to its first rows
    (the same start-up as with --sort, without the ORDER BY)."""
    session = Session([lister, "sqlite", db, "t"], columns=120, rows=ROWS, env={"SWIFT_BACKTRACE": "interactive=no"})
    try:
        shown = session.wait_for(lambda s: len(s.lines) > 3 and s.lines[2].split()[:1] == ["1"], 60)
        return None if shown is None else shown - session.started
    finally:
        session.close()


def first_page_sql(column):
    """The first page `lister sqlite` asks for in `column`'s order (its rows with a value)."""
    return "select id, %s, * from t where %s is not null order by %s, id limit 201" % (column, column, column)


def peer_opened(db, column):
    """The first page's query in Python's sqlite3: connect (read-only, immutable) and fetch."""
    start = time.monotonic()
    connection = sqlite3.connect("file:%s?mode=ro&immutable=1" % db, uri=True)
    connection.execute(first_page_sql(column)).fetchall()
    connection.close()
    return time.monotonic() - start


def peer_shell(db, column):
    """The `sqlite3` shell running the same query, from its start to its exit (None
    without the shell)."""
    start = time.monotonic()
    try:
        subprocess.run(["sqlite3", "-readonly", db, first_page_sql(column)], stdout=subprocess.DEVNULL, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return time.monotonic() - start


def one(lister, db, column, downs):
    session = Session([lister, "sqlite", db, "t"], columns=120, rows=ROWS)
    try:
        if session.wait_for(lambda s: any("c19" in l for l in s.lines), 60) is None:
            raise SystemExit("no first frame:\n%s" % session.text())
        session.drain(0.3)
        session.press(b"p", 0.2, 2)  # the table at full width
        header = session.lines[1]
        x = header.index(" " + column + " ") + 1
        result = {}
        if downs:
            first, _, _, _ = session.press(click(x, 1), 0.0, 2)
            result["first change"] = first
            start = time.monotonic() - (first or 0)
            down = session.key("down")
            result["down"] = [session.press(down, 0.0, 2)[0] for _ in range(downs)]
            while not sorted_frame(column)(session) and time.monotonic() - start < 60:
                session.press(b"", 0.05, 0.2)
            result["sorted"] = time.monotonic() - start if sorted_frame(column)(session) else None
        else:
            first, met, _, _ = session.press(click(x, 1), 0.1, 10, predicate=sorted_frame(column))
            result["first change"] = first
            result["sorted"] = met
        return result
    finally:
        session.close()


def peer(db, column):
    """The queries behind the sorted frame, in Python's sqlite3: the count that places row
    1 in the new order, then the first page (ORDER BY column, id)."""
    with sqlite3.connect("file:%s?mode=ro" % db, uri=True) as connection:
        start = time.monotonic()
        value = connection.execute("select %s from t where id = 1" % column).fetchone()[0]
        before = connection.execute("select count(*) from t where %s is not null and (%s, id) < (?, 1)" % (column, column),
                                    (value,)).fetchone()[0]
        connection.execute("select id, %s, * from t where %s is not null order by %s, id limit %d" % (
            column, column, column, before + 201)).fetchall()
        return time.monotonic() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lister", default=".build/release/lister")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--data-dir", default="/tmp/lister-bench")
    parser.add_argument("--opened-only", action="store_true", help="only `lister sqlite DB t --sort COLUMN`")
    args = parser.parse_args()
    os.makedirs(args.data_dir, exist_ok=True)
    db = os.path.join(args.data_dir, "table-%d.db" % args.rows)
    ensure_db(db, args.rows)
    with sqlite3.connect(db) as connection:
        connection.execute("create index if not exists t_c01 on t(c01)")
    runs = {"indexed": [], "unindexed": []}
    peers = {"indexed": [], "unindexed": []}
    unsorted = []
    opened = {"indexed": [], "unindexed": []}
    opened_peers = {"indexed": [], "unindexed": []}
    shell_peers = {"indexed": [], "unindexed": []}
    for rep in range(args.reps):
        if not args.opened_only:
            runs["indexed"].append(one(args.lister, db, "c01", 0))
            peers["indexed"].append(peer(db, "c01"))
            runs["unindexed"].append(one(args.lister, db, "c03", 3))
            peers["unindexed"].append(peer(db, "c03"))
        unsorted.append(opened_unsorted(args.lister, db))
        opened["indexed"].append(opened_sorted(args.lister, db, "c01", False))
        opened_peers["indexed"].append(peer_opened(db, "c01"))
        shell_peers["indexed"].append(peer_shell(db, "c01"))
        opened["unindexed"].append(opened_sorted(args.lister, db, "c03", True))
        opened_peers["unindexed"].append(peer_opened(db, "c03"))
        shell_peers["unindexed"].append(peer_shell(db, "c03"))

    def ms(values):
        values = sorted(v * 1000 for v in values if v is not None)
        if not values:
            return "none"
        return "p50 %.1f ms (min %.1f, max %.1f, n %d)" % (statistics.median(values), values[0], values[-1], len(values))
    print("load average: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
    for name, column in (("indexed", "c01"), ("unindexed", "c03")) if not args.opened_only else ():
        results = runs[name]
        print("sort by %s (%s), %d rows:" % (column, name, args.rows))
        print("  click to first change      %s" % ms([r["first change"] for r in results]))
        print("  click to the sorted frame  %s" % ms([r["sorted"] for r in results]))
        print("  peer: the same SQL (python sqlite3)  %s" % ms(peers[name]))
        if name == "unindexed":
            downs = [d for r in results for d in r["down"]]
            print("  Down while sorting: answered %d of %d, %s" % (
                sum(d is not None for d in downs), len(downs), ms(downs)))

    print("lister sqlite DB t (not sorted), from the process's start to its first rows  %s" % ms(unsorted))
    for name, column in (("indexed", "c01"), ("unindexed", "c03")):
        results = opened[name]
        print("lister sqlite DB t --sort %s (%s), %d rows, from the process's start:" % (column, name, args.rows))
        print("  first frame (arrow shown)  %s; said sorting… in %d of %d" % (
            ms([r["first frame"] for r in results]), sum(r["said sorting"] for r in results), len(results)))
        if name == "unindexed":
            answered = [r.get("S") for r in results if "S" in r]
            print("  S while sorting: answered %d of %d, %s" % (sum(a is not None for a in answered), len(answered), ms(answered)))
            print("  the sorted frame (by S: descending)  %s" % ms([r["sorted"] for r in results if "S" in r]))
            print("  sorted before S could be pressed: %d of %d" % (sum("S" not in r for r in results), len(results)))
        else:
            print("  the sorted frame           %s" % ms([r["sorted"] for r in results]))
        print("  peer: the first page's SQL (python sqlite3, connect + fetch)  %s" % ms(opened_peers[name]))
        print("  peer: sqlite3 shell, start to exit  %s" % ms([p for p in shell_peers[name] if p is not None]))


if __name__ == "__main__":
    main()
