"""Recorded semantic-mode captures (tests/fixtures/semantic/, tests/fixtures/semantic_record.py)
run through the host's semantic pipeline."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.state import TabState
from axsnap_host.semantic.build import build_semantic

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "semantic"


def load(name: str) -> RawCapture:
    data = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    return RawCapture.model_validate(data)


def semantic(name: str, state: TabState | None = None, **options: Any) -> dict[str, Any]:
    return build_semantic(load(name), SnapshotOptions(format="semantic", **options),
                          state if state is not None else TabState(1))
