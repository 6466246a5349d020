"""``axsnap mcp --http`` wants the bearer token on every request: a real server process,
refused without the token and with a wrong one (a structured 401, nothing served), served
with it (the MCP SDK's own client), but not from a web page (an Origin) nor under a foreign
Host even with it; another local user (uid 65534) can neither read the
token file nor get in."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {},
    "clientInfo": {"name": "intruder", "version": "1"}}}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_listening(port: int, proc: subprocess.Popen[bytes]) -> None:
    while True:
        assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else "exited"
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    root = tmp_path_factory.mktemp("mcp_http")
    # every folder up to the config dir open to others: only the token's own modes keep it
    for folder in (root, *root.parents):
        if folder == Path("/"):
            break
        folder.chmod(folder.stat().st_mode | 0o711)
    config = root / "config"
    env = {**os.environ, "AXSNAP_CONFIG_DIR": str(config),
           "AXSNAP_RUNTIME_DIR": str(root / "run")}
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "axsnap_host.cli.main", "mcp", "--http",
                             "--port", str(port)], env=env, stderr=subprocess.PIPE)
    try:
        wait_listening(port, proc)
        token_file = config / "control-token"
        yield {"url": f"http://127.0.0.1:{port}/mcp", "port": port,
               "token": token_file.read_text().strip(), "token_file": token_file}
    finally:
        proc.terminate()
        try:  # a hang guard: at load 12+ the server's shutdown passed 10 s
            proc.wait(120)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            raise AssertionError("the MCP server did not exit on SIGTERM") from None


def post(url: str, headers: dict[str, str]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(url, data=json.dumps(INITIALIZE).encode(), method="POST",
                                     headers={"Content-Type": "application/json",
                                              "Accept": "application/json, text/event-stream",
                                              **headers})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, {}
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer not-the-token"},
                                     {"Authorization": "Basic Zm9vOmJhcg=="}],
                         ids=["no token", "wrong token", "not bearer"])
def test_a_client_without_the_token_is_refused(server: dict[str, Any],
                                                headers: dict[str, str]) -> None:
    status, body = post(server["url"], headers)
    assert status == 401
    assert body["ok"] is False and body["error"]["code"] == "unauthorized"
    assert "Authorization: Bearer" in body["error"]["hint"]


def test_web_pages_and_foreign_hosts_are_refused_even_with_the_token(
        server: dict[str, Any]) -> None:
    """`axsnap mcp --http` can act in the browser: a page (any Origin, even 127.0.0.1's) and
    a rebinding Host are refused even with the token; a local program without an Origin and
    with the token gets through."""
    port, token = server["port"], {"Authorization": f"Bearer {server['token']}"}

    def status(headers: dict[str, str]) -> int:
        request = urllib.request.Request(
            server["url"], data=json.dumps(INITIALIZE).encode(), method="POST",
            headers={"Content-Type": "application/json",
                     "Accept": "application/json, text/event-stream", **token, **headers})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return int(response.status)
        except urllib.error.HTTPError as err:
            return err.code

    assert status({"Origin": f"http://127.0.0.1:{port + 1}"}) == 403
    assert status({"Origin": "https://evil.example"}) == 403
    assert status({"Host": f"evil.example:{port}"}) == 421
    assert status({}) == 200


def test_the_mcp_sdk_client_with_the_token_is_served(server: dict[str, Any]) -> None:
    async def tools() -> set[str]:
        http = create_mcp_http_client(headers={"Authorization": f"Bearer {server['token']}"})
        async with http, Client(streamable_http_client(server["url"], http_client=http)) as c:
            return {tool.name for tool in (await c.list_tools()).tools}

    assert {"snapshot", "act", "tabs"} <= anyio.run(tools)


def test_the_sdk_client_without_the_token_gets_nothing(server: dict[str, Any]) -> None:
    async def tools() -> None:
        async with Client(server["url"]) as client:
            await client.list_tools()

    with pytest.raises(BaseException):  # noqa: B017 - the SDK's own error for a 401
        anyio.run(tools)


NOBODY = """
import json, sys, urllib.request, urllib.error
token_file, url = sys.argv[1], sys.argv[2]
out = {}
try:
    out["token"] = open(token_file).read()
except OSError as err:
    out["read_error"] = type(err).__name__
request = urllib.request.Request(url, data=b'{}', method="POST", headers={
    "Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
try:
    with urllib.request.urlopen(request, timeout=30) as response:
        out["status"] = response.status
except urllib.error.HTTPError as err:
    out["status"] = err.code
    out["body"] = json.loads(err.read())
print(json.dumps(out))
"""


@pytest.mark.skipif(os.getuid() != 0, reason="switching to uid 65534 needs root")
def test_another_local_user_cannot_read_the_token_nor_get_in(server: dict[str, Any]) -> None:
    token_file: Path = server["token_file"]
    assert token_file.stat().st_mode & 0o077 == 0, "the token file is private"
    done = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                           "/usr/bin/python3", "-c", NOBODY, str(token_file), server["url"]],
                          capture_output=True, text=True, timeout=60, check=True, cwd="/")
    seen = json.loads(done.stdout)
    assert "token" not in seen and seen["read_error"] == "PermissionError", seen
    assert seen["status"] == 401 and seen["body"]["error"]["code"] == "unauthorized", seen
