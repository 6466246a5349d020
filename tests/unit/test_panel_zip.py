"""The side panel's ZIP writer (extension/panel/zip.js), read back by Python's zipfile."""

from __future__ import annotations

import base64
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

ZIP_JS = Path(__file__).resolve().parents[2] / "extension" / "panel" / "zip.js"

SCRIPT = """
import { zip } from %s;
const files = [
  { name: 'snapshot.json', data: JSON.stringify({ ok: true, text: 'Grüße ✓' }) },
  { name: 'dom.txt', data: '[1] <a> "Docs"\\n'.repeat(2000) },
  { name: 'empty.txt', data: '' },
  { name: 'som.png', data: Uint8Array.from({ length: 70000 }, (_, i) => (i * 7) %% 256) },
];
process.stdout.write(Buffer.from(zip(files, new Date(2026, 10, 22, 6, 49, 51))).toString('base64'));
"""


def test_python_reads_what_the_panel_writes() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed for the extension's tests (apt-get install -y nodejs)")
    done = subprocess.run([node, "--input-type=module", "-e", SCRIPT % json.dumps(ZIP_JS.as_uri())],
                          capture_output=True, text=True, timeout=60, check=True)
    archive = zipfile.ZipFile(io.BytesIO(base64.b64decode(done.stdout)))
    assert archive.testzip() is None  # every CRC checks out
    assert archive.namelist() == ["snapshot.json", "dom.txt", "empty.txt", "som.png"]
    assert json.loads(archive.read("snapshot.json"))["text"] == "Grüße ✓"
    assert archive.read("dom.txt").decode().count("[1]") == 2000
    assert archive.read("empty.txt") == b""
    assert archive.read("som.png") == bytes((i * 7) % 256 for i in range(70000))
    info = archive.getinfo("som.png")
    assert info.compress_type == zipfile.ZIP_STORED
    assert info.date_time == (2026, 11, 22, 6, 49, 50)  # DOS time: 2-second steps
