"""Which records a whole-page read takes the ids of: the walker's rule
(extension/lib/walker/src/listable.js ``listable``) and the host's copy that gives a
walker-named read's records their stand-in keys (pipeline/elements/walker_ids.py ``listable``,
design note 154) answer alike on every shape of record the walker writes.

The rule runs in node on the records, as the walker runs it.
"""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.pipeline.elements.walker_ids import listable

ROOT = Path(__file__).resolve().parents[2]

# each key the rule reads, absent or with the values the walker writes there
FIELDS: dict[str, list[Any]] = {
    "c": [[], ["click"], ["form", "tab"]],
    "ic": ["i", "svg"],
    "p": [-1, 0, 7],
    "s": ["html", "div", "iframe"],
    "fr": [0, 2],
    "xo": [1, 0],
}


def records() -> list[dict[str, Any]]:
    """Every combination of the fields, each absent or holding one of its values."""
    choices = [[None, *values] for values in FIELDS.values()]
    out = []
    for combo in itertools.product(*choices):
        out.append({key: value for key, value in zip(FIELDS, combo, strict=True)
                    if value is not None})
    return out


def listable_by_the_walker(recs: list[dict[str, Any]]) -> list[bool]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = (
        "import { listable } from './extension/lib/walker/src/listable.js';"
        "let s = ''; process.stdin.on('data', (d) => { s += d; });"
        "process.stdin.on('end', () => process.stdout.write("
        "JSON.stringify(JSON.parse(s).map((r) => listable(r)))));")
    done = subprocess.run([node, "--input-type=module", "-e", script], cwd=ROOT, check=True,
                          input=json.dumps(recs), capture_output=True, text=True, timeout=120)
    return [bool(v) for v in json.loads(done.stdout)]


def test_the_host_and_the_walker_list_the_same_records() -> None:
    recs = records()
    walker = listable_by_the_walker(recs)
    differ = [(rec, by_walker) for rec, by_walker in zip(recs, walker, strict=True)
              if listable(rec) != by_walker]
    assert not differ, differ[:5]
    # both answers occur, so the comparison says something
    assert any(walker) and not all(walker)
