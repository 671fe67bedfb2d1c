#!/usr/bin/env python3
"""Bounded input (issue 23), in a pseudo-terminal at 120x40.

    bounded.py --lister .build/release/lister --data-dir DIR [--reps N] [--out FILE.json]

* json: a 200 MB JSON array of 2.8 million small objects (generated once in DIR).
  `lister json FILE` and `cat FILE | lister json -`: seconds from start to the status bar
  showing every row (`k/2800000`, no `+`, nothing "reading"), and the peak resident memory
  (VmHWM) then. Next to `jq . FILE > /dev/null`: wall seconds and peak memory (wait4's
  ru_maxrss).
* line: a file of one line of 200 MB (ASCII words). `lister lines FILE` and `less -S FILE`:
  seconds to the first frame showing the line's start, then `>` (lister, 8 columns) and
  Right (less -S, half a screen) pressed --keys times each: latency = key written -> the
  first change of the screen; p50 and p95.
* quit: `cat FILE | lister json -` on the 200 MB array, `q` pressed while the body is still
  being read: milliseconds from `q` written to the process's exit (what the end-to-end test
  bounds only loosely, as a CI run on two busy cores cannot time it).
* watch: `lister watch -n 100 -- sh -c 'yes | head -c 8000000'` (4,000,000 lines of two
  bytes): seconds until the status bar says the run ended with every line listed, and the
  peak memory then (issue 35: it was about 189 MB, 47 bytes a line).
* csv field: a CSV file whose second row's quoted first field is 5 MB (issue 35): seconds
  until Enter on that row shows the field after it (`h2: end`), and the peak memory then.

    bounded.py ... --only watch,csv   runs only those cases (json, line, quit, watch, csv)
"""
import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import time

from ptysession import Session, now

ROWS = 2_800_000


def json_file(directory):
    """A 200 MB array of 2.8 million objects of about 70 bytes, made once."""
    path = os.path.join(directory, "bounded-200mb.json")
    if os.path.exists(path) and os.path.getsize(path) > 190_000_000:
        return path
    with open(path + ".tmp", "w") as f:
        f.write("[\n")
        parts = []
        for n in range(ROWS):
            parts.append('{"id": %d, "name": "item %07d", "ok": %s, "score": %d.5}' % (n, n, "true" if n % 3 else "false", n % 997))
            if len(parts) == 10_000:
                f.write(",\n".join(parts) + (",\n" if n + 1 < ROWS else "\n"))
                parts = []
        if parts:
            f.write(",\n".join(parts) + "\n")
        f.write("]\n")
    os.rename(path + ".tmp", path)
    return path


def line_file(directory):
    """One line of 200 MB, made once."""
    path = os.path.join(directory, "bounded-line-200mb.txt")
    if os.path.exists(path) and os.path.getsize(path) >= 200_000_000:
        return path
    word = b"lorem ipsum dolor sit amet consectetur adipiscing elit "
    block = word * (1_000_000 // len(word) + 1)
    with open(path + ".tmp", "wb") as f:
        written = 0
        while written < 200_000_000:
            f.write(block)
            written += len(block)
        f.write(b"\n")
    os.rename(path + ".tmp", path)
    return path


def loaded(session):
    status = session.lines[-1]
    return re.search(r"\b\d+/%d(?![+\d])" % ROWS, status) is not None and "reading" not in status


def lister_json(binary, path, stdin):
    """`lister json FILE` (read back in place), or `cat FILE | lister json -` (a pipe: kept
    in a temporary file past 8 MiB)."""
    argv = [binary, "json", "-" if stdin else path]
    session = Session(argv, stdin_command=["cat", path] if stdin else None, columns=120, rows=40,
                      env={"SWIFT_BACKTRACE": "interactive=no"})
    try:
        stamp = session.wait_for(loaded, 120)
        seconds = None if stamp is None else stamp - session.started
        return {"seconds": seconds, "peak_mb": session.peak_rss_mb()}
    finally:
        session.close()


def jq(path):
    started = now()
    with open(os.devnull, "wb") as null:
        process = subprocess.Popen(["jq", ".", path], stdout=null)
        _, status, usage = os.wait4(process.pid, 0)
    return {"seconds": now() - started, "peak_mb": usage.ru_maxrss / 1024, "status": status}


def key_latency(argv, first_frame, key, keys):
    session = Session(argv, columns=120, rows=40, env={"SWIFT_BACKTRACE": "interactive=no"})
    try:
        stamp = session.wait_for(first_frame, 60)
        first = None if stamp is None else stamp - session.started
        session.drain(0.5)
        latencies = []
        for _ in range(keys):
            change, _, _, _ = session.press(key, quiet=0.3, timeout=5)
            if change is not None:
                latencies.append(change)
        return {"first_frame": first, "latencies": latencies, "peak_mb": session.peak_rss_mb()}
    finally:
        session.close()


def quit_while_reading(binary, path):
    """Milliseconds from `q` to the exit of `lister json -` with the read under way, or None
    when the read ended first (the machine read 200 MB before the first frame settled)."""
    session = Session([binary, "json", "-"], stdin_command=["cat", path], columns=120, rows=40,
                      env={"SWIFT_BACKTRACE": "interactive=no"})
    try:
        if session.wait_for(lambda s: "reading" in s.lines[-1], 30) is None:
            return None
        os.write(session.master, b"q")
        pressed = now()
        while session.alive() and now() - pressed < 10:
            time.sleep(0.0005)
        return None if session.alive() else (now() - pressed) * 1000
    finally:
        session.close()


WATCH_LINES = 4_000_000


def lister_watch(binary):
    """`lister watch` of 8 MB of two-byte lines: seconds to the end of the first run with every
    line listed, and the peak memory."""
    session = Session([binary, "watch", "-n", "100", "--", "sh", "-c", "yes | head -c 8000000"], columns=120, rows=40,
                      env={"SWIFT_BACKTRACE": "interactive=no"})
    try:
        done = lambda s: ("/%d " % WATCH_LINES) in s.lines[-1] and "exit 0" in s.lines[-1]
        stamp = session.wait_for(done, 120)
        return {"seconds": None if stamp is None else stamp - session.started, "peak_mb": session.peak_rss_mb()}
    finally:
        session.close()


def csv_field_file(directory, size=5_000_000):
    """`h1,h2`, a row whose quoted first field is `size` bytes then `end`, and `2,3`; made once."""
    path = os.path.join(directory, "bounded-csv-field-%d.csv" % size)
    if not os.path.exists(path):
        with open(path + ".tmp", "w") as f:
            f.write('h1,h2\n"' + "q" * size + '",end\n2,3\n')
        os.rename(path + ".tmp", path)
    return path


def lister_csv_field(binary, path):
    """`lister csv FILE`, Enter on the row with the long field: seconds to `h2: end`, peak memory."""
    session = Session([binary, "csv", path], columns=120, rows=40, env={"SWIFT_BACKTRACE": "interactive=no"})
    try:
        if session.wait_for(lambda s: "2/2" in s.lines[-1] or "1/2" in s.lines[-1], 60) is None:
            return {"seconds": None, "peak_mb": session.peak_rss_mb()}
        os.write(session.master, b"\r")
        stamp = session.wait_for(lambda s: re.search(r"h2\s*: end", s.text()) is not None, 60)
        return {"seconds": None if stamp is None else stamp - session.started, "peak_mb": session.peak_rss_mb()}
    finally:
        session.close()


def summary(values):
    values = sorted(v for v in values if v is not None)
    if not values:
        return None
    return {"p50": statistics.median(values), "p95": values[min(len(values) - 1, int(len(values) * 0.95))]}


def print_small(results, reps):
    """The watch and CSV-field rows, when they were run."""
    names = (("watch", "lister watch of 4,000,000 two-byte lines (8 MB)"),
             ("csv_field", "lister csv FILE, a 5 MB quoted field, Enter on its row"))
    ran = [(key, name) for key, name in names if key in results]
    if not ran:
        return
    print("Bounded memory of issue 35, median of %d runs:" % reps)
    print()
    print("| case | until shown | peak memory |")
    print("|---|---|---|")
    for key, name in ran:
        runs = results[key]
        seconds = [r["seconds"] for r in runs if r["seconds"] is not None]
        peaks = [r["peak_mb"] for r in runs if r["peak_mb"] is not None]
        shown = "%.2f s" % statistics.median(seconds) if seconds else "never"
        print("| %s | %s | %s |" % (name, shown, "%.0f MB" % max(peaks) if peaks else "?"))
    print()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lister", required=True)
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--keys", type=int, default=20)
    parser.add_argument("--out")
    parser.add_argument("--only", default="json,line,quit,watch,csv")
    args = parser.parse_args()
    only = set(args.only.split(","))
    os.makedirs(args.data_dir, exist_ok=True)
    results = {}
    if "watch" in only:
        results["watch"] = [lister_watch(args.lister) for _ in range(args.reps)]
    if "csv" in only:
        field = csv_field_file(args.data_dir)
        results["csv_field"] = [lister_csv_field(args.lister, field) for _ in range(args.reps)]
    print_small(results, args.reps)
    if not {"json", "line", "quit"} & only:
        if args.out:
            with open(args.out, "w") as f:
                json.dump(results, f, indent=1)
        return
    data = json_file(args.data_dir)
    line = line_file(args.data_dir)
    size_mb = os.path.getsize(data) / 1e6
    results.update({"json_mb": size_mb, "lister_file": [], "lister_stdin": [], "jq": []})
    for _ in range(args.reps):
        results["lister_file"].append(lister_json(args.lister, data, stdin=False))
        results["lister_stdin"].append(lister_json(args.lister, data, stdin=True))
        results["jq"].append(jq(data))
    words = lambda session: "lorem ipsum" in session.text()
    results["line_lister"] = key_latency([args.lister, "lines", line], words, b">", args.keys)
    results["line_less"] = key_latency(["less", "-S", line], words, b"\x1b[C", args.keys)
    results["quit_ms"] = [quit_while_reading(args.lister, data) for _ in range(max(args.reps, 5))]

    def row(name, runs):
        seconds = statistics.median(r["seconds"] for r in runs if r["seconds"] is not None)
        peak = max(r["peak_mb"] for r in runs if r["peak_mb"] is not None)
        return "| %s | %.2f s | %.0f MB | %.1fx |" % (name, seconds, peak, peak / size_mb)

    print("JSON array of %.0f MB (%d objects), median of %d runs:" % (size_mb, ROWS, args.reps))
    print()
    print("| program | load | peak memory | memory / input |")
    print("|---|---|---|---|")
    print(row("lister json FILE", results["lister_file"]))
    print(row("cat FILE \\| lister json -", results["lister_stdin"]))
    print(row("jq . FILE > /dev/null", results["jq"]))
    print()
    print("A line of 200 MB, %d keys each:" % args.keys)
    print()
    print("| program | first frame | key p50 | key p95 | key mean | peak memory |")
    print("|---|---|---|---|---|---|")
    for name, key in (("lister lines FILE, `>`", "line_lister"), ("less -S FILE, Right", "line_less")):
        run = results[key]
        latency = summary(run["latencies"]) or {"p50": float("nan"), "p95": float("nan")}
        first = run["first_frame"] if run["first_frame"] is not None else float("nan")
        mean = statistics.mean(run["latencies"]) if run["latencies"] else float("nan")
        print("| %s | %.0f ms | %.1f ms | %.1f ms | %.1f ms | %.0f MB |" % (
            name, first * 1000, latency["p50"] * 1000, latency["p95"] * 1000, mean * 1000, run["peak_mb"] or 0))
    quits = sorted(q for q in results["quit_ms"] if q is not None)
    print()
    if quits:
        print("`q` while `cat FILE | lister json -` is reading: %d runs, from `q` to the exit "
              "median %.0f ms, worst %.0f ms" % (len(quits), statistics.median(quits), quits[-1]))
    else:
        print("`q` while reading: no run caught the read under way")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
