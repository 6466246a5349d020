"""The host installer, end to end: a registration made by the real script is one Chromium
starts the host from, and a manifest without our origin gives ``host_forbidden``. (The
browser-less installer tests are tests/unit/test_install_host.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from install_script import run_installer

from axsnap_host import HOST_NAME
from axsnap_host.client import Browser
from axsnap_host.install import install_host
from axsnap_host.models.errors import AxsnapError

MANIFEST = f"{HOST_NAME}.json"


def test_script_registration_is_usable_by_chromium(tmp_path: Path) -> None:
    profile = tmp_path / "profile"
    done = run_installer("--user-data-dir", str(profile), "--wrapper-dir", str(tmp_path / "bin"),
                         "--log-file", str(tmp_path / "host.log"), home=tmp_path / "home")
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "home" / ".config").exists(), "only the profile was asked for"
    with Browser(register_host=False, user_data_dir=profile) as browser:
        assert browser.ping_host()["result"]["pong"] is True
    assert (tmp_path / "host.log").exists()


def test_manifest_without_our_origin_gives_host_forbidden(tmp_path: Path) -> None:
    profile = tmp_path / "profile"
    install_host(user_data_dirs=[profile], wrapper_dir=tmp_path / "bin", out=lambda _l: None)
    path = profile / "NativeMessagingHosts" / MANIFEST
    manifest = json.loads(path.read_text())
    manifest["allowed_origins"] = ["chrome-extension://" + "b" * 32 + "/"]
    path.write_text(json.dumps(manifest))
    with (
        Browser(register_host=False, user_data_dir=profile) as browser,
        pytest.raises(AxsnapError) as caught,
    ):
        browser.ping_host()
    assert caught.value.code == "host_forbidden"
    assert "axsnap install-host" in caught.value.hint
