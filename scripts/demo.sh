#!/usr/bin/env bash
# Quick start 1/2: snapshot the bundled demo page through the real extension and host.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
exec .venv/bin/axsnap demo --out "${1:-axsnap-out/demo}"
