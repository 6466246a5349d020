"""The installer's Linux, macOS and Windows branches, run against a temporary home, a
temporary root for the system folders and a dict-backed registry: every path, file mode and
manifest field, and ``uninstall`` removing exactly what the install record lists."""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path

import pytest

from axsnap_host import EXTENSION_ID, HOST_NAME
from axsnap_host.install import Environment, install_host, uninstall_host, unpack_extension
from axsnap_host.install.cli import main as install_main

MANIFEST = f"{HOST_NAME}.json"
ORIGINS = [f"chrome-extension://{EXTENSION_ID}/"]


class FakeRegistry:
    """HKCU/HKLM as a dict of key → default value."""

    def __init__(self) -> None:
        self.values: dict[tuple[str, str], str] = {}

    def set_default(self, hive: str, key: str, value: str) -> None:
        self.values[(hive, key)] = value

    def get_default(self, hive: str, key: str) -> str | None:
        return self.values.get((hive, key))

    def delete_key(self, hive: str, key: str) -> None:
        del self.values[(hive, key)]


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def tree(root: Path) -> set[Path]:
    return {p for p in root.rglob("*") if p.is_file()}


def check_manifest_file(path: Path, launcher: Path) -> None:
    manifest = json.loads(path.read_text())
    assert manifest == {
        "name": HOST_NAME,
        "description": manifest["description"],
        "path": str(launcher.resolve()),
        "type": "stdio",
        "allowed_origins": ORIGINS,
    }
    assert manifest["description"]
    assert mode(path) == 0o644


MAC_USER = {
    "chrome": "Library/Application Support/Google/Chrome/NativeMessagingHosts",
    "chromium": "Library/Application Support/Chromium/NativeMessagingHosts",
    "edge": "Library/Application Support/Microsoft Edge/NativeMessagingHosts",
    "brave": "Library/Application Support/BraveSoftware/Brave-Browser/NativeMessagingHosts",
}
MAC_SYSTEM = {
    "chrome": "Library/Google/Chrome/NativeMessagingHosts",
    "chromium": "Library/Application Support/Chromium/NativeMessagingHosts",
    "edge": "Library/Microsoft/Edge/NativeMessagingHosts",
    "brave": "Library/BraveSoftware/Brave-Browser/NativeMessagingHosts",
}
LINUX_USER = {
    "chrome": ".config/google-chrome/NativeMessagingHosts",
    "chromium": ".config/chromium/NativeMessagingHosts",
    "edge": ".config/microsoft-edge/NativeMessagingHosts",
    "brave": ".config/BraveSoftware/Brave-Browser/NativeMessagingHosts",
}
LINUX_SYSTEM = {
    "chrome": "etc/opt/chrome/native-messaging-hosts",
    "chromium": "etc/chromium/native-messaging-hosts",
    "edge": "etc/opt/edge/native-messaging-hosts",
    "brave": "etc/opt/brave.com/brave/native-messaging-hosts",
}
BROWSERS = ("chrome", "chromium", "edge", "brave")


@pytest.mark.parametrize(
    ("platform", "user_dirs", "system_dirs", "launcher_dir"),
    [
        ("darwin", MAC_USER, MAC_SYSTEM, "Library/Application Support/axsnap"),
        ("linux", LINUX_USER, LINUX_SYSTEM, ".local/share/axsnap"),
    ],
)
def test_unix_branches_write_every_folder_and_uninstall_exactly(
    tmp_path: Path, platform: str, user_dirs: dict[str, str], system_dirs: dict[str, str],
    launcher_dir: str,
) -> None:
    home, root = tmp_path / "home", tmp_path / "root"
    env = Environment(platform, home, {}, root=root)
    foreign = home / user_dirs["chrome"] / "org.other.host.json"
    foreign.parent.mkdir(parents=True)
    foreign.write_text("{}")

    lines: list[str] = []
    written = install_host(browsers=BROWSERS, system=True, user=True, python="/opt/py/bin/python3",
                           out=lines.append, env=env)
    launcher = home / launcher_dir / "axsnap-host"
    expected = [launcher, home / launcher_dir / MANIFEST]
    expected += [home / user_dirs[b] / MANIFEST for b in BROWSERS]
    expected += [root / system_dirs[b] / MANIFEST for b in BROWSERS]
    assert written == expected
    assert tree(home) | tree(root) == {*expected, foreign, home / launcher_dir /
                                       "install-record.json"}
    assert mode(launcher) == 0o755
    assert launcher.read_text().splitlines()[0] == "#!/bin/sh"
    assert "exec /opt/py/bin/python3 -m axsnap_host \"$@\"" in launcher.read_text()
    for path in expected[1:]:
        check_manifest_file(path, launcher)
    assert all(f"wrote {p}" in "\n".join(lines) for p in expected)

    removed = uninstall_host(browsers=BROWSERS, system=True, user=True, out=lines.append,
                             env=env)
    assert sorted(removed) == sorted(expected)
    assert tree(home) | tree(root) == {foreign}, "only what the record lists is removed"


def test_unix_uninstall_leaves_a_manifest_it_did_not_write(tmp_path: Path) -> None:
    env = Environment("darwin", tmp_path, {})
    install_host(browsers=("chrome",), out=lambda _l: None, env=env)
    edge = tmp_path / MAC_USER["edge"] / MANIFEST  # written by someone else, same name
    edge.parent.mkdir(parents=True)
    edge.write_text("{}")
    removed = uninstall_host(out=lambda _l: None, env=env)
    assert tmp_path / MAC_USER["chrome"] / MANIFEST in removed
    assert edge.exists() and edge not in removed


def test_windows_branch_writes_registry_keys_and_a_cmd_launcher(tmp_path: Path) -> None:
    registry = FakeRegistry()
    registry.set_default("HKEY_CURRENT_USER", r"Software\Other\NativeMessagingHosts\x", "y")
    local = tmp_path / "AppData" / "Local"
    env = Environment("win32", tmp_path, {"LOCALAPPDATA": str(local)}, registry=registry)
    python = r"C:\Program Files\Python312\python.exe"
    written = install_host(browsers=BROWSERS, python=python, out=lambda _l: None, env=env,
                           log_file=tmp_path / "host log.txt")
    launcher, staged = local / "axsnap" / "axsnap-host.cmd", local / "axsnap" / MANIFEST
    assert written == [launcher, staged], "one manifest next to the launcher; no folders"
    assert tree(tmp_path) == {launcher, staged, local / "axsnap" / "install-record.json"}
    text = launcher.read_bytes().decode()
    assert text.startswith("@echo off\r\n")
    assert f'"{python}" -m axsnap_host --log-file "{tmp_path / "host log.txt"}" %*\r\n' in text
    check_manifest_file(staged, launcher)
    keys = {
        r"Software\Google\Chrome\NativeMessagingHosts\com.axsnap.host",
        r"Software\Chromium\NativeMessagingHosts\com.axsnap.host",
        r"Software\Microsoft\Edge\NativeMessagingHosts\com.axsnap.host",
        r"Software\BraveSoftware\Brave-Browser\NativeMessagingHosts\com.axsnap.host",
    }
    assert {k for (h, k) in registry.values if h == "HKEY_CURRENT_USER"} == {
        *keys, r"Software\Other\NativeMessagingHosts\x"}
    assert all(registry.values[("HKEY_CURRENT_USER", k)] == str(staged) for k in keys)

    install_host(browsers=("chrome",), system=True, python=python, out=lambda _l: None, env=env)
    assert registry.values[("HKEY_LOCAL_MACHINE", r"Software\Google\Chrome\NativeMessagingHosts"
                            r"\com.axsnap.host")] == str(staged)

    uninstall_host(browsers=BROWSERS, user=True, system=True, out=lambda _l: None, env=env)
    assert registry.values == {("HKEY_CURRENT_USER", r"Software\Other\NativeMessagingHosts\x"):
                               "y"}
    assert tree(tmp_path) == set()


def test_windows_refuses_a_user_data_dir(tmp_path: Path) -> None:
    env = Environment("win32", tmp_path, {}, registry=FakeRegistry())
    with pytest.raises(ValueError, match="registry"):
        install_host(user_data_dirs=[tmp_path / "p"], out=lambda _l: None, env=env)


def test_extension_is_unpacked_for_load_unpacked_and_removed_on_uninstall(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    if sys.platform != "linux":
        pytest.skip("runs the CLI for this machine's platform")
    folder = tmp_path / "ext"
    assert install_main(["--browser", "chromium", "--extension-dir", str(folder)]) == 0
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["key"] and manifest["manifest_version"] == 3
    assert (folder / "background.js").exists() and not (folder / "test").exists()
    assert "Load unpacked" in capsys.readouterr().out
    assert install_main(["--uninstall"]) == 0
    assert not folder.exists()
    assert not (tmp_path / "home" / ".config/chromium/NativeMessagingHosts" / MANIFEST).exists()


def test_unpack_refuses_a_folder_with_other_files(tmp_path: Path) -> None:
    (tmp_path / "mine.txt").write_text("x")
    with pytest.raises(FileExistsError):
        unpack_extension(tmp_path, env=Environment("linux", tmp_path / "h", {}),
                         out=lambda _l: None)
