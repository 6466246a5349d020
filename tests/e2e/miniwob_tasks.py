"""MiniWoB task pages for e2e tests, with the task's clock held still.

A MiniWoB episode counts down on screen every second ("7 / 10sec") and ends itself after
10 s with a new problem. A test that reads the page twice and compares the reads would then
depend on how fast a loaded machine is; a test that starts an episode here gets a page that
changes only when the test changes it (the episode still ends and rewards as it would). The
task's random draw is seeded by the task's name (MiniWoB ships seedrandom), so every run of a
test sees the same problem."""

from __future__ import annotations

import json

from axsnap_host.client import Browser

# long enough for any loaded machine; the episode ends when the task is done
_EPISODE_MS = 3_600_000


def start_task(browser: Browser, miniwob_url: str, task: str) -> None:
    """Open a task page and start its episode (what the START button does), the on-screen
    countdown stopped, the episode's own deadline an hour away and its draw seeded."""
    browser.open(f"{miniwob_url}{task}.html")
    browser.run_in_target(
        f"core.EPISODE_MAX_TIME = {_EPISODE_MS};"
        f" Math.seedrandom({json.dumps(task)});"
        " core.startEpisodeReal();"
        " window.clearInterval(core.CD_TIMER);")
