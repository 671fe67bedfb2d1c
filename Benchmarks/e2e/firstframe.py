#!/usr/bin/env python3
"""First frame only: lister and less on the same file, interleaved, in one run.

    firstframe.py --lister .build/release/lister [--reps 20] [--lines 1000000]

Spawn -> the output chunk after which the screen shows the file's first line, at 120x40,
`lister lines FILE` (the file named, as less gets it) next to `less FILE`, alternating,
each program ended before the next starts. Prints the median, min and max of each and
the ratio of the medians: the start-up part of `make bench`, quick enough to run after
every change to the start (issue 22 asks lister for at most 1.5x less).
"""
import argparse
import os
import statistics
import sys

import corpus
from ptysession import Session


def first_frame_ms(argv, first_line, columns, rows, timeout):
    session = Session(argv, columns=columns, rows=rows, env={"SWIFT_BACKTRACE": "interactive=no"})
    try:
        shown = session.wait_for(lambda s: any(first_line in line for line in s.lines), timeout)
        return None if shown is None else (shown - session.started) * 1000
    finally:
        session.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lister", required=True)
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--data-dir", default=".build-bench")
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--columns", type=int, default=120)
    parser.add_argument("--rows", type=int, default=40)
    parser.add_argument("--timeout", type=float, default=10)
    parser.add_argument("--also", action="append", default=[], metavar="NAME=BINARY",
                        help="another lister binary in the same interleaved run (a change's before and after)")
    args = parser.parse_args()
    sys.setswitchinterval(0.0005)
    path = os.path.join(args.data_dir, "lines_%d.txt" % args.lines)
    first, _ = corpus.ensure_file(path, args.lines)
    commands = {"lister": [args.lister, "lines", path], "less": ["less", path]}
    labels = {"lister": "lister lines FILE", "less": "less FILE"}
    for also in args.also:
        name, _, binary = also.partition("=")
        commands[name] = [binary, "lines", path]
        labels[name] = "%s lines FILE" % name
    times = {name: [] for name in commands}
    for index in range(args.reps):
        for name in (list(commands) if index % 2 == 0 else list(reversed(list(commands)))):
            value = first_frame_ms(commands[name], first, args.columns, args.rows, args.timeout)
            if value is None:
                sys.exit("firstframe.py: %s showed no first frame" % name)
            times[name].append(value)
    print("| program | first frame, ms: median (min-max) | runs |")
    print("|---|---:|---:|")
    for name, values in times.items():
        print("| `%s` | %.1f (%.1f-%.1f) | %d |" % (labels[name], statistics.median(values), min(values), max(values),
                                                   len(values)))
    less = statistics.median(times["less"])
    ratios = ", ".join("%s %.2f" % (name, statistics.median(values) / less)
                       for name, values in times.items() if name != "less")
    print("\n/ less (medians): %s; load average %.2f" % (ratios, os.getloadavg()[0]))


if __name__ == "__main__":
    main()
