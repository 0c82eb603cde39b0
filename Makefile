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
JUPYTER_IP   ?= 127.0.0.1
JUPYTER_PORT ?= 8888

full_flag = $(if $(filter 1 yes true,$(FULL)),--full)

.PHONY: help setup notebooks test tidy vet gotest race test-notebooks test-dockerfile test-slurm jupyter clean

help:
	@echo "make notebooks   run every notebook (FULL=1 for the paper's sizes); results in out/"
	@echo "make test        go mod tidy -diff, go vet, notebooks (small), Dockerfile check, race tests, go test"
	@echo "make jupyter     Jupyter on http://$(JUPYTER_IP):$(JUPYTER_PORT) with the Go kernel"
	@echo "make setup       install Jupyter, the gonb kernel and goimports (called by the above)"
	@echo "make clean       remove out/"

setup:
	scripts/setup.sh

notebooks: setup
	$(PYTHON) scripts/run_notebooks.py $(full_flag) --timeout $(CELL_TIMEOUT) $(NOTEBOOKS)

# go test runs last so that its summary closes the log (CI reads those lines).
test: tidy vet test-notebooks test-dockerfile test-slurm race gotest

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
	$(GO) test -count=1 ./...

race:
	@echo "== go test -race -short $(RACE_PKGS)"
	$(if $(strip $(RACE_PKGS)),$(GO) test -race -short -count=1 $(RACE_PKGS),@echo "(RACE_PKGS empty: skipped)")

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
