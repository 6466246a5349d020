"""Where the unpacked extension this install uses lives.

In order: ``AXSNAP_EXTENSION_DIR``, the copy an installed wheel carries
(``axsnap_host/extension``, written at build time by setup.py), or the checkout's
``extension/`` (editable installs).
"""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parents[1]
PACKAGED_EXTENSION_DIR = PACKAGE_DIR / "extension"
CHECKOUT_EXTENSION_DIR = PACKAGE_DIR.parents[1] / "extension"


def find_extension_dir() -> Path:
    """The unpacked extension folder this install uses (see the module docstring)."""
    override = os.environ.get("AXSNAP_EXTENSION_DIR")
    if override:
        return Path(override)
    if (PACKAGED_EXTENSION_DIR / "manifest.json").exists():
        return PACKAGED_EXTENSION_DIR
    return CHECKOUT_EXTENSION_DIR


EXTENSION_DIR = find_extension_dir()
