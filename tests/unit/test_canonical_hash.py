"""The delta hash is one contract in two languages: the host (axsnap_host.models.canonical, rfc8785)
and the side panel (extension/lib/common/canonical.js, npm canonicalize) must give the same
``sha256:`` for the same reply. Both suites read tests/vectors/delta_hash.json; the test at
the end runs the panel's own module under node on the vectors and on a real outline."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from test_dom_delta import load
from test_dom_delta import read as read_dom
from test_outline_delta import raw, read

from axsnap_host.models.canonical import canonical_json
from axsnap_host.pipeline.delta.diff import snapshot_hash, snapshot_parts
from axsnap_host.pipeline.state import TabState

ROOT = Path(__file__).resolve().parents[2]
VECTORS = json.loads((ROOT / "tests" / "vectors" / "delta_hash.json").read_text("utf-8"))["vectors"]
NAMES = [vector["name"] for vector in VECTORS]

# Runs the panel's snapshotHash (extension/panel/deltaapply.js) on each result of a JSON file.
PANEL_HASH = """
import { readFileSync } from 'node:fs';
import { snapshotHash } from %s;
const results = JSON.parse(readFileSync(process.argv[1], 'utf8'));
const hashes = [];
for (const result of results) hashes.push(await snapshotHash(result));
process.stdout.write(JSON.stringify(hashes));
"""


@pytest.mark.parametrize("vector", VECTORS, ids=NAMES)
def test_the_host_hashes_every_shared_vector_as_rfc8785_says(vector: dict[str, Any]) -> None:
    assert canonical_json(snapshot_parts(vector["result"])).decode("utf-8") == vector["canonical"]
    assert snapshot_hash(vector["result"]) == vector["hash"]


def test_the_vectors_cover_what_json_libraries_disagree_on() -> None:
    text = (ROOT / "tests" / "vectors" / "delta_hash.json").read_text("utf-8")
    for literal in ("1.5e-07", "-0.0", "424.0", "12345678901234567890", "\\ud83d\\ude00",
                    "\\uffff", "\\ud800", "\\u2028"):
        assert literal in text, literal


def panel_hashes(results: list[dict[str, Any]], tmp_path: Path) -> list[str]:
    node = shutil.which("node")
    assert node, "node is needed for the extension's tests (scripts/bootstrap.sh installs it)"
    data = tmp_path / "results.json"
    data.write_text(json.dumps(results, ensure_ascii=True), "utf-8")  # lone surrogates survive
    module = json.dumps((ROOT / "extension" / "panel" / "deltaapply.js").as_uri())
    done = subprocess.run([node, "--input-type=module", "-e", PANEL_HASH % module, str(data)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_hash_is_the_canonical_json_a_javascript_client_computes(tmp_path: Path) -> None:
    """The panel's JavaScript, run by node, hashes every vector and a real outline and DOM
    result exactly as the host does (the panel checks rebuilt outlines with this hash)."""
    outline = read(TabState(1), raw("compact"))
    dom = read_dom(load(), TabState(2), format="elements")
    assert dom["elements"] and outline["combinedXpathMap"]
    results = [vector["result"] for vector in VECTORS] + [outline, dom]
    assert panel_hashes(results, tmp_path) == [snapshot_hash(result) for result in results]
    assert [outline["hash"], dom["hash"]] == [snapshot_hash(outline), snapshot_hash(dom)]


HASH_CASES: list[Any] = [
    {"b": 1, "a": [1.5, 2.0, -0.0, True, None, "x\u00e9\n\"", (1, 2)]},  # a whole float, a tuple
    {"domtext": "a\nb", "elements": [{"index": i, "rect": {"x": i * 0.5}} for i in range(50)]},
    {"big": 2**60}, {"far": 1e20}, {"tiny": 1e-9}, {"lone": "\ud800"}, {"\ue000key": 1},
    {"k\ud800": 1}, [{"deep": [[[["x"]]]]}], "just a string", 3, [],
]


@pytest.mark.parametrize("value", HASH_CASES)
def test_the_hash_is_that_of_the_whole_canonical_bytes(value: Any) -> None:
    import hashlib

    from axsnap_host.models.canonical import sha256_hash

    assert sha256_hash(value) == "sha256:" + hashlib.sha256(canonical_json(value)).hexdigest()


def test_a_whole_page_result_is_hashed_without_a_copy_of_it_or_of_its_bytes() -> None:
    """The DOM text result of a whole page (30k element records): its hash held a plain copy
    of the result, its canonical text and that text's bytes at once, at the host's peak.
    Now the text (and the encoder's pieces of it) and a chunk of its bytes."""
    import tracemalloc

    from axsnap_host.models.canonical import sha256_hash

    result = {"domtext": "\n".join(f"[{i}] <a> \"Card {i}\"" for i in range(20_000)),
              "elements": [{"index": i, "tagName": "a", "text": f"Card {i}", "rect": {
                  "x": i % 7 + 0.5, "y": i + 0.25, "width": 100, "height": 21},
                  "attributes": {"href": f"#card-{i}"}, "inViewport": False}
                  for i in range(20_000)]}
    text_size = len(canonical_json(result))
    tracemalloc.start()
    try:
        sha256_hash(result)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 2.5 * text_size, (peak, text_size)  # was 5.5 times
