"""Install and uninstall the host registration; every write goes into the install record.

On Linux and macOS the manifest is copied into each browser's ``NativeMessagingHosts``
folder (nativemessaging-ng writes the per-user Chrome/Chromium ones when its folders are the
same as ours); on Windows one manifest sits next to the ``.cmd`` launcher and a registry key
per browser points at it.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from axsnap_host.install.layout import (
    BROWSERS,
    DEFAULT_BROWSERS,
    MANIFEST_NAME,
    Environment,
    registry_key,
)
from axsnap_host.install.manifest import host_manifest, write_manifest, write_wrapper
from axsnap_host.install.record import InstallRecord
from axsnap_host.install.registry import HKCU, HKLM

Out = Callable[[str], None]
LIBRARY_BROWSERS = ("chrome", "chromium")  # the ones nativemessaging-ng knows


def target_dirs(env: Environment, browsers: Sequence[str], user_data_dirs: Sequence[Path],
                system: bool, user: bool) -> list[tuple[str, Path]]:
    """(label, manifest folder) for every folder the request covers."""
    targets: list[tuple[str, Path]] = []
    if user:
        dirs = env.user_dirs()
        targets += [(b, dirs[b]) for b in browsers if b in dirs]
    if system:
        dirs = env.system_dirs()
        targets += [(f"{b} (system)", dirs[b]) for b in browsers if b in dirs]
    targets += [("user-data-dir", Path(d) / "NativeMessagingHosts") for d in user_data_dirs]
    return targets


def target_keys(env: Environment, browsers: Sequence[str], system: bool,
                user: bool) -> list[tuple[str, str]]:
    """(hive, key) for every registry key the request covers (Windows only)."""
    if not env.windows:
        return []
    hives = [HKCU] * user + [HKLM] * system
    return [(hive, registry_key(b)) for hive in hives for b in browsers]


def library_browsers(env: Environment, browsers: Sequence[str]) -> list[str]:
    """The browsers nativemessaging-ng writes to the very per-user folder we would."""
    if env.platform != sys.platform or env.windows:
        return []
    try:
        from nativemessaging.install import browser_info
    except ImportError:
        return []
    dirs = env.user_dirs()
    return [b for b in browsers if b in LIBRARY_BROWSERS
            and browser_info.get(b, {}).get(env.platform) == str(dirs.get(b))]


def check_browsers(browsers: Sequence[str]) -> None:
    unknown = sorted(set(browsers) - set(BROWSERS))
    if unknown:
        raise ValueError(f"unknown browser(s) {unknown}; choose from {list(BROWSERS)}")


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
    env: Environment | None = None,
) -> list[Path]:
    """Write the launcher, the manifests (and registry keys); return every file written.

    ``user`` (per-user folders or HKCU) defaults to on unless only ``user_data_dirs`` or
    ``system`` were asked for.
    """
    env = env or Environment.current()
    check_browsers(browsers)
    if env.windows and user_data_dirs:
        raise ValueError("on Windows browsers read native hosts from the registry only; "
                         "drop --user-data-dir")
    if user is None:
        user = not user_data_dirs and not system
    wrapper_dir = Path(wrapper_dir) if wrapper_dir else env.wrapper_dir()
    record = InstallRecord.load(wrapper_dir)
    wrapper = write_wrapper(wrapper_dir / env.wrapper_name(), python, log_file, env.windows)
    manifest = host_manifest(wrapper, extension_ids)
    staged = wrapper_dir / MANIFEST_NAME
    write_manifest(staged, manifest)
    written = [wrapper, staged]
    for path in written:
        record.add_file(path)
        out(f"wrote {path}")

    library = library_browsers(env, browsers) if user else []
    if library:
        import nativemessaging

        dirs = env.user_dirs()
        for browser in library:  # the library creates only the last folder level
            dirs[browser].parent.mkdir(parents=True, exist_ok=True)
        nativemessaging.install(library, str(staged))
    for label, directory in target_dirs(env, browsers, [Path(d) for d in user_data_dirs],
                                        system, user):
        path = directory / MANIFEST_NAME
        if label in library:
            path.chmod(0o644)
        else:
            write_manifest(path, manifest)
        record.add_file(path)
        written.append(path)
        out(f"wrote {path} ({label})")
    for hive, key in target_keys(env, browsers, system, user):
        assert env.registry is not None
        env.registry.set_default(hive, key, str(staged))
        record.add_key(hive, key)
        out(f"wrote {hive}\\{key} = {staged}")
    record.save()
    return written


def unpack_extension(destination: Path, source: Path | None = None, *, out: Out = print,
                     env: Environment | None = None,
                     wrapper_dir: Path | None = None) -> Path:
    """Copy the unpacked extension to ``destination`` (for chrome://extensions → Load
    unpacked); recorded, so ``--uninstall`` removes it too."""
    from axsnap_host.install.extension_dir import EXTENSION_DIR

    source = Path(source or EXTENSION_DIR)
    if not (source / "manifest.json").exists():
        raise FileNotFoundError(f"no extension in {source}")
    destination = Path(destination).resolve()
    if destination.exists() and any(destination.iterdir()) and not (
            destination / "manifest.json").exists():
        raise FileExistsError(f"{destination} is not empty and holds no extension; "
                              "choose an empty folder")
    shutil.copytree(source, destination, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("test", "__pycache__"))
    env = env or Environment.current()
    record = InstallRecord.load(Path(wrapper_dir) if wrapper_dir else env.wrapper_dir())
    record.add_dir(destination)
    record.save()
    out(f"wrote {destination} (chrome://extensions → Developer mode → Load unpacked → this "
        "folder)")
    return destination


def uninstall_host(
    *,
    browsers: Sequence[str] = BROWSERS,
    user_data_dirs: Sequence[Path | str] = (),
    system: bool = False,
    user: bool | None = None,
    wrapper_dir: Path | None = None,
    out: Out = print,
    env: Environment | None = None,
) -> list[Path]:
    """Remove what install_host recorded for this scope; return the removed files.

    The launcher, the staged manifest, the unpacked extension and the record go once nothing
    else recorded remains.
    """
    env = env or Environment.current()
    if user is None:
        user = not user_data_dirs and not system
    wrapper_dir = Path(wrapper_dir) if wrapper_dir else env.wrapper_dir()
    record = InstallRecord.load(wrapper_dir)
    removed: list[Path] = []
    targets = target_dirs(env, browsers, [Path(d) for d in user_data_dirs], system, user)
    for _, directory in targets:
        path = directory / MANIFEST_NAME
        if str(path) in record.files and path.exists():
            path.unlink()
            removed.append(path)
            out(f"removed {path}")
        if str(path) in record.files:
            record.files.remove(str(path))
    for hive, key in target_keys(env, browsers, system, user):
        if [hive, key] in record.registry:
            assert env.registry is not None
            env.registry.delete_key(hive, key)
            record.registry.remove([hive, key])
            out(f"removed {hive}\\{key}")
    own = {str(wrapper_dir / env.wrapper_name()), str(wrapper_dir / MANIFEST_NAME)}
    if not (set(record.files) - own or record.registry):
        removed += remove_leftovers(record, out)
    elif record.path.exists():
        record.save()
    if not removed:
        out("nothing to remove")
    return removed


def remove_leftovers(record: InstallRecord, out: Out) -> list[Path]:
    """The launcher, staged manifest, unpacked extension folders and the record itself."""
    removed = []
    for name in record.files:
        path = Path(name)
        if path.exists():
            path.unlink()
            removed.append(path)
            out(f"removed {path}")
    for name in record.dirs:
        path = Path(name)
        if path.exists():
            shutil.rmtree(path)
            out(f"removed {path}/")
    record.path.unlink(missing_ok=True)
    folder = record.path.parent
    if folder.exists() and not any(folder.iterdir()):
        folder.rmdir()
    return removed
