#!/usr/bin/env python3
"""Wide tables: `lister csv` and `lister json` on two rows of many columns (issue 33).

    wide.py --lister .build/release/lister [--reps 5] [--data-dir .build-bench]

The long tables (1,000,000 rows: csvbench.py, bounded.py) measure rows; these measure
columns. Inputs (generated once into --data-dir): a CSV file of a header and 2 rows of
N columns (N = 1,000, 3,000, 10,000, 30,000; fields `c00001`, `r1c00001`), and a JSON array of 2
objects of 10,000 keys each. At 120x40, each run ended before the next starts:

* first frame: spawn -> the output chunk after which the first row's first field shows;
* key: `>` (one column sideways) written -> the header's second title changes;
* quit: `q` written -> the process has exited.

A table draws the columns that fit, so none of the three may grow much with N (before
issue 33 the first frame took 74 ms, 604 ms and 8 s for 1,000, 3,000 and 10,000 columns,
and `q` waited for it). Prints a table of medians (min-max) in milliseconds.
"""
import argparse
import json
import os
import statistics
import sys
import time

from ptysession import Session, now


def ensure_csv(path, columns):
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        with open(path + ".tmp", "w") as out:
            out.write(",".join("c%05d" % c for c in range(1, columns + 1)) + "\n")
            for row in (1, 2):
                out.write(",".join("r%dc%05d" % (row, c) for c in range(1, columns + 1)) + "\n")
        os.rename(path + ".tmp", path)
    return path


def ensure_json(path, keys):
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        rows = [{"k%05d" % k: "r%dk%05d" % (row, k) for k in range(1, keys + 1)} for row in (1, 2)]
        with open(path + ".tmp", "w") as out:
            json.dump(rows, out)
        os.rename(path + ".tmp", path)
    return path


def run(argv, first, timeout):
    session = Session(argv, columns=120, rows=40, env={"SWIFT_BACKTRACE": "interactive=no"})
    try:
        shown = session.wait_for(lambda s: any(first in line for line in s.lines), timeout)
        if shown is None:
            sys.exit("wide.py: %s showed no first frame:\n%s" % (argv, session.text()))
        session.drain(0.2)
        header = session.lines[0:3]
        written = now()
        os.write(session.master, b">")
        moved = session.wait_for(lambda s: s.lines[0:3] != header, timeout)
        if moved is None:
            sys.exit("wide.py: %s: > did not scroll:\n%s" % (argv, session.text()))
        session.drain(0.2)
        asked = now()
        os.write(session.master, b"q")
        deadline = asked + timeout
        while session.alive() and now() < deadline:
            session.drain(0.001)
        if session.alive():
            sys.exit("wide.py: %s did not quit on q:\n%s" % (argv, session.text()))
        quit_ms = (now() - asked) * 1000
        return {"first": (shown - session.started) * 1000, "key": (moved - written) * 1000, "quit": quit_ms}
    finally:
        session.close()


def summary(values):
    return "%.1f (%.1f-%.1f)" % (statistics.median(values), min(values), max(values))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lister", required=True)
    parser.add_argument("--data-dir", default=".build-bench")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()
    sys.setswitchinterval(0.0005)
    cases = []
    for columns in (1000, 3000, 10000, 30000):
        path = ensure_csv(os.path.join(args.data_dir, "wide_%d.csv" % columns), columns)
        cases.append(("lister csv, 2 rows of %d columns" % columns, [args.lister, "csv", path], "r1c00001"))
    path = ensure_json(os.path.join(args.data_dir, "wide_10000.json"), 10000)
    cases.append(("lister json, 2 objects of 10000 keys", [args.lister, "json", path], "r1k00001"))
    print("Wide tables, %d runs each at 120x40; milliseconds, median (min-max)\n" % args.reps)
    print("| input | first frame | `>` (a column sideways) | `q` to exit |")
    print("|---|---:|---:|---:|")
    for label, argv, first in cases:
        results = [run(argv, first, args.timeout) for _ in range(args.reps)]
        print("| %s | %s | %s | %s |" % (label, summary([r["first"] for r in results]),
                                         summary([r["key"] for r in results]), summary([r["quit"] for r in results])))
        sys.stdout.flush()
    print("\nload average %.2f" % os.getloadavg()[0])


if __name__ == "__main__":
    main()
