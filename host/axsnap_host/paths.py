"""Where axsnap finds Chromium, its driver and the unpacked extension.

Each can be overridden by an environment variable, so the same code runs on Debian's
packages (the default) and on other installs. The extension comes from, in order:
``AXSNAP_EXTENSION_DIR``, the copy an installed wheel carries (``axsnap_host/extension``,
written at build time by setup.py), or the checkout's ``extension/`` (editable installs).
"""

from __future__ import annotations

import os
from pathlib import Path

CHROMIUM = os.environ.get("AXSNAP_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("AXSNAP_CHROMEDRIVER", "/usr/bin/chromedriver")
PACKAGED_EXTENSION_DIR = Path(__file__).resolve().parent / "extension"
CHECKOUT_EXTENSION_DIR = Path(__file__).resolve().parents[2] / "extension"


def find_extension_dir() -> Path:
    """The unpacked extension folder this install uses (see the module docstring)."""
    override = os.environ.get("AXSNAP_EXTENSION_DIR")
    if override:
        return Path(override)
    if (PACKAGED_EXTENSION_DIR / "manifest.json").exists():
        return PACKAGED_EXTENSION_DIR
    return CHECKOUT_EXTENSION_DIR


EXTENSION_DIR = find_extension_dir()
