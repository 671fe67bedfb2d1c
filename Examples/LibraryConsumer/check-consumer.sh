#!/usr/bin/env bash
# An app that depends on the Lister library as the README says (`traits: []`) resolves
# swift-log and nothing else of Lister's dependencies (not the argument parser, GRDB,
# swift-subprocess, FlyingFox or swift-docc-plugin, which only the command, the tests and
# `make docs` use), and builds. Run by `make test-consumer` (part of `make test`).
#
# The app (this directory) is copied to $CONSUMER_DIR/App next to a link $CONSUMER_DIR/Lister
# to this checkout, so its Package.swift names `../Lister` as a reader's would.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
SWIFT=${SWIFT:-swift}
work=${CONSUMER_DIR:-$root/.build-consumer}
mkdir -p "$work/App"
work="$(cd "$work" && pwd)"

ln -sfn "$root" "$work/Lister"
# The app's files, kept in sync (its .build stays, so a second run is incremental).
cp "$here/Package.swift" "$work/App/Package.swift"
rm -rf "$work/App/Sources" && cp -R "$here/Sources" "$work/App/Sources"

cd "$work/App"
"$SWIFT" package resolve >"$work/resolve.log" 2>&1 || { cat "$work/resolve.log" >&2; echo "check-consumer: resolving failed" >&2; exit 1; }
# Every package in the graph, one identity a line; the app itself is not listed.
"$SWIFT" package show-dependencies --format flatlist >"$work/dependencies.txt"
unexpected="$(grep -v -x -i -e lister -e swift-log "$work/dependencies.txt" || true)"
if [ -n "$unexpected" ]; then
  echo "check-consumer: an app depending on Lister with traits: [] resolves more than swift-log:" >&2
  echo "$unexpected" >&2
  exit 1
fi
grep -q -x -i lister "$work/dependencies.txt" || { echo "check-consumer: Lister is not in the app's graph" >&2; cat "$work/dependencies.txt" >&2; exit 1; }
"$SWIFT" build >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; echo "check-consumer: the app does not build" >&2; exit 1; }
echo "check-consumer: the app resolves $(tr '\n' ' ' <"$work/dependencies.txt")and builds"
