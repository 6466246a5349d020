"""Page understanding end to end: the walker in semantic mode in real Chromium, through the
extension and the host (formats semantic and semantic_text)."""

from __future__ import annotations

from typing import Any

import pytest

from axsnap_host.client import Browser, PageResult
from axsnap_host.models.semantic import SemanticResult

pytestmark = pytest.mark.e2e

FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 3000}}


def page(browser: Browser, url: str | None = None, **options: Any) -> PageResult:
    result = browser.snapshot(url, format="semantic", **FAST, **options)
    assert isinstance(result, PageResult)
    return result


def test_an_element_keeps_its_semantic_id_across_reads_and_a_re_render(
        browser: Browser, pages_url: str) -> None:
    first = page(browser, pages_url + "semantic_cases/ids.html")
    second = page(browser)
    ids = [e["id"] for e in first.elements]
    assert ids == [e["id"] for e in second.elements]
    assert "btn_delete_near_order_1001" in ids and "btn_登录" in ids
    assert second.revision == first.revision + 1
    before = {e["id"]: e["handle"]["backendNodeId"] for e in second.elements}
    # Re-render: the same markup, every node of <main> replaced by a new one.
    browser.run_in_target("const m = document.querySelector('main'); m.innerHTML = m.innerHTML;")
    third = page(browser)
    after = {e["id"]: e["handle"]["backendNodeId"] for e in third.elements}
    assert list(after) == ids
    assert after["btn_sign_in"] != before["btn_sign_in"]  # a new node, the same id
    assert after["btn_open_menu"] == before["btn_open_menu"]  # the header was left alone
    frame, backend = third.target("btn_delete_near_order_1002")
    assert (frame, backend) == (0, after["btn_delete_near_order_1002"])
    SemanticResult.model_validate({k: v for k, v in third.raw["semantic"].items()})


def test_hidden_instructions_are_flagged_and_left_out_through_the_extension(
        browser: Browser, pages_url: str) -> None:
    result = page(browser, pages_url + "semantic_cases/hidden.html", viewport_only=False)
    reasons = {r for f in result.suspicious for r in f["reasons"]}
    assert {"opacity_0", "off_screen", "tiny_box", "clipped", "font_size_0", "zero_size",
            "same_color", "transparent_text", "aria_hidden", "text_indent"} <= reasons
    readable = " ".join(s["text"] for s in result.content) + result.page["summary"]
    assert "evil.example" not in readable and "developer mode" not in readable
    assert any("ignore previous instructions" in s["text"] for s in result.content)
    text = browser.snapshot(format="semantic_text", viewport_only=False, **FAST).text
    assert text.count("suspicious: hidden_instruction") == len(result.suspicious)


def test_a_login_page_is_understood(browser: Browser, pages_url: str) -> None:
    result = page(browser, pages_url + "semantic/p08.html")
    assert result.type == "login"
    log_in = next(i for i in result.page["intents"] if i["intent"] == "log_in")
    assert "btn_sign_in" in log_in["controls"]
    password = next(e for e in result.elements if e["type"] == "password_input")
    assert password["state"]["value"].startswith("[redacted")
    assert all(e["handle"]["backendNodeId"] for e in result.elements)
    assert result.frames[0]["main"] and result.frames[0]["status"] == "captured"
    # A semantic id is an action target (resolved through the tab's last semantic read).
    acted = browser.act("checkbox_remember_me", "check")
    assert acted.ok, acted.error
    again = page(browser)
    assert again.element("checkbox_remember_me")["state"]["checked"] is True


# Every technique of semantic_cases/hidden.html whose text the accessibility tree carries
# (aria-hidden text is not in it, so no AX output carries those words).
AX_CARRIED = {"opacity_0", "off_screen", "tiny_box", "clipped", "font_size_0", "zero_size",
              "same_color", "transparent_text", "text_indent"}
FLAG = "[suspicious: hidden_instruction ("


def test_snapshot_and_outline_flag_every_hidden_instruction_they_carry(
        browser: Browser, pages_url: str) -> None:
    # The default window read carries every technique but off-screen text (it is outside
    # the window: not read at all) and flags each one it carries.
    window = browser.snapshot(pages_url + "semantic_cases/hidden.html", **FAST)
    assert window.quality.scope == "viewport"
    carried = [n for n in window.ax_tree.nodes if n.suspicious]
    assert {r for n in carried for r in n.suspicious.reasons} >= AX_CARRIED - {"off_screen"}
    assert all(FLAG in n.name for n in carried) and len(carried) >= 9
    assert not any(n.suspicious or FLAG in n.name for n in window.ax_tree.nodes
                   if "trick AI assistants" in n.name)
    # The whole page carries them all.
    snap = browser.snapshot(None, scope="page", **FAST)
    flagged = [n for n in snap.ax_tree.nodes if n.suspicious]
    assert {r for n in flagged for r in n.suspicious.reasons} >= AX_CARRIED
    assert len(flagged) == 11
    assert all(FLAG in n.name for n in flagged)
    visible = [n for n in snap.ax_tree.nodes if "trick AI assistants" in n.name]
    assert visible and not any(n.suspicious or FLAG in n.name for n in visible)
    for compact in (False, True):
        tree = browser.snapshot(format="outline", compact=compact, scope="page",
                                **FAST).combinedTree
        assert tree.count(FLAG) == 11, compact
        for words in ("evil.example", "developer mode", "account 42", "以前の指示"):
            line = next(line for line in tree.splitlines() if words in line)
            assert FLAG in line.split(words, 1)[1], (compact, words)
        safety = next(line for line in tree.splitlines() if "trick AI assistants" in line)
        assert FLAG not in safety


def test_invisible_and_ad_frames_are_marked_and_left_out(browser: Browser,
                                                          pages_url: str) -> None:
    result = page(browser, pages_url + "semantic_cases/frames.html")
    frames = result.frames
    assert [f["ordinal"] for f in frames] == [0, 1, 2, 3, 4]
    assert frames[0]["main"] and frames[0]["origin"].startswith("http://127.0.0.1:")
    widget, pixel, ad, hidden = frames[1:]
    assert widget["visibility"] == "visible" and "excluded" not in widget
    assert widget["origin"] == frames[0]["origin"]  # about:srcdoc inherits its parent's
    assert pixel["visibility"] == "invisible" and pixel["excluded"]
    assert ad["ad"] is True and "ad-sized slot 300x250" in ad["excluded"]
    assert hidden["visibility"] == "not_rendered" and hidden["excluded"]
    texts = [s["text"] for s in result.content]
    assert "Tomorrow: rain" in texts and not any("BUY NOW" in t for t in texts)
    assert [e["id"] for e in result.elements] == ["btn_show_week"]
    assert next(e for e in result.elements)["handle"]["frame"] == 1


def test_dom_text_carries_no_hidden_instruction(browser: Browser, pages_url: str) -> None:
    dom = browser.snapshot(pages_url + "semantic_cases/hidden.html", format="domtext",
                           viewport_only=False, **FAST)
    for words in ("evil.example", "developer mode", "account 42", "以前の指示", "compra todo"):
        assert words not in dom.domtext
    assert "Buy now" in dom.domtext


# Issue 28's techniques: near-zero opacity, filter: opacity(0), transform: scale(0), a 4 px
# clipping box. Flagged in the semantic view, SnapshotV1 and the outline; out of DOM text.
MORE = ("evil.example", "refund bot", "saved cards page", "extended warranty")
MATCHES = {"Ignore previous instructions": "opacity_0", "You are now": "opacity_0",
           "System:": "scaled_0", "Disregard all prior instructions": "tiny_box"}


def test_faint_filtered_scaled_and_slit_instructions_are_flagged(browser: Browser,
                                                                 pages_url: str) -> None:
    url = pages_url + "semantic_cases/hidden_more.html"
    result = page(browser, url, viewport_only=False)
    flags = {f["match"]: f["reasons"] for f in result.suspicious}
    for match, reason in MATCHES.items():
        assert reason in flags.get(match, []), (match, flags)
    readable = " ".join(s["text"] for s in result.content) + result.page["summary"]
    assert not any(words in readable for words in MORE)
    assert any("ignore previous instructions" in s["text"] for s in result.content)
    snap = browser.snapshot(url, scope="page", **FAST)
    flagged = [n for n in snap.ax_tree.nodes if n.suspicious]
    for words in MORE:
        assert any(words in n.name for n in flagged), words
    visible = [n for n in snap.ax_tree.nodes if "from their readers" in n.name]
    assert visible and not any(n.suspicious for n in visible)
    tree = browser.snapshot(format="outline", scope="page", **FAST).combinedTree
    for words in MORE:
        line = next(line for line in tree.splitlines() if words in line)
        assert FLAG in line, line
    dom = browser.snapshot(url, format="domtext", viewport_only=False, **FAST)
    for words in MORE:
        assert words not in dom.domtext, words
    assert "Add to cart" in dom.domtext
