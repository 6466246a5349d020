"""The Chromium command-line flags every axsnap launch uses (Selenium, the bench, the tests).

Measured on Debian's Chromium (see docs/ARCHITECTURE.md): without the resolver rules it keeps
trying Google hosts and service-worker start-up sometimes stalls; the throttling switches keep
a background window (the bridge page) from slowing the target tab's timers.
"""

from __future__ import annotations

CHROMIUM_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
    '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1, EXCLUDE 127.0.0.2',
)
