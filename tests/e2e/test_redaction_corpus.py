"""The redaction corpus (tests/pages/redaction/corpus.json) against every output, in Chromium.

secrets.html holds secret fields named only by a label (Vietnamese ``<label for>``, a
wrapping label, ``aria-labelledby``, a placeholder, an ``aria-label``; all ``type=text``),
links with tokens in their query, fragment and ``user:pass@``, a ``data:`` URL, and an
iframe whose URL carries a token; the page itself is loaded with a token in its URL. No
output may show a secret; each must keep the harmless parts of the URLs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.client import Browser, DomResult
from axsnap_host.models.snapshot import node_records

pytestmark = pytest.mark.e2e

CORPUS = json.loads(
    (Path(__file__).resolve().parents[1] / "pages" / "redaction" / "corpus.json").read_text("utf-8")
)
FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 3000}}


def _text_of(result: dict[str, Any]) -> str:
    """Every string of a reply result, except the image bytes (checked by pixel)."""
    clean = dict(result)
    vision = dict(clean.get("vision") or {})
    vision.pop("image", None)
    clean["vision"] = vision
    return json.dumps(clean, ensure_ascii=False)


def _leaks(text: str) -> list[str]:
    return [secret for secret in CORPUS["secrets"] if secret in text]


@pytest.fixture(scope="module")
def corpus_url(pages_url: str) -> str:
    return pages_url + "redaction/" + CORPUS["page"]


@pytest.mark.parametrize("fmt", ["snapshot", "outline", "domtext", "elements", "som"])
def test_no_output_shows_a_corpus_secret(browser: Browser, corpus_url: str, fmt: str) -> None:
    result = browser.snapshot_raw(corpus_url, format=fmt, **FAST)["result"]
    text = _text_of(result)
    assert _leaks(text) == []
    missing = [kept for kept in CORPUS["kept"] if kept not in text]
    if fmt in ("domtext", "elements", "som"):
        missing += [kept for kept in CORPUS["kept_dom"] if kept not in text]
    # The frame's own URL is listed by the AX channels (frames); the DOM channel shows
    # the page URL and the links.
    if fmt not in ("snapshot", "outline"):
        missing = [kept for kept in missing if kept != "lang=vi"]
    assert missing == []


def test_dom_channel_marks_every_label_named_field_secret(
    browser: Browser, corpus_url: str
) -> None:
    result = browser.snapshot(corpus_url, format="elements", **FAST)
    assert isinstance(result, DomResult)
    secret = {e["attributes"].get("name"): e.get("secret") for e in result.elements
              if e["tagName"] == "input"}
    assert {name: secret.get(name) for name in CORPUS["secret_fields"]} == CORPUS["secret_fields"]
    assert secret.get("city") is None


def test_ax_channel_marks_the_same_fields_secret(browser: Browser, corpus_url: str) -> None:
    snapshot = browser.snapshot_raw(corpus_url, format="snapshot", **FAST)["result"]["snapshot"]
    kinds = sorted(node["state"]["secret"] for node in node_records(snapshot)
                   if node["state"].get("secret"))
    assert kinds == sorted(CORPUS["secret_fields"].values())


def test_som_pixels_of_every_secret_field_are_masked(browser: Browser, corpus_url: str) -> None:
    result = browser.snapshot(corpus_url, format="som", **FAST)
    assert isinstance(result, DomResult)
    image = result.som_image().convert("RGB")
    scale = image.width / 1280 if image.width > 1280 else 1.0
    legend = (result.vision or {}).get("legend") or {}
    masks = legend.get("masks") or []
    for element in result.elements:
        name = element["attributes"].get("name")
        if name not in CORPUS["secret_fields"] and name != "city":
            continue
        rect = element["rect"]
        # The inside of the field (away from the numbered box drawn on its edge).
        cx = round((element["center"]["x"]) * scale)
        cy = round((element["center"]["y"]) * scale)
        colours = {image.getpixel((cx + dx, cy + dy)) for dx in (-30, 0, 30) for dy in (-4, 0, 4)}
        if name == "city":  # not secret: the page's own field colour shows through
            assert (0xFF, 0xF7, 0xD6) in colours
            continue
        assert len(colours) == 1, (name, colours)  # one flat mask colour, no glyphs
        assert (0xFF, 0xF7, 0xD6) not in colours, name
        assert any(m[0] <= rect["x"] + 1 and m[1] <= rect["y"] + 1 for m in masks), name


def test_dom_delta_never_shows_old_or_new_secret_values(browser: Browser, corpus_url: str) -> None:
    first = browser.snapshot_raw(corpus_url, format="domtext", compression="delta", **FAST)
    assert _leaks(_text_of(first["result"])) == []
    browser.run_in_target(
        "document.querySelector('[name=mk]').value = 'matkhau-moi-changed-3';"
        "document.querySelector('[name=city]').value = 'Hue-visible';"
    )
    second = browser.snapshot_raw(format="domtext", compression="delta", **FAST)["result"]
    text = _text_of(second)
    assert (second.get("delta") or {}).get("applied"), second.get("delta")
    assert "Hue-visible" in text  # the delta did report the change
    assert _leaks(text) == [] and "matkhau-moi-changed-3" not in text


@pytest.mark.parametrize("fmt", ["snapshot", "outline"])
def test_the_walks_whole_page_shows_no_corpus_secret(
        browser: Browser, corpus_url: str, fmt: str) -> None:
    """The whole page from the walker's accessibility rows (``ax_source="walk"``, no AX tree),
    alone and as the one walk every format is read from: the same decision per element."""
    options = {"scope": "page", "viewport_only": False, "ax_source": "walk", **FAST}
    replies = [browser.snapshot_raw(corpus_url, format=fmt, **options),
               browser.snapshot_raw(corpus_url, format=fmt, also_formats=[
                   "domtext", "outline" if fmt == "snapshot" else "snapshot"], **options)]
    alone, together = (reply["result"] for reply in replies)
    for reply in replies:  # read from the walk: none of Chromium's AX or DOMSnapshot reads
        assert not {"ax_ms", "dom_snapshot_ms"} & set(reply["timings"]["capture_steps"])
    for result in (alone, together):
        text = _text_of(result)
        assert _leaks(text) == []
        assert [kept for kept in CORPUS["kept"] if kept not in text] == []
    assert set(together["also"]) == ({"domtext", "outline"} if fmt == "snapshot"
                                      else {"domtext", "snapshot"})
