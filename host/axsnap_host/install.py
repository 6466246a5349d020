"""Register the axsnap native host with Chromium-family browsers.

nativemessaging-ng writes the per-user manifests for Chrome and Chromium on Linux and macOS;
this module adds what it lacks: a ``--user-data-dir`` target (custom profiles read
``DIR/NativeMessagingHosts``), Edge and Brave, system-wide directories, a wrapper script that
pins the current interpreter, uninstalling, and a registration check for ``axsnap doctor``.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from . import EXTENSION_ID, HOST_NAME

MANIFEST_NAME = f"{HOST_NAME}.json"
WRAPPER_NAME = "axsnap-host"
BROWSERS = ("chrome", "chromium", "edge", "brave")
DEFAULT_BROWSERS = ("chrome", "chromium")
INSTALL_COMMAND = "python3 scripts/install_host.py"
_LIBRARY_BROWSERS = ("chrome", "chromium")  # the ones nativemessaging-ng knows

Out = Callable[[str], None]


def _user_dirs() -> dict[str, Path]:
    home = Path.home()
    if sys.platform == "darwin":
        base = home / "Library" / "Application Support"
        return {
            "chrome": base / "Google/Chrome/NativeMessagingHosts",
            "chromium": base / "Chromium/NativeMessagingHosts",
            "edge": base / "Microsoft Edge/NativeMessagingHosts",
            "brave": base / "BraveSoftware/Brave-Browser/NativeMessagingHosts",
        }
    config = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config")
    return {
        "chrome": config / "google-chrome/NativeMessagingHosts",
        "chromium": config / "chromium/NativeMessagingHosts",
        "edge": config / "microsoft-edge/NativeMessagingHosts",
        "brave": config / "BraveSoftware/Brave-Browser/NativeMessagingHosts",
    }


def _system_dirs() -> dict[str, Path]:
    if sys.platform == "darwin":
        return {
            "chrome": Path("/Library/Google/Chrome/NativeMessagingHosts"),
            "chromium": Path("/Library/Application Support/Chromium/NativeMessagingHosts"),
            "edge": Path("/Library/Microsoft/Edge/NativeMessagingHosts"),
            "brave": Path("/Library/BraveSoftware/Brave-Browser/NativeMessagingHosts"),
        }
    return {
        "chrome": Path("/etc/opt/chrome/native-messaging-hosts"),
        "chromium": Path("/etc/chromium/native-messaging-hosts"),
        "edge": Path("/etc/opt/edge/native-messaging-hosts"),
        "brave": Path("/etc/opt/brave.com/brave/native-messaging-hosts"),
    }


def default_wrapper_dir() -> Path:
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "axsnap"
    data = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return data / "axsnap"


def allowed_origins(extension_ids: Iterable[str] = ()) -> list[str]:
    ids = [EXTENSION_ID, *(i for i in extension_ids if i and i != EXTENSION_ID)]
    return [f"chrome-extension://{i}/" for i in dict.fromkeys(ids)]


def host_manifest(wrapper: Path, extension_ids: Iterable[str] = ()) -> dict[str, Any]:
    return {
        "name": HOST_NAME,
        "description": "axsnap native host: turns tab captures into agent-ready snapshots",
        "path": str(wrapper.resolve()),
        "type": "stdio",
        "allowed_origins": allowed_origins(extension_ids),
    }


def write_wrapper(directory: Path, python: str = sys.executable,
                  log_file: Path | None = None) -> Path:
    """Write the executable the manifest points at; it pins ``python`` (this interpreter)."""
    directory.mkdir(parents=True, exist_ok=True)
    wrapper = directory / WRAPPER_NAME
    command = [python, "-m", "axsnap_host"]
    if log_file is not None:
        command += ["--log-file", str(Path(log_file).resolve())]
    wrapper.write_text(
        "#!/bin/sh\n"
        "# axsnap native host, written by axsnap install-host: pins the Python it was run with.\n"
        f"exec {shlex.join(command)} \"$@\"\n",
        encoding="utf-8",
    )
    wrapper.chmod(0o755)
    return wrapper


def _target_dirs(browsers: Sequence[str], user_data_dirs: Sequence[Path], system: bool,
                 user: bool) -> list[tuple[str, Path]]:
    targets: list[tuple[str, Path]] = []
    if user:
        dirs = _user_dirs()
        targets += [(b, dirs[b]) for b in browsers]
    if system:
        dirs = _system_dirs()
        targets += [(f"{b} (system)", dirs[b]) for b in browsers]
    targets += [("user-data-dir", Path(d) / "NativeMessagingHosts") for d in user_data_dirs]
    return targets


def _library_browsers(browsers: Sequence[str]) -> list[str]:
    """The browsers nativemessaging-ng writes to the same per-user directory we would."""
    try:
        from nativemessaging.install import browser_info
    except ImportError:
        return []
    dirs = _user_dirs()
    return [
        b for b in browsers
        if b in _LIBRARY_BROWSERS and browser_info.get(b, {}).get(sys.platform) == str(dirs[b])
    ]


def _write_manifest(path: Path, manifest: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")


def install_host(
    *,
    browsers: Sequence[str] = DEFAULT_BROWSERS,
    user_data_dirs: Sequence[Path | str] = (),
    system: bool = False,
    user: bool | None = None,
    extension_ids: Sequence[str] = (),
    wrapper_dir: Path | None = None,
    log_file: Path | None = None,
    python: str = sys.executable,
    out: Out = print,
) -> list[Path]:
    """Write the wrapper and the host manifests; return every path written.

    ``user`` (per-user browser dirs) defaults to on unless only ``user_data_dirs`` or
    ``system`` were asked for.
    """
    unknown = sorted(set(browsers) - set(BROWSERS))
    if unknown:
        raise ValueError(f"unknown browser(s) {unknown}; choose from {list(BROWSERS)}")
    if user is None:
        user = not user_data_dirs and not system
    wrapper_dir = Path(wrapper_dir) if wrapper_dir else default_wrapper_dir()
    wrapper = write_wrapper(wrapper_dir, python, log_file)
    manifest = host_manifest(wrapper, extension_ids)
    staged = wrapper_dir / MANIFEST_NAME
    _write_manifest(staged, manifest)
    written = [wrapper, staged]
    out(f"wrote {wrapper}")
    out(f"wrote {staged}")

    targets = _target_dirs(browsers, [Path(d) for d in user_data_dirs], system, user)
    library = _library_browsers(browsers) if user else []
    if library:
        import nativemessaging

        dirs = _user_dirs()
        for browser in library:  # the library creates only the last directory level
            dirs[browser].parent.mkdir(parents=True, exist_ok=True)
        nativemessaging.install(library, str(staged))
    for label, directory in targets:
        path = directory / MANIFEST_NAME
        if label not in library:
            _write_manifest(path, manifest)
        written.append(path)
        out(f"wrote {path} ({label})")
    return written


def uninstall_host(
    *,
    browsers: Sequence[str] = BROWSERS,
    user_data_dirs: Sequence[Path | str] = (),
    system: bool = False,
    user: bool | None = None,
    wrapper_dir: Path | None = None,
    out: Out = print,
) -> list[Path]:
    """Remove the manifests (and the wrapper) install_host wrote; return the removed paths."""
    if user is None:
        user = not user_data_dirs and not system
    removed: list[Path] = []
    targets = _target_dirs(browsers, [Path(d) for d in user_data_dirs], system, user)
    wrapper_dir = Path(wrapper_dir) if wrapper_dir else default_wrapper_dir()
    paths = [d / MANIFEST_NAME for _, d in targets]
    if user:
        paths += [wrapper_dir / MANIFEST_NAME, wrapper_dir / WRAPPER_NAME]
    for path in paths:
        if path.exists():
            path.unlink()
            removed.append(path)
            out(f"removed {path}")
    if not removed:
        out("nothing to remove")
    return removed


def _problem(path: Path, problem: str, fix: str) -> dict[str, str]:
    return {"path": str(path), "problem": problem, "fix": fix}


def check_manifest(path: Path, extension_id: str = EXTENSION_ID) -> list[dict[str, str]]:
    """Problems with one host manifest file, each with a fix; [] when it is usable."""
    fix = f"re-run `{INSTALL_COMMAND}` (or `axsnap install-host`)"
    if not path.exists():
        return [_problem(path, f"{path} does not exist", fix)]
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        return [_problem(path, f"{path} is not valid JSON ({err})", fix)]
    problems = []
    name = manifest.get("name", "")
    if name != name.lower() or f"{name}.json" != path.name:
        problems.append(_problem(path, f"name {name!r} must be lower-case and match the file name",
                                 fix))
    host_path = Path(str(manifest.get("path", "")))
    if not host_path.is_absolute():
        problems.append(_problem(path, f"path {str(host_path)!r} is not absolute", fix))
    elif not host_path.exists():
        problems.append(_problem(path, f"path {host_path} does not exist", fix))
    elif not os.access(host_path, os.X_OK):
        problems.append(_problem(path, f"path {host_path} is not executable",
                                 f"chmod 755 {host_path}"))
    if manifest.get("type") != "stdio":
        problems.append(_problem(path, "type must be 'stdio'", fix))
    origins = manifest.get("allowed_origins") or []
    if any(not str(o).endswith("/") for o in origins):
        problems.append(_problem(path, "an allowed_origins entry lacks the trailing '/'", fix))
    if f"chrome-extension://{extension_id}" not in [str(o).rstrip("/") for o in origins]:
        problems.append(_problem(path, f"allowed_origins does not list {extension_id}", fix))
    return problems


def check_registration(
    manifest_paths: Sequence[Path] | None = None, browsers: Sequence[str] = DEFAULT_BROWSERS,
) -> list[dict[str, str]]:
    """Problems with the host registration (default: the per-user Chrome/Chromium dirs).

    A browser counts as registered when its manifest is usable; problems are reported for
    broken manifests, and a missing one only when no browser is registered at all.
    """
    if manifest_paths is None:
        dirs = _user_dirs()
        manifest_paths = [dirs[b] / MANIFEST_NAME for b in browsers]
    problems: list[dict[str, str]] = []
    usable = 0
    missing: list[Path] = []
    for path in manifest_paths:
        if not path.exists():
            missing.append(path)
            continue
        found = check_manifest(path)
        problems += found
        usable += not found
    if not usable and not problems:
        problems.append(_problem(
            missing[0] if missing else Path(MANIFEST_NAME),
            "the native host is not registered ("
            + ", ".join(str(p) for p in missing) + " missing)",
            f"run `{INSTALL_COMMAND}` (or `axsnap install-host`)",
        ))
    return problems


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="install_host.py",
        description="Register (or remove) the axsnap native host for Chromium-family browsers.",
    )
    parser.add_argument("--browser", action="append", choices=[*BROWSERS, "all"],
                        help="browser(s) to register for (default: chrome and chromium)")
    parser.add_argument("--user-data-dir", action="append", default=[], metavar="DIR",
                        help="also (or only) register into DIR/NativeMessagingHosts of a custom "
                             "profile; repeatable")
    parser.add_argument("--system", action="store_true",
                        help="system-wide directories (needs root)")
    parser.add_argument("--user", action="store_true",
                        help="per-user directories even when --user-data-dir/--system is given")
    parser.add_argument("--extension-id", action="append", default=[], metavar="ID",
                        help="allow another extension id besides axsnap's own; repeatable")
    parser.add_argument("--wrapper-dir", type=Path, default=None,
                        help=f"where the wrapper script goes (default: {default_wrapper_dir()})")
    parser.add_argument("--log-file", type=Path, default=None, help="host log file")
    parser.add_argument("--uninstall", action="store_true", help="remove what install wrote")
    parser.add_argument("--check", action="store_true", help="only check the registration")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    chosen = args.browser or list(DEFAULT_BROWSERS)
    browsers = list(BROWSERS) if "all" in chosen else list(dict.fromkeys(chosen))
    user = True if args.user else None
    try:
        if args.check:
            paths = None
            if args.user_data_dir:
                paths = [Path(d) / "NativeMessagingHosts" / MANIFEST_NAME
                         for d in args.user_data_dir]
            problems = check_registration(paths, browsers)
            for p in problems:
                print(f"problem: {p['problem']}\n  fix: {p['fix']}")
            print("registration ok" if not problems else f"{len(problems)} problem(s)")
            return 1 if problems else 0
        if args.uninstall:
            uninstall_host(browsers=browsers, user_data_dirs=args.user_data_dir,
                           system=args.system, user=user, wrapper_dir=args.wrapper_dir)
            return 0
        install_host(browsers=browsers, user_data_dirs=args.user_data_dir, system=args.system,
                     user=user, extension_ids=args.extension_id, wrapper_dir=args.wrapper_dir,
                     log_file=args.log_file)
    except PermissionError as err:
        print(f"install_host: permission denied: {err.filename} (system dirs need root: sudo)",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
