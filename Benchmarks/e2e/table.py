#!/usr/bin/env python3
"""Down in a table against Down in a list, side by side (issue 20).

    table.py --lister .build/release/lister [--rows 1000000] [--reps 3] [--keys 60]

`lister sqlite DB t` on a table of --rows rows and 20 columns (integers and short texts,
drawn as a table: header, widths from the rows in view) and `lister lines FILE` on a file
of as many lines (the corpus of measure.py), both at 120x40, one after the other, the order
rotating each repetition. For each: Down within the page, then Down that scrolls (every key
draws a new row), the time from the key to the first change of the screen and the bytes
written per key. Prints p50 and p90 of each and the ratio table/list.

A table row fills the width and the corpus's lines are about 60 characters, so the bytes a
Down writes differ by the data as much as by the drawing (a highlighted row is written
whole). The third program, `lister lines` on the table's own rows as text (the values
joined by two spaces, wider than the screen as the table is), gives the ratio on the same
data.
"""
import argparse
import os
import sqlite3
import statistics

import corpus
from ptysession import Session


def ensure_db(path, rows):
    """A table t of `rows` rows: id, then 19 columns of numbers and short words."""
    if os.path.exists(path):
        with sqlite3.connect(path) as db:
            if db.execute("select count(*) from t").fetchone()[0] == rows:
                return
        os.remove(path)
    words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india"]
    with sqlite3.connect(path + ".tmp") as db:
        columns = ", ".join("c%02d %s" % (n, "integer" if n % 2 else "text") for n in range(1, 20))
        db.execute("create table t (id integer primary key, %s)" % columns)
        def row(i):
            return [i] + [(i * n) % 100000 if n % 2 else words[(i + n) % len(words)] for n in range(1, 20)]
        db.executemany("insert into t values (%s)" % ", ".join("?" * 20), (row(i) for i in range(1, rows + 1)))
    os.replace(path + ".tmp", path)


def ensure_rows_text(path, rows):
    """The rows of `ensure_db`'s table as lines of text: the values joined by two spaces."""
    if os.path.exists(path):
        return
    words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india"]
    with open(path + ".tmp", "w") as out:
        for i in range(1, rows + 1):
            values = [str(i)] + [str((i * n) % 100000) if n % 2 else words[(i + n) % len(words)] for n in range(1, 20)]
            out.write("  ".join(values) + "\n")
    os.replace(path + ".tmp", path)


def measure(argv, ready, keys, page_rows, setup):
    session = Session(argv, columns=120, rows=40)
    try:
        if session.wait_for(ready, 60) is None:
            raise SystemExit("%s: no first frame:\n%s" % (argv, session.text()))
        session.drain(0.3)
        for key in setup:  # `p`: the table at full width, as the list is (no preview pane)
            session.press(key.encode(), 0.2, 2)
        down = session.key("down")
        presses = [session.press(down, 0.05, 2) for _ in range(page_rows + keys)]
        page = presses[:page_rows - 2]
        scroll = presses[page_rows:]
        return ({"page": [p[0] * 1000 for p in page if p[0] is not None],
                 "scroll": [p[0] * 1000 for p in scroll if p[0] is not None],
                 "bytes": [p[3] for p in scroll]})
    finally:
        session.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lister", default=".build/release/lister")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--keys", type=int, default=60)
    parser.add_argument("--data-dir", default="/tmp/lister-bench")
    args = parser.parse_args()
    os.makedirs(args.data_dir, exist_ok=True)
    text = os.path.join(args.data_dir, "lines-%d.txt" % args.rows)
    db = os.path.join(args.data_dir, "table-%d.db" % args.rows)
    rows_text = os.path.join(args.data_dir, "table-%d-rows.txt" % args.rows)
    first, _ = corpus.ensure_file(text, args.rows)
    ensure_db(db, args.rows)
    ensure_rows_text(rows_text, args.rows)
    programs = {
        "table (lister sqlite, 20 columns)": ([args.lister, "sqlite", db, "t"], lambda s: any("c19" in l for l in s.lines), "p"),
        "list (lister lines)": ([args.lister, "lines", text], lambda s: any(first in l for l in s.lines), ""),
        "the table's rows as lines": ([args.lister, "lines", rows_text], lambda s: any(l.startswith("1  1  delta") for l in s.lines), ""),
    }
    results = {name: {"page": [], "scroll": [], "bytes": []} for name in programs}
    names = list(programs)
    for rep in range(args.reps):
        for name in names[rep % len(names):] + names[:rep % len(names)]:
            argv, ready, setup = programs[name]
            for key, values in measure(argv, ready, args.keys, 38, setup).items():
                results[name][key] += values
    def p(values, q):
        values = sorted(values)
        return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")
    for name, result in results.items():
        print("%-36s Down in page p50 %.2f ms p90 %.2f · scrolling p50 %.2f ms p90 %.2f · %.0f bytes/Down" % (
            name, p(result["page"], .5), p(result["page"], .9), p(result["scroll"], .5), p(result["scroll"], .9),
            statistics.median(result["bytes"])))
    table, lines, same = (results[n] for n in names)
    for label, other in (("list", lines), ("the same rows as lines", same)):
        print("ratio table/%s: Down in page p50 %.2fx, scrolling p50 %.2fx, bytes %.2fx" % (
            label, p(table["page"], .5) / p(other["page"], .5), p(table["scroll"], .5) / p(other["scroll"], .5),
            statistics.median(table["bytes"]) / statistics.median(other["bytes"])))


if __name__ == "__main__":
    main()
