"""Every output format of every recorded capture (tests/fixtures/), compared with the file
kept in tests/golden/: a change to the pipeline shows as a diff of what a caller reads.

After an intended change, write the files again and review their diff:

    AXSNAP_UPDATE_GOLDEN=1 .venv/bin/pytest tests/unit/test_golden_outputs.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.models.wire import SnapshotRequest
from axsnap_host.pipeline.run import process
from axsnap_host.pipeline.state import TabState

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GOLDEN = Path(__file__).resolve().parents[1] / "golden"
UPDATE = os.environ.get("AXSNAP_UPDATE_GOLDEN") == "1"

# name → (options, the part of the result a caller reads, file suffix)
OUTPUTS: dict[str, tuple[dict[str, Any], str, str]] = {
    "snapshot": ({"format": "snapshot"}, "snapshot", "json"),
    "outline": ({"format": "outline"}, "combinedTree", "txt"),
    "outline_compact": ({"format": "outline", "compact": True}, "combinedTree", "txt"),
    "domtext": ({"format": "domtext"}, "domtext", "txt"),
    "elements": ({"format": "elements"}, "elements", "json"),
    "semantic": ({"format": "semantic"}, "semantic", "json"),
    "semantic_text": ({"format": "semantic_text"}, "semantic_text", "txt"),
}


def _captures() -> list[Path]:
    paths = sorted(FIXTURES.glob("*.json")) + sorted((FIXTURES / "semantic").glob("*.json"))
    return [path for path in paths
            if "capture_version" in json.loads(path.read_text(encoding="utf-8"))]


CAPTURES = _captures()


def render(capture: dict[str, Any], output: str) -> str:
    options, part, _ = OUTPUTS[output]
    request = SnapshotRequest.model_validate(
        {"v": 1, "id": "golden", "type": "snapshot", "options": options, "capture": capture})
    value = process(request, TabState(1), snapshot_id="golden", ts="T")[part]
    text = value if isinstance(value, str) else json.dumps(
        value, indent=1, sort_keys=True, ensure_ascii=False)
    return text.rstrip("\n") + "\n"


def golden_path(capture: Path, output: str) -> Path:
    name = capture.relative_to(FIXTURES).with_suffix("").as_posix().replace("/", "_")
    return GOLDEN / name / f"{output}.{OUTPUTS[output][2]}"


@pytest.mark.parametrize("output", sorted(OUTPUTS))
@pytest.mark.parametrize("capture", CAPTURES, ids=lambda path: path.stem)
def test_output_matches_its_golden_file(capture: Path, output: str) -> None:
    text = render(json.loads(capture.read_text(encoding="utf-8")), output)
    path = golden_path(capture, output)
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no golden file {path}: run with AXSNAP_UPDATE_GOLDEN=1"
    expected = path.read_text(encoding="utf-8")
    assert text.splitlines() == expected.splitlines(), (
        f"{path.relative_to(GOLDEN.parent)} differs; if the change is intended, run "
        "AXSNAP_UPDATE_GOLDEN=1 .venv/bin/pytest tests/unit/test_golden_outputs.py")


def test_every_golden_file_belongs_to_a_capture() -> None:
    expected = {golden_path(capture, output) for capture in CAPTURES for output in OUTPUTS}
    stray = sorted(str(path) for path in GOLDEN.rglob("*.*") if path not in expected)
    assert not stray, f"golden files of no capture or output: {stray}"
