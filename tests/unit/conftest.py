"""Fixtures for the host unit tests; the helpers live in host_harness."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from host_harness import HostProcess, load_capture


@pytest.fixture(scope="session")
def login_capture() -> dict[str, Any]:
    return load_capture("login")


@pytest.fixture
def host() -> Iterator[HostProcess]:
    process = HostProcess()
    yield process
    process.stop()
