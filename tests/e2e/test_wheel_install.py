"""The package installs anywhere: a wheel built from this tree carries the extension, and in a
fresh venv outside the repository ``axsnap demo`` and ``axsnap install-host`` work from it."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]


def wheelhouse(wheel: Path) -> Path:
    """The dependencies' wheels, downloaded once per dependency list into ~/.cache (the
    install itself then runs with --no-index)."""
    requires = sorted(line for line in zipfile.ZipFile(wheel).read(
        next(n for n in zipfile.ZipFile(wheel).namelist() if n.endswith("METADATA"))
    ).decode().splitlines() if line.startswith("Requires-Dist:") and "extra ==" not in line)
    key = hashlib.sha256("\n".join(requires).encode()).hexdigest()[:16]
    folder = Path.home() / ".cache" / "axsnap" / "wheelhouse" / key
    if not folder.exists():
        partial = folder.with_name(f"{key}.partial")
        shutil.rmtree(partial, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "-w", str(partial),
                        str(wheel)], check=True, capture_output=True, timeout=900)
        partial.rename(folder)
    return folder


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv (outside the repo) with the wheel built from this tree; its bin folder."""
    base = tmp_path_factory.mktemp("wheel")
    dist = base / "dist"
    # sdist first, then the wheel from the sdist: both paths, and no stale build/ in the tree
    subprocess.run([sys.executable, "-c", "import sys, setuptools.build_meta as b; "
                    "print(b.build_sdist(sys.argv[1]))", str(dist)], cwd=ROOT, check=True,
                   capture_output=True, timeout=300)
    (sdist,) = dist.glob("axsnap?host-*.tar.gz")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                    "--no-build-isolation", "-w", str(dist), str(sdist)], check=True,
                   capture_output=True, timeout=300)
    (wheel,) = dist.glob("axsnap_host-*.whl")
    env_dir = base / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)  # this pip installs into it (faster)
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(env_dir / "bin" / "python"),
                           "install", "-q",
                           "--no-index", "--find-links", str(dist), "--find-links",
                           str(wheelhouse(wheel)), str(wheel)],
                          capture_output=True, text=True, timeout=600, cwd=base,
                          # a PYTHONPATH naming this tree would make pip take the package as
                          # installed already, and install nothing into the venv
                          env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert done.returncode == 0, done.stderr[-2000:]
    return env_dir / "bin"


def clean_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("AXSNAP_", "VIRTUAL_ENV", "PYTHON"))}
    return {**env, "HOME": str(home), "XDG_CONFIG_HOME": "", "XDG_DATA_HOME": ""}


def test_wheel_carries_the_extension(installed: Path) -> None:
    (wheel,) = (installed.parents[1] / "dist").glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    extension = ROOT / "extension"
    expected = {f"axsnap_host/extension/{p.relative_to(extension).as_posix()}"
                for p in extension.rglob("*") if p.is_file() and "test" not in p.parts
                and p.suffix != ".md"}
    assert expected <= set(names)
    assert not [n for n in names if n.startswith("axsnap_host/extension/test/")]


def test_demo_and_install_host_run_from_the_installed_package(installed: Path,
                                                               tmp_path: Path) -> None:
    env = clean_env(tmp_path / "home")
    code = "from axsnap_host.install.extension_dir import EXTENSION_DIR; print(EXTENSION_DIR)"
    where = subprocess.run([str(installed / "python"), "-c", code],
                           capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    assert where.returncode == 0, where.stderr[-2000:]
    assert Path(where.stdout.strip()).is_relative_to(installed.parent / "lib")

    # before install-host: doctor tells a wheel user the command a wheel has
    doctor = subprocess.run([str(installed / "axsnap"), "doctor", "--quick"], cwd=tmp_path,
                            env=env, capture_output=True, text=True, timeout=120)
    assert "fix: run `axsnap install-host`" in doctor.stdout, doctor.stdout
    assert "scripts/install_host.py" not in doctor.stdout + doctor.stderr
    version = subprocess.run([str(installed / "axsnap"), "--version"], capture_output=True,
                             text=True, cwd=tmp_path, env=env, timeout=120)
    assert version.returncode == 0, version.stderr[-2000:]
    assert version.stdout.startswith("axsnap ")

    out = tmp_path / "demo"
    done = subprocess.run([str(installed / "axsnap"), "demo", "--out", str(out)], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    assert {"snapshot.json", "som.png", "outline.txt"} <= {p.name for p in out.iterdir()}
    assert json.loads((out / "snapshot.json").read_text())["ax_tree"]["nodes"]

    unpacked = tmp_path / "unpacked"
    done = subprocess.run([str(installed / "axsnap"), "install-host", "--extension-dir",
                           str(unpacked)], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    manifest = tmp_path / "home/.config/chromium/NativeMessagingHosts/com.axsnap.host.json"
    launcher = Path(json.loads(manifest.read_text())["path"])
    assert str(installed / "python") in launcher.read_text()
    assert (unpacked / "manifest.json").read_bytes() == (
        ROOT / "extension" / "manifest.json").read_bytes()
