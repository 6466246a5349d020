"""Named sessions from the command line, as a person or a script uses them: ``axsnap open URL
-s work``, ``snapshot -s work``, ``act -s work --do ...``, ``snapshot -s work``, ``close -s
work`` on one browser that keeps the page between commands; and SIGTERM to a session or to
``axsnap mcp --launch --http`` leaves no runtime files and no Chromium or chromedriver
(checked by pid)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from axsnap_host.client.procs import descendants
from axsnap_host.sessions.store import process_alive

GONE_WITHIN_S = 90.0


def axsnap(env: dict[str, str], *args: str, cwd: Path | None = None
           ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "axsnap_host.cli.main", *args], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def wait_gone(pids: list[int]) -> None:
    deadline = time.monotonic() + GONE_WITHIN_S
    while alive := [p for p in pids if process_alive(p)]:
        assert time.monotonic() < deadline, f"still running: {alive}"
        time.sleep(0.05)


def named(pids: list[int], word: bytes) -> list[int]:
    found = []
    for pid in pids:
        try:
            if word in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
        except OSError:
            pass
    return found


@pytest.fixture
def env(tmp_path: Path) -> Iterator[dict[str, str]]:
    """The tests' environment (offline launch included) with a runtime folder of its own."""
    environ = {**os.environ, "AXSNAP_RUNTIME_DIR": str(tmp_path / "run"),
               "AXSNAP_CONFIG_DIR": str(tmp_path / "config")}
    yield environ
    sessions = tmp_path / "run" / "sessions"
    for record in sessions.glob("*.json") if sessions.is_dir() else ():
        axsnap(environ, "close", "-s", record.stem)


def record_of(env: dict[str, str], name: str) -> dict[str, object]:
    path = Path(env["AXSNAP_RUNTIME_DIR"]) / "sessions" / f"{name}.json"
    return json.loads(path.read_text())


def test_open_snapshot_act_snapshot_close(env: dict[str, str], pages_url: str,
                                          tmp_path: Path) -> None:
    opened = axsnap(env, "open", pages_url + "act/form.html", "-s", "work")
    assert opened.returncode == 0, opened.stderr[-2000:]
    record = record_of(env, "work")
    folder = Path(env["AXSNAP_RUNTIME_DIR"]) / "sessions"
    assert folder.stat().st_mode & 0o777 == 0o700
    assert Path(str(record["socket"])).stat().st_mode & 0o777 == 0o600
    assert (folder / "work.json").stat().st_mode & 0o777 == 0o600
    listed = axsnap(env, "sessions")
    assert listed.stdout.startswith("work\t") and str(record["pid"]) in listed.stdout
    assert "token" not in axsnap(env, "sessions", "--json").stdout

    first = axsnap(env, "snapshot", "-s", "work", "--format", "domtext")
    assert first.returncode == 0, first.stderr[-2000:]
    assert 'id="email"' in first.stdout and "ada@example.com" not in first.stdout

    acted = axsnap(env, "act", "-s", "work", "--do", 'fill "Email" ada@example.com',
                   "--do", 'check "Remember me"', "--format", "domtext")
    assert acted.returncode == 0, acted.stderr[-2000:]
    assert "1. fill 'Email'" in acted.stderr and "2. check 'Remember me'" in acted.stderr
    assert 'value="ada@example.com"' in acted.stdout

    # a later command sees what the earlier one did: the same browser, the same page
    second = axsnap(env, "snapshot", "-s", "work", "--format", "outline", "--compact")
    assert second.returncode == 0, second.stderr[-2000:]
    assert 'Email = "ada@example.com"' in second.stdout
    assert "checked" in second.stdout

    # --out DIR writes files; --out - is stdout, never a folder named "-"
    out = tmp_path / "files"
    written = axsnap(env, "snapshot", "-s", "work", "--format", "domtext", "--out", str(out))
    assert written.returncode == 0 and "ada@example.com" in (out / "dom.txt").read_text()
    dashed = axsnap(env, "snapshot", "-s", "work", "--format", "domtext", "--out", "-",
                    cwd=tmp_path)
    assert 'value="ada@example.com"' in dashed.stdout and not (tmp_path / "-").exists()

    closed = axsnap(env, "close", "-s", "work")
    assert closed.returncode == 0, closed.stderr[-2000:]
    wait_gone([int(str(record["pid"])), int(str(record["driver_pid"]))])
    assert not folder.exists() or not any(folder.iterdir())
    gone = axsnap(env, "snapshot", "-s", "work")
    assert gone.returncode == 2 and "no open session 'work'" in gone.stderr


def test_sigterm_ends_a_session_and_its_browser(env: dict[str, str], pages_url: str) -> None:
    opened = axsnap(env, "open", pages_url + "act/form.html", "-s", "term")
    assert opened.returncode == 0, opened.stderr[-2000:]
    record = record_of(env, "term")
    pid, driver = int(str(record["pid"])), int(str(record["driver_pid"]))
    browser = [driver, *descendants(driver)]
    assert named(browser, b"chrom"), "Chromium runs below chromedriver"
    os.kill(pid, signal.SIGTERM)
    wait_gone([pid, *browser])
    assert not list(Path(env["AXSNAP_RUNTIME_DIR"]).rglob("*")), "runtime files left"


def test_a_dead_session_is_pruned(env: dict[str, str], pages_url: str) -> None:
    opened = axsnap(env, "open", pages_url + "act/form.html", "-s", "dead")
    assert opened.returncode == 0, opened.stderr[-2000:]
    record = record_of(env, "dead")
    pid, driver = int(str(record["pid"])), int(str(record["driver_pid"]))
    browser = [driver, *descendants(driver)]
    os.kill(pid, signal.SIGKILL)  # no clean-up at all
    wait_gone([pid])
    for leftover in browser:  # what SIGKILL leaves behind is this test's to end
        if process_alive(leftover):
            os.kill(leftover, signal.SIGKILL)
    listed = axsnap(env, "sessions")
    assert "pruned session 'dead'" in listed.stderr and "dead\t" not in listed.stdout
    assert not (Path(env["AXSNAP_RUNTIME_DIR"]) / "sessions" / "dead.json").exists()
    # and the name is free again
    again = axsnap(env, "open", pages_url + "act/form.html", "-s", "dead")
    assert again.returncode == 0, again.stderr[-2000:]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_sigterm_to_mcp_launch_http_leaves_no_browser(env: dict[str, str],
                                                      pages_url: str) -> None:
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "axsnap_host.cli.main", "mcp", "--launch",
                             "--http", "--port", str(port)], env=env, stderr=subprocess.PIPE)
    try:
        while True:
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        token = (Path(env["AXSNAP_CONFIG_DIR"]) / "control-token").read_text().strip()

        async def navigate() -> str:
            http = create_mcp_http_client(headers={"Authorization": f"Bearer {token}"})
            async with http, Client(streamable_http_client(f"http://127.0.0.1:{port}/mcp",
                                                           http_client=http)) as client:
                reply = await client.call_tool("navigate", {"url": pages_url + "act/form.html"})
                return " ".join(getattr(c, "text", "") for c in reply.content)

        assert "Act form" in anyio.run(navigate)  # the launched browser runs now
        below = descendants(proc.pid)
        assert named(below, b"chromedriver") and named(below, b"chrom")
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(GONE_WITHIN_S) == 0
        wait_gone(below)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    run = Path(env["AXSNAP_RUNTIME_DIR"])
    assert not run.exists() or not list(run.rglob("*")), "runtime files left"


def test_sigterm_to_mcp_launch_stdio_leaves_no_browser(env: dict[str, str],
                                                       pages_url: str) -> None:
    """stdio: SIGTERM ends the server while its client still holds stdin open."""
    proc = subprocess.Popen([sys.executable, "-m", "axsnap_host.cli.main", "mcp", "--launch"],
                            env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    assert proc.stdin is not None and proc.stdout is not None

    def send(message: dict[str, object]) -> None:
        assert proc.stdin is not None
        proc.stdin.write(json.dumps({"jsonrpc": "2.0", **message}) + "\n")
        proc.stdin.flush()

    try:
        send({"id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "sigterm-test", "version": "1"}}})
        assert json.loads(proc.stdout.readline())["result"]["serverInfo"]["name"] == "axsnap"
        send({"method": "notifications/initialized"})
        send({"id": 2, "method": "tools/call", "params": {
            "name": "navigate", "arguments": {"url": pages_url + "act/form.html"}}})
        assert "Act form" in proc.stdout.readline()
        below = descendants(proc.pid)
        assert named(below, b"chromedriver")
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(GONE_WITHIN_S) == 0  # stdin is still open
        wait_gone(below)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdin.close()
        proc.stdout.close()
