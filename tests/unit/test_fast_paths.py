"""The fast-path registry (models/fast_paths.py) against the code: every fast path the code
asks by name is listed, every listed one is asked somewhere, each names a test that exists,
and the ``exact`` switch turns each one off."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from axsnap_host.models.fast_paths import FAST_PATHS, NAMES, fast_path
from axsnap_host.models.options import SnapshotOptions, exact_from_env

ROOT = Path(__file__).resolve().parents[2]
ASKED_JS = re.compile(r"""fastPath\([^()]*?,\s*'([a-z_]+)'\)""")
ASKED_PY = re.compile(r"""fast_path\([^()]*?,\s*"([a-z_]+)"\)""")


def _asked() -> dict[str, set[str]]:
    """Each fast path name the code asks -> the files that ask it."""
    found: dict[str, set[str]] = {}
    sources = [(p, ASKED_JS) for p in (ROOT / "extension").rglob("*.js")
               if "vendor" not in p.parts and "test" not in p.parts]
    sources += [(p, ASKED_PY) for p in (ROOT / "host" / "axsnap_host").rglob("*.py")
                if p.name != "fast_paths.py"]
    for path, pattern in sources:
        for name in pattern.findall(path.read_text(encoding="utf-8")):
            found.setdefault(name, set()).add(str(path.relative_to(ROOT)))
    return found


def test_every_fast_path_asked_in_the_code_is_registered_and_the_reverse() -> None:
    asked = _asked()
    assert set(asked) - NAMES == set(), "asked but not in models/fast_paths.py"
    assert NAMES - set(asked) == set(), "registered but asked nowhere (gone, or not behind exact)"


def test_each_fast_path_is_asked_on_its_side_and_names_tests_that_exist() -> None:
    asked = _asked()
    for path in FAST_PATHS:
        side = "extension/" if path.side == "extension" else "host/"
        assert any(f.startswith(side) for f in asked[path.name]), (path.name, asked[path.name])
        assert path.exact and path.watches
        for test in re.split(r",\s*", path.test):
            assert (ROOT / test).is_file(), f"{path.name}: {test} does not exist"


def test_the_extension_knows_the_same_names() -> None:
    contract = (ROOT / "extension/lib/generated/contract.js").read_text(encoding="utf-8")
    listed = re.search(r"export const FAST_PATHS = deepFreeze\((\[.*?\])\);", contract, re.S)
    assert listed is not None
    assert re.findall(r'"([a-z_]+)"', listed.group(1)) == [p.name for p in FAST_PATHS]


def test_exact_turns_every_fast_path_off() -> None:
    normal, exact = SnapshotOptions(), SnapshotOptions(exact=True)
    for name in NAMES:
        assert fast_path(normal, name) and fast_path({}, name)
        assert not fast_path(exact, name) and not fast_path({"exact": True}, name)
    with pytest.raises(KeyError):
        fast_path(normal, "a_cache_nobody_registered")


@pytest.mark.parametrize(("value", "exact"),
                         [("1", True), ("yes", True), ("0", False), ("", False)])
def test_exact_from_the_environment(monkeypatch: pytest.MonkeyPatch, value: str,
                                    exact: bool) -> None:
    monkeypatch.setenv("AXSNAP_EXACT", value)
    assert exact_from_env() is exact


def test_exact_is_strict() -> None:
    from pydantic import ValidationError
    with pytest.raises(ValidationError):
        SnapshotOptions(exact="true")  # type: ignore[arg-type]
