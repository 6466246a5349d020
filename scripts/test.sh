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
echo "== extension unit tests (node --test)" && node --test extension/test/
if [ "$unit" = 1 ]; then
  echo "== pytest tests/unit" && exec .venv/bin/pytest tests/unit "$@"
fi
echo "== pytest" && exec .venv/bin/pytest "$@"
