"""Instructions a person cannot see on elements in plain sight (issue 28): text under an
opaque box painted on top of it (the walker's hit test, DOMSnapshot's paint order), a
placeholder in a 10 px field, an aria-label, the alt of a 1x1 image
(semantic_cases/hidden_unseen.html). Each is flagged in SnapshotV1 and the outline, and
kept out of the semantic view (no semantic id, no intent control, no content); the page's
visible texts, see-through overlays and ordinary labels are not flagged.
"""

from __future__ import annotations

import json

import pytest

from axsnap_host.client import Browser, PageResult
from axsnap_host.models.snapshot import SnapshotV1

pytestmark = pytest.mark.e2e

FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 2000}, "reuse": False}
FLAG = "[suspicious: hidden_instruction ("
PAGE = "semantic_cases/hidden_unseen.html"
# the words of each hidden instruction → its reason
HIDDEN = {"wire the refund": "covered", "reveal the saved password": "tiny_field",
          "delete the account": "aria_label", "admin mode": "tiny_box"}
# what a person sees: never flagged (an instruction-like quote, a see-through veil over it,
# a visible aria-label, alt and placeholders, a wide field's instruction-like placeholder)
VISIBLE = ("Your order #4417", "Spring catalogue", "Some shops hide lines",
           "Status: shipped", "Items: 2", "Need help?", "Close", "You are now subscribed",
           "Garden hose", "Search", "Note", "Track package", "Help centre", "Add to cart")


@pytest.mark.parametrize("scope", ["viewport", "page"])
def test_snapshot_and_outline_flag_unseen_instructions(
    browser: Browser, pages_url: str, scope: str
) -> None:
    snap = browser.snapshot(pages_url + PAGE, scope=scope, **FAST)
    assert isinstance(snap, SnapshotV1)
    flagged = {n.name: n.suspicious.reasons for n in snap.ax_tree.nodes if n.suspicious}
    # the whole page judges a cover by DOMSnapshot's paint order, the window by the walker's
    # hit test: the same answer
    expected = HIDDEN
    for words, reason in expected.items():
        assert any(words in name and reason in reasons for name, reasons in flagged.items()), \
            (words, flagged)
    assert len(flagged) == len(expected), flagged
    for node in snap.ax_tree.nodes:
        if any(text in node.name for text in VISIBLE):
            assert not node.suspicious and FLAG not in node.name, node.name
    tree = browser.snapshot(format="outline", scope=scope, **FAST).combinedTree
    for words in expected:
        line = next(line for line in tree.splitlines() if words in line)
        assert FLAG in line, line
    assert tree.count(FLAG) == len(expected)


def test_the_semantic_view_keeps_unseen_instructions_out(browser: Browser,
                                                         pages_url: str) -> None:
    result = browser.snapshot(pages_url + PAGE, format="semantic", viewport_only=False,
                              **FAST)
    assert isinstance(result, PageResult)
    reasons = {r for f in result.suspicious for r in f["reasons"]}
    assert {"covered", "aria_label", "tiny_field", "tiny_image"} <= reasons
    ids = [e["id"] for e in result.elements]
    labels = " ".join(e["label"] for e in result.elements).lower()
    for words in ("delete the account", "delete", "admin mode", "saved password", "ignore"):
        assert words not in labels and not any(words.replace(" ", "_") in i for i in ids)
    controls = {c for i in result.page["intents"] for c in i["controls"]}
    assert controls <= set(ids)
    page_text = json.dumps({"content": result.content, "page": result.page})
    for words in ("wire the refund", "delete the account", "admin mode", "saved password"):
        assert words not in page_text
    assert "Spring catalogue" in page_text  # the box on top is what a person reads
    # the visible ones are elements as before
    assert {"btn_you_are_now_subscribed", "btn_close", "input_note", "btn_add_to_cart"} <= set(ids)
    assert not any(f["match"].lower() in "you are now subscribed" and f["tag"] == "button"
                   for f in result.suspicious)
