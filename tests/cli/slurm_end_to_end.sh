#!/bin/bash
# A real single-node Slurm cluster on localhost (Debian's slurm-wlm and munge), brought up in a
# temp folder of its own and taken down on exit: `inferscope-cli slurm --submit` runs a 4-shard
# job array of a CPU sweep and the dependent merge job; the merged session must hold every config
# of the plan once and rank like the same sweep run unsharded (docs/SCALE.md).
#   usage: slurm_end_to_end.sh /path/to/inferscope-cli WORKDIR
# Exit 77 (ctest's SKIP_RETURN_CODE) only where the daemons cannot run: not root, no Slurm, or no
# cgroup filesystem (a chroot or a container without one: Debian 12's slurmd 22.05 always starts
# its cgroup plugin, and cannot be told not to before 24.05's CgroupPlugin=disabled).
set -u
cli=$1; work=$2
skip() { echo "SKIP: $*"; exit 77; }
[ "$(id -u)" -eq 0 ] || skip "slurmctld, slurmd and munged must start as root (CI runs as root)"
for binary in slurmctld slurmd munged sbatch squeue scontrol scancel; do
  command -v "$binary" >/dev/null || skip "$binary not found: apt-get install slurm-wlm munge (scripts/install-deps.sh)"
done
grep -qE '^[^ ]+ /sys/fs/cgroup(/[^ ]*)? cgroup2? ' /proc/self/mounts ||
  skip "no cgroup filesystem is mounted at /sys/fs/cgroup (a chroot or a container?): slurmd cannot start without one"
cli=$(readlink -f "$cli")
rm -rf "$work"; mkdir -p "$work"
source "$(dirname "$0")/e2e_lib.sh"

# Everything of this cluster lives here: config, keys, sockets, state, logs.
state=$(mktemp -d "$work/cluster.XXXXXX")
chmod 700 "$state"
pids=()
job_ids=()
cleanup() {
  [ ${#job_ids[@]} -gt 0 ] && scancel "${job_ids[@]}" 2>/dev/null
  # Give cancelled steps a moment, then stop the daemons this script started, newest first.
  for _ in 1 2 3 4 5; do [ -z "$(squeue -h 2>/dev/null)" ] && break; sleep 1; done
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill "${pids[i]}" 2>/dev/null; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null
  done
  wait 2>/dev/null
}
trap cleanup EXIT

# Two free loopback ports (nothing answers on them now).
free_port() {
  local p
  while :; do
    p=$((20000 + RANDOM % 40000))
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return; }
  done
}
ctld_port=$(free_port); slurmd_port=$(free_port)
while [ "$slurmd_port" = "$ctld_port" ]; do slurmd_port=$(free_port); done

dd if=/dev/urandom of="$state/munge.key" bs=1024 count=1 status=none
chmod 600 "$state/munge.key"
munged -F --force --key-file="$state/munge.key" --socket="$state/munge.sock" \
  --pid-file="$state/munged.pid" --log-file="$state/munged.log" --seed-file="$state/munged.seed" \
  >"$state/munged.out" 2>&1 &
pids+=($!)

host=$(hostname -s)
node=$(slurmd -C | head -1 | sed "s/^NodeName=[^ ]*/NodeName=$host NodeAddr=127.0.0.1/")
cpus=$(echo "$node" | sed -n 's/.* CPUs=\([0-9]*\).*/\1/p')
mkdir -p "$state/ctld" "$state/slurmd"
cat >"$state/slurm.conf" <<CONF
ClusterName=inferscope-e2e
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
AuthInfo=socket=$state/munge.sock
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/slurmd
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
MinJobAge=600
$node State=UNKNOWN
PartitionName=e2e Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$state/slurm.conf

for _ in $(seq 50); do [ -S "$state/munge.sock" ] && break; sleep 0.1; done
slurmctld -D -f "$SLURM_CONF" >"$state/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$state/slurmd.out" 2>&1 &
pids+=($!)
ready=0
for _ in $(seq 60); do
  if sinfo -h -o '%T' 2>/dev/null | grep -qE '^idle'; then ready=1; break; fi
  sleep 0.5
done
if [ "$ready" -ne 1 ]; then
  echo "the cluster did not come up within 30 s; its logs:"
  tail -n 20 "$state"/*.log "$state"/*.out 2>/dev/null
fi
check "single-node cluster is up (node idle)" test "$ready" -eq 1
[ "$ready" -eq 1 ] || { e2e_summary; exit 1; }

# The sweep, unsharded, as the reference ranking; then the same sweep as a 4-task array. The
# output folder has a space, a quote and a % in its name: the scripts must quote them all.
sweep_args=(-m resnet18 -b 1 --warmup 2 -n 15 -q -p fp32,nograd+fp32,autograd+fp32,bf16,amp-bf16,fp32+cl)
"$cli" sweep "${sweep_args[@]}" -o "$work/unsharded.inferscope.json" >"$work/unsharded.txt" 2>&1
check "unsharded sweep runs" test -s "$work/unsharded.inferscope.json"

out="$work/shards 100% 'q'"
# One task at a time (all CPUs each), so that the shards measure as the unsharded sweep did.
"$cli" slurm --shards 4 --out-dir "$out" --gpus-per-task 0 --cpus-per-task "$cpus" --time 10:00 \
  --job-name e2e --submit -- "${sweep_args[@]}" >"$work/submit.txt" 2>"$work/submit-err.txt"
rc=$?
check "slurm --submit exits 0" test "$rc" -eq 0
array_id=$(sed -n 's/^submitted job array \([0-9]*\) .*/\1/p' "$work/submit.txt")
merge_id=$(sed -n 's/.* and merge job \([0-9]*\) .*/\1/p' "$work/submit.txt")
job_ids=($array_id $merge_id)
check "the array and the merge job got ids" test -n "$array_id" -a -n "$merge_id"
check "the merge job depends on the array" \
  bash -c "scontrol show job '$merge_id' | grep -qE 'Dependency=afterok:${array_id}(_\*)?'"

# Bounded wait for the merge job (it runs once all four tasks succeeded).
merge_state=""
for _ in $(seq 240); do
  merge_state=$(scontrol show job "$merge_id" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
  case "$merge_state" in COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY) break ;; esac
  sleep 0.5
done
check "merge job completed (state $merge_state)" test "$merge_state" = COMPLETED
if [ "$merge_state" != COMPLETED ]; then
  for f in "$out"/slurm-*.out; do echo "--- $f"; tail -n 5 "$f"; done
  scontrol show job "$merge_id" | head -5
fi
for i in 0 1 2 3; do
  check "array task $i wrote its shard and its log" \
    bash -c "test -s \"\$1/shard-$i.inferscope.json\" && test -e \"\$1/slurm-${array_id}_$i.out\"" _ "$out"
done
merged="$out/merged.inferscope.json"
check "merged session written" test -s "$merged"

for key in fp32 nograd+fp32 autograd+fp32 bf16 amp-bf16 fp32+cl; do
  check "merged session holds $key exactly once" \
    test "$(grep -c "\"key\": \"$key\"" "$merged")" -eq 1
done
check "merged session is no longer a shard" bash -c "! grep -q '\"shard\": {' \"\$1\"" _ "$merged"
check "the merge kept shard 0's reference" grep -q "kept the FP32 reference of shard 0/4" "$out"/slurm-merge-*.out

ranked() {  # key, median and CI half-width in % ("-": none) of each ranked config
  "$cli" sweep --from "$1" 2>/dev/null | awk '$1 ~ /^[0-9]+$/ && NF >= 4 { print $2, $3, $4 }'
}
# Each merged result is the one its shard measured (shard 0's reference, each config's own shard).
for i in 0 1 2 3; do ranked "$out/shard-$i.inferscope.json" | awk -v i="$i" 'i == 0 || $1 != "fp32"'; done |
  awk '{ print $1, $2 }' | sort >"$work/from-shards.txt"
ranked "$merged" >"$work/rank-merged.txt"
check "the merged session ranks six configs" test "$(wc -l <"$work/rank-merged.txt")" -eq 6
check "every merged result is its shard's own measurement" \
  bash -c "awk '{ print \$1, \$2 }' '$work/rank-merged.txt' | sort | cmp -s - '$work/from-shards.txt'"

# Ranked like the unsharded sweep: every pair of configs whose intervals are apart in both runs is
# in the same order in both. Each shard stands on its own reference, so a config's position is its
# latency relative to its own run's FP32 (a task slowed as a whole, say by a neighbour on the node,
# shifts its reference too). The interval adds the config's and the reference's CI half-widths; a
# median without a CI (drift, or too few iterations to tell) counts ±10 %.
by_reference() {  # FILE…: key, latency / that file's own fp32 latency, interval half-width in %
  for f in "$@"; do
    ranked "$f" | awk '$1 == "fp32" { print; next } { rest = rest $0 "\n" } END { printf "%s", rest }'
  done | awk '
    function h(x) { return x == "-" ? 10 : x }
    $1 == "fp32" { if (!seen++) print "fp32", 1, h($3); ref = $2; ref_h = h($3); next }
    { print $1, $2 / ref, h($3) + ref_h }'
}
by_reference "$work/unsharded.inferscope.json" >"$work/relative-unsharded.txt"
by_reference "$out"/shard-{0,1,2,3}.inferscope.json >"$work/relative-shards.txt"
check "both rankings list six configs" \
  bash -c "[ \$(wc -l <'$work/relative-unsharded.txt') -eq 6 ] && [ \$(wc -l <'$work/relative-shards.txt') -eq 6 ]"
compare_order() { awk '
  FNR == NR { u_lo[$1] = $2 * (1 - $3 / 100); u_hi[$1] = $2 * (1 + $3 / 100); next }
  { m_lo[$1] = $2 * (1 - $3 / 100); m_hi[$1] = $2 * (1 + $3 / 100); keys[++n] = $1 }
  END {
    conflicts = 0; agreed = 0
    for (i = 1; i <= n; i++) for (j = 1; j <= n; j++) {
      a = keys[i]; b = keys[j]
      if (!(a in u_lo) || !(b in u_lo)) continue
      if (u_hi[a] < u_lo[b] && m_hi[a] < m_lo[b]) agreed++
      if (u_hi[a] < u_lo[b] && m_hi[b] < m_lo[a]) { conflicts++; print "  order flipped: " a " vs " b > "/dev/stderr" }
    }
    print conflicts, agreed
  }' "$work/relative-unsharded.txt" "$work/relative-shards.txt"; }
order=$(compare_order)
echo "  pairs apart in both runs: ${order#* } in the same order, ${order%% *} flipped"
if [ "${order%% *}" -ne 0 ]; then
  # A neighbour on a busy machine can slow one process mid-run; such a flip does not repeat. The
  # Slurm path is checked above, so the measurement is repeated directly: unsharded and 4 shards.
  echo "  measuring again, outside Slurm, to tell noise from a real disagreement"
  again=$work/again; mkdir -p "$again"
  "$cli" sweep "${sweep_args[@]}" -o "$again/unsharded.inferscope.json" >/dev/null 2>&1
  for i in 0 1 2 3; do
    "$cli" sweep "${sweep_args[@]}" --shard "$i/4" -o "$again/shard-$i.inferscope.json" >/dev/null 2>&1
  done
  by_reference "$again/unsharded.inferscope.json" >"$work/relative-unsharded.txt"
  by_reference "$again"/shard-{0,1,2,3}.inferscope.json >"$work/relative-shards.txt"
  order=$(compare_order)
  echo "  again: ${order#* } in the same order, ${order%% *} flipped"
fi
check "the shards rank like the unsharded sweep where the intervals separate configs" \
  test "${order%% *}" -eq 0

e2e_summary
