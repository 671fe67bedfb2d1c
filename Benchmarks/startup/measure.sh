#!/bin/bash
# What each dependency adds to a process start: tiny probe programs linking nothing,
# FoundationEssentials, Foundation, FoundationNetworking (built here with swiftc -O), and
# the lister binaries given, each timed with hyperfine (`--version`, which exits before
# any screen: the cost is the loader and the runtime's start) and measured for peak RSS
# (/usr/bin/time). Then the resident memory of `lister lines` at its first frame, in tmux.
#
# Usage: Benchmarks/startup/measure.sh [--runs N] LISTER...   (e.g. .build/release/lister)
# Needs hyperfine, tmux and /usr/bin/time (apt-get install hyperfine tmux time).
set -euo pipefail

runs=200
if [ "${1:-}" = --runs ]; then runs=$2; shift 2; fi
[ $# -ge 1 ] || { echo "usage: $0 [--runs N] LISTER..." >&2; exit 2; }
for tool in hyperfine tmux swiftc python3; do
  command -v "$tool" >/dev/null || { echo "$0: $tool is not installed" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "$0: /usr/bin/time is not installed (apt-get install time)" >&2; exit 2; }

work=$(mktemp -d)
trap 'tmux -L lister-startup kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

# The probes: each prints one line, so each is a complete program that uses its import.
echo 'print("x")' >"$work/none.swift"
printf 'import FoundationEssentials\nprint(Data([1, 2]).count)\n' >"$work/essentials.swift"
printf 'import Foundation\nprint(Data([1, 2]).count)\n' >"$work/foundation.swift"
printf 'import Foundation\nimport FoundationNetworking\nprint(URLRequest(url: URL(string: "http://a")!).url!.host!)\n' \
  >"$work/networking.swift"
for probe in none essentials foundation networking; do
  swiftc -O "$work/$probe.swift" -o "$work/probe-$probe"
done

programs=("$work/probe-none" "$work/probe-essentials" "$work/probe-foundation" "$work/probe-networking")
names=("probe: nothing" "probe: FoundationEssentials" "probe: Foundation" "probe: FoundationNetworking")
for lister in "$@"; do
  programs+=("$lister --version")
  names+=("$lister --version")
done

echo "| program | shared libraries (ldd) | wall ms: mean ± sd (min) | user+sys ms (mean) | max RSS MB (median of 5) |"
echo "|---|---:|---:|---:|---:|"
for i in "${!programs[@]}"; do
  program=${programs[$i]}
  binary=${program%% *}
  libraries=$(ldd "$binary" | wc -l)
  hyperfine -N -w 20 -r "$runs" --export-json "$work/h.json" "$program" >/dev/null 2>&1
  rss=$(for _ in 1 2 3 4 5; do /usr/bin/time -f '%M' $program 2>&1 >/dev/null | tail -n 1; done | sort -n | sed -n 3p)
  python3 - "$work/h.json" "${names[$i]}" "$libraries" "$rss" <<'PY'
import json, sys
result = json.load(open(sys.argv[1]))["results"][0]
ms = lambda seconds: seconds * 1000
print(f"| {sys.argv[2]} | {sys.argv[3]} | {ms(result['mean']):.1f} ± {ms(result['stddev']):.1f} ({ms(result['min']):.1f}) "
      f"| {ms(result['user'] + result['system']):.1f} | {int(sys.argv[4]) / 1024:.1f} |")
PY
done

# `lister lines` on a one-line file: VmRSS and VmHWM once the first frame is drawn.
printf 'a\n' >"$work/one-line.txt"
echo
echo "| lister lines, 1 line, at the first frame (tmux 80x24) | VmRSS MB | VmHWM MB |"
echo "|---|---:|---:|"
for lister in "$@"; do
  tmux -L lister-startup kill-server 2>/dev/null || true
  tmux -L lister-startup -f /dev/null new-session -d -x 80 -y 24 "exec '$lister' lines '$work/one-line.txt'"
  pid=$(tmux -L lister-startup display-message -p '#{pane_pid}')
  for _ in $(seq 100); do
    [[ $(tmux -L lister-startup capture-pane -p) == *1/1* ]] && break
    sleep 0.05
  done
  sleep 0.2
  rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status")
  hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status")
  awk -v name="$lister" -v rss="$rss" -v hwm="$hwm" 'BEGIN { printf "| %s | %.1f | %.1f |\n", name, rss / 1024, hwm / 1024 }'
  tmux -L lister-startup send-keys q
  sleep 0.2
done
