#!/usr/bin/env python3
"""Live lists (issue 19), in a pseudo-terminal at 120x40.

    live.py --lister .build/release/lister --livebench .build/release/LiveBench [--lines N] [--out FILE.json]

* follow: `lister lines --follow FILE` and `tail -f FILE` each watch an empty file while
  N lines (default 1,000,000) are appended to it as fast as Python can write them, in
  64 KB writes; measured: write start -> the last line on screen (lister: the status bar
  says N/N; tail: "line N" shows), and the CPU the follower spent meanwhile (seconds of
  CPU per second of wall time: below 1.0 is less than one core).
* changes: LiveBench (a LiveListScreen fed about 100,000 changes a second); Down pressed
  --keys times; latency = key written -> the status bar shows the new position; p50 and
  p95, and the changes per second the feed reached while the keys were measured.
"""
import argparse
import json
import os
import re
import statistics
import tempfile
import threading
import time

from ptysession import Session, now


def write_lines(path, count):
    """Appends `count` numbered lines to `path` in 64 KB writes, as fast as it can."""
    chunk, pending = [], 0
    with open(path, "ab", buffering=0) as f:
        for number in range(1, count + 1):
            line = b"line %d lorem ipsum dolor sit amet, consectetur adipiscing\n" % number
            chunk.append(line)
            pending += len(line)
            if pending >= 65536:
                f.write(b"".join(chunk))
                chunk, pending = [], 0
        if chunk:
            f.write(b"".join(chunk))


def raw_wait(session, marker, timeout):
    """Reads the raw output (no terminal emulation, which would be slower than `tail`
    writes) until `marker` appears; the arrival time of its chunk, or None."""
    deadline, tail = now() + timeout, b""
    while True:
        chunk = session.reader.next(deadline)
        if chunk is None:
            return None
        stamp, data = chunk
        if marker in tail + data:
            return stamp
        tail = (tail + data)[-len(marker):]


def follow(argv, shows_last, lines, timeout=120):
    """Seconds from the first write to the last line on screen (`shows_last`: a predicate
    on the screen, or the bytes that end the last line in the raw output), and CPU
    seconds per wall second of the follower over that time."""
    directory = tempfile.mkdtemp(prefix="lister-follow-bench")
    path = os.path.join(directory, "log")
    open(path, "wb").close()
    session = Session([a.replace("{}", path) for a in argv], columns=120, rows=40)
    try:
        session.wait_for(lambda s: s.text().strip() != "" or True, 5)
        session.drain(0.5)
        cpu = session.cpu_seconds()
        started = now()
        writer = threading.Thread(target=write_lines, args=(path, lines))
        writer.start()
        seen = raw_wait(session, shows_last, timeout) if isinstance(shows_last, bytes) else session.wait_for(shows_last, timeout)
        writer.join()
        cpu_used = Session.cpu_between(cpu, session.cpu_seconds())
        if seen is None:
            return {"error": "the last line never showed", "screen": session.text()[-400:]}
        wall = seen - started
        return {"seconds": wall, "cpu_per_second": cpu_used / wall if wall > 0 else None}
    finally:
        session.close()
        os.remove(path)
        os.rmdir(directory)


def position(session):
    match = re.match(r"(\d+)/(\d+)", session.lines[-1].strip())
    return (int(match.group(1)), int(match.group(2))) if match else None


def sent(session):
    match = re.search(r"sent (\d+)", session.lines[-1])
    return int(match.group(1)) if match else None


def changes(livebench, keys):
    """Down under a feed of ~100,000 changes a second: latency p50/p95 in ms."""
    session = Session([livebench], columns=120, rows=40)
    try:
        if session.wait_for(lambda s: sent(s) is not None, 10) is None:
            return {"error": "LiveBench never showed its feed", "screen": session.text()[-400:]}
        latencies = []
        first_sent, first_time = sent(session), now()
        down = session.key("down")
        for _ in range(keys):
            before = position(session)[0]
            _, met, _, _ = session.press(down, 0.0, 2.0, predicate=lambda s, b=before: (position(s) or (b, 0))[0] == b + 1)
            if met is not None:
                latencies.append(met * 1000)
            time.sleep(0.02)
        session.drain(0.2)
        rate = (sent(session) - first_sent) / (now() - first_time)
        latencies.sort()
        return {
            "keys": len(latencies), "missed": keys - len(latencies),
            "p50_ms": statistics.median(latencies) if latencies else None,
            "p95_ms": latencies[int(len(latencies) * 0.95) - 1] if latencies else None,
            "changes_per_second": rate,
            "cpu_note": "see follow for CPU",
        }
    finally:
        session.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lister", required=True)
    parser.add_argument("--livebench", required=True)
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--out")
    args = parser.parse_args()
    last = b"line %d lorem" % args.lines
    results = {
        "follow_lister": follow([os.path.abspath(args.lister), "lines", "--follow", "{}"],
                                lambda s: position(s) == (args.lines, args.lines), args.lines),
        "follow_tail": follow(["tail", "-f", "{}"], last, args.lines),
        "changes": changes(os.path.abspath(args.livebench), args.keys),
    }
    lister, tail = results["follow_lister"], results["follow_tail"]
    print("| live (issue 19) | lister | peer | target |")
    print("|---|---|---|---|")
    if "seconds" in lister and "seconds" in tail:
        ratio = lister["seconds"] / tail["seconds"]
        print("| %d lines appended: last line on screen | %.2f s (CPU %.2f cores) | tail -f %.2f s | at most 1.5x: %.2fx |"
              % (args.lines, lister["seconds"], lister["cpu_per_second"], tail["seconds"], ratio))
    else:
        print("| follow | %s | %s | |" % (lister, tail))
    c = results["changes"]
    if "p95_ms" in c and c["p95_ms"] is not None:
        print("| Down under %.0f changes/s: p50 / p95 | %.2f / %.2f ms (%d missed) | | p95 under 5 ms |"
              % (c["changes_per_second"], c["p50_ms"], c["p95_ms"], c["missed"]))
    else:
        print("| changes | %s | | |" % c)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(results, f, indent=2)


if __name__ == "__main__":
    main()
