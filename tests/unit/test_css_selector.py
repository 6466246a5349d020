"""DOM text's CSS selectors (pipeline/elements/selector.py): with one memo a page, each
record is read once however many descendants walk up through it, and every selector is
the one a fresh walk up gives (ids that anchor, shadow roots, a document's root)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.dom.walker_merge import join
from axsnap_host.pipeline.elements import selector
from axsnap_host.pipeline.elements.selector import SelectorMemo, css_selector

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.mark.parametrize("name", ["dom_basic_whole.json", "dom_shadow.json", "dom_flat.json",
                                  "dom_act_cards.json", "dom_xorigin.json"])
def test_one_memo_a_page_reads_each_record_once(monkeypatch: Any, name: str) -> None:
    joined = join(RawCapture.model_validate(json.loads((FIXTURES / name).read_text())))
    fresh = [css_selector(joined, j) for j in joined]
    assert any(" > " in s for s in fresh)
    reads: list[int] = []
    step = selector._selector_step
    monkeypatch.setattr(selector, "_selector_step", lambda node: reads.append(node.rid)
                        or step(node))
    memo = SelectorMemo()
    assert [css_selector(joined, j, memo) for j in joined] == fresh
    assert sorted(reads) == sorted(set(reads)) and len(reads) <= len(joined)


def test_an_id_anchors_up_to_the_shadow_root_and_the_walk_goes_on_above_it() -> None:
    """``#id`` stands for the element and its ancestors up to the shadow root it is in;
    above the shadow host the steps go on, read once for both elements."""
    def rec(rid: int, p: int, s: str, **more: Any) -> Any:
        class Joined:
            pass
        j = Joined()
        j.rid, j.rec = rid, {"p": p, "s": s, **more}
        return j

    joined = [rec(0, -1, "html"), rec(1, 0, "body"), rec(2, 1, "div[2]"),
              rec(3, 2, "span", d="#shadow-root/span"),
              rec(4, 3, "b", a={"id": "x"}, idu=1), rec(5, 4, "i[3]"), rec(6, 3, "em")]
    memo = SelectorMemo()
    assert css_selector(joined, joined[5], memo) == \
        "html > body > div:nth-of-type(2) >>> #x > i:nth-of-type(3)"
    assert css_selector(joined, joined[6], memo) == \
        "html > body > div:nth-of-type(2) >>> span > em"
    assert css_selector(joined, joined[4]) == "html > body > div:nth-of-type(2) >>> #x"
