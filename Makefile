# ufmi: build, test and notebook tasks. `make help` lists them.

GO           ?= go
# Python with Jupyter; scripts/setup.sh writes this wrapper (see there).
PYTHON       ?= .bin/ufmi-python
# make notebooks FULL=1: the paper's sizes instead of the small defaults.
FULL         ?=
# Notebooks to run (default: every notebooks/*.ipynb not starting with "_").
NOTEBOOKS    ?=
# Per-cell timeout of the notebook runner, in seconds.
CELL_TIMEOUT ?= 3600
# make render-notebooks NEW_OUTPUTS=1: accept displayed outputs (figures, tables) that differ in
# number from the committed copy and the previous run, after a deliberate change.
NEW_OUTPUTS  ?=
# Notebooks `make test` runs REPEAT_RUNS times in a row, each run showing as many figures and
# tables as the one before (GoNB once dropped outputs now and then); the others run once.
REPEAT_NOTEBOOKS ?= notebooks/01_quickstart.ipynb notebooks/03_conditional_entropy.ipynb notebooks/07_your_own_data.ipynb
REPEAT_RUNS  ?= 5
# Python for the test summary (standard library only).
PYTHON3      ?= python3
# Where `make test` records what each step ran and skipped, for the summary at its end.
SUMMARY_DIR  ?= out/test-summary
# Packages tested again under the race detector (-short) by `make test`.
RACE_PKGS    ?= ./...
# How long `make fuzz` runs each fuzz target (`make test` runs 200 inputs of each).
FUZZTIME     ?= 10s
JUPYTER_IP   ?= 127.0.0.1
JUPYTER_PORT ?= 8888

full_flag = $(if $(filter 1 yes true,$(FULL)),--full)
new_outputs_flag = $(if $(filter 1 yes true,$(NEW_OUTPUTS)),--new-outputs)
# Every notebook but the repeated ones (names starting with "_" are not run).
once_notebooks = $(filter-out $(REPEAT_NOTEBOOKS),$(filter-out notebooks/_%,$(sort $(wildcard notebooks/*.ipynb))))

.PHONY: help setup notebooks render-notebooks site test-site test test-summary-reset tidy vet gotest race fuzz test-fuzz test-notebooks test-dockerfile test-slurm jupyter clean

help:
	@echo "make notebooks   run every notebook (FULL=1 for the paper's sizes); results in out/"
	@echo "make render-notebooks  run the notebooks and save them in notebooks/ with their outputs"
	@echo "make site        static HTML of README, docs/ and the executed notebooks in out/site/"
	@echo "make test        go mod tidy -diff, go vet, notebooks (small; 01, 03, 07 five times), site check, Dockerfile check,"
	@echo "                 Slurm job array (as root: installs and starts Slurm, see scripts/test_slurm.sh),"
	@echo "                 race tests, fuzz (200 inputs each), go test, then a summary of what was skipped and why"
	@echo "make fuzz        run each fuzz target for FUZZTIME ($(FUZZTIME)); crashers land in <package>/testdata/fuzz/"
	@echo "make jupyter     Jupyter on http://$(JUPYTER_IP):$(JUPYTER_PORT) with the Go kernel"
	@echo "make setup       install Jupyter, the gonb kernel and goimports (called by the above)"
	@echo "make clean       remove out/"

setup:
	scripts/setup.sh

notebooks: setup
	$(PYTHON) scripts/run_notebooks.py $(full_flag) $(new_outputs_flag) --timeout $(CELL_TIMEOUT) $(NOTEBOOKS)

# Like notebooks, and each notebook that passes is saved in place with its outputs (small sizes,
# or FULL=1: the paper's sizes, quick where data/sim holds cached full-size results).
render-notebooks: setup
	$(PYTHON) scripts/run_notebooks.py $(full_flag) $(new_outputs_flag) --render --timeout $(CELL_TIMEOUT) $(NOTEBOOKS)

# go test runs last, followed only by the summary of what was skipped and why (printed also when
# go test fails; make's exit status is go test's). Steps before it that fail stop make as usual.
test: test-summary-reset tidy vet test-notebooks test-site test-dockerfile test-slurm race test-fuzz
	@status=0; $(MAKE) --no-print-directory gotest || status=$$?; \
	  $(PYTHON3) scripts/test_summary.py report $(SUMMARY_DIR); exit $$status

test-summary-reset:
	@$(PYTHON3) scripts/test_summary.py reset $(SUMMARY_DIR)

# go.mod and go.sum must be exactly what `go mod tidy` writes (both modules).
tidy:
	@echo "== go mod tidy -diff"
	$(GO) mod tidy -diff
	cd scripts/dockerfile-check && $(GO) mod tidy -diff

vet:
	@echo "== go vet"
	$(GO) vet ./...

# Prints what plain `go test` prints; scripts/test_summary.py runs it with -json to record skips.
gotest:
	@echo "== go test"
	$(PYTHON3) scripts/test_summary.py go-test $(SUMMARY_DIR) -- $(GO) test -count=1 -timeout 45m ./...

race:
	@echo "== go test -race -short $(RACE_PKGS)"
	$(if $(strip $(RACE_PKGS)),$(GO) test -race -short -count=1 -timeout 30m $(RACE_PKGS),@echo "(RACE_PKGS empty: skipped)")

# Native Go fuzzing of everything that reads outside data: the command line's
# CSV input through every estimator, the Slurm script of arbitrary arguments
# (run by bash with a fake ufmi and sbatch), the ARFF and CC18 result readers, the
# Drosophila table readers. New crashers land in the package's
# testdata/fuzz/<target>/ and run as regression tests with every `go test`.
# One line per fuzz target: go test -fuzz takes one target at a time.
# $(call fuzz_one,TARGET,PACKAGE)
fuzz_one = @echo "== fuzz $(1) ($(FUZZTIME))" && $(GO) test -run '^$$' -fuzz '^$(1)$$' -fuzztime $(FUZZTIME) $(2)

fuzz:
	$(call fuzz_one,FuzzCLI,./cmd/ufmi)
	$(call fuzz_one,FuzzSlurmScript,./cmd/ufmi)
	$(call fuzz_one,FuzzMergeCells,./cmd/ufmi)
	$(call fuzz_one,FuzzReadARFF,./ufmi/cc18)
	$(call fuzz_one,FuzzReadScores,./ufmi/cc18)
	$(call fuzz_one,FuzzReadNeurons,./ufmi/drosophila)
	$(call fuzz_one,FuzzReadPublishedTable,./ufmi/drosophila)
	$(call fuzz_one,FuzzReadAdjacency,./ufmi/drosophila)

# The fuzz targets for a short time each (200 inputs, counted rather than timed: a
# timed run on a loaded machine can end before its workers start), inside `make test`.
test-fuzz:
	$(MAKE) fuzz FUZZTIME=200x

# Always the small mode, whatever FULL says. Every notebook once, REPEAT_NOTEBOOKS REPEAT_RUNS
# times (NOTEBOOKS=...: those, once each). Notebooks whose data cannot be had (no UFMI_MIRROR,
# no cached download, no network) are skipped with one line saying why.
test-notebooks: setup
	@echo "== notebooks (small mode)"
ifeq ($(strip $(NOTEBOOKS)),)
	@status=0; \
	$(PYTHON) scripts/run_notebooks.py --timeout $(CELL_TIMEOUT) --summary $(SUMMARY_DIR)/notebooks.tsv \
	  $(once_notebooks) || status=1; \
	echo "== notebooks run $(REPEAT_RUNS) times each: same figures and tables every run"; \
	$(PYTHON) scripts/run_notebooks.py --timeout $(CELL_TIMEOUT) --summary $(SUMMARY_DIR)/notebooks-repeat.tsv \
	  --repeat $(REPEAT_RUNS) $(REPEAT_NOTEBOOKS) || status=1; \
	exit $$status
else
	$(PYTHON) scripts/run_notebooks.py --timeout $(CELL_TIMEOUT) --summary $(SUMMARY_DIR)/notebooks.tsv $(NOTEBOOKS)
endif

# make site: static HTML of README.md, docs/ and the committed (executed) notebooks with their
# figures, into out/site/, with no network (scripts/build_site.py).
site: setup
	$(PYTHON) scripts/build_site.py

# Every page of the site in headless Chromium (Debian's chromium package; without it the pages are
# not loaded, which the summary says), every link and image resolved (scripts/check_site.py).
test-site: site
	@echo "== site: pages in headless Chromium, links and images"
	$(PYTHON) scripts/check_site.py --summary $(SUMMARY_DIR)

test-dockerfile:
	@echo "== Dockerfile and shell scripts"
	scripts/test_dockerfile.sh

# A sharded permutation test as a real Slurm job array on a one-node cluster. As root it installs
# Slurm and munge with apt-get when missing, writes /etc/slurm/slurm.conf and a munge key when
# absent, starts munged, slurmctld and slurmd and stops those it started (it says so first);
# skipped with a message where that is impossible, or with UFMI_SKIP_SLURM=1.
test-slurm:
	@echo "== Slurm job array"
	UFMI_SUMMARY_DIR=$(SUMMARY_DIR) scripts/test_slurm.sh

jupyter: setup
	JUPYTER_IP=$(JUPYTER_IP) JUPYTER_PORT=$(JUPYTER_PORT) scripts/jupyter.sh

clean:
	rm -rf out
