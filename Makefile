# schedlab — build, test and serve. `make help` lists the targets.
#
# Everything runs from a clean clone with only Go, Node and npm present: `make serve` and `make
# test` install what they need: the npm packages under build/ (scripts/npm.sh, one step for both),
# and for the tests Go modules and Debian's chromium and qemu-user-static (scripts/deps.sh). Each step prints a
# "== " heading. Steps that need a part of the tree that has not landed yet (the runner
# scripts/simulate, browser tests in scripts/e2e/) skip with a message instead of failing.

GO       ?= go
GOROOT   := $(shell $(GO) env GOROOT)
WASMDIR  := $(GOROOT)/lib/wasm
WASMEXEC := $(WASMDIR)/go_js_wasm_exec
PORT     ?= 8080
HOST     ?= 127.0.0.1
FUZZTIME  ?= 60s
FUZZBRIEF ?= 30000
BENCH    ?= .
SITE     := build/site
HAVE_SIM := $(wildcard scripts/simulate/*.go)

# The steps of `make test`, in order; the first failure stops the run.
TEST_STEPS := deps vet depcheck fmtcheck test-native test-wasm fuzz-brief golden e2e

.PHONY: script-philly
script-philly:
	@echo "== script-philly: the example scripts and their nearest built-ins on the whole Philly trace"
	$(GO) test ./policies/script -run '^$$' -bench Philly -benchtime 1x
	@echo "== script-philly: the example scripts as the page's scripting worker runs them, under Node"
	PATH="$(WASMDIR):$$PATH" GOOS=js GOARCH=wasm $(GO) test -exec="$(WASMEXEC)" ./wasm/scripting -run '^$$' -bench Philly -benchtime 1x

.PHONY: all help build sim site serve test deps vet depcheck fmtcheck check test-native \
	test-wasm fuzz-brief fuzz golden sim-cross golden-update e2e page-figures-time bench bench-page repro repro-synergy rerun-synergy rerun-tiresias rerun-gavel figures-csv heldout doc-figures claims-rows doc-index figures report \
	clean distclean npm

all: build

help:
	@echo "make serve          build the site (npm packages installed if needed) and serve it at http://$(HOST):$(PORT)/ (PORT=... overrides)"
	@echo "make test           install test dependencies and run every test ($(TEST_STEPS))"
	@echo "make build          build/simulate, build/simulate.wasm and the site under $(SITE)"
	@echo "make check          go vet, the syscall/js dependency check, gofmt"
	@echo "make golden         compare runner output on amd64, wasm, amd64-v3 and arm64 (qemu) with testdata/golden and each other, and every figure's CSV at seed 1"
	@echo "make golden-update  rewrite testdata/golden/N.jsonl from the native runner"
	@echo "make fuzz           run every Fuzz target for FUZZTIME each (default 60s)"
	@echo "make bench          benchmarks of core/ and policies/ (BENCH=regexp), then whole runner runs: jobs x policy x time x peak memory"
	@echo "make bench-page     the page in Chromium vs the runner on PAGE_JOBS jobs under PAGE_POLICIES: wall, CPU, ratio, the page's steps"
	@echo "make repro          list paper reproductions; SCENARIOS='a b' runs them"
	@echo "make figures-csv    run every catalogue figure (J=2 workers) into build/figures-csv/ID.csv"
	@echo "make heldout        figures-csv, then every figure again on a disjoint seed range: claims that hold on one and fail on the other"
	@echo "make doc-figures    figures-csv, then rewrite the figure tables in policies/<family>/README.md and README.md"
	@echo "make claims-rows    rewrite the rows the claims read (policies/figure/testdata/claims) from build/figures-csv (no runs)"
	@echo "make doc-index      rewrite README.md's reproduction table from the families' tables (no runs)"
	@echo "make figures        figures-csv, then render every figure to build/figures/ID.svg"
	@echo "make page-figures-time  the heavy figures in Chromium with every reading and the page's default workers: wall time and CPU seconds per figure (PAGE_FIGURES='id ...')"
	@echo "make report         figures-csv, then build/report.html: per paper every claim, ours ± 95 % interval, verdict"
	@echo "make repro-synergy  the Synergy document's table of every policy: every policy, seed 42 and seeds 1-10 (build/repro/synergy-table.md)"
	@echo "make rerun-synergy  re-run the authors' Synergy simulator for every recorded reference and compare (hours of CPython; ONLY=regexp, J=2)"
	@echo "make script-philly  every example script beside its nearest built-in on the whole 82,247-job Philly trace (BenchmarkPhilly), then each under Node as the page's scripting worker runs it"
	@echo "make rerun-gavel    re-run Gavel's simulator for the recorded gavel-maxmin comparisons and compare job for job (a minute; builds its Python environment in build/)"
	@echo "make rerun-tiresias re-run the authors' Tiresias simulator (Python 2.7) for every recorded run and compare job for job with the record and ours (seconds)"
	@echo "make clean          remove build outputs (keeps build/node_modules; distclean removes it)"
	@echo "make npm            install the npm packages of build/package-lock.json when missing or stale"

# ---- build ---------------------------------------------------------------------------------

build: sim site

sim:
ifneq ($(HAVE_SIM),)
	@echo "== build: runner build/simulate and build/simulate.wasm"
	$(GO) build -o build/simulate ./scripts/simulate
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o build/simulate.wasm ./scripts/simulate
else
	@echo "== build: scripts/simulate not there yet; skipping the runner"
endif

# The site bundles ECharts with esbuild from build/node_modules: scripts/npm.sh installs them first
# when missing or older than build/package-lock.json (the same step `make deps` runs).
site:
	@echo "== build: site under $(SITE)"
	@scripts/npm.sh
	@scripts/site.sh $(SITE)

# serve builds the site (installing its npm packages when needed) and execs the built server, so
# the server is make's own child: `kill PID` (its second line of output names it) stops it and
# make with it, where `go run` would leave the server behind.
serve: site
	@echo "== serve: build/serve on $(HOST):$(PORT) (PORT=0 picks a free port; Ctrl-C stops)"
	$(GO) build -o build/serve ./scripts/serve
	@exec build/serve -dir $(SITE) -addr $(HOST):$(PORT)

# ---- test ----------------------------------------------------------------------------------

test:
	@start=$$(date +%s); \
	for step in $(TEST_STEPS); do \
		t0=$$(date +%s); \
		$(MAKE) --no-print-directory $$step || { echo "== make test: FAILED at step $$step"; exit 1; }; \
		echo "   ($$step took $$(( $$(date +%s) - t0 )) s)"; \
	done; \
	echo "== make test: all steps passed in $$(( $$(date +%s) - start )) s"

deps:
	@echo "== deps: Go modules, npm packages under build/, chromium, qemu-user-static"
	@scripts/deps.sh

npm:
	@scripts/npm.sh

vet:
	@echo "== vet: go vet ./..."
	$(GO) vet ./...

# On js/wasm the standard library itself (syscall, os, time) imports syscall/js, so
# `go list -deps | grep -x syscall/js` always matches; what must not happen is that a non-standard
# package in the dependency graph of core/, policies/ or wasm/pagelogic (tests included) imports it.
depcheck:
	@echo "== depcheck: core/, policies/ and wasm/pagelogic must not depend on syscall/js"
	@bad=$$(GOOS=js GOARCH=wasm $(GO) list -deps -test \
		-f '{{if not .Standard}}{{range .Imports}}{{if eq . "syscall/js"}}{{$$.ImportPath}}{{"\n"}}{{end}}{{end}}{{end}}' \
		./core/... ./policies/... ./wasm/pagelogic/...) || exit 1; \
	if [ -n "$$bad" ]; then echo "FAIL: these packages import syscall/js:"; echo "$$bad"; exit 1; fi; echo "ok"

fmtcheck:
	@echo "== fmtcheck: gofmt -l must be empty"
	@out=$$(find . -name '*.go' -not -path './build/*' -not -path './.git/*' -not -path '*/testdata/*' -print0 | xargs -0 gofmt -l); \
	if [ -n "$$out" ]; then echo "FAIL: not gofmt-ed:"; echo "$$out"; exit 1; fi; echo "ok"

check: vet depcheck fmtcheck

test-native:
	@echo "== test-native: go test -race ./..."
	$(GO) test -race ./...
	@echo "== test-native: the claims' recorded rows are current (one cell per figure, run without -race)"
	$(GO) test -run TestRecordedRowsRerunOneCell ./policies/figure/

test-wasm:
	@echo "== test-wasm: core/ and policies/ under Node (GOOS=js GOARCH=wasm)"
	PATH="$(WASMDIR):$$PATH" GOOS=js GOARCH=wasm $(GO) test -exec="$(WASMEXEC)" ./core/... ./policies/...
	@echo "== test-wasm: wasm/ under Node with fake-indexeddb (the store contract test)"
	PATH="$(WASMDIR):$$PATH" GOOS=js GOARCH=wasm $(GO) test -exec="$(CURDIR)/scripts/e2e/go_js_wasm_exec_idb" ./wasm/...

fuzz-brief:
	@echo "== fuzz-brief: every Fuzz target for $(FUZZBRIEF) executions"
	@scripts/fuzz.sh $(FUZZBRIEF)x

fuzz:
	@echo "== fuzz: every Fuzz target for $(FUZZTIME)"
	@scripts/fuzz.sh $(FUZZTIME)

# The golden runs on four targets: the default build (the reference, compared with testdata/golden),
# the wasm build under Node, a GOAMD64=v3 build and a linux/arm64 build under qemu-aarch64-static —
# the two builds whose compiler may fuse multiply-adds. Then every catalogue figure at seed 1 on
# all four at once, CSVs compared byte for byte. Without qemu-aarch64-static the arm64 target is
# skipped with a message (an error under CI=true).
golden: sim sim-cross
ifneq ($(HAVE_SIM),)
	@echo "== golden: runner output on amd64, wasm (Node), amd64-v3, arm64 (qemu) vs testdata/golden, and every figure at seed 1"
	@PATH="$(WASMDIR):$$PATH" $(GO) run ./scripts/golden -native build/simulate -wasm build/simulate.wasm -exec "$(WASMEXEC)" \
		-amd64-v3 build/simulate-v3 -arm64 build/simulate-arm64 -figures
else
	@echo "== golden: scripts/simulate not there yet; skipping"
endif

# The runner for the two targets that may fuse multiply-adds, for `make golden` only.
sim-cross:
ifneq ($(HAVE_SIM),)
	@echo "== build: build/simulate-v3 (GOAMD64=v3) and build/simulate-arm64 (linux/arm64)"
	GOARCH=amd64 GOAMD64=v3 $(GO) build -o build/simulate-v3 ./scripts/simulate
	GOOS=linux GOARCH=arm64 $(GO) build -o build/simulate-arm64 ./scripts/simulate
endif

golden-update: sim
ifneq ($(HAVE_SIM),)
	@echo "== golden-update: rewriting testdata/golden from the native runner"
	@PATH="$(WASMDIR):$$PATH" $(GO) run ./scripts/golden -update -native build/simulate -wasm build/simulate.wasm -exec "$(WASMEXEC)"
else
	@echo "== golden-update: scripts/simulate not there yet; nothing to update"
endif

e2e: site
	@echo "== e2e: browser tests in scripts/e2e/ (Chromium via playwright-core)"
	@scripts/e2e.sh

# page-figures-time runs the heavy figures in the page (every reading, default seeds, the page's
# default workers) and prints per figure its wall time and the browser's CPU seconds
# (scripts/e2e/figperf.mjs). Minutes, not part of `make test`; PAGE_FIGURES="id …" picks others,
# an empty list every figure of the page's list.
PAGE_FIGURES ?= similarity-makespan similarity-unseen similarity-packing similarity-online synergy-fig1 synergy-fig12 asrpt-cluster
page-figures-time: site
	@echo "== page-figures-time: $(PAGE_FIGURES)"
	@FIGURES="$(PAGE_FIGURES)" scripts/e2e.sh --script scripts/e2e/figperf.mjs

# ---- other ---------------------------------------------------------------------------------

# The Go benchmarks, then whole runs of the runner (scripts/runbench): BENCH_JOBS jobs of the
# Philly-like generator at 230 jobs/h on 1,000 servers of 8 GPUs under BENCH_POLICIES, and the
# overloaded case (560 jobs/h, queues of hundreds of thousands) at 300,000 jobs; then each
# family's policies on a workload of their own (scripts/runbench/families.go) at BENCH_FAMILY_JOBS.
BENCH_JOBS        ?= 100000,1000000
BENCH_POLICIES    ?= fifo,fifo-backfill,sjf,srtf,srsf,las
BENCH_FAMILY_JOBS ?= 10000,30000,100000
bench: sim
	@echo "== bench: core/ and policies/"
	$(GO) test -bench '$(BENCH)' -benchmem -run '^$$' ./core/... ./policies/...
	@echo "== bench: whole runs of build/simulate (time, peak memory)"
	$(GO) run ./scripts/runbench -sim build/simulate -jobs $(BENCH_JOBS) -policy $(BENCH_POLICIES)
	$(GO) run ./scripts/runbench -sim build/simulate -jobs 300000 -generate philly:rate=560 -policy fifo,las
	$(GO) run ./scripts/runbench -sim build/simulate -families -jobs $(BENCH_FAMILY_JOBS)

# The page in headless Chromium against the native runner (scripts/e2e/pagebench.mjs): PAGE_JOBS
# jobs of the same generator and cluster as bench under PAGE_POLICIES, from the click on Run until
# the run is shown, with the page's steps. Minutes at a million jobs: not part of test.
PAGE_JOBS     ?= 100000,1000000
PAGE_POLICIES ?= fifo,las
bench-page: sim site
	@echo "== bench-page: the page in Chromium vs build/simulate"
	$(GO) build -o build/serve ./scripts/serve
	JOBS=$(PAGE_JOBS) POLICIES=$(PAGE_POLICIES) node scripts/e2e/pagebench.mjs

repro: sim
	@echo "== repro: paper reproductions through the runner"
	@scripts/repro.sh

# The figure catalogue with its default seeds (J workers), then the families' generated tables.
J ?= 2
figures-csv: sim
	@echo "== figures-csv: build/simulate -figure all -j $(J) into build/figures-csv/ (tables: build/figures-csv.txt)"
	build/simulate -figure all -j $(J) -figure-out build/figures-csv/ >build/figures-csv.txt
	@cat build/figures-csv.txt

# The held-out check (not part of `make test`: it runs the catalogue a second time): each figure's
# claims, per reading, on as many seeds again right after its defaults (build/heldout.txt).
heldout: figures-csv
	@echo "== heldout: every figure on a disjoint seed range into build/heldout-csv/ (build/heldout.txt)"
	$(GO) run ./scripts/heldout -simulate build/simulate -csv build/figures-csv -out build/heldout-csv -j $(J) >build/heldout.txt
	@tail -1 build/heldout.txt

# The reviewer's report: every claim of every figure judged from build/figures-csv/, one
# self-contained HTML page (no script, no request).
report: figures-csv
	@echo "== report: build/simulate -judge build/figures-csv -report build/report.html"
	build/simulate -judge build/figures-csv -report build/report.html >/dev/null
	@echo "report: build/report.html"

FIGURE_DOCS := $(foreach f,baselines synergy similarity interference asrpt,policies/$(f)/README.md)
doc-figures: figures-csv
	@echo "== doc-figures: figure tables in $(FIGURE_DOCS) rewritten from build/figures-csv/, and the claims' recorded rows"
	$(GO) run ./scripts/figtable -csv build/figures-csv -claims-rows policies/figure/testdata/claims -index README.md $(FIGURE_DOCS)

# Only the rows the claims read (policies/figure/testdata/claims), from build/figures-csv/ as it stands.
claims-rows:
	$(GO) run ./scripts/figtable -csv build/figures-csv -claims-rows policies/figure/testdata/claims

# Only the README's reproduction table, from the families' tables as they stand (no runs).
doc-index:
	$(GO) run ./scripts/figtable -csv "" -index README.md $(FIGURE_DOCS)

# Every figure's chart from figures-csv's CSVs, built by the same Go code as the page
# (scripts/figures, wasm/figchart) and rendered to build/figures/ID.svg by ECharts' server-side SVG
# renderer under Node (scripts/figures/render.mjs).
figures: figures-csv npm
	@echo "== figures: build/figures/ID.svg from build/figures-csv/"
	$(GO) run ./scripts/figures -csv build/figures-csv -out build/figures
	node scripts/figures/render.mjs build/figures

repro-synergy: sim
	@echo "== repro-synergy: every Synergy policy on the authors' workload, seeds 42 and 1-10"
	@mkdir -p build/repro
	@scripts/synergy-table.sh >build/repro/synergy-table.md.tmp
	@mv build/repro/synergy-table.md.tmp build/repro/synergy-table.md
	@cat build/repro/synergy-table.md

# The authors' Synergy simulator (msr-fiddle/synergy, cloned into SYNERGY_SRC at the recorded
# commit when missing), re-run for every configuration the Synergy figures cite, compared with the
# recorded numbers (scripts/synergyrerun). Debian's python3 packages are installed when missing.
SYNERGY_SRC ?= build/synergy-src
rerun-synergy:
	@/usr/bin/python3 -c 'import numpy, pandas, matplotlib' 2>/dev/null || { \
		sudo=; [ "$$(id -u)" = 0 ] || sudo="sudo -n"; \
		export DEBIAN_FRONTEND=noninteractive; $$sudo apt-get update -q </dev/null && $$sudo apt-get install -y -q python3 python3-numpy python3-pandas python3-matplotlib </dev/null; }
	@mkdir -p build/repro
	@$(GO) run ./scripts/synergyrerun -src $(SYNERGY_SRC) -j $(J) -only '$(ONLY)' >build/repro/synergy-rerun.md; st=$$?; \
		cat build/repro/synergy-rerun.md; exit $$st

# Gavel's simulator (stanford-futuredata/gavel at c4fa400, cloned into build/gavel-src when
# missing) re-run for the recorded comparisons of gavel-maxmin and gavel-maxmin-agnostic, every
# job's JCT and every round's schedule compared with policies/similarity/testdata/gavel-rerun
# (scripts/gavelrerun), with the allocations a logging copy of it records. cvxpy and ecos are
# built from their sources into build/gavel-venv; Debian's python3 packages are installed when
# missing. Then ours against the same outputs, Gavel's allocations replayed among them:
# go test -run 'TestGavelReruns|TestGavelRounds|TestGavelReplay' -v ./policies/similarity.
GAVEL_PY_DEBS = python3-venv python3-dev python3-numpy python3-scipy python3-cvxopt python3-grpcio python3-protobuf python3-psutil python3-grpc-tools
rerun-gavel:
	@/usr/bin/python3 -c 'import numpy, scipy, cvxopt, grpc, google.protobuf, psutil, grpc_tools' 2>/dev/null || { \
		sudo=; [ "$$(id -u)" = 0 ] || sudo="sudo -n"; \
		export DEBIAN_FRONTEND=noninteractive; $$sudo apt-get update -q </dev/null && $$sudo apt-get install -y -q $(GAVEL_PY_DEBS) </dev/null; }
	@mkdir -p build/repro
	@$(GO) run ./scripts/gavelrerun >build/repro/gavel-rerun.md; st=$$?; \
		cat build/repro/gavel-rerun.md; [ $$st = 0 ] || exit $$st
	@$(GO) test -count=1 -run 'TestGavelReruns|TestGavelRounds|TestGavelReplay' -v ./policies/similarity \
		>build/repro/gavel-ours.txt; st=$$?; grep -v '^=== RUN' build/repro/gavel-ours.txt; exit $$st
# The authors' Tiresias simulator (SymbioticLab/Tiresias, cloned into TIRESIAS_SRC at the recorded
# commit when missing: from TIRESIAS_REPO, a local git directory holding the commit when there is
# one, else GitHub), run under Python 2.7 (TIRESIAS_PYTHON: pyenv's 2.7.18 when installed, else
# python2.7) for every recorded run and compared job for job with the record and with ours
# (scripts/tiresiasrerun; exit 1 on a difference).
TIRESIAS_SRC ?= build/tiresias-src
TIRESIAS_REPO ?= $(firstword $(wildcard /work/.mirror/SymbioticLab+Tiresias/repo/.git) https://github.com/SymbioticLab/Tiresias)
TIRESIAS_PYTHON ?= $(firstword $(wildcard $(HOME)/.pyenv/versions/2.7.18/bin/python) python2.7)
rerun-tiresias:
	@mkdir -p build/repro
	@$(GO) run ./scripts/tiresiasrerun -src $(TIRESIAS_SRC) -repo '$(TIRESIAS_REPO)' -python '$(TIRESIAS_PYTHON)' >build/repro/tiresias-rerun.md; st=$$?; \
		cat build/repro/tiresias-rerun.md; exit $$st

clean:
	@echo "== clean"
	rm -rf $(SITE) build/simulate build/simulate.wasm build/simulate-v3 build/simulate-arm64 build/serve build/repro build/npm-ci.log \
		build/figures-csv build/figures-csv.txt build/figures

distclean: clean
	rm -rf build/node_modules
