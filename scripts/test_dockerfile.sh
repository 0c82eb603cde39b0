#!/usr/bin/env bash
# Checks the Dockerfile and the shell scripts without a Docker engine (none runs on the
# development and CI machines):
#   1. BuildKit's own Dockerfile parser and instruction reader, plus the project's checks
#      (scripts/dockerfile-check: pinned base image, COPY sources present, JSON-form CMD, ...);
#   2. the apt packages the Dockerfile installs are the ones scripts/setup.sh installs;
#   3. every RUN step is valid shell (sh -n, and shellcheck when installed);
#   4. the RUN steps that do not change the system (no apt-get, no useradd) run natively from the
#      repository root: `go mod download` and `scripts/setup.sh && go build ./...`.
#      Honest limits: step 4 runs them on this machine's Debian with this machine's Go, not in
#      the golang image; the apt-get and useradd steps are only checked, not run (`make test`
#      runs scripts/setup.sh, which installs the same packages on the host).
#   5. shellcheck on scripts/*.sh, binder/postBuild, binder/start and .ci/run, when installed.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
checker_dir=scripts/dockerfile-check
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

step() { printf -- '-- %s\n' "$*"; }
fail() { printf 'test_dockerfile: FAIL: %s\n' "$*" >&2; exit 1; }

step "building the Dockerfile checker (BuildKit parser)"
(cd "$checker_dir" && go build -o "$tmp/dockerfile-check" .)

step "parsing and checking Dockerfile"
"$tmp/dockerfile-check" -f Dockerfile -context . -expose 8888

mapfile -d '' runs < <("$tmp/dockerfile-check" -f Dockerfile -context . -runs)
[ "${#runs[@]}" -gt 0 ] || fail "the Dockerfile has no RUN step"

have_shellcheck=false
if command -v shellcheck >/dev/null 2>&1; then
  have_shellcheck=true
else
  step "shellcheck not installed (apt-get install shellcheck): shell lint skipped"
fi

setup_packages=$(sed -n 's/^apt_packages=(\(.*\))$/\1/p' scripts/setup.sh | tr ' ' '\n' | sort)
[ -n "$setup_packages" ] || fail "cannot find apt_packages=(...) in scripts/setup.sh"

i=0
for cmd in "${runs[@]}"; do
  i=$((i + 1))
  printf '#!/bin/sh\n%s\n' "$cmd" >"$tmp/run$i.sh"
  sh -n "$tmp/run$i.sh" || fail "RUN step $i is not valid shell: $cmd"
  if $have_shellcheck; then
    shellcheck -s sh "$tmp/run$i.sh" || fail "shellcheck on RUN step $i: $cmd"
  fi
  case "$cmd" in
    *apt-get*)
      docker_packages=$(printf '%s\n' "$cmd" | sed -n 's/.*apt-get install\(.*\)/\1/p' \
        | sed 's/&&.*//' | tr ' ' '\n' | grep -v -e '^-' -e '^\\$' -e '^$' | sort)
      [ "$docker_packages" = "$setup_packages" ] ||
        fail "RUN step $i installs [${docker_packages//$'\n'/ }], scripts/setup.sh [${setup_packages//$'\n'/ }]"
      step "RUN $i (apt-get): same packages as scripts/setup.sh; not run here"
      ;;
    *useradd*)
      step "RUN $i (useradd): system change, not run here"
      ;;
    *)
      step "RUN $i natively: $cmd"
      start=$SECONDS
      sh -c "$cmd" || fail "RUN step $i failed natively: $cmd"
      step "RUN $i ok ($((SECONDS - start)) s)"
      ;;
  esac
done

if $have_shellcheck; then
  step "shellcheck on the project's shell scripts"
  shellcheck scripts/*.sh binder/postBuild binder/start .ci/run
fi
step "Dockerfile and shell scripts: ok"
