"""Where axsnap finds Chromium, its driver and the unpacked extension.

Each can be overridden by an environment variable, so the same code runs on Debian's
packages (the default) and on other installs.
"""

from __future__ import annotations

import os
from pathlib import Path

CHROMIUM = os.environ.get("AXSNAP_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("AXSNAP_CHROMEDRIVER", "/usr/bin/chromedriver")
EXTENSION_DIR = Path(
    os.environ.get("AXSNAP_EXTENSION_DIR", Path(__file__).resolve().parents[2] / "extension")
)
