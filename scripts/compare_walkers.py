"""Whether a walker refactor changed what it reports: the walker built at a git revision
(default ``main``) and this tree's ``extension/lib/walker/walker.js`` walk every page under
tests/pages in one Chromium, with four option sets, and their outputs are compared (timings
and world tokens left out). A page whose own output differs between two walks of the old
walker (a clock, a random id) is counted as unstable and not compared.

    .venv/bin/python scripts/compare_walkers.py [REVISION]
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "fixtures"))

from dom_record import make_driver  # noqa: E402

from axsnap_host.client.file_server import serve_directory  # noqa: E402

WALKER = "extension/lib/walker/walker.js"
OPTION_SETS: list[dict[str, Any]] = [
    {}, {"semantic": True}, {"viewportOnly": False}, {"axRoles": True, "viewportOnly": False}]


def _function(source: str) -> str:
    return source.replace("export function axsnapWalk", "function axsnapWalk")


def _stable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _stable(v) for k, v in value.items()
                if not (k.endswith("_ms") or k in ("ms", "world"))}
    if isinstance(value, list):
        return [_stable(v) for v in value]
    return value


def _dismiss(driver: Any) -> None:
    with contextlib.suppress(Exception):  # no alert open
        driver.switch_to.alert.dismiss()


def main(revision: str = "main") -> int:
    old = _function(subprocess.run(["git", "show", f"{revision}:{WALKER}"], cwd=ROOT,
                                   check=True, capture_output=True, text=True).stdout)
    new = _function((ROOT / WALKER).read_text("utf-8"))
    pages = sorted((ROOT / "tests" / "pages").rglob("*.html"))
    compared = differing = unstable = 0
    with tempfile.TemporaryDirectory() as profile, \
            serve_directory(ROOT / "tests" / "pages") as base:
        driver = make_driver(profile)
        try:
            for page in pages:
                rel = page.relative_to(ROOT / "tests" / "pages").as_posix()
                try:
                    driver.get(f"{base}/{rel}")
                except Exception as exc:
                    _dismiss(driver)
                    print(f"skipped {rel}: {type(exc).__name__}")
                    continue
                for options in OPTION_SETS:
                    try:
                        walks = [json.loads(driver.execute_script(
                            f"return JSON.stringify(({source})(arguments[0]));", options))
                            for source in (old, new, old)]
                    except Exception as exc:
                        _dismiss(driver)
                        print(f"skipped {rel}: {type(exc).__name__}")
                        break
                    before, after, again = (_stable(w) for w in walks)
                    if before != again:
                        unstable += 1
                        continue
                    compared += 1
                    if before != after:
                        differing += 1
                        print(f"DIFFERS {rel} {options}")
        finally:
            driver.quit()
    print(f"{len(pages)} pages, {compared} walks compared, {differing} differ, "
          f"{unstable} unstable")
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:2]))
