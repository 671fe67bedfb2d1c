#!/usr/bin/env python3
"""The table `make bench` prints: lister next to fzf and less, the in-process figures, and
the targets of issue 6 with pass or fail.

    report.py IN_PROCESS.json E2E.json

IN_PROCESS.json is written by `ListerBenchmarks --json`, E2E.json by
`Benchmarks/e2e/measure.py --out`. Standard library only.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "e2e"))
import summary  # noqa: E402  (Benchmarks/e2e/summary.py)


def fmt(value, digits=2):
    if value is None:
        return "-"
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer() and abs(value) >= 1):
        return str(int(value))
    if abs(value) >= 100:
        digits = 0
    elif abs(value) >= 10:
        digits = min(digits, 1)
    return "%.*f" % (digits, value)


def get(tree, *path):
    for key in path:
        if not isinstance(tree, dict) or tree.get(key) is None:
            return None
        tree = tree[key]
    return tree


def single(s, key):
    figure = s.get(key) if s else None
    if not figure:
        return "-"
    if figure["min"] == figure["max"]:
        return fmt(figure["median"])
    return "%s (%s–%s)" % (fmt(figure["median"]), fmt(figure["min"]), fmt(figure["max"]))


def keys(s, phase, first=False):
    k = s.get(phase) if s else None
    if not k:
        return "-"
    if first:
        return "%s / %s" % (fmt(k["first_p50"]), fmt(k["first_p95"]))
    return "%s / %s" % (fmt(k["p50"]), fmt(k["p95"]))


def e2e_table(e2e, sums):
    names = ["lister", "fzf", "less"]
    s = {name: sums.get(name) for name in names}
    fzf_filter = sums.get("fzf --no-sort")
    meta = e2e["meta"]
    rows = [
        "| end to end (%d lines, %dx%d, %d runs each) | lister | fzf | less |" % (
            meta["data"]["lines"], meta["columns"], meta["rows"], meta["reps"]),
        "|---|---:|---:|---:|",
    ]

    def line(label, cells):
        rows.append("| %s | %s |" % (label, " | ".join(cells)))

    line("first frame, ms: median (min–max)", [single(s[n], "first_frame_ms") for n in names])
    line("all lines loaded, ms: median (min–max)", [single(s[n], "loaded_ms") for n in names])
    line("Down within a page, p50 / p95 ms (to settled)",
         [keys(s[n], "page") if n != "less" else "every `j` scrolls" for n in names])
    line("Down scrolling, p50 / p95 ms (to settled)", [keys(s[n], "scroll") for n in names])
    line("Down within a page, p50 / p95 ms (to first change)",
         [keys(s[n], "page", first=True) if n != "less" else "-" for n in names])
    line("Down scrolling, p50 / p95 ms (to first change)", [keys(s[n], "scroll", first=True) for n in names])
    line("CPU time per scrolling Down (all threads and the kernel), ms: median (min–max)",
         [single(s[n], "down_cpu_ms") for n in names])
    line("bytes written per Down, p50: within a page / scrolling",
         ["%s / %s" % (fmt(get(s[n], "page", "bytes_p50"), 0), fmt(get(s[n], "scroll", "bytes_p50"), 0))
          for n in names])
    lister_filter = get(s["lister"], "filter")
    line("filter keystroke, p50 / p95 ms until the match count is right (fzf 0.74.5: `--no-sort`, fuzzy)", [
        "%s / %s" % (fmt(lister_filter["p50"]), fmt(lister_filter["p95"])) if lister_filter else "n/a (no `/` filter)",
        "%s / %s" % (fmt(get(fzf_filter, "filter", "p50")), fmt(get(fzf_filter, "filter", "p95"))),
        "n/a"])
    line("filter, first keystroke (every row examined), median ms", [
        fmt(get(lister_filter, "first_key_p50")) if lister_filter else "n/a",
        fmt(get(fzf_filter, "filter", "first_key_p50")), "n/a"])
    line("peak RSS (VmHWM), MB: median (min–max)", [single(s[n], "peak_rss_mb") for n in names])
    line("peak RSS, input piped (`cat FILE |`), MB: median (min–max)",
         [single(s[n], "piped_peak_rss_mb") if n != "less" else "n/a" for n in names])
    line("idle %g s: CPU ms, median (min–max)" % meta["idle_s"], [single(s[n], "idle_cpu_ms") for n in names])
    line("idle %g s: context switches, median (min–max)" % meta["idle_s"],
         [single(s[n], "idle_context_switches") for n in names])
    for name in names:
        if s[name] and s[name]["errors"]:
            rows.append("\n%s failed in %d of %d runs: %s" % (
                name, len(s[name]["errors"]), s[name]["runs"], "; ".join(sorted(set(s[name]["errors"])))))
        if s[name] and s[name]["spill"]:
            rows.append("\n%s: %d keys had output after they were judged settled" % (name, s[name]["spill"]))
    return "\n".join(rows)


def in_process_table(inproc):
    rows = ["| in process (%d lines, 120x40) | median | p95 | unit | runs |" % inproc["corpus"]["lines"],
            "|---|---:|---:|---|---:|"]
    for result in inproc["results"].values():
        digits = 4 if result["unit"] == "ms" else 0
        rows.append("| %s | %s | %s | %s | %d |" % (
            result["label"], fmt(result["median"], digits), fmt(result["p95"], digits), result["unit"],
            result["runs"]))
    for note in inproc["notes"]:
        rows.append("\n%s" % note)
    return "\n".join(rows)


def verdict(ok):
    return "n/a" if ok is None else ("pass" if ok else "**fail**")


def targets(inproc, sums):
    lister, fzf, less = sums.get("lister") or {}, sums.get("fzf") or {}, sums.get("less") or {}
    fzf_filter = get(sums, "fzf --no-sort", "filter")
    results = inproc["results"]
    rows = ["| target (issue 6) | measured | result |", "|---|---|---|"]

    lister_failed = bool(lister.get("errors"))

    def check(label, measured, ok):
        result = verdict(ok)
        if ok is None and lister_failed:
            result = "**fail** (lister failed, see above)"
        rows.append("| %s | %s | %s |" % (label, measured, result))

    def compare(a, b, op):
        return None if a is None or b is None else op(a, b)

    ff = (get(lister, "first_frame_ms", "median"), get(fzf, "first_frame_ms", "median"))
    check("first frame no later than fzf's", "lister %s ms, fzf %s ms" % (fmt(ff[0]), fmt(ff[1])),
          compare(ff[0], ff[1], lambda a, b: a <= b))
    ld = (get(lister, "loaded_ms", "median"), get(fzf, "loaded_ms", "median"))
    check("all lines loaded in at most half of fzf's time", "lister %s ms, fzf %s ms (half: %s)" % (
        fmt(ld[0]), fmt(ld[1]), fmt(ld[1] / 2 if ld[1] else None)), compare(ld[0], ld[1], lambda a, b: a <= b / 2))
    less_p50 = get(less, "scroll", "p50")
    fzf_p50 = {phase: get(fzf, phase, "p50") for phase in ("page", "scroll")}
    for phase, label in (("page", "within a page"), ("scroll", "scrolling")):
        p50 = get(lister, phase, "p50")
        bound = None if less_p50 is None else max(1.5 * less_p50, less_p50 + 0.1)
        check("Down %s: p50 at most max(1.5x less, less + 0.1 ms)" % label,
              "lister %s ms, bound %s ms (less %s ms)" % (fmt(p50), fmt(bound), fmt(less_p50)),
              compare(p50, bound, lambda a, b: a <= b))
        check("Down %s: p50 at most a quarter of fzf's" % label,
              "lister %s ms, fzf %s ms (quarter: %s)" % (
                  fmt(p50), fmt(fzf_p50[phase]), fmt(fzf_p50[phase] / 4 if fzf_p50[phase] else None)),
              compare(p50, fzf_p50[phase], lambda a, b: a <= b / 4))
        p95 = get(lister, phase, "p95")
        check("Down %s: p95 under 2 ms" % label, "lister %s ms" % fmt(p95), compare(p95, 2.0, lambda a, b: a < b))
    small, large = get(results, "down_1k_scroll", "median"), get(results, "down_1m_scroll", "median")
    check("Down latency does not grow with rows (in process, scrolling: 1M within 1.25x of 1k + 0.05 ms)",
          "1,000 rows %s ms, 1,000,000 rows %s ms" % (fmt(small, 4), fmt(large, 4)),
          compare(large, small, lambda a, b: a <= 1.25 * b + 0.05))
    for phase, label in (("page", "within a page"), ("scroll", "scrolling")):
        size = get(lister, phase, "bytes_p50")
        check("bytes per Down %s at most 300 (p50)" % label, "lister %s B" % fmt(size, 0),
              compare(size, 300, lambda a, b: a <= b))
    lister_filter = lister.get("filter")
    check("filter keystroke p50 at most a tenth of `fzf --no-sort` (issue 34)",
          "lister %s, fzf %s ms" % ("%s ms" % fmt(lister_filter["p50"]) if lister_filter else "n/a (no filter)",
                                    fmt(get(fzf_filter, "p50"))),
          compare(get(lister_filter, "p50"), get(fzf_filter, "p50"), lambda a, b: a <= b / 10))
    rss = (get(lister, "peak_rss_mb", "median"), get(fzf, "peak_rss_mb", "median"))
    check("peak memory at most half of fzf's", "lister %s MB, fzf %s MB" % (fmt(rss[0], 1), fmt(rss[1], 1)),
          compare(rss[0], rss[1], lambda a, b: a <= b / 2))
    piped = (get(lister, "piped_peak_rss_mb", "median"), get(fzf, "piped_peak_rss_mb", "median"))
    check("peak memory at most half of fzf's, input piped (`cat FILE |`)",
          "lister %s MB, fzf %s MB" % (fmt(piped[0], 1), fmt(piped[1], 1)),
          compare(piped[0], piped[1], lambda a, b: a <= b / 2))
    cpu, switches = get(lister, "idle_cpu_ms", "max"), get(lister, "idle_context_switches", "max")
    check("idle 10 s: CPU time ~0 (under 10 ms in every run; wake-ups shown, not judged)",
          "lister CPU %s ms, %s context switches (worst run)" % (fmt(cpu, 3), fmt(switches, 0)),
          None if cpu is None else cpu < 10)
    return "\n".join(rows)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        inproc = json.load(f)
    with open(sys.argv[2]) as f:
        e2e = json.load(f)
    sums = summary.summarize(e2e)
    same = inproc["corpus"]["fnv1a"] == e2e["meta"]["data"]["fnv1a"]
    print("## make bench\n")
    print("Input: %d lines, %d bytes, FNV-1a %s (%s)\n" % (
        e2e["meta"]["data"]["lines"], e2e["meta"]["data"]["bytes"], e2e["meta"]["data"]["fnv1a"],
        "the same bytes in process and end to end" if same else "DIFFERENT from the in-process corpus %s"
        % inproc["corpus"]["fnv1a"]))
    print("Versions: " + ", ".join("%s: %s" % item for item in e2e["meta"]["versions"].items()) + "\n")
    load = summary.load_averages(e2e)
    if load:
        print("1-minute load average around the end-to-end runs: %.2f to %.2f on %d processors "
              "(anything else running skews every figure)\n" % (load[0], load[1], os.cpu_count()))
    print(e2e_table(e2e, sums))
    print()
    print(in_process_table(inproc))
    print()
    print(targets(inproc, sums))


if __name__ == "__main__":
    main()
