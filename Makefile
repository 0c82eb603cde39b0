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
# Packages tested again under the race detector (-short) by `make test`.
RACE_PKGS    ?= ./...
# How long `make fuzz` runs each fuzz target (`make test` runs 200 inputs of each).
FUZZTIME     ?= 10s
JUPYTER_IP   ?= 127.0.0.1
JUPYTER_PORT ?= 8888

full_flag = $(if $(filter 1 yes true,$(FULL)),--full)

.PHONY: help setup notebooks render-notebooks test tidy vet gotest race fuzz test-fuzz test-notebooks test-dockerfile test-slurm jupyter clean

help:
	@echo "make notebooks   run every notebook (FULL=1 for the paper's sizes); results in out/"
	@echo "make render-notebooks  run the notebooks and save them in notebooks/ with their outputs"
	@echo "make test        go mod tidy -diff, go vet, notebooks (small), Dockerfile check, race tests, fuzz (200 inputs each), go test"
	@echo "make fuzz        run each fuzz target for FUZZTIME ($(FUZZTIME)); crashers land in <package>/testdata/fuzz/"
	@echo "make jupyter     Jupyter on http://$(JUPYTER_IP):$(JUPYTER_PORT) with the Go kernel"
	@echo "make setup       install Jupyter, the gonb kernel and goimports (called by the above)"
	@echo "make clean       remove out/"

setup:
	scripts/setup.sh

notebooks: setup
	$(PYTHON) scripts/run_notebooks.py $(full_flag) --timeout $(CELL_TIMEOUT) $(NOTEBOOKS)

# Like notebooks, and each notebook that passes is saved in place with its outputs (small sizes,
# or FULL=1: the paper's sizes, quick where data/sim holds cached full-size results).
render-notebooks: setup
	$(PYTHON) scripts/run_notebooks.py $(full_flag) --render --timeout $(CELL_TIMEOUT) $(NOTEBOOKS)

# go test runs last so that its summary closes the log (CI reads those lines).
test: tidy vet test-notebooks test-dockerfile test-slurm race test-fuzz gotest

# go.mod and go.sum must be exactly what `go mod tidy` writes (both modules).
tidy:
	@echo "== go mod tidy -diff"
	$(GO) mod tidy -diff
	cd scripts/dockerfile-check && $(GO) mod tidy -diff

vet:
	@echo "== go vet"
	$(GO) vet ./...

gotest:
	@echo "== go test"
	$(GO) test -count=1 -timeout 45m ./...

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
	$(call fuzz_one,FuzzReadARFF,./ufmi/cc18)
	$(call fuzz_one,FuzzReadScores,./ufmi/cc18)
	$(call fuzz_one,FuzzReadNeurons,./ufmi/drosophila)
	$(call fuzz_one,FuzzReadPublishedTable,./ufmi/drosophila)
	$(call fuzz_one,FuzzReadAdjacency,./ufmi/drosophila)

# The fuzz targets for a short time each (200 inputs, counted rather than timed: a
# timed run on a loaded machine can end before its workers start), inside `make test`.
test-fuzz:
	$(MAKE) fuzz FUZZTIME=200x

# Always the small mode, whatever FULL says.
test-notebooks: setup
	@echo "== notebooks (small mode)"
	$(PYTHON) scripts/run_notebooks.py --timeout $(CELL_TIMEOUT) $(NOTEBOOKS)

test-dockerfile:
	@echo "== Dockerfile and shell scripts"
	scripts/test_dockerfile.sh

# A sharded permutation test as a real Slurm job array on a one-node cluster (installed and
# started as root; skipped with a message where that is impossible).
test-slurm:
	@echo "== Slurm job array"
	scripts/test_slurm.sh

jupyter: setup
	JUPYTER_IP=$(JUPYTER_IP) JUPYTER_PORT=$(JUPYTER_PORT) scripts/jupyter.sh

clean:
	rm -rf out
