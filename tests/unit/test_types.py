"""The host type-checks: mypy over host/axsnap_host (settings in pyproject.toml) reports
nothing. Run it alone with ``.venv/bin/mypy``."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
def test_host_type_checks() -> None:
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, f"mypy found type errors:\n{done.stdout}{done.stderr}"
