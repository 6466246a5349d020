#!/usr/bin/env bash
# The whole suite, N times in a row, beside a CPU hog: one busy process per core (or
# AXSNAP_SOAK_HOGS of them), at the suite's own priority, for as long as the runs last.
# Proves the suite waits on conditions, not on a quiet machine. Stops at the first failing
# run; its log is /tmp/axsnap-soak-run-N.log.
#   bash scripts/soak.sh [runs=3] [pytest args...]
# Writes one line per run to stdout: run, outcome, seconds, load average at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"; shift || true
bash scripts/bootstrap.sh >/dev/null
hogs=()
for _ in $(seq "${AXSNAP_SOAK_HOGS:-$(nproc)}"); do
  python3 -c 'while True: pass' & hogs+=("$!")
done
trap 'kill "${hogs[@]}" 2>/dev/null || true' EXIT  # also on Ctrl-C
for run in $(seq "$runs"); do
  start=$(date +%s)
  if .venv/bin/pytest -q -p no:cacheprovider "$@" > "/tmp/axsnap-soak-run-$run.log" 2>&1; then
    outcome=passed
  else
    outcome=failed
  fi
  echo "run $run: $outcome in $(( $(date +%s) - start )) s, load $(cut -d' ' -f1-3 /proc/loadavg);" \
       "$(tail -n 1 "/tmp/axsnap-soak-run-$run.log")"
  [ "$outcome" = passed ] || exit 1
done
