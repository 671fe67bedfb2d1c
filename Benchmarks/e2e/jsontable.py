#!/usr/bin/env python3
"""First frame of `lister json FILE` on a large array of small objects, as a table and as
one-line rows, next to `jq` on the same file, interleaved in one run.

    jsontable.py --lister .build/release/lister [--also before=OTHER_LISTER] [--rows 1000000] [--reps 7]

Spawn -> the output chunk after which the screen shows the first object's name, at 120x40,
for `lister json FILE` (a table by default: the objects share their keys), `lister json
--no-table FILE` (the one-line rows), each `--also` binary (`json FILE`, e.g. the build
before tables), and `jq '.[0]' FILE` (exit; jq parses the whole document first).
"""
import argparse
import os
import statistics
import subprocess
import sys

from ptysession import Session, now


def json_file(directory, rows):
    """An array of `rows` objects of about 70 bytes, made once."""
    path = os.path.join(directory, "table-%d.json" % rows)
    if os.path.exists(path):
        return path
    os.makedirs(directory, exist_ok=True)
    with open(path + ".tmp", "w") as f:
        f.write("[\n")
        parts = []
        for n in range(rows):
            parts.append('{"id": %d, "name": "item %07d", "ok": %s, "score": %d.5}' % (n, n, "true" if n % 3 else "false", n % 997))
            if len(parts) == 10_000 or n + 1 == rows:
                f.write(",\n".join(parts) + (",\n" if n + 1 < rows else "\n"))
                parts = []
        f.write("]\n")
    os.rename(path + ".tmp", path)
    return path


def first_frame_ms(argv, timeout):
    session = Session(argv, columns=120, rows=40, env={"SWIFT_BACKTRACE": "interactive=no"})
    try:
        shown = session.wait_for(lambda s: any("item 0000000" in line for line in s.lines[1:4]), timeout)
        return None if shown is None else (shown - session.started) * 1000
    finally:
        session.close()


def jq_ms(path):
    started = now()
    with open(os.devnull, "wb") as null:
        subprocess.run(["jq", ".[0]", path], stdout=null, check=True)
    return (now() - started) * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lister", required=True)
    parser.add_argument("--also", action="append", default=[], metavar="NAME=BINARY")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--data-dir", default=".build-bench")
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--timeout", type=float, default=20)
    args = parser.parse_args()
    sys.setswitchinterval(0.0005)
    path = json_file(args.data_dir, args.rows)
    commands = {"table": [args.lister, "json", path], "lines": [args.lister, "json", "--no-table", path]}
    for also in args.also:
        name, _, binary = also.partition("=")
        commands[name] = [binary, "json", path]
    times = {name: [] for name in list(commands) + ["jq"]}
    for index in range(args.reps):
        names = list(commands) if index % 2 == 0 else list(reversed(list(commands)))
        for name in names:
            value = first_frame_ms(commands[name], args.timeout)
            if value is None:
                sys.exit("jsontable.py: %s showed no first frame" % name)
            times[name].append(value)
        times["jq"].append(jq_ms(path))
    print("%d objects, %.1f MB" % (args.rows, os.path.getsize(path) / 1e6))
    print("| program | first frame, ms: median (min-max) | runs |")
    print("|---|---:|---:|")
    labels = {"table": "lister json FILE (table)", "lines": "lister json --no-table FILE", "jq": "jq '.[0]' FILE (to exit)"}
    for name, values in times.items():
        print("| `%s` | %.1f (%.1f-%.1f) | %d |" % (labels.get(name, "%s json FILE" % name), statistics.median(values),
                                                   min(values), max(values), len(values)))
    print("\nload average %.2f" % os.getloadavg()[0])


if __name__ == "__main__":
    main()
