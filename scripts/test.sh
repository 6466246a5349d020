#!/usr/bin/env bash
# Quick start 2/2: lint, the extension's JS unit tests, and the Python suite (unit tests on
# recorded captures plus end-to-end tests in Debian Chromium with the unpacked extension).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
echo "== ruff" && .venv/bin/ruff check .
echo "== extension unit tests (node --test)" && node --test extension/test/
echo "== pytest" && exec .venv/bin/pytest "$@"
