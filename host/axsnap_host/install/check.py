"""Is the host registered, and would Chrome accept each manifest? (``axsnap doctor``)"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

from axsnap_host import EXTENSION_ID
from axsnap_host.install.layout import DEFAULT_BROWSERS, MANIFEST_NAME, Environment

CHECKOUT_SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "install_host.py"


INSTALL_COMMAND = "axsnap install-host"


def install_fix(verb: str = "run", checkout_script: Path = CHECKOUT_SCRIPT) -> str:
    """How to register the host from this install: ``axsnap install-host`` (what a wheel
    has), the checkout's script named too only when this install is a checkout."""
    fix = f"{verb} `{INSTALL_COMMAND}`"
    if checkout_script.is_file():
        fix += " (in this checkout also `python3 scripts/install_host.py`)"
    return fix


def problem(path: Path, text: str, fix: str) -> dict[str, str]:
    return {"path": str(path), "problem": text, "fix": fix}


def check_manifest(path: Path, extension_id: str = EXTENSION_ID) -> list[dict[str, str]]:
    """Problems with one host manifest file, each with a fix; [] when it is usable."""
    fix = install_fix("re-run")
    if not path.exists():
        return [problem(path, f"{path} does not exist", fix)]
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        return [problem(path, f"{path} is not valid JSON ({err})", fix)]
    problems = []
    name = manifest.get("name", "")
    if name != name.lower() or f"{name}.json" != path.name:
        problems.append(problem(path, f"name {name!r} must be lower-case and match the file name",
                                fix))
    host_path = Path(str(manifest.get("path", "")))
    if not host_path.is_absolute():
        problems.append(problem(path, f"path {str(host_path)!r} is not absolute", fix))
    elif not host_path.exists():
        problems.append(problem(path, f"path {host_path} does not exist", fix))
    elif not os.access(host_path, os.X_OK):
        problems.append(problem(path, f"path {host_path} is not executable",
                                f"chmod 755 {host_path}"))
    if manifest.get("type") != "stdio":
        problems.append(problem(path, "type must be 'stdio'", fix))
    origins = manifest.get("allowed_origins") or []
    if any(not str(o).endswith("/") for o in origins):
        problems.append(problem(path, "an allowed_origins entry lacks the trailing '/'", fix))
    if f"chrome-extension://{extension_id}" not in [str(o).rstrip("/") for o in origins]:
        problems.append(problem(path, f"allowed_origins does not list {extension_id}", fix))
    return problems


def check_registration(
    manifest_paths: Sequence[Path] | None = None, browsers: Sequence[str] = DEFAULT_BROWSERS,
    env: Environment | None = None,
) -> list[dict[str, str]]:
    """Problems with the host registration (default: the per-user folders of ``browsers``).

    A browser counts as registered when its manifest is usable; problems are reported for
    broken manifests, and a missing one only when no browser is registered at all.
    """
    if manifest_paths is None:
        env = env or Environment.current()
        if env.windows and env.registry is not None:
            from axsnap_host.install.layout import registry_key
            from axsnap_host.install.registry import HKCU

            found = [env.registry.get_default(HKCU, registry_key(b)) for b in browsers]
            manifest_paths = [Path(p) for p in found if p] or [env.wrapper_dir() / MANIFEST_NAME]
        else:
            dirs = env.user_dirs()
            manifest_paths = [dirs[b] / MANIFEST_NAME for b in browsers]
    problems: list[dict[str, str]] = []
    usable = 0
    missing: list[Path] = []
    for path in manifest_paths:
        if not path.exists():
            missing.append(path)
            continue
        found_problems = check_manifest(path)
        problems += found_problems
        usable += not found_problems
    if not usable and not problems:
        problems.append(problem(
            missing[0] if missing else Path(MANIFEST_NAME),
            "the native host is not registered ("
            + ", ".join(str(p) for p in missing) + " missing)",
            install_fix(),
        ))
    return problems
