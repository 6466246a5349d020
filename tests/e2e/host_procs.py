"""The native host's processes, seen from /proc, and requests whose stages can be watched:
shared by the e2e fault tests."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

from axsnap_host.client import Browser


def rss_kib(pid: int) -> int:
    """The process's resident set (VmRSS, KiB)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmRSS for {pid}")


def cpu_s(pid: int) -> float:
    """User + system CPU time the process used so far (seconds)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    fields = text[text.rfind(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def the_host(browser: Browser, within_s: float = 10.0) -> int:
    """The one running host's pid (a host whose port just closed may take a moment to go)."""
    deadline = time.monotonic() + within_s
    while len(pids := browser.host_pids()) != 1:
        assert time.monotonic() < deadline, f"not one host: {pids}"
        time.sleep(0.1)
    return pids[0]


class Watched:
    """A request sent with the bridge's ``start`` (over the panel's progress port): its stages
    as they run (``"process:start"``, ...) and its reply, by polling."""

    def __init__(self, browser: Browser, message: dict[str, Any]) -> None:
        self.browser = browser
        self.token = browser.bridge_call("start", message)["token"]
        self.stages: list[str] = []
        self.reply: dict[str, Any] | None = None

    def poll(self) -> None:
        answer = self.browser.bridge_call("poll", self.token)
        self.stages += [f"{e.get('stage')}:{e.get('state')}" for e in answer["events"]
                        if e.get("type") == "progress"]
        if answer["done"]:
            self.reply = answer["reply"]

    def wait_for(self, stage: str, deadline: float) -> None:
        while self.reply is None and stage not in self.stages:
            assert time.monotonic() < deadline, f"the request never reached {stage}"
            self.poll()
            time.sleep(0.05)

    def answer(self, deadline: float) -> dict[str, Any]:
        while self.reply is None:
            assert time.monotonic() < deadline, "no reply"
            self.poll()
            time.sleep(0.1)
        return self.reply


def wait_busy(host: int, deadline: float) -> None:
    """Return once ``host`` has spent 0.2 s of CPU since the call: it works on the request in
    flight (reading, parsing and processing a multi-MB capture takes seconds)."""
    busy_from = cpu_s(host)
    while cpu_s(host) - busy_from < 0.2:
        assert time.monotonic() < deadline, "the host never worked on the request"
        time.sleep(0.02)


def kill_when_busy(host: int, deadline: float) -> None:
    """SIGKILL ``host`` while it works on the request in flight."""
    wait_busy(host, deadline)
    os.kill(host, signal.SIGKILL)
