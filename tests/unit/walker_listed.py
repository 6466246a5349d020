"""The records the walker lists (extension/lib/walker/src/listable.js ``listedIndices``, run
in node): what its output's ``listed`` holds in a read named by its ids, for tests that
build such a capture by hand. The rule has one home, the walker; no Python copy of it."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_node(script: str, data: Any) -> Any:
    """``script`` (an ES module run from the repository's root, reading JSON on stdin and
    writing JSON) on ``data``; skips the test where node is not installed."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    done = subprocess.run([node, "--input-type=module", "-e", script], cwd=ROOT, check=True,
                          input=json.dumps(data), capture_output=True, text=True, timeout=120)
    return json.loads(done.stdout)


def walker_listed(records: list[dict[str, Any]]) -> list[int]:
    """The indices of ``records`` the walker lists, ascending."""
    script = (
        "import { listedIndices } from './extension/lib/walker/src/listable.js';"
        "let s = ''; process.stdin.on('data', (d) => { s += d; });"
        "process.stdin.on('end', () => process.stdout.write("
        "JSON.stringify(listedIndices(JSON.parse(s)))));")
    return [int(i) for i in run_node(script, records)]
