"""Instructions a Down costs `lister lines`, counted by callgrind: a figure that, unlike
latency on a shared 2-core machine, is the same from run to run (within 0.1%).

    python Benchmarks/e2e/instructions.py --lister .build/release/lister --data-dir .build-bench

The first 100,000 lines of the benchmark corpus (written by `make bench` if missing) go to `lister lines` under
`valgrind --tool=callgrind` in a 120x40 pseudo-terminal; counting starts after 45 Downs
(so the selection sits on the last row and every Down scrolls), covers `--keys` Downs, each
answered before the next is sent, and stops before `q`. User-space instructions only (the
kernel is not counted). valgrind cannot read Swift's DWARF, so a copy of the binary without
debug information (symbols kept) is what runs; `callgrind_annotate FILE` breaks the count
down by function.

    python Benchmarks/e2e/instructions.py --lister .build/release/lister --data-dir .build-bench --first-frame

counts instead the main thread's instructions from `execve` to the first frame's write
(`Painter.writeOutput`, callgrind's `--dump-before`), `lister lines` on the corpus's first
2,000 lines: the start-up's work on the path to the first frame (the dynamic loader, the
runtime's metadata, curses, the first frame), the same from run to run.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import corpus
from ptysession import Session


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lister", required=True)
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--keys", type=int, default=300)
    parser.add_argument("--out", help="keep the callgrind output here")
    parser.add_argument("--first-frame", action="store_true",
                        help="count the main thread from execve to the first frame instead")
    args = parser.parse_args()
    for tool in ("valgrind", "callgrind_control", "strip"):
        if shutil.which(tool) is None:
            sys.exit(f"instructions.py: {tool} is not installed (apt-get install valgrind binutils)")
    path = os.path.join(args.data_dir, "lines_1000000.txt")
    corpus.ensure_file(path, 1_000_000)  # written once, as for measure.py

    if args.first_frame:
        return first_frame(args, path)
    with tempfile.TemporaryDirectory() as scratch:
        lines, binary = prepare(scratch, path, 100_000, args.lister)
        out = args.out or os.path.join(scratch, "callgrind.out")
        session = Session(["valgrind", "--tool=callgrind", "--instr-atstart=no",
                           f"--callgrind-out-file={out}", binary, "lines"], stdin_path=lines)
        try:
            if not session.wait_for(lambda s: "100000" in s.text(), 120):
                sys.exit("instructions.py: lister did not show the 100,000 lines under valgrind")
            session.drain(0.5)
            down = session.key("down")
            for _ in range(45):
                session.press(down, 0.05, 2)
            control = ["callgrind_control", "-i"]
            subprocess.run(control + ["on", str(session.pid)], check=True, stdout=subprocess.DEVNULL)
            for _ in range(args.keys):
                session.press(down, 0.02, 2)
            subprocess.run(control + ["off", str(session.pid)], check=True, stdout=subprocess.DEVNULL)
            os.write(session.master, b"q")
            time.sleep(2)
        finally:
            session.close()
        summary = subprocess.run(["callgrind_annotate", out], capture_output=True, text=True).stdout
        match = re.search(r"^\s*([\d,]+)\s+\(100\.0%\)\s+PROGRAM TOTALS", summary, re.MULTILINE)
        if not match:
            sys.exit("instructions.py: no totals in the callgrind output")
        total = int(match.group(1).replace(",", ""))
        print(f"instructions per scrolling Down (user space, callgrind, {args.keys} keys): {total // args.keys:,}")


def prepare(scratch, path, count, lister):
    """The first `count` lines of `path`, and a copy of `lister` without debug information
    (valgrind cannot read Swift's DWARF), both in `scratch`."""
    lines = os.path.join(scratch, "lines.txt")
    with open(path, "rb") as source, open(lines, "wb") as target:
        for _ in range(count):
            target.write(source.readline())
    binary = os.path.join(scratch, "lister")
    subprocess.run(["strip", "--strip-debug", "-o", binary, lister], check=True)
    return lines, binary


def first_frame(args, path):
    """The main thread's instructions up to the first frame's write."""
    with tempfile.TemporaryDirectory() as scratch:
        lines, binary = prepare(scratch, path, 2_000, args.lister)
        out = os.path.join(scratch, "callgrind.out")
        session = Session(["valgrind", "--tool=callgrind", "--separate-threads=yes",
                           "--dump-before=*PainterV11writeOutput*",
                           f"--callgrind-out-file={out}", binary, "lines", lines])
        try:
            if not session.wait_for(lambda s: "2000" in s.text(), 120):
                sys.exit("instructions.py: lister did not show the 2,000 lines under valgrind")
            session.drain(0.5)
            os.write(session.master, b"q")
            time.sleep(2)
        finally:
            session.close()
        # The first dump, main thread: `<out>.1-01`.
        first = out + ".1-01"
        if not os.path.exists(first):
            sys.exit("instructions.py: no dump at the first frame (was Painter.writeOutput renamed?)")
        with open(first) as dump:
            match = re.search(r"^summary:\s+(\d+)", dump.read(), re.MULTILINE)
        if not match:
            sys.exit("instructions.py: no summary in the first dump")
        if args.out:
            shutil.copy(first, args.out)
        print(f"instructions of the main thread from execve to the first frame (callgrind): {int(match.group(1)):,}")


if __name__ == "__main__":
    main()
