"""bench/ is put on sys.path by tests and bench scripts: none of its modules may shadow an
installed package (a ``bench/miniwob.py`` once hid the ``miniwob`` package's task pages)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"


def test_no_bench_module_shadows_an_installed_package() -> None:
    bench_paths = {str(BENCH), str(BENCH.resolve())}
    saved = list(sys.path)
    try:
        sys.path[:] = [p for p in sys.path if p not in bench_paths]
        shadowing = []
        for item in sorted(BENCH.iterdir()):
            name = item.stem if item.suffix == ".py" else item.name
            if not (item.suffix == ".py" or (item / "__init__.py").exists()):
                continue
            cached = sys.modules.pop(name, None)
            try:
                spec = importlib.util.find_spec(name)
            except (ImportError, ValueError):
                spec = None
            finally:
                if cached is not None:
                    sys.modules[name] = cached
            origin = str(spec.origin) if spec is not None and spec.origin else ""
            if spec is not None and not origin.startswith(str(BENCH)):
                shadowing.append(f"bench/{item.name} hides {origin}")
    finally:
        sys.path[:] = saved
    assert shadowing == []
