"""A control-API environment for end-to-end tests: its own runtime and config dirs, a real
``axsnap serve`` process, and one Chromium whose native host links to it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from axsnap_host.client import Browser

ACCESS_KEY = "outsideAccess"
LOG_KEY = "outsideAccessLog"


@dataclass
class ControlEnv:
    browser: Browser
    url: str
    port: int
    token: str
    env: dict[str, str]
    serve: subprocess.Popen[bytes]

    def call(self, method: str, path: str, body: Any = None, *,
             headers: dict[str, str] | None = None, token: str | None = None,
             raw: bytes | None = None) -> tuple[int, dict[str, Any], str]:
        """One HTTP request; returns (status, parsed JSON, raw text)."""
        sent = {"Authorization": f"Bearer {self.token if token is None else token}",
                "Content-Type": "application/json"}
        if token == "":
            sent.pop("Authorization")
        sent.update(headers or {})
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None
                                            else None)
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers=sent)
        try:
            with urllib.request.urlopen(request, timeout=90) as response:
                text = response.read().decode()
                return response.status, json.loads(text), text
        except urllib.error.HTTPError as err:
            text = err.read().decode()
            return err.code, json.loads(text), text

    def set_access(self, access: dict[str, Any]) -> None:
        """The consent, written where the side panel writes it (chrome.storage.local)."""
        self.browser.run_in_bridge(
            "const [key, value, done] = arguments;"
            "chrome.storage.local.set({[key]: value}).then(() => done(true));",
            ACCESS_KEY, access)

    def access_log(self) -> list[dict[str, Any]]:
        text = self.browser.run_in_bridge(
            "const [key, done] = arguments;"
            "chrome.storage.session.get(key).then((s) => done(JSON.stringify(s[key] || [])));",
            LOG_KEY)
        return json.loads(text)

    def wait_linked(self, timeout_s: float = 20) -> None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            status, body, _ = self.call("GET", "/control/health")
            if status == 200 and body["browser"]["connected"]:
                return
            time.sleep(0.1)
        raise AssertionError("the native host never linked to axsnap serve")


@contextmanager
def control_env(root: Path) -> Iterator[ControlEnv]:
    runtime, config = root / "run", root / "config"
    env = {**os.environ, "AXSNAP_RUNTIME_DIR": str(runtime), "AXSNAP_CONFIG_DIR": str(config)}
    serve = subprocess.Popen([sys.executable, "-m", "axsnap_host.cli.main", "serve", "--port", "0"],
                             env=env, stderr=subprocess.PIPE)
    try:
        info_path = runtime / "serve.json"
        deadline = time.monotonic() + 60  # a failure bound only
        while not info_path.exists():
            if serve.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("axsnap serve did not start: "
                                     + (serve.stderr.read().decode() if serve.stderr else ""))
            time.sleep(0.05)
        info = json.loads(info_path.read_text())
        token = (config / "control-token").read_text().strip()
        saved = {k: os.environ.get(k) for k in ("AXSNAP_RUNTIME_DIR", "AXSNAP_CONFIG_DIR")}
        os.environ.update({k: env[k] for k in saved})  # Chromium → its native host inherit it
        try:
            browser = Browser().start()
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
        try:
            yield ControlEnv(browser, info["url"], info["port"], token, env, serve)
        finally:
            browser.close()
    finally:
        serve.terminate()
        # a failure bound only: after its cleanup serve ends at once (cli/outside.end_now),
        # a few ms of CPU, however long a loaded machine makes that
        serve.wait(60)
