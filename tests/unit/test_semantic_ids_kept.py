"""A tab's semantic index keeps the ids earlier reads of the same page named (an id of a
whole-page read still names its control after a window read that did not list it), the newest
read's over them, and starts afresh on another URL (design note 156's ids, act by id)."""

from __future__ import annotations

import pytest

from axsnap_host.semantic import build
from axsnap_host.semantic.build import SemanticIndex, _still_named


def test_the_same_page_keeps_earlier_ids_and_another_url_starts_afresh() -> None:
    earlier = SemanticIndex(1, "http://127.0.0.1/shop", {"btn_buy": (0, 11), "img_star_4": (0, 12)})
    assert _still_named(earlier, "http://127.0.0.1/shop") == earlier.targets
    assert _still_named(earlier, "http://127.0.0.1/cart") == {}
    assert _still_named(None, "http://127.0.0.1/shop") == {}
    kept = _still_named(earlier, "http://127.0.0.1/shop")
    kept["btn_buy"] = (0, 99)
    assert earlier.targets["btn_buy"] == (0, 11), "the earlier read's index is not changed"


def test_the_kept_ids_are_bounded_to_the_newest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build, "KEPT_IDS", 2)
    many = SemanticIndex(3, "u", {"a": (0, 1), "b": (0, 2), "c": (0, 3)})
    assert list(_still_named(many, "u")) == ["b", "c"]
