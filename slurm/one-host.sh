#!/usr/bin/env bash
# A one-host Slurm for tests: `slurm/one-host.sh start DIR` starts munged, slurmctld
# and slurmd with their state, logs and configuration in DIR (and prints
# `export SLURM_CONF=DIR/slurm.conf`); `slurm/one-host.sh stop DIR` stops the daemons it
# started, by their PIDs. Needs root and Debian's slurmctld, slurmd, slurm-client and
# munge (no systemd: the daemons are started by hand).
set -euo pipefail
cmd=${1:?usage: one-host.sh start|stop DIR}
dir=$(mkdir -p "${2:?usage: one-host.sh start|stop DIR}" && cd "$2" && pwd)
host=$(hostname -s)
cores=$(nproc)

stop() {
  # Jobs first, so that no slurmstepd or job outlives the daemons, then the daemons by
  # their PIDs (SIGTERM, then SIGKILL after 5 s).
  if [ -s "$dir/slurmctld.pid" ] && kill -0 "$(cat "$dir/slurmctld.pid")" 2>/dev/null; then
    SLURM_CONF="$dir/slurm.conf" scancel --full --quiet $(SLURM_CONF="$dir/slurm.conf" squeue -h -o %i 2>/dev/null) 2>/dev/null || true
    for _ in $(seq 50); do
      [ -z "$(SLURM_CONF="$dir/slurm.conf" squeue -h -o %i 2>/dev/null)" ] && break
      sleep 0.1
    done
  fi
  for d in slurmd slurmctld munged; do
    if [ -s "$dir/$d.pid" ]; then
      kill "$(cat "$dir/$d.pid")" 2>/dev/null || true
    fi
  done
  for d in slurmd slurmctld munged; do
    if [ -s "$dir/$d.pid" ]; then
      pid=$(cat "$dir/$d.pid")
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -9 "$pid" 2>/dev/null || true
      rm -f "$dir/$d.pid"
    fi
  done
}

case "$cmd" in
start)
  mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
  chmod 755 "$dir"
  chown munge:munge "$dir/munge"
  # munged runs as the munge user, with its socket in DIR (the default /run/munge
  # may not exist on a machine without systemd).
  runuser -u munge -- /usr/sbin/munged --socket="$dir/munge/munge.socket" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
    --seed-file="$dir/munge/munged.seed"
  cp "$dir/munge/munged.pid" "$dir/munged.pid"
  cat > "$dir/slurm.conf" <<CONF
ClusterName=queens-test
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket,cred_expire=5
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
JobRequeue=1
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
NodeName=$host CPUs=$cores State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF="$dir/slurm.conf"
  /usr/sbin/slurmctld -i
  /usr/sbin/slurmd
  # Wait until the node takes jobs.
  for _ in $(seq 100); do
    if sinfo -h -o %t 2>/dev/null | grep -qE '^(idle|mix|alloc)'; then
      printf 'export SLURM_CONF=%q\n' "$dir/slurm.conf"
      exit 0
    fi
    sleep 0.1
  done
  echo "one-host.sh: the Slurm node did not come up; see $dir/slurmctld.log and $dir/slurmd.log" >&2
  sinfo >&2 || true
  stop
  exit 1
  ;;
stop) stop ;;
*) echo "usage: one-host.sh start|stop DIR" >&2; exit 2 ;;
esac
