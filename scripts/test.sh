#!/usr/bin/env bash
# Quick start 2/2: lint, types, the extension's JS unit tests, and the Python suite (unit
# tests on recorded captures plus end-to-end tests in Debian Chromium with the unpacked
# extension).
#   bash scripts/test.sh            everything
#   bash scripts/test.sh --unit     the unit lane: ruff, mypy, node tests, tests/unit (no browser)
# Other arguments go to pytest (bash scripts/test.sh tests/e2e/test_outline_e2e.py -k frames).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
unit=0
if [ "${1:-}" = "--unit" ]; then unit=1; shift; fi
echo "== ruff" && .venv/bin/ruff check .
echo "== mypy (host)" && .venv/bin/mypy
if [ "$unit" = 1 ]; then
  # The extension's node tests wait on timers more than they compute (about 4 s of CPU in
  # 9 s): they run beside pytest, and the lane fails when either fails.
  node_log=$(mktemp)
  trap 'rm -f "$node_log"' EXIT
  node --test extension/test/ >"$node_log" 2>&1 &
  node_pid=$!
  echo "== pytest tests/unit (the extension's node tests run beside it)"
  status=0
  .venv/bin/pytest tests/unit "$@" || status=$?
  echo "== extension unit tests (node --test)"
  node_status=0
  wait "$node_pid" || node_status=$?
  if [ "$node_status" = 0 ]; then tail -n 8 "$node_log"; else cat "$node_log"; fi
  [ "$status" = 0 ] || exit "$status"
  exit "$node_status"
fi
echo "== extension unit tests (node --test)" && node --test extension/test/
echo "== pytest" && exec .venv/bin/pytest "$@"
