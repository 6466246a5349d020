"""Grid node preparation: the node TOML, the per-slot profiles with the host, and the packed
extension a session carries (its manifest key fixes the id)."""

from __future__ import annotations

import base64
import io
import json
import tomllib
import zipfile
from pathlib import Path

from axsnap_host.grid import node_config, packed_extension, prepare_profiles
from axsnap_host.grid.node import main as node_main
from axsnap_host.install import MANIFEST_NAME, check_manifest
from axsnap_host.install.extension_dir import EXTENSION_DIR


def test_node_config_offers_chromium_slots_without_driver_downloads() -> None:
    config = tomllib.loads(node_config(3, "/opt/chromium", "/opt/chromedriver"))
    assert config["node"]["max-sessions"] == 3
    assert config["node"]["detect-drivers"] is False
    assert config["node"]["selenium-manager"] is False
    (driver,) = config["node"]["driver-configuration"]
    assert driver["webdriver-executable"] == "/opt/chromedriver"
    assert driver["max-sessions"] == 3
    stereotype = json.loads(driver["stereotype"])
    assert stereotype["browserName"] == "chrome"
    assert stereotype["goog:chromeOptions"]["binary"] == "/opt/chromium"


def test_profiles_get_the_host_registered(tmp_path: Path) -> None:
    profiles = prepare_profiles(tmp_path, 2)
    assert profiles == [tmp_path / "slot-0", tmp_path / "slot-1"]
    for profile in profiles:
        manifest = profile / "NativeMessagingHosts" / MANIFEST_NAME
        assert check_manifest(manifest) == []
        assert json.loads(manifest.read_text())["path"] == str(tmp_path / "bin" / "axsnap-host")


def test_cli_writes_profiles_and_config(tmp_path: Path, capsys) -> None:
    assert node_main(["--profiles", str(tmp_path / "p"), "--slots", "1",
                      "--config", str(tmp_path / "node.toml")]) == 0
    assert (tmp_path / "p" / "slot-0" / "NativeMessagingHosts" / MANIFEST_NAME).exists()
    assert tomllib.loads((tmp_path / "node.toml").read_text())["node"]["max-sessions"] == 1
    assert f"--grid-profile '{tmp_path / 'p'}/slot-{{worker}}'" in capsys.readouterr().out


def test_packed_extension_is_the_extension_without_its_tests() -> None:
    archive = zipfile.ZipFile(io.BytesIO(base64.b64decode(packed_extension(EXTENSION_DIR))))
    names = set(archive.namelist())
    expected = {p.relative_to(EXTENSION_DIR).as_posix() for p in EXTENSION_DIR.rglob("*")
                if p.is_file() and "test" not in p.relative_to(EXTENSION_DIR).parts}
    assert names == expected
    manifest = json.loads(archive.read("manifest.json"))
    original = json.loads((EXTENSION_DIR / "manifest.json").read_text())
    assert manifest["key"] == original["key"]
