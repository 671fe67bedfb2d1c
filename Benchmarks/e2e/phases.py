"""Where a Down's time goes inside `lister lines`: the phases KeyTrace records
(LISTER_KEY_TRACE), next to the latency seen from outside in the same run.

    python Benchmarks/e2e/phases.py --lister .build/release/lister --data-dir .build-bench

`lister lines` reads the benchmark corpus in a 120x40 pseudo-terminal; after 45 Downs (the
selection on the last row) `--keys` Downs scroll, each sent once the screen has been quiet
for `--quiet-ms`, as `measure.py` sends them. With `--within-page` the keys move the
highlight instead: 30 Downs from the first row, 30 Ups back, and so on, none scrolling. The table gives each phase's median and 90th
percentile in microseconds; "outside the process" is the median latency minus the median
time inside: the kernel, the pseudo-terminal and the waking of both processes.
"""
import argparse
import os
import statistics
import sys
import tempfile
import time

import corpus
from ptysession import Session

# Phase columns of a trace line (KeyTrace.Phase) and the steps between them.
PHASES = ["woke", "keyRead", "handled", "advanced", "rendered", "taken", "encoded", "written", "drewAhead"]
STEPS = [
    ("the frame drawn ahead written (poll woke -> written)", "woke", "drewAhead"),
    ("read the key (poll woke -> curses decoded it)", "woke", "keyRead"),
    ("apply it (runtime, model)", "keyRead", "handled"),
    ("advance the screens' clocks", "handled", "advanced"),
    ("compose the frame", "advanced", "rendered"),
    ("finish reading input, take the frame", "rendered", "taken"),
    ("encode the changes", "taken", "encoded"),
    ("write them (one write)", "encoded", "written"),
    ("inside the process (poll woke -> written)", "woke", "written"),
]


def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lister", required=True)
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--keys", type=int, default=400)
    parser.add_argument("--quiet-ms", type=float, default=30)
    parser.add_argument("--within-page", action="store_true", help="move the highlight, do not scroll")
    args = parser.parse_args()
    path = os.path.join(args.data_dir, "lines_1000000.txt")
    corpus.ensure_file(path, 1_000_000)

    with tempfile.TemporaryDirectory() as scratch:
        trace = os.path.join(scratch, "keys.txt")
        session = Session([args.lister, "lines"], stdin_path=path,
                          env={"LISTER_KEY_TRACE": trace, "SWIFT_BACKTRACE": "interactive=no"})
        try:
            if not session.wait_for(lambda s: any("1000000" in line for line in s.lines), 30):
                sys.exit("phases.py: lister did not show the 1,000,000 lines")
            session.drain(0.3)
            down, up = session.key("down"), session.key("up")
            warm_up = [down, up] * 10 if args.within_page else [down] * 45
            for key in warm_up:
                session.press(key, args.quiet_ms / 1000, 2)
            latencies = []
            for index in range(args.keys):
                key = up if args.within_page and index // 30 % 2 else down
                _, _, last, _ = session.press(key, args.quiet_ms / 1000, 2)
                if last is not None:
                    latencies.append(last * 1e6)
            os.write(session.master, b"q")
            deadline = time.monotonic() + 5
            while session.alive() and time.monotonic() < deadline:
                time.sleep(0.02)
        finally:
            session.close()
        if not os.path.exists(trace):
            sys.exit("phases.py: lister wrote no trace (is it built with KeyTrace?)")
        with open(trace) as lines:
            keys = [[int(field) for field in line.split()] for line in lines if line.strip()]
    keys = keys[-args.keys:]  # the measured keys, not the warm-up
    column = {name: index for index, name in enumerate(PHASES)}

    moves = "highlight moves (Down and Up) within a page" if args.within_page else "scrolling Downs"
    print(f"`lister lines`, 1,000,000 lines, 120x40, {len(keys)} {moves}, "
          f"{args.quiet_ms:g} ms quiet between keys; microseconds")
    print()
    print("| step | p50 | p90 |")
    print("|---|---:|---:|")
    inside = []
    for label, start, end in STEPS:
        spans = [(key[column[end]] - key[column[start]]) / 1000 for key in keys
                 if key[column[start]] and key[column[end]]]
        if not spans:
            print(f"| {label} | - | - |")
            continue
        if (start, end) == ("woke", "written"):
            inside = spans
        print(f"| {label} | {statistics.median(spans):.0f} | {quantile(spans, 0.9):.0f} |")
    if latencies and inside:
        outside = statistics.median(latencies) - statistics.median(inside)
        print(f"| key to last byte, seen from outside | {statistics.median(latencies):.0f} "
              f"| {quantile(latencies, 0.9):.0f} |")
        print(f"| outside the process (difference of medians) | {outside:.0f} | |")


if __name__ == "__main__":
    main()
