#!/usr/bin/env python3
"""`lister csv` next to `lister lines` on the same CSV file, and its sort next to GNU sort.

    csvbench.py --lister .build/release/lister [--reps 7] [--rows 1000000]

The file (generated once into --data-dir): a header and --rows rows of 8 columns (id,
name, city, amount, date, email, note, flag), about 90 bytes a row; every 50th note is
quoted with a comma and a doubled quote in it, every 1000th holds a newline. At 120x40,
alternating, each program ended before the next starts:

* first frame: spawn -> the output chunk after which the first row's name shows;
* all loaded: spawn -> the status bar counts every row (`k/N`, no `+`; csv: N rows,
  lines: N lines, the newlines inside quotes included);
* sort (csv only): `s` sorts by id, then `s` again by name (a text column): key written
  -> the header shows `name ▲` and the status bar no longer says `sorting…`; next to
  `sort -t, -k2,2 FILE > /dev/null` (GNU sort, the same file, LC_ALL=C).

Prints a table of medians (min-max) and the ratios issue 20 sets bounds on (first frame
at most 1.5x lines', all loaded at most 2x, sort at most GNU sort's time).
"""
import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import time

from ptysession import Session, now

CITIES = ["London", "Paris", "Rome", "Oslo", "Lima", "Quito", "Seoul", "Accra", "Perth", "Kyiv"]
WORDS = ["lorem", "ipsum", "dolor", "sit", "amet", "elit", "sed", "tempor", "magna", "aliqua"]


def ensure_csv(path, rows):
    """Writes the CSV unless a complete one is there. Returns (rows, lines, first name)."""
    marker = path + ".done"
    first_name = "Name%07d" % 1
    if os.path.exists(path) and os.path.exists(marker):
        lines = int(open(marker).read())
        return rows, lines, first_name
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    generator = random.Random(20)
    lines = 1
    with open(path + ".tmp", "w", newline="") as out:
        out.write("id,name,city,amount,date,email,note,flag\n")
        for number in range(1, rows + 1):
            # Names are not in id order, so sorting by name moves rows.
            name = "Name%07d" % (number if number == 1 else generator.randrange(1, 10 * rows))
            note = " ".join(generator.choice(WORDS) for _ in range(3))
            if number % 1000 == 0:
                note = '"%s\nsecond line"' % note
                lines += 1
            elif number % 50 == 0:
                note = '"%s, ""quoted"""' % note
            out.write("%d,%s,%s,%d.%02d,2026-%02d-%02d,%s@example.com,%s,%s\n" % (
                number, name, generator.choice(CITIES), generator.randrange(0, 100000), generator.randrange(100),
                generator.randrange(1, 13), generator.randrange(1, 29), name.lower(), note,
                "yes" if generator.random() < 0.5 else "no"))
            lines += 1
    os.rename(path + ".tmp", path)
    with open(marker, "w") as f:
        f.write(str(lines))
    return rows, lines, first_name


def counts_all(total):
    pattern = re.compile(r"\b\d+/%d(?![+\d])" % total)
    return lambda s: any(pattern.search(line) for line in s.lines)


def run(argv, first, total, columns, rows, timeout, sort=False):
    session = Session(argv, columns=columns, rows=rows, env={"SWIFT_BACKTRACE": "interactive=no"})
    try:
        shown = session.wait_for(lambda s: any(first in line for line in s.lines), timeout)
        if shown is None:
            sys.exit("csvbench.py: %s showed no first frame:\n%s" % (argv, session.text()))
        loaded = session.wait_for(counts_all(total), timeout)
        if loaded is None:
            sys.exit("csvbench.py: %s never counted %d rows:\n%s" % (argv, total, session.text()))
        result = {"first": (shown - session.started) * 1000, "loaded": (loaded - session.started) * 1000}
        if sort:
            session.drain(0.2)
            def sorted_by(title):
                return lambda s: title in s.lines[1] and not any("sorting" in line for line in s.lines)
            os.write(session.master, b"s")
            if session.wait_for(sorted_by("id ▲"), timeout) is None:
                sys.exit("csvbench.py: s did not sort by id:\n%s" % session.text())
            session.drain(0.2)
            written = now()
            os.write(session.master, b"s")
            done = session.wait_for(sorted_by("name ▲"), timeout)
            if done is None:
                sys.exit("csvbench.py: s did not sort by name:\n%s" % session.text())
            result["sort"] = (done - written) * 1000
        return result
    finally:
        session.close()


def gnu_sort_ms(path):
    started = time.perf_counter()
    subprocess.run(["sort", "-t,", "-k2,2", path], stdout=subprocess.DEVNULL, check=True,
                   env=dict(os.environ, LC_ALL="C"))
    return (time.perf_counter() - started) * 1000


def summary(values):
    return "%.1f (%.1f-%.1f)" % (statistics.median(values), min(values), max(values))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lister", required=True)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--data-dir", default=".build-bench")
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--columns", type=int, default=120)
    parser.add_argument("--screen-rows", type=int, default=40)
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()
    sys.setswitchinterval(0.0005)
    path = os.path.join(args.data_dir, "table_%d.csv" % args.rows)
    rows, lines, first = ensure_csv(path, args.rows)
    commands = {"csv": ([args.lister, "csv", path], rows), "lines": ([args.lister, "lines", path], lines)}
    results = {name: [] for name in commands}
    gnu = []
    for index in range(args.reps):
        for name in (list(commands) if index % 2 == 0 else list(reversed(commands))):
            argv, total = commands[name]
            results[name].append(run(argv, first, total, args.columns, args.screen_rows, args.timeout, sort=name == "csv"))
        gnu.append(gnu_sort_ms(path))
    size = os.path.getsize(path) / 1e6
    print("%d rows (%d lines, %.1f MB), %d runs each, alternating; milliseconds, median (min-max)\n"
          % (rows, lines, size, args.reps))
    print("| program | first frame | all loaded | sort by name |")
    print("|---|---:|---:|---:|")
    for name, label in (("csv", "lister csv FILE"), ("lines", "lister lines FILE")):
        values = results[name]
        sort = summary([v["sort"] for v in values]) if name == "csv" else ""
        print("| `%s` | %s | %s | %s |" % (label, summary([v["first"] for v in values]),
                                          summary([v["loaded"] for v in values]), sort))
    print("| `sort -t, -k2,2 FILE` (GNU, LC_ALL=C) | | | %s |" % summary(gnu))
    median = lambda name, key: statistics.median(v[key] for v in results[name])
    print("\ncsv / lines: first frame %.2f (bound 1.5), all loaded %.2f (bound 2); sort / GNU sort %.2f (bound 1); "
          "load average %.2f" % (median("csv", "first") / median("lines", "first"),
                                 median("csv", "loaded") / median("lines", "loaded"),
                                 median("csv", "sort") / statistics.median(gnu), os.getloadavg()[0]))


if __name__ == "__main__":
    main()
