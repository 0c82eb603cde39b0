#!/usr/bin/env bash
# Runs a sharded permutation test and a small CC18 sweep as real Slurm job arrays and checks
# that each merged result is byte-identical (but its timing) to the same computation run
# locally in one process.
#
# It follows the shared notes' Slurm recipe (shared/notes/slurm.md): installs slurmctld, slurmd, slurm-client and munge
# with apt-get when missing, writes /etc/slurm/slurm.conf when there is none, starts munged,
# slurmctld and slurmd in the foreground in the background (when no cluster answers
# already), submits the script of `ufmi slurm` (a 4-task array) and its dependent merge
# job, and, when UFMI_MIRROR holds cc18/, the generated array and merge job of a CC18 sweep
# (3 small datasets, quick size, 4 shards of dataset × fold × forest cells), waits,
# compares, and stops the daemons it started by their process ids.
# Where Slurm cannot be installed or started (not root, no apt-get, a daemon that does not
# come up) it prints SKIPPED and why, and exits 0. About 30 s once installed.
# It says what it will change on the machine before it does. UFMI_SKIP_SLURM=1 skips it.
# With UFMI_SUMMARY_DIR set it records its result in $UFMI_SUMMARY_DIR/slurm.tsv for the summary
# of `make test` (scripts/test_summary.py).
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# UFMI_MIRROR may be a relative path: resolve it before any cd.
if [ -n "${UFMI_MIRROR:-}" ] && [ -d "$UFMI_MIRROR" ]; then UFMI_MIRROR=$(cd "$UFMI_MIRROR" && pwd); fi
tmp=$(mktemp -d -t ufmi-slurm.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT
# record STATUS WHAT REASON: one line of the summary of `make test`.
record() {
  [ -n "${UFMI_SUMMARY_DIR:-}" ] || return 0
  mkdir -p "$UFMI_SUMMARY_DIR" && printf '%s\t%s\t%s\n' "$1" "$2" "$(printf '%s' "$3" | tr '\t\n' '  ')" \
    >>"$UFMI_SUMMARY_DIR/slurm.tsv"
}
skip() { echo "test_slurm: SKIPPED: $*"; record skipped "Slurm job array" "$*"; exit 0; }
fail() { echo "test_slurm: FAIL: $*" >&2; record failed "Slurm job array" "$*"; exit 1; }
step() { printf -- '-- %s\n' "$*"; }

[ -n "${UFMI_SUMMARY_DIR:-}" ] && rm -f "$UFMI_SUMMARY_DIR/slurm.tsv"
[ "${UFMI_SKIP_SLURM:-}" = 1 ] && skip "UFMI_SKIP_SLURM=1"
cat <<'NOTICE'
test_slurm: runs a sharded job as a real Slurm job array on this machine. As root it:
  - installs slurmctld, slurmd, slurm-client and munge with apt-get when they are missing;
  - writes /etc/slurm/slurm.conf (a one-node cluster) and /etc/munge/munge.key when absent,
    and creates Slurm's and munge's spool, log and run folders;
  - starts munged, slurmctld and slurmd unless a cluster answers already, and stops the
    daemons it started when done (a cluster already running is used as it is).
  Skip it with UFMI_SKIP_SLURM=1; not root: skipped.
NOTICE

[ "$(id -u)" = 0 ] || skip "not root (installing and starting Slurm needs root)"
if ! { [ -x /usr/sbin/slurmctld ] && [ -x /usr/sbin/slurmd ] && command -v sbatch >/dev/null && [ -x /usr/sbin/munged ]; }; then
  command -v apt-get >/dev/null || skip "Slurm is not installed and there is no apt-get"
  step "installing slurmctld slurmd slurm-client munge"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      slurmctld slurmd slurm-client munge >"$tmp/apt.log" 2>&1; } || skip "apt-get failed: $(tail -3 "$tmp/apt.log")"
fi

# A cluster that answers already (another run's, or the machine's own) is used as it is.
if timeout 5 sinfo -h >/dev/null 2>&1; then
  step "using the Slurm cluster that is running"
else
  step "starting munged, slurmctld and slurmd"
  mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge /var/lib/munge /var/log/munge
  [ -f /etc/munge/munge.key ] || dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
  chown -R munge:munge /etc/munge /run/munge /var/lib/munge /var/log/munge
  chmod 400 /etc/munge/munge.key
  if [ ! -f /etc/slurm/slurm.conf ]; then
    host=$(hostname -s)
    mem=$(( $(awk '/MemTotal/ {print int($2/1024)}' /proc/meminfo) - 1024 ))
    cat >/etc/slurm/slurm.conf <<CONF
ClusterName=local
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
NodeName=$host CPUs=$(nproc) RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  fi
  if ! echo x | munge 2>/dev/null | unmunge >/dev/null 2>&1; then
    runuser -u munge -- /usr/sbin/munged --force --foreground >"$tmp/munged.log" 2>&1 &
    pids+=($!)
    sleep 1
  fi
  /usr/sbin/slurmctld -D >"$tmp/slurmctld.log" 2>&1 &
  pids+=($!)
  /usr/sbin/slurmd -D >"$tmp/slurmd.log" 2>&1 &
  pids+=($!)
  up=false
  for _ in $(seq 30); do
    if sinfo -h -o '%t' 2>/dev/null | grep -qE 'idle|mix'; then up=true; break; fi
    sleep 1
  done
  $up || skip "the cluster did not come up: $(tail -2 "$tmp/slurmctld.log" "$tmp/slurmd.log" | tr '\n' ' ')"
fi

step "building ufmi"
(cd "$root" && go build -o "$tmp/ufmi" ./cmd/ufmi) || fail "go build"
awk 'BEGIN { srand(7); print "x1,x2,noise,label";
  for (i = 0; i < 80; i++) { y = (rand() < 0.5); m = y ? 1 : -1;
    printf "%.6f,%.6f,%.6f,%s\n", 0.4*m + 2*rand() - 1, rand(), rand(), y ? "a" : "b" } }' >"$tmp/data.csv"
args=(mi -in "$tmp/data.csv" -target label -trees 10 -perm 40)

step "the local run"
"$tmp/ufmi" "${args[@]}" -json >"$tmp/local.json" || fail "local run"

step "submitting a 4-task array and its merge"
cd "$tmp" || fail "cd"
"$tmp/ufmi" slurm -shards 4 -results "$tmp/res" -o "$tmp/job.sh" "${args[@]}" >/dev/null || fail "ufmi slurm"
jobid=$(sbatch --parsable "$tmp/job.sh") || fail "sbatch"
merge=$(sbatch --parsable --dependency="afterok:$jobid" --output="$tmp/merged.json" \
  --wrap "$tmp/ufmi merge -results $tmp/res -json") || fail "sbatch of the merge"
jobs="$jobid,$merge"

# With the data mirror, a small CC18 sweep too: 3 datasets, quick size, a 4-task array and
# its merge job, submitted by the commands in the header of the script `ufmi slurm` writes.
cc18=()
if [ -n "${UFMI_MIRROR:-}" ] && [ -d "$UFMI_MIRROR/cc18" ]; then
  cc18=(cc18 -ids "11,15,37" -size quick -mirror "$UFMI_MIRROR/cc18")
  step "submitting a 4-task array of a CC18 sweep and its merge"
  "$tmp/ufmi" slurm -shards 4 -results "$tmp/cc" -o "$tmp/cc.sh" "${cc18[@]}" >/dev/null || fail "ufmi slurm cc18"
  mapfile -t submit < <(sed -n 's/^#  \(.*sbatch --.*\)$/\1/p' "$tmp/cc.sh")
  [ ${#submit[@]} = 2 ] || fail "want 2 submit lines in the header of cc.sh, got: ${submit[*]}"
  # cc_submit runs submit line $1 (the array's job id $2 for the merge's dependency) and
  # prints the job id it submitted.
  cc_submit() {
    local jobid=${2:-}
    if [ -z "$jobid" ]; then eval "$1" && echo "$jobid"; else eval "${1/sbatch /sbatch --parsable }"; fi
  }
  ccjob=$(cc_submit "${submit[0]}") || fail "sbatch of the CC18 array: ${submit[0]}"
  ccmerge=$(cc_submit "${submit[1]}" "$ccjob") || fail "sbatch of the CC18 merge: ${submit[1]}"
  jobs="$jobs,$ccjob,$ccmerge"
  "$tmp/ufmi" "${cc18[@]}" -results '' -json >"$tmp/cc-local.json" 2>"$tmp/cc-local.log" || fail "local CC18 sweep"
elif [ -z "${UFMI_MIRROR:-}" ]; then
  step "UFMI_MIRROR is not set: the CC18 sweep array is skipped (it needs the data mirror's cc18/)"
  record skipped "Slurm CC18 sweep array" "UFMI_MIRROR is not set (it needs the data mirror's cc18/)"
else
  step "UFMI_MIRROR=$UFMI_MIRROR has no cc18/ folder: the CC18 sweep array is skipped"
  record skipped "Slurm CC18 sweep array" "UFMI_MIRROR=$UFMI_MIRROR has no cc18/ folder"
fi
for _ in $(seq 100); do
  [ -z "$(squeue -h -j "$jobs" 2>/dev/null)" ] && break
  sleep 1
done
if [ -n "$(squeue -h -j "$jobs" 2>/dev/null)" ]; then
  IFS=, read -ra ids <<<"$jobs"
  scancel "${ids[@]}"
  fail "the jobs did not finish in 100 s: $(squeue -h -j "$jobs" 2>&1)"
fi
tasks=$(find "$tmp/res" -name "slurm-${jobid}_*.out" | wc -l)
[ "$tasks" = 4 ] || fail "$tasks task logs, want 4"

strip() { sed -E 's/"seconds":[0-9.e+-]+/"seconds":0/' "$1"; }
[ -s "$tmp/merged.json" ] || fail "the merge job wrote nothing: $(cat "$tmp"/res/*.out)"
"$tmp/ufmi" merge -results "$tmp/res" -json >"$tmp/merged-here.json" || fail "ufmi merge"
for f in merged.json merged-here.json; do
  [ "$(strip "$tmp/$f")" = "$(strip "$tmp/local.json")" ] ||
    fail "$f differs from the local run: $(cat "$tmp/$f") vs $(cat "$tmp/local.json")"
done
echo "test_slurm: ok: 4 Slurm tasks + merge job = local run: $(strip "$tmp/local.json")"
record ok "Slurm job array" ""
if [ ${#cc18[@]} -gt 0 ]; then
  tasks=$(find "$tmp/cc" -name "slurm-${ccjob}_*.out" | wc -l)
  [ "$tasks" = 4 ] || fail "$tasks CC18 task logs, want 4"
  cells=$(find "$tmp/cc/quick" -name '*.csv' | wc -l)
  [ "$cells" = 60 ] || fail "$cells CC18 cell files, want 60 (3 datasets × 5 folds × 4 forests)"
  [ -s "$tmp/cc/merged.json" ] || fail "the CC18 merge job wrote nothing: $(cat "$tmp/cc/merged.err" "$tmp"/cc/*.out)"
  "$tmp/ufmi" "${cc18[@]}" -results "$tmp/cc" -json >"$tmp/cc-merged-here.json" 2>/dev/null || fail "merging the CC18 sweep"
  for f in cc/merged.json cc-merged-here.json; do
    cmp -s "$tmp/$f" "$tmp/cc-local.json" ||
      fail "$f of the CC18 array differs from the local sweep: $(cat "$tmp/$f") vs $(cat "$tmp/cc-local.json")"
  done
  echo "test_slurm: ok: CC18 sweep of 4 Slurm tasks ($cells cells) + merge job = local sweep, byte for byte"
  record ok "Slurm CC18 sweep array" ""
fi
