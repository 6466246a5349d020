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
WINDOW_SIZE = (1280, 900)  # a 1280x757 viewport in headless Chromium


def launch_flags(*, headless: bool = True, window_size: tuple[int, int] = WINDOW_SIZE,
                 user_data_dir: str | None = None) -> list[str]:
    """:data:`CHROMIUM_FLAGS` plus headless mode, the window size and a profile: what a
    plain Selenium launch (fixture recorders, benchmarks) passes Chromium."""
    flags = [*CHROMIUM_FLAGS, f"--window-size={window_size[0]},{window_size[1]}"]
    if headless:
        flags.insert(0, "--headless=new")
    if user_data_dir:
        flags.append(f"--user-data-dir={user_data_dir}")
    return flags
