"""The host installer, without a browser: the real script writes and removes the manifests of
every user browser, and the registration check names each mistake Chrome would reject.
(That Chromium starts the host so registered is tests/e2e/test_spine_install.py.)"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from install_script import run_installer

from axsnap_host import EXTENSION_ID, HOST_NAME
from axsnap_host.install import check_manifest, check_registration, install_host, uninstall_host

MANIFEST = f"{HOST_NAME}.json"


def test_script_installs_for_user_browsers_and_uninstalls(tmp_path: Path) -> None:
    home = tmp_path / "home"
    done = run_installer("--browser", "all", home=home)
    assert done.returncode == 0, done.stderr
    expected = [
        home / ".config/google-chrome/NativeMessagingHosts" / MANIFEST,
        home / ".config/chromium/NativeMessagingHosts" / MANIFEST,
        home / ".config/microsoft-edge/NativeMessagingHosts" / MANIFEST,
        home / ".config/BraveSoftware/Brave-Browser/NativeMessagingHosts" / MANIFEST,
    ]
    for path in expected:
        assert f"wrote {path}" in done.stdout
        manifest = json.loads(path.read_text())
        assert manifest["name"] == HOST_NAME
        assert manifest["type"] == "stdio"
        assert manifest["allowed_origins"] == [f"chrome-extension://{EXTENSION_ID}/"]
        wrapper = Path(manifest["path"])
        assert wrapper.is_absolute() and os.access(wrapper, os.X_OK)
        assert check_manifest(path) == []
    text = wrapper.read_text()
    assert f"exec {sys.executable} -m axsnap_host" in text
    assert run_installer("--check", home=home).returncode == 0

    removed = run_installer("--uninstall", "--browser", "all", home=home)
    assert removed.returncode == 0
    for path in expected:
        assert f"removed {path}" in removed.stdout
        assert not path.exists()
    assert not wrapper.exists()
    assert run_installer("--check", home=home).returncode == 1


def test_extra_extension_ids_and_log_file(tmp_path: Path) -> None:
    written = install_host(user_data_dirs=[tmp_path / "p"], wrapper_dir=tmp_path / "bin",
                           extension_ids=["a" * 32], log_file=tmp_path / "h.log",
                           out=lambda _line: None)
    manifest_path = tmp_path / "p" / "NativeMessagingHosts" / MANIFEST
    assert manifest_path in written
    manifest = json.loads(manifest_path.read_text())
    assert manifest["allowed_origins"] == [
        f"chrome-extension://{EXTENSION_ID}/", f"chrome-extension://{'a' * 32}/"
    ]
    assert f"--log-file {tmp_path / 'h.log'}" in Path(manifest["path"]).read_text()
    assert all(tmp_path in p.parents for p in written), "only the profile dir was asked for"
    removed = uninstall_host(user_data_dirs=[tmp_path / "p"], wrapper_dir=tmp_path / "bin",
                             out=lambda _line: None)
    assert set(removed) == set(written), "the profile manifest, then the launcher and staging"


@pytest.mark.parametrize(
    ("mutate", "needle"),
    [
        (lambda m: m.update(path="relative/axsnap-host"), "not absolute"),
        (lambda m: m.update(path="/nonexistent/axsnap-host"), "does not exist"),
        (lambda m: m.update(allowed_origins=[f"chrome-extension://{EXTENSION_ID}"]),
         "trailing '/'"),
        (lambda m: m.update(allowed_origins=["chrome-extension://" + "b" * 32 + "/"]),
         "does not list"),
        (lambda m: m.update(name="Com.Axsnap.Host"), "lower-case"),
        (lambda m: m.update(type="pipe"), "stdio"),
    ],
)
def test_check_names_each_mistake(tmp_path: Path, mutate, needle: str) -> None:
    install_host(user_data_dirs=[tmp_path], wrapper_dir=tmp_path / "bin", out=lambda _l: None)
    path = tmp_path / "NativeMessagingHosts" / MANIFEST
    manifest = json.loads(path.read_text())
    mutate(manifest)
    path.write_text(json.dumps(manifest))
    problems = check_registration([path])
    assert len(problems) == 1, problems
    assert needle in problems[0]["problem"]
    assert problems[0]["fix"]


def test_check_flags_a_wrapper_that_is_not_executable(tmp_path: Path) -> None:
    install_host(user_data_dirs=[tmp_path], wrapper_dir=tmp_path / "bin", out=lambda _l: None)
    (tmp_path / "bin" / "axsnap-host").chmod(0o644)
    problems = check_registration([tmp_path / "NativeMessagingHosts" / MANIFEST])
    assert [p["fix"] for p in problems] == [f"chmod 755 {tmp_path / 'bin' / 'axsnap-host'}"]


def test_system_install_writes_the_system_directories(tmp_path: Path) -> None:
    from axsnap_host.install import Environment

    env = Environment("linux", tmp_path / "home", {}, root=tmp_path)
    dirs = env.system_dirs()
    lines: list[str] = []
    written = install_host(system=True, wrapper_dir=tmp_path / "bin", out=lines.append, env=env)
    expected = [dirs["chrome"] / MANIFEST, dirs["chromium"] / MANIFEST]
    assert [p for p in written if p.name == MANIFEST and "etc" in p.parts] == expected
    assert all(check_manifest(p) == [] for p in expected)
    assert any("(chromium (system))" in line for line in lines)
    assert all(".config" not in p.parts for p in written), "no per-user dirs unless asked"
    removed = uninstall_host(system=True, browsers=("chrome", "chromium"),
                             wrapper_dir=tmp_path / "bin", out=lines.append, env=env)
    assert removed[:2] == expected
    assert not (tmp_path / "bin").exists(), "the launcher and the record went last"
