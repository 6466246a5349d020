"""A whole page named by the walker's ids: one SnapshotV1 whichever way its listener step
went (design note 167).

A read named by the walker's ids takes the backendNodeIds of the records that place a frame
and resolves the click-listener nodes one by one, or, when those nodes are many against the
listable records (walker_ids_listable.js walkerIdsWant), takes every listable record's id
instead. The output says ``domRef`` on the nodes whose backendNodeId every way learns: those
that place a frame (a document's root, an iframe) and those a click listener marked; a
listable record's id taken only for the listener step is not said. So the same document read
both ways gives the same tree, node for node, ids and ``domRef`` included.

The way is moved by the page itself: buttons with click listeners inside a hidden subtree
(no record, nothing printed) add listener nodes and nothing else.
"""

from __future__ import annotations

from typing import Any

from axsnap_host.client import Browser
from axsnap_host.models.snapshot import node_records

PAGE = "dom/listener_branch.html"
SNAPSHOT = {"format": "snapshot", "scope": "page", "exact": True, "stabilize": {"enabled": False},
            "node_ids": "walker"}


def steps(reply: dict[str, Any]) -> dict[str, Any]:
    return dict(reply["timings"]["capture_steps"])


def test_one_tree_whichever_way_the_listener_step_went(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}{PAGE}")
    few = browser.snapshot_raw(**SNAPSHOT)
    assert "walker_ids_listed_taken" not in steps(few), steps(few)  # the frames' records only
    # (a SnapshotV1 takes them once its click nodes outnumber its ~130 listable records: note 213)
    browser.run_in_target("window.fillDrawer(160)")
    many = browser.snapshot_raw(**SNAPSHOT)
    assert steps(many).get("walker_ids_listed_taken", 0) >= 1, steps(many)  # every listable one
    assert steps(many)["walker_ids_listener_nodes_unreported"] == 160, steps(many)
    assert many["result"]["snapshot"]["ax_tree"] == few["result"]["snapshot"]["ax_tree"]

    # what says domRef: the nodes a click listener marked (3 summaries, 4 tiles, 3 of the
    # links), each the very node the backend-named read names by it; no other listable one
    ours = node_records(many["result"]["snapshot"])
    default = node_records(browser.snapshot_raw(
        **{k: v for k, v in SNAPSHOT.items() if k != "node_ids"})["result"]["snapshot"])
    assert len(ours) == len(default)
    said = [(r, d) for r, d in zip(ours, default, strict=True) if r.get("domRef")]
    assert sorted((r["role"], r["name"]) for r, _ in said) == sorted(
        [("DisclosureTriangle", f"More on {i}") for i in (1, 2, 3)] + [("generic", "")] * 4
        + [("link", f"Link {i}") for i in (40, 80, 120)])
    for r, d in said:
        assert (r["role"], r["name"]) == (d["role"], d["name"])
        assert f"{r['domRef']['frame']}-{r['domRef']['backendNodeId']}" == d["id"], (r, d)


DOMTEXT = {"format": "domtext", "viewport_only": False, "exact": True,
           "stabilize": {"enabled": False}, "node_ids": "walker"}


def test_one_dom_text_whichever_way_the_take_went(browser: Browser, pages_url: str) -> None:
    """DOM text named by the walker's ids, the document read both ways: the same text, the
    same elements and the same stats, ``walker_unjoined`` too (design note 225: it counts the
    records without an id every way learns); only the walk's own stats (its times, its take)
    say how it went."""
    browser.open(f"{pages_url}{PAGE}")
    browser.snapshot_raw(**DOMTEXT)  # the document's indices given once
    few = browser.snapshot_raw(**DOMTEXT)
    assert "walker_ids_listed_taken" not in steps(few), steps(few)  # the frames' records only
    browser.run_in_target("window.fillDrawer(160)")
    many = browser.snapshot_raw(**DOMTEXT)
    assert steps(many).get("walker_ids_listed_taken", 0) >= 1, steps(many)  # every listable one
    assert many["result"]["domtext"] == few["result"]["domtext"]
    assert many["result"]["elements"] == few["result"]["elements"]
    # (and the request's size, which holds the ids taken)
    stats = [{k: v for k, v in r["result"]["stats"].items() if k not in ("walker", "request_bytes")}
             for r in (few, many)]
    assert stats[0]["walker_unjoined"] > 0
    assert stats[1] == stats[0]
