"""Quick start 1/2 as a user runs it: ``axsnap demo`` writes every output, and no secret.

Runs the real console script: it launches its own Chromium with the unpacked extension and the
host registered in a temporary profile, serves the bundled demo page from 127.0.0.1 and
snapshots it in every format the demo promises.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

pytestmark = pytest.mark.e2e

DEMO_SECRETS = ("hunter2-Secret!", "482913", "4242 4242 4242 4242", "4242424242424242", "737")


def _secret_pattern(secret: str) -> re.Pattern[str]:
    """The secret as a token of its own: '737' inside a random frame id (``...6E737FC...``), a
    port (``:37371``) or a node id (``0-737``) is chance, not a leak."""
    return re.compile(r"(?<![\w\-.:])" + re.escape(secret) + r"(?!\w)")


def _strings(value: object) -> list[str]:
    """Every string in a JSON document (numbers are ids and sizes, never a field's value)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [*value.keys(), *(s for item in value.values() for s in _strings(item))]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


_MEASURES = re.compile(r"\b(?:\w+_ms|\w+_uses|kept|pruned|redacted)=\d+\b")


def _without_measures(log: str) -> str:
    """The run's log without its measures (``stabilize_ms=737``, ``kept=44``): a timing that
    happens to equal the CVC is a duration, not the field's value."""
    return _MEASURES.sub("", log)


def _leaks(text: str) -> list[str]:
    return [secret for secret in DEMO_SECRETS if _secret_pattern(secret).search(text)]
EXPECTED = ("snapshot.json", "dom.txt", "elements.json", "som.png", "som_legend.json",
            "outline.txt", "outline.json")


def _axsnap() -> str:
    script = Path(sys.executable).with_name("axsnap")
    return str(script) if script.exists() else shutil.which("axsnap") or "axsnap"


def test_demo_writes_every_output_without_secrets(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    done = subprocess.run([_axsnap(), "demo", "--out", str(out)], capture_output=True,
                          text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    assert sorted(p.name for p in out.iterdir()) == sorted(EXPECTED)

    snapshot = json.loads((out / "snapshot.json").read_text())
    assert snapshot["snapshot_version"] and snapshot["ax_tree"]["nodes"]
    elements = json.loads((out / "elements.json").read_text())
    legend = json.loads((out / "som_legend.json").read_text())
    dom_text = (out / "dom.txt").read_text()
    # the image numbers are the DOM text indices
    indices = {e["index"] for e in elements}
    marks = {mark["index"] for mark in legend["marks"]}
    assert indices and marks and marks <= indices
    assert legend["masks"], "the password field's rectangle is masked in the image"
    for index in indices:
        assert f"[{index}]" in dom_text
    assert (out / "outline.txt").read_text().startswith("[0-")
    with Image.open(out / "som.png") as image:
        assert image.width > 0 and image.height > 0

    for path in out.iterdir():
        if path.suffix == ".png":
            continue
        text = path.read_text()
        pieces = _strings(json.loads(text)) if path.suffix == ".json" else [text]
        leaked = sorted({secret for piece in pieces for secret in _leaks(piece)})
        assert not leaked, f"{leaked} leaked into {path.name}"
    assert not _leaks(_without_measures(done.stdout))
    assert not _leaks(_without_measures(done.stderr))
