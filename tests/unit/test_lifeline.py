"""browser/lifeline.py: the browsers a process starts die with it, even by kill -9."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(os.name != "posix", reason="process groups are POSIX")

CHILD = r"""
import subprocess, sys
from axsnap_host.client.lifeline import group_leader_kwargs, watch_group
# a stand-in for chromedriver and the Chromium it starts: a group leader and its child
leader = subprocess.Popen([sys.executable, "-c",
    "import subprocess, sys, time; "
    "c = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)']); "
    "print(c.pid, flush=True); time.sleep(600)"],
    stdout=subprocess.PIPE, text=True, **group_leader_kwargs())
grandchild = int(leader.stdout.readline())
watch_group(leader.pid)
print(leader.pid, grandchild, flush=True)
import time; time.sleep(600)
"""


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rfind(")") + 2] != "Z"  # a zombie has ended


def _wait_gone(pids: list[int]) -> list[int]:
    for _ in range(3000):  # polled: ends as soon as they are gone
        alive = [p for p in pids if _alive(p)]
        if not alive:
            return []
        time.sleep(0.01)
    return alive


def test_kill_9_of_the_owner_ends_the_group_it_started() -> None:
    owner = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True)
    leader, grandchild = (int(v) for v in owner.stdout.readline().split())  # type: ignore[union-attr]
    assert _alive(leader) and _alive(grandchild)
    os.kill(owner.pid, signal.SIGKILL)
    owner.wait()
    assert _wait_gone([leader, grandchild]) == []


def test_a_released_group_is_left_alone() -> None:
    from axsnap_host.client.lifeline import group_leader_kwargs, release_group, watch_group

    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"],
                            **group_leader_kwargs())
    try:
        watch_group(proc.pid)
        release_group(proc.pid)
        assert proc.poll() is None
    finally:
        proc.kill()
        proc.wait()
