"""The memos of a page's texts and URLs are emptied after a big read (design note 82,
pipeline/page_memos.py): their entries, made among the read's temporaries, kept pymalloc's
arenas from emptying between reads. A read after the drop answers the same."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.pipeline import page_memos, scrub_memo
from axsnap_host.pipeline.ax import snapshot
from axsnap_host.pipeline.outline import node_facts

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
_VOLATILE = ("snapshot_id", "trace_id", "ts", "size", "host_peak_rss_kb", "timings")


def _steady(value: Any) -> Any:
    """A reply without what differs between two reads of one page (ids, time, timings)."""
    if isinstance(value, dict):
        return {k: _steady(v) for k, v in value.items()
                if k not in _VOLATILE and not k.endswith("_ms")}
    return [_steady(v) for v in value] if isinstance(value, list) else value


def _memo_entries() -> int:
    return (sum(map(len, scrub_memo._SCRUBBED.values()))
            + node_facts._urljoin.cache_info().currsize
            + snapshot._relative_url.cache_info().currsize)


@pytest.mark.parametrize("big", [True, False])
def test_a_big_read_lets_the_memos_of_its_texts_go(monkeypatch: pytest.MonkeyPatch,
                                                   big: bool) -> None:
    from axsnap_host.native import host as host_module

    page = json.loads((FIXTURES / "dom_basic_whole.json").read_text(encoding="utf-8"))
    message = json.dumps({"v": 1, "id": "r", "type": "snapshot", "capture": page,
                          "options": {"scope": "page", "viewport_only": False,
                                      "also_formats": ["outline", "domtext"]}})
    monkeypatch.setattr(host_module, "BIG_READ_BYTES", 0 if big else len(message) + 1)
    page_memos.drop()
    host = host_module.Host()
    [first] = host.handle_text(message)
    assert first["ok"], first
    filled = _memo_entries()
    assert filled > 0
    host.release()
    assert _memo_entries() == (0 if big else filled)  # a small read's stay (they are cheap)
    [again] = host_module.Host().handle_text(message)  # a new tab state: the same indices
    assert _steady(again["result"]) == _steady(first["result"])


def test_every_registered_memo_is_emptied() -> None:
    kept: list[str] = []
    page_memos.register(kept.clear)
    try:
        kept.append("a page's text")
        scrub_memo.table("text")["a page's text"] = scrub_memo.SAME
        joined = node_facts.absolute_url("http://127.0.0.1/a/", "../b?c=1")
        assert joined == "http://127.0.0.1/b?c=1"
        assert node_facts._urljoin.cache_info().currsize > 0
        page_memos.drop()
        assert kept == [] and scrub_memo.table("text") == {}
        assert node_facts._urljoin.cache_info().currsize == 0
    finally:
        page_memos._CLEARS.remove(kept.clear)
