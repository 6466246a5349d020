"""Every test module's file name is used once under tests/.

pytest's default import mode imports a test module by its file name alone (its folder goes on
``sys.path``), so a ``test_x.py`` in both ``tests/unit`` and ``tests/e2e`` makes the second fail
to collect when one run takes both folders, as CI's does; a run of one folder alone never shows
it.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def files_named_twice(root: Path) -> dict[str, list[str]]:
    """Test module file names found in more than one place under ``root``."""
    places: dict[str, list[str]] = defaultdict(list)
    for path in sorted(root.rglob("test_*.py")):
        if "__pycache__" not in path.parts:
            places[path.name].append(str(path.relative_to(root)))
    return {name: where for name, where in places.items() if len(where) > 1}


def test_no_test_module_name_is_used_twice() -> None:
    assert files_named_twice(TESTS) == {}


def test_a_name_used_twice_is_found(tmp_path: Path) -> None:
    for folder in ("unit", "e2e"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "test_same.py").write_text("")
    (tmp_path / "unit" / "test_other.py").write_text("")
    found = files_named_twice(tmp_path)
    assert found == {"test_same.py": ["e2e/test_same.py", "unit/test_same.py"]}
