#!/usr/bin/env bash
# Times the command line of two revisions side by side, in turn (A B A B ...), on the runs that
# docs/performance.md compares across a restructuring: one default UF estimate at n = 10,000,
# d = 20 (300 trees), the same with a 95% interval, the fast test (1,000 permutations), the
# paper's refit test on the Drosophila table (1,000 refits of 300 trees; needs UFMI_MIRROR) and,
# with -big, one streamed estimate at n = 10^6, d = 10 (30 trees, bench/scale); -n sets the rows
# of the estimate's data (10,000).
# Prints, per case, the median wall and CPU seconds of each revision and the median of the
# pair-by-pair ratios new/old; the case "ci/estimate" times the new revision's estimate with its
# interval against the old revision's estimate alone, in pairs as the others.
#
#   bench/revisions/compare.sh [-runs 5] [-n 10000] [-big] OLD_REV NEW_REV
set -euo pipefail
runs=5 big=0 rows=10000
while [ $# -gt 2 ]; do
  case "$1" in
    -runs) runs=$2; shift 2 ;;
    -big) big=1; shift ;;
    -n) rows=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
[ $# -eq 2 ] || { echo "usage: $0 [-runs N] [-n ROWS] [-big] OLD_REV NEW_REV" >&2; exit 2; }
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d -t ufmi-revisions.XXXXXX)
trap 'git -C "$root" worktree remove --force "$work/old" 2>/dev/null || true; git -C "$root" worktree remove --force "$work/new" 2>/dev/null || true; rm -rf "$work"' EXIT
for side in old new; do
  rev=$1; [ "$side" = new ] && rev=$2
  git -C "$root" worktree add -q --detach "$work/$side" "$rev"
  (cd "$work/$side" && GOTOOLCHAIN=local go build -o "$work/$side.ufmi" ./cmd/ufmi && GOTOOLCHAIN=local go build -o "$work/$side.scale" ./bench/scale)
done
/usr/bin/python3 - "$work" "$rows" 20 <<'PY'
import random, sys
work, n, d = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(1)
with open(f"{work}/data.csv", "w") as f:
    f.write(",".join(f"x{j}" for j in range(d)) + ",label\n")
    for _ in range(n):
        y = rng.randint(0, 1)
        row = [rng.gauss(0, 1) for _ in range(d)]
        row[0] += 1 if y else -1
        f.write(",".join(f"{v:.6f}" for v in row) + f",{y}\n")
PY
# A case is "name|arguments" or "name|arguments|what the new side adds to them".
cases=("estimate|mi -in $work/data.csv -target label"
       "estimate+ci|mi -in $work/data.csv -target label -ci 0.95"
       "ci/estimate|mi -in $work/data.csv -target label|-ci 0.95"
       "fast-test|mi -in $work/data.csv -target label -perm 1000 -test fast")
if [ -n "${UFMI_MIRROR:-}" ] && [ -f "$UFMI_MIRROR/drosophila/vdf.csv" ]; then
  cases+=("refit-test|mi -in $UFMI_MIRROR/drosophila/vdf.csv -target type -features claw,dist,age,cluster -preset paper -perm 1000")
else
  echo "refit-test: skipped (UFMI_MIRROR with drosophila/vdf.csv not set)"
fi
[ "$big" = 1 ] && cases+=("scale-1e6|SCALE -n 1000000 -d 10 -trees 30")
# timer.py appends "side run wall user system" for one command, to the microsecond (at
# n = 1,000 an estimate takes 0.1 s, too short for /usr/bin/time's hundredths).
cat >"$work/timer.py" <<'PY'
import resource, subprocess, sys, time
out, side, run, cmd = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
start = time.perf_counter()
subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)  # this timer's one child
with open(out, "a") as f:
    f.write(f"{side} {run} {wall:.6f} {usage.ru_utime:.6f} {usage.ru_stime:.6f}\n")
PY
printf '%-12s %10s %10s %10s %10s %9s %9s\n' case old_wall new_wall old_cpu new_cpu wall_ratio cpu_ratio
for c in "${cases[@]}"; do
  name=${c%%|*} args=${c#*|} extra=""
  if [[ $args == *"|"* ]]; then extra=${args#*|}; args=${args%%|*}; fi
  : >"$work/times"
  for r in $(seq 0 "$runs"); do   # run 0 warms up and is not counted
    for side in old new; do
      bin="$work/$side.ufmi"; a=$args
      [ "$side" = new ] && [ -n "$extra" ] && a="$a $extra"
      if [[ $args == SCALE* ]]; then bin="$work/$side.scale"; a=${args#SCALE }; fi
      # shellcheck disable=SC2086
      /usr/bin/python3 "$work/timer.py" "$work/times" "$side" "$r" "$bin" $a
    done
  done
  /usr/bin/python3 - "$work/times" "$name" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
t = {}
for side, r, e, u, s in rows:
    if r != "0":
        t.setdefault(int(r), {})[side] = (float(e), float(u) + float(s))
med = lambda v: statistics.median(v)
ow, nw = med([p["old"][0] for p in t.values()]), med([p["new"][0] for p in t.values()])
oc, nc = med([p["old"][1] for p in t.values()]), med([p["new"][1] for p in t.values()])
rw = med([p["new"][0] / p["old"][0] for p in t.values()])
rc = med([p["new"][1] / p["old"][1] for p in t.values()])
print(f"{sys.argv[2]:<12} {ow:10.3f} {nw:10.3f} {oc:10.3f} {nc:10.3f} {rw:9.3f} {rc:9.3f}")
PY
done
