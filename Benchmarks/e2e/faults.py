#!/usr/bin/env python3
"""Page faults before the first frame: lister and less on the same file, counted by perf.

    faults.py --lister .build/release/lister [--also NAME=BINARY] [--reps 3] [--lines 1000000]

Each program runs under `perf record -e page-faults -c 1` (every fault, all threads) in a
120x40 pty; the faults recorded before its first write of more than 1,000 bytes (the first
frame) are counted. A fault costs 2-4 µs on this machine (a KVM guest), so the count
explains much of a first frame's time that instructions do not (docs/PERFORMANCE.md,
"Start-up: page faults"). Needs `perf` with access to the page-fault and syscall events
(root, or perf_event_paranoid <= 1).
"""
import argparse
import os
import re
import subprocess
import tempfile
import time

import corpus
from ptysession import Session


def faults_before_first_frame(argv, first_line):
    """The page faults `argv` took before its first write of more than 1,000 bytes."""
    with tempfile.TemporaryDirectory() as directory:
        data = os.path.join(directory, "perf.data")
        session = Session(["perf", "record", "-q", "-o", data, "-e", "page-faults",
                           "-e", "syscalls:sys_enter_write", "-c", "1", "--"] + argv, columns=120, rows=40)
        try:
            if session.wait_for(lambda s: any(first_line in line for line in s.lines), 10) is None:
                raise SystemExit("faults.py: %s showed no first frame" % argv)
            session.drain(0.2)
            session.press(b"q", 0.1, 2)
            time.sleep(0.3)  # perf writes its file when the program ends
        finally:
            session.close()
        script = subprocess.run(["perf", "script", "-i", data, "-F", "event,trace"],
                                capture_output=True, text=True, check=True).stdout
    faults = 0
    for line in script.splitlines():
        size = re.search(r"count: 0x([0-9a-f]+)", line)
        if "sys_enter_write" in line and size and int(size.group(1), 16) > 1000:
            return faults
        if "page-faults" in line:
            faults += 1
    raise SystemExit("faults.py: no first frame written by %s" % argv)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lister", required=True)
    parser.add_argument("--also", action="append", default=[], metavar="NAME=BINARY")
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--data-dir", default=".build-bench")
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    path = os.path.join(args.data_dir, "lines_%d.txt" % args.lines)
    first, _ = corpus.ensure_file(path, args.lines)
    commands = {"less FILE": ["less", path], "lister lines FILE": [args.lister, "lines", path]}
    for also in args.also:
        name, _, binary = also.partition("=")
        commands["%s lines FILE" % name] = [binary, "lines", path]
    print("| program | page faults before the first frame, each run |")
    print("|---|---|")
    for name, argv in commands.items():
        counts = [faults_before_first_frame(argv, first) for _ in range(args.reps)]
        print("| %s | %s |" % (name, ", ".join(str(count) for count in counts)))


if __name__ == "__main__":
    main()
