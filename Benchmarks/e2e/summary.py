"""Figures over the repetitions of a measure.py report.

Single figures per run (first frame, loaded, idle, memory) are summarised by their median
over the runs, with the range. Keys are pooled over the runs: p50 and p95 of every key.
"""
import statistics


def quantile(values, q):
    """Linear interpolation between closest ranks (as the Swift benchmarks do)."""
    values = sorted(v for v in values if v is not None)
    if not values:
        return None
    position = q * (len(values) - 1)
    lower = int(position)
    upper = min(lower + 1, len(values) - 1)
    return values[lower] + (values[upper] - values[lower]) * (position - lower)


def _single(runs, key):
    values = [run[key] for run in runs if run.get(key) is not None]
    if not values:
        return None
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "n": len(values)}


def _keys(runs, phase):
    presses = [p for run in runs for p in run.get(phase, [])]
    if not presses:
        return None
    changed = [p for p in presses if p[1] is not None]
    per_run = [quantile([p[1] for p in run[phase] if p[1] is not None], 0.5) for run in runs if run.get(phase)]
    per_run = [m for m in per_run if m is not None]
    return {
        "n": len(presses),
        "no_change": len(presses) - len(changed),
        "first_p50": quantile([p[0] for p in changed], 0.5),
        "first_p95": quantile([p[0] for p in changed], 0.95),
        "p50": quantile([p[1] for p in changed], 0.5),
        "p95": quantile([p[1] for p in changed], 0.95),
        "bytes_p50": quantile([p[2] for p in changed], 0.5),
        "bytes_p95": quantile([p[2] for p in changed], 0.95),
        "run_p50_range": [min(per_run), max(per_run)] if per_run else None,
    }


def _filter(runs):
    """Filter keys: time until the right match count showed (`count_ms`), pooled over
    the runs; the first key (every row examined) also on its own."""
    keys = [run["filter"] if "filter" in run else run.get("keys") for run in runs]
    keys = [k for k in keys if k]
    if not keys:
        return None
    presses = [k for run in keys for k in run]
    by_position = []
    for position in range(max(len(run) for run in keys)):
        at = [run[position] for run in keys if len(run) > position]
        by_position.append({
            "key": at[0]["key"],
            "expected": at[0]["expected"],
            "count_median": quantile([k["count_ms"] for k in at], 0.5),
            "settled_median": quantile([k["settled_ms"] for k in at], 0.5),
            "n": len(at),
        })
    return {
        "n": len(presses),
        "p50": quantile([k["count_ms"] for k in presses], 0.5),
        "p95": quantile([k["count_ms"] for k in presses], 0.95),
        "first_key_p50": by_position[0]["count_median"],
        "settled_p50": quantile([k["settled_ms"] for k in presses], 0.5),
        "missed": sum(1 for k in presses if k["count_ms"] is None),
        "by_key": by_position,
    }


def summarize(report):
    """Per program: the summary of its runs."""
    names = []
    for run in report["runs"]:
        names += [n for n in run if n not in names and n != "load average"]
    result = {}
    for name in names:
        runs = [run[name] for run in report["runs"] if name in run]
        summary = {
            "runs": len(runs),
            "errors": [run["error"] for run in runs if "error" in run],
            "spill": sum(run.get("spill", 0) for run in runs),
            "filter": _filter(runs),
        }
        for key in ("first_frame_ms", "loaded_ms", "end_key_ms", "idle_cpu_ms", "idle_context_switches",
                    "idle_bytes", "peak_rss_mb", "piped_peak_rss_mb", "wait4_maxrss_mb", "down_cpu_ms"):
            summary[key] = _single(runs, key)
        for phase in ("page", "scroll"):
            summary[phase] = _keys(runs, phase)
        result[name] = summary
    return result


def fmt(value, digits=1):
    if value is None:
        return "-"
    if isinstance(value, float) and value < 10 and digits < 3:
        digits = 2
    return ("%." + str(digits) + "f") % value if isinstance(value, float) else str(value)


def markdown(report):
    """A short table of the main figures, one line per program."""
    rows = ["| program | first frame ms | loaded ms | Down page p50/p95 ms | Down scroll p50/p95 ms | "
            "B/Down page, scroll | idle CPU ms | idle ctx sw | peak RSS MB | piped peak RSS MB | "
            "filter key p50/p95 ms |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name, s in summarize(report).items():
        def single(key):
            return fmt(s[key]["median"]) if s[key] else "-"

        def keys(phase):
            k = s[phase]
            return "%s / %s" % (fmt(k["p50"], 2), fmt(k["p95"], 2)) if k else "-"

        def size(phase):
            return fmt(s[phase]["bytes_p50"], 0) if s[phase] else "-"
        filt = s["filter"]
        rows.append("| %s | %s | %s | %s | %s | %s, %s | %s | %s | %s | %s | %s |" % (
            name, single("first_frame_ms"), single("loaded_ms"), keys("page"), keys("scroll"),
            size("page"), size("scroll"), single("idle_cpu_ms"), single("idle_context_switches"),
            single("peak_rss_mb"), single("piped_peak_rss_mb"),
            "%s / %s" % (fmt(filt["p50"]), fmt(filt["p95"])) if filt else "n/a"))
        if s["errors"]:
            rows.append("| %s errors | %s |" % (name, "; ".join(sorted(set(s["errors"])))))
    return "\n".join(rows)


def load_averages(report):
    """The 1-minute load averages seen before and after each repetition."""
    values = [v for run in report["runs"] for v in run.get("load average", {}).values()]
    return (min(values), max(values)) if values else None
