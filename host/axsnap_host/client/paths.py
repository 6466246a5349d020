"""Where axsnap finds Chromium and its driver.

Chromium and chromedriver: an explicit path (``--chromium``, ``Browser(chromium=...)``), else
``AXSNAP_CHROMIUM`` / ``AXSNAP_CHROMEDRIVER``, else the first of the usual install places of
this system (Linux, macOS, Windows) and the ``PATH``. Chromium and Chrome for Testing come
before Google Chrome: branded Chrome (137 and later) ignores ``--load-extension``, which the
launched browser needs.

"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath, PureWindowsPath

from axsnap_host.models.errors import AxsnapError, ErrorCode

CHROMIUM_ENV = "AXSNAP_CHROMIUM"
CHROMEDRIVER_ENV = "AXSNAP_CHROMEDRIVER"

# Names looked up on PATH, best first.
_CHROMIUM_NAMES = ("chromium", "chromium-browser", "chrome", "google-chrome-for-testing",
                   "google-chrome", "google-chrome-stable")
_LINUX_CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/snap/bin/chromium",
                   "/opt/google/chrome-for-testing/chrome", "/opt/google/chrome/chrome")
_LINUX_DRIVER = ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver",
                 "/usr/lib/chromium-browser/chromedriver", "/snap/bin/chromium.chromedriver")
_MAC_APPS = ("Chromium.app/Contents/MacOS/Chromium",
             "Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing",
             "Google Chrome.app/Contents/MacOS/Google Chrome")
_MAC_DRIVER = ("/opt/homebrew/bin/chromedriver", "/usr/local/bin/chromedriver")
_WINDOWS_APPS = (r"Chromium\Application\chrome.exe",
                 r"Google\Chrome for Testing\Application\chrome.exe",
                 r"Google\Chrome\Application\chrome.exe")


@dataclass(frozen=True)
class System:
    """What the finder looks at: the platform, the environment, which files exist and the
    PATH lookup (fakes in tests)."""

    platform: str = sys.platform
    environ: Mapping[str, str] = field(default_factory=lambda: os.environ)
    exists: Callable[[str], bool] = os.path.isfile
    which: Callable[[str], str | None] = shutil.which

    def home(self) -> str:
        return self.environ.get("HOME") or self.environ.get("USERPROFILE") or str(Path.home())


def chromium_candidates(system: System) -> list[str]:
    """Install places of Chromium (and Chrome) on ``system``, best first."""
    if system.platform == "darwin":
        roots = ("/Applications", str(PurePosixPath(system.home()) / "Applications"))
        return [str(PurePosixPath(root) / app) for app in _MAC_APPS for root in roots]
    if system.platform.startswith("win"):
        found = [system.environ.get(name) for name in
                 ("LOCALAPPDATA", "PROGRAMFILES", "PROGRAMFILES(X86)")]
        return [str(PureWindowsPath(root) / app) for app in _WINDOWS_APPS
                for root in found if root]
    return list(_LINUX_CHROMIUM)


def chromedriver_candidates(system: System) -> list[str]:
    if system.platform == "darwin":
        return list(_MAC_DRIVER)
    if system.platform.startswith("win"):
        roots = [system.environ.get(name) for name in ("LOCALAPPDATA", "PROGRAMFILES")]
        return [str(PureWindowsPath(root) / "chromedriver" / "chromedriver.exe")
                for root in roots if root]
    return list(_LINUX_DRIVER)


def _first(explicit: str | None, env: str, names: tuple[str, ...], places: list[str],
           system: System) -> str | None:
    if explicit:
        return explicit
    if system.environ.get(env):
        return system.environ[env]
    for place in places:
        if system.exists(place):
            return place
    for name in names:
        found = system.which(name)
        if found:
            return found
    return None


def find_chromium(explicit: str | None = None, system: System | None = None) -> str | None:
    """The Chromium (or Chrome) binary to launch, or None when there is none."""
    system = system or System()
    return _first(explicit, CHROMIUM_ENV, _CHROMIUM_NAMES, chromium_candidates(system), system)


def find_chromedriver(explicit: str | None = None, system: System | None = None) -> str | None:
    system = system or System()
    return _first(explicit, CHROMEDRIVER_ENV, ("chromedriver",),
                  chromedriver_candidates(system), system)


def install_hint(what: str, platform: str = sys.platform) -> str:
    """How to get Chromium or chromedriver on this system, or point axsnap at one."""
    option, env = (("--chromium PATH", CHROMIUM_ENV) if what == "chromium"
                   else ("--chromedriver PATH", CHROMEDRIVER_ENV))
    if platform == "darwin":
        get = "brew install --cask chromium && brew install chromedriver"
    elif platform.startswith("win"):
        get = "install Chromium or Chrome for Testing and its chromedriver"
    else:
        get = "apt-get install -y chromium chromium-driver (or your distribution's packages)"
    return f"{get}; or pass {option} / set {env}"


def require_browser(chromium: str | None, chromedriver: str | None) -> tuple[str, str]:
    """The Chromium and chromedriver to launch (explicit, else found); ``AxsnapError`` naming
    what is missing and how to get it."""
    found = (find_chromium(chromium), find_chromedriver(chromedriver))
    for path, what in zip(found, ("chromium", "chromedriver"), strict=True):
        if path is None:
            raise AxsnapError(ErrorCode.INTERNAL, f"no {what} found", install_hint(what))
        if not Path(path).exists():
            raise AxsnapError(ErrorCode.INTERNAL, f"{path} not found", install_hint(what))
    return found[0] or "", found[1] or ""



# What this system has now (display and checks; launches look again at start).
CHROMIUM = find_chromium() or "/usr/bin/chromium"
CHROMEDRIVER = find_chromedriver() or "/usr/bin/chromedriver"
