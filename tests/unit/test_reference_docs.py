"""docs/reference/ is written from the models: a model changed without the pages written
again fails here, with the command that writes them."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _generator():
    path = ROOT / "scripts" / "gen_reference.py"
    spec = importlib.util.spec_from_file_location("gen_reference", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_reference_pages_are_current() -> None:
    gen = _generator()
    stale = gen.stale_pages()
    assert not stale, f"docs/reference/ {stale} stale: run .venv/bin/{gen.WRITE_COMMAND}"


def test_every_error_code_and_option_is_in_the_reference(tmp_path: Path) -> None:
    from axsnap_host.models.errors import ErrorCode
    from axsnap_host.models.options import SnapshotOptions

    gen = _generator()
    gen.write_pages(tmp_path)
    errors = (tmp_path / "errors.md").read_text(encoding="utf-8")
    options = (tmp_path / "options.md").read_text(encoding="utf-8")
    assert all(f"| `{code.value}` |" in errors for code in ErrorCode)
    assert all(f"| `{name}` |" in options for name in SnapshotOptions.model_fields)
    assert gen.stale_pages(tmp_path) == []


def test_a_changed_page_is_found_stale(tmp_path: Path) -> None:
    gen = _generator()
    gen.write_pages(tmp_path)
    page = tmp_path / "options.md"
    page.write_text(page.read_text(encoding="utf-8").replace("`redact`", "`redacted`"),
                    encoding="utf-8")
    assert gen.stale_pages(tmp_path) == ["options.md"]


def test_every_error_code_says_what_it_means() -> None:
    from axsnap_host.models.errors import ERROR_MEANINGS, ErrorCode

    missing = [code.value for code in ErrorCode if not ERROR_MEANINGS.get(code)]
    assert not missing, f"add these codes to ERROR_MEANINGS in models/errors.py: {missing}"
