"""Processes below a process (Linux /proc): the native hosts a Browser's Chromium started."""

from __future__ import annotations

from pathlib import Path


def descendants(root_pid: int) -> list[int]:
    """Process ids below ``root_pid``."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        fields = text[text.rfind(")") + 2 :].split()
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [root_pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def host_pids(root_pid: int) -> list[int]:
    """The axsnap native hosts below ``root_pid`` (chromedriver's process)."""
    pids = []
    for pid in descendants(root_pid):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"axsnap_host" in cmdline:
            pids.append(pid)
    return pids
