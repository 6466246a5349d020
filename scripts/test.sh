#!/usr/bin/env bash
# Quick start 2/2: lint, types, the extension's JS unit tests, and the Python suite (unit
# tests on recorded captures plus end-to-end tests in Debian Chromium with the unpacked
# extension).
#   bash scripts/test.sh            everything
#   bash scripts/test.sh --unit     the unit lane: ruff, mypy, node tests, tests/unit (no browser)
# Other arguments go to pytest (bash scripts/test.sh tests/e2e/test_outline_e2e.py -k frames).
# The suite runs in two pytest processes side by side (pytest-xdist; a file stays in one
# process): the end-to-end tests mostly wait on the browser, so two share 2 cores well.
# AXSNAP_TEST_PROCESSES=1 runs it in one.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
unit=0
if [ "${1:-}" = "--unit" ]; then unit=1; shift; fi
echo "== ruff" && .venv/bin/ruff check .
echo "== mypy (host)" && .venv/bin/mypy
# A run that names test files or tests (tests/..., x.py, x.py::name) runs those only, in one
# process unless it says -n; otherwise the lane's folder in AXSNAP_TEST_PROCESSES processes.
paths=(tests)
[ "$unit" = 1 ] && paths=(tests/unit)
for arg in "$@"; do case "$arg" in tests*|*.py|*::*) paths=() ;; esac; done
spread=()
processes=${AXSNAP_TEST_PROCESSES:-2}
if [ ${#paths[@]} -gt 0 ] && [ "$processes" -gt 1 ]; then
  spread=(-n "$processes" --dist loadfile)
fi
# The extension's node tests wait on timers more than they compute (about 4 s of CPU in
# 9 s): they run beside pytest, and the run fails when either fails.
node_log=$(mktemp)
trap 'rm -f "$node_log"' EXIT
node --test extension/test/ >"$node_log" 2>&1 &
node_pid=$!
echo "== pytest ${paths[*]} (the extension's node tests run beside it)"
status=0
.venv/bin/pytest --durations=25 "${spread[@]}" "${paths[@]}" "$@" || status=$?
echo "== extension unit tests (node --test)"
node_status=0
wait "$node_pid" || node_status=$?
if [ "$node_status" = 0 ]; then tail -n 8 "$node_log"; else cat "$node_log"; fi
[ "$status" = 0 ] || exit "$status"
exit "$node_status"
