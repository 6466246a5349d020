#!/usr/bin/env bash
# Refresh extension/lib/vendor/canonicalize.js (RFC 8785 canonical JSON, npm "canonicalize")
# from an npm install of VERSION (default: the one recorded in the vendored file's header).
# The extension loads no npm packages at run time: the module is copied in as it is
# published (an ES module), with a header naming its origin, and its license beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
target=extension/lib/vendor/canonicalize.js
version="${1:-$(sed -n 's#^// npm canonicalize@\([0-9.]*\).*#\1#p' "$target" 2>/dev/null || true)}"
version="${version:-5.1.0}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm init -y >/dev/null && npm install --silent "canonicalize@$version" >/dev/null)
pkg="$work/node_modules/canonicalize"
mkdir -p "$(dirname "$target")"
{
  echo "// npm canonicalize@$version (https://github.com/erdtman/canonicalize), Apache-2.0:"
  echo "// Copyright Samuel Erdtman and contributors; license text in canonicalize.LICENSE."
  echo "// RFC 8785 JSON Canonicalization Scheme. Vendored unchanged by scripts/vendor_canonicalize.sh."
  echo
  cat "$pkg/lib/canonicalize.js"
} > "$target"
cp "$pkg/LICENSE" extension/lib/vendor/canonicalize.LICENSE
echo "vendored canonicalize@$version → $target"
