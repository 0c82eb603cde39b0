#!/usr/bin/env bash
# Prepares everything the notebooks need, at the versions the repository pins:
#   1. Jupyter (notebook, nbconvert, nbclient, ipykernel) from the system packages, or pip where
#      apt-get is absent; skipped when a Python that imports them is already there;
#   2. the GoNB kernel and goimports, built from go.mod's `tool` lines into .bin/;
#   3. the kernel spec "gonb" in .jupyter-data/ (or $UFMI_JUPYTER_DATA), whose environment puts
#      .bin/ and the Go toolchain on the kernel's PATH;
#   4. a warm Go build cache for the packages notebooks compile in every cell.
# Idempotent: a second run only re-checks, in a few seconds.
#
# Environment:
#   UFMI_PYTHON        Python to use for Jupyter (default: the first of /usr/bin/python3 and
#                      python3 on PATH that imports the Jupyter modules)
#   UFMI_JUPYTER_DATA  where to write kernels/gonb (default: <repo>/.jupyter-data)
#   UFMI_SKIP_WARM=1   skip warming the build cache
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
bin_dir="$root/.bin"
data_dir="${UFMI_JUPYTER_DATA:-$root/.jupyter-data}"
apt_packages=(jupyter-notebook jupyter-nbconvert python3-nbclient python3-ipykernel)
# Used only where apt-get is absent; major versions bounded so a fresh install keeps the APIs
# the runner uses (nbclient's NotebookClient, notebook's `python -m notebook`).
pip_packages=("notebook>=6.4,<8" "nbconvert>=6.5,<8" "nbclient>=0.7,<0.12" "ipykernel>=6,<8")
jupyter_modules="import nbclient, nbformat, ipykernel, notebook"

step() { printf '== setup: %s\n' "$*"; }
die() { printf 'setup: %s\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    die "need root or sudo to run: $*"
  fi
}

# jupyter_python prints the first Python that imports the Jupyter modules, or fails.
jupyter_python() {
  local candidates=() py
  if [ -n "${UFMI_PYTHON:-}" ]; then
    candidates=("$UFMI_PYTHON")
  else
    candidates=(/usr/bin/python3)
    py=$(command -v python3 || true)
    [ -n "$py" ] && candidates+=("$py")
  fi
  for py in "${candidates[@]}"; do
    if [ -x "$py" ] && "$py" -c "$jupyter_modules" >/dev/null 2>&1; then
      printf '%s\n' "$py"
      return 0
    fi
  done
  return 1
}

install_jupyter() {
  if command -v apt-get >/dev/null 2>&1; then
    step "installing Jupyter from apt: ${apt_packages[*]}"
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -q --no-install-recommends "${apt_packages[@]}"
  else
    local py=${UFMI_PYTHON:-$(command -v python3 || true)}
    [ -n "$py" ] || die "no apt-get and no python3: install Jupyter (notebook, nbconvert, nbclient, ipykernel) by hand"
    step "installing Jupyter with pip --user ($py)"
    "$py" -m pip install --user "${pip_packages[@]}"
  fi
}

# 1. Jupyter.
if ! python=$(jupyter_python); then
  install_jupyter
  python=$(jupyter_python) || die "Jupyter modules still missing after install ($jupyter_modules)"
fi
step "Jupyter Python: $python"
mkdir -p "$bin_dir"
# A stable name for that Python, used by the Makefile and the scripts.
printf '#!/bin/sh\nexec %q "$@"\n' "$python" >"$bin_dir/ufmi-python.tmp"
chmod +x "$bin_dir/ufmi-python.tmp"
mv "$bin_dir/ufmi-python.tmp" "$bin_dir/ufmi-python"

# 2. Go tools at go.mod's versions (gonb, goimports). Quick when already built.
command -v go >/dev/null 2>&1 || die "go is not on PATH"
go_bin_dir=$(dirname "$(command -v go)")
step "building go.mod tools into .bin/"
GOBIN="$bin_dir" go install tool
for tool in gonb goimports; do
  [ -x "$bin_dir/$tool" ] || die "go install tool did not produce .bin/$tool (is it a tool line in go.mod?)"
done

# 3. Kernel spec. gonb writes kernel.json with an empty env; Jupyter starts the kernel with its own
# environment updated by that env, so PATH there must reach go and goimports. "${PATH}" is
# substituted by jupyter_client with the PATH of the Jupyter process, so the kernel also inherits
# whatever else that process sees (UFMI_FULL, GOPATH, ...).
step "installing the gonb kernel into $data_dir"
mkdir -p "$data_dir"
JUPYTER_DATA_DIR="$data_dir" PATH="$bin_dir:$PATH" "$bin_dir/gonb" --install --force_deps \
  --raw_error --logtostderr=false --log_file=/dev/null --stderrthreshold=FATAL
kernel_json="$data_dir/kernels/gonb/kernel.json"
[ -f "$kernel_json" ] || die "gonb --install did not write $kernel_json"
"$python" - "$kernel_json" "$bin_dir:$go_bin_dir" <<'EOF'
import json, sys
path, prefix = sys.argv[1], sys.argv[2]
with open(path) as f:
    spec = json.load(f)
spec.setdefault("env", {})["PATH"] = prefix + ":${PATH}"
with open(path, "w") as f:
    json.dump(spec, f, indent=1)
    f.write("\n")
EOF

# 4. Warm the build cache: a cold first cell would spend a minute compiling gonum/plot.
if [ "${UFMI_SKIP_WARM:-}" != 1 ]; then
  step "warming the Go build cache"
  # Only the packages the module graph can build (gota's dataframe, say, needs golang.org/x/net,
  # which go.mod gains once the repository imports it).
  mapfile -t warm < <(go list -e -f '{{if not (or .Error .DepsErrors)}}{{.ImportPath}}{{end}}' \
    github.com/janpfeifer/gonb/gonbui gonum.org/v1/plot/... gonum.org/v1/gonum/mat \
    gonum.org/v1/gonum/stat/... gonum.org/v1/gonum/floats github.com/go-gota/gota/... 2>/dev/null |
    sed '/^$/d')
  [ "${#warm[@]}" -gt 0 ] || die "go list found none of the packages to warm"
  go build "${warm[@]}"
  if ! go build ./...; then
    printf 'setup: warning: go build ./... failed (see above); notebooks importing those packages will fail too\n' >&2
  fi
fi
step "done"
