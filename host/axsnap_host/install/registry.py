"""The Windows registry as the installer needs it: one default value per key.

``WindowsRegistry`` writes through nativemessaging-ng (HKEY_CURRENT_USER) and ``winreg``
(HKEY_LOCAL_MACHINE, deleting keys); tests give the installer a dict-backed registry instead.
"""

from __future__ import annotations

import contextlib
import logging
import sys
from typing import Protocol

HKCU = "HKEY_CURRENT_USER"
HKLM = "HKEY_LOCAL_MACHINE"


class Registry(Protocol):
    def set_default(self, hive: str, key: str, value: str) -> None: ...

    def get_default(self, hive: str, key: str) -> str | None: ...

    def delete_key(self, hive: str, key: str) -> None: ...


_OFF_WINDOWS = "the Windows registry exists only on Windows"


class WindowsRegistry:
    """The real registry (only importable on Windows)."""

    def __init__(self) -> None:
        if sys.platform != "win32":  # (type checkers skip what follows off Windows)
            raise OSError(_OFF_WINDOWS)
        self.log = logging.getLogger("axsnap.install")

    @staticmethod
    def _hive(hive: str) -> int:
        if sys.platform != "win32":
            raise OSError(_OFF_WINDOWS)
        import winreg

        return winreg.HKEY_LOCAL_MACHINE if hive == HKLM else winreg.HKEY_CURRENT_USER

    def set_default(self, hive: str, key: str, value: str) -> None:
        if sys.platform != "win32":
            raise OSError(_OFF_WINDOWS)
        import winreg

        if hive == HKCU:
            from nativemessaging.install import create_reg_key

            create_reg_key(key, value, self.log)
            return
        with winreg.CreateKey(self._hive(hive), key) as handle:
            winreg.SetValueEx(handle, "", 0, winreg.REG_SZ, value)

    def get_default(self, hive: str, key: str) -> str | None:
        if sys.platform != "win32":
            raise OSError(_OFF_WINDOWS)
        import winreg

        try:
            with winreg.OpenKey(self._hive(hive), key) as handle:
                return str(winreg.QueryValueEx(handle, "")[0])
        except OSError:
            return None

    def delete_key(self, hive: str, key: str) -> None:
        if sys.platform != "win32":
            raise OSError(_OFF_WINDOWS)
        import winreg

        with contextlib.suppress(FileNotFoundError):
            winreg.DeleteKey(self._hive(hive), key)
