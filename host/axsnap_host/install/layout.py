"""Where each browser reads native-host registrations, per operating system.

Everything is computed from an :class:`Environment` (platform, home, environment variables, a
root for the system folders and a registry), so the macOS and Windows branches run, and are
tested, on any machine against a temporary home and a fake registry.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from axsnap_host import HOST_NAME
from axsnap_host.install.registry import Registry, WindowsRegistry

BROWSERS = ("chrome", "chromium", "edge", "brave")
DEFAULT_BROWSERS = ("chrome", "chromium")
MANIFEST_NAME = f"{HOST_NAME}.json"
PLATFORMS = ("linux", "darwin", "win32")

MAC_USER = {  # under ~/Library/Application Support
    "chrome": "Google/Chrome/NativeMessagingHosts",
    "chromium": "Chromium/NativeMessagingHosts",
    "edge": "Microsoft Edge/NativeMessagingHosts",
    "brave": "BraveSoftware/Brave-Browser/NativeMessagingHosts",
}
MAC_SYSTEM = {
    "chrome": "Library/Google/Chrome/NativeMessagingHosts",
    "chromium": "Library/Application Support/Chromium/NativeMessagingHosts",
    "edge": "Library/Microsoft/Edge/NativeMessagingHosts",
    "brave": "Library/BraveSoftware/Brave-Browser/NativeMessagingHosts",
}
LINUX_USER = {  # under $XDG_CONFIG_HOME (~/.config)
    "chrome": "google-chrome/NativeMessagingHosts",
    "chromium": "chromium/NativeMessagingHosts",
    "edge": "microsoft-edge/NativeMessagingHosts",
    "brave": "BraveSoftware/Brave-Browser/NativeMessagingHosts",
}
LINUX_SYSTEM = {
    "chrome": "etc/opt/chrome/native-messaging-hosts",
    "chromium": "etc/chromium/native-messaging-hosts",
    "edge": "etc/opt/edge/native-messaging-hosts",
    "brave": "etc/opt/brave.com/brave/native-messaging-hosts",
}
WINDOWS_KEYS = {  # under HKEY_CURRENT_USER (or HKEY_LOCAL_MACHINE for --system)
    "chrome": r"Software\Google\Chrome\NativeMessagingHosts",
    "chromium": r"Software\Chromium\NativeMessagingHosts",
    "edge": r"Software\Microsoft\Edge\NativeMessagingHosts",
    "brave": r"Software\BraveSoftware\Brave-Browser\NativeMessagingHosts",
}


@dataclass(frozen=True)
class Environment:
    """The machine an install targets: ``root`` prefixes the system folders."""

    platform: str
    home: Path
    env: Mapping[str, str] = field(default_factory=dict)
    root: Path = Path("/")
    registry: Registry | None = None

    @classmethod
    def current(cls) -> Environment:
        platform = sys.platform if sys.platform in PLATFORMS else "linux"
        registry = WindowsRegistry() if platform == "win32" else None
        return cls(platform, Path.home(), dict(os.environ), Path("/"), registry)

    @property
    def windows(self) -> bool:
        return self.platform == "win32"

    def user_dirs(self) -> dict[str, Path]:
        """Per-user manifest folders (none on Windows: the registry points at the file)."""
        if self.platform == "darwin":
            base = self.home / "Library" / "Application Support"
            return {b: base / rel for b, rel in MAC_USER.items()}
        if self.windows:
            return {}
        config = Path(self.env.get("XDG_CONFIG_HOME") or self.home / ".config")
        return {b: config / rel for b, rel in LINUX_USER.items()}

    def system_dirs(self) -> dict[str, Path]:
        if self.platform == "darwin":
            return {b: self.root / rel for b, rel in MAC_SYSTEM.items()}
        if self.windows:
            return {}
        return {b: self.root / rel for b, rel in LINUX_SYSTEM.items()}

    def wrapper_dir(self) -> Path:
        """Where the launcher, the staged manifest and the install record go."""
        if self.platform == "darwin":
            return self.home / "Library" / "Application Support" / "axsnap"
        if self.windows:
            local = self.env.get("LOCALAPPDATA") or self.home / "AppData" / "Local"
            return Path(local) / "axsnap"
        data = Path(self.env.get("XDG_DATA_HOME") or self.home / ".local" / "share")
        return data / "axsnap"

    def wrapper_name(self) -> str:
        return "axsnap-host.cmd" if self.windows else "axsnap-host"


def registry_key(browser: str) -> str:
    """The Windows registry key (below the hive) whose default value is the manifest path."""
    return rf"{WINDOWS_KEYS[browser]}\{HOST_NAME}"
