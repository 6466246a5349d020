"""``axsnap doctor``: check each piece the snapshot path needs and say how to fix what is off."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import struct
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from axsnap_host import EXTENSION_ID, PROTOCOL_VERSION
from axsnap_host.client.paths import find_chromedriver, find_chromium, install_hint
from axsnap_host.install.extension_dir import EXTENSION_DIR


@dataclass
class Check:
    name: str
    ok: bool
    detail: str
    fix: str = ""
    warning: bool = False  # a problem that does not stop snapshots through `Browser`


def _version(binary: str) -> str:
    try:
        out = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as err:
        return f"unusable: {err}"
    return (out.stdout or out.stderr).strip()


def _major(version_text: str) -> str | None:
    match = re.search(r"(\d+)\.\d+\.\d+", version_text)
    return match.group(1) if match else None


def check_browser() -> list[Check]:
    """Chromium and chromedriver as a launch finds them (client/paths.py)."""
    chromium, chromedriver = find_chromium(), find_chromedriver()
    checks = []
    chromium_version = _version(chromium) if chromium and Path(chromium).exists() else ""
    checks.append(Check(
        "chromium", bool(_major(chromium_version)),
        f"{chromium_version} ({chromium})" if chromium_version else
        f"{chromium or 'Chromium'} not found", install_hint("chromium"),
    ))
    driver_version = (_version(chromedriver) if chromedriver and Path(chromedriver).exists()
                      else "")
    checks.append(Check(
        "chromedriver", bool(_major(driver_version)),
        f"{driver_version} ({chromedriver})" if driver_version else
        f"{chromedriver or 'chromedriver'} not found", install_hint("chromedriver"),
    ))
    if _major(chromium_version) and _major(driver_version):
        same = _major(chromium_version) == _major(driver_version)
        checks.append(Check(
            "driver matches browser", same,
            f"chromium {_major(chromium_version)}, chromedriver {_major(driver_version)}",
            "upgrade both together (" + install_hint("chromedriver") + ")",
        ))
    return checks


def extension_id_from_key(key_b64: str) -> str:
    """Chrome's extension ID: sha256 of the DER public key, first 32 hex digits mapped to a-p."""
    digest = hashlib.sha256(base64.b64decode(key_b64)).hexdigest()[:32]
    return "".join(chr(ord("a") + int(c, 16)) for c in digest)


def check_extension() -> list[Check]:
    manifest_path = EXTENSION_DIR / "manifest.json"
    if not manifest_path.exists():
        return [Check("extension", False, f"{manifest_path} not found",
                      "run axsnap from a checkout of the repository (extension/ beside host/)")]
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    key = manifest.get("key", "")
    ext_id = extension_id_from_key(key) if key else ""
    return [Check(
        "extension id", ext_id == EXTENSION_ID,
        f"{EXTENSION_DIR} → {ext_id or 'no key in manifest'}",
        f"manifest.json 'key' must give {EXTENSION_ID}; restore it from git",
    )]


def _frame(payload: dict) -> bytes:
    body = json.dumps(payload).encode()
    return struct.pack("<I", len(body)) + body


def check_host_process() -> list[Check]:
    """Start the host as Chrome would and ping it over native-messaging framing."""
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "axsnap_host"],
            input=_frame({"v": PROTOCOL_VERSION, "id": "doctor", "type": "ping"}),
            capture_output=True, timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired) as err:
        return [Check("host process", False, f"could not run: {err}",
                      f"{sys.executable} -m pip install -e .")]
    out = proc.stdout
    if len(out) < 4:
        tail = proc.stderr.decode(errors="replace").strip().splitlines()[-1:] or ["no output"]
        return [Check("host process", False, f"no reply to ping ({tail[0]})",
                      f"{sys.executable} -m pip install -e .")]
    (length,) = struct.unpack("<I", out[:4])
    reply = json.loads(out[4 : 4 + length])
    return [Check("host process", bool(reply.get("ok")), f"ping → {reply.get('result') or reply}",
                  "see the host log; reinstall with pip install -e .")]


def check_registration() -> list[Check]:
    try:
        from axsnap_host.install import check_registration as check_installed
    except ImportError as err:
        return [Check("host registration", False, f"installer unavailable: {err}", "")]
    problems = check_installed()
    if not problems:
        return [Check("host registration", True, "registered for this user's browsers")]
    return [Check("host registration", False, "; ".join(p["problem"] for p in problems),
                  problems[0].get("fix", "axsnap install-host"), warning=True)]


def check_live() -> list[Check]:
    """One real snapshot of the bundled demo page through extension and host."""
    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import url_for
    from axsnap_host.models.snapshot import SnapshotV1

    demo = Path(__file__).resolve().parents[1] / "demo" / "index.html"
    started = time.perf_counter()
    try:
        with url_for(str(demo)) as url, Browser() as browser:
            snap = browser.snapshot(url)
        elapsed = time.perf_counter() - started
        if not isinstance(snap, SnapshotV1):
            return [Check("live snapshot", False, f"a {type(snap).__name__}, not a SnapshotV1")]
        detail = f"{len(snap.ax_tree.nodes)} nodes in {elapsed:.1f} s (cold browser included)"
        return [Check("live snapshot", True, detail)]
    except Exception as err:  # the doctor reports, it does not crash
        fix = getattr(err, "hint", "") or "run the checks above first"
        return [Check("live snapshot", False, f"{type(err).__name__}: {err}", fix)]


def run_doctor(live: bool = True, out: Callable[[str], None] = print) -> int:
    steps = [check_browser, check_extension, check_host_process, check_registration]
    if live:
        steps.append(check_live)
    failed = 0
    for step in steps:
        for check in step():
            status = "ok  " if check.ok else ("warn" if check.warning else "FAIL")
            out(f"[{status}] {check.name}: {check.detail}")
            if not check.ok and check.fix:
                out(f"       fix: {check.fix}")
            failed += not check.ok and not check.warning
    out("all checks passed" if not failed else f"{failed} check(s) failed")
    return 1 if failed else 0


def main() -> int:
    return run_doctor(live="--quick" not in sys.argv)


if __name__ == "__main__":
    sys.exit(main())
