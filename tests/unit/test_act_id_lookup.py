"""Fast path act_id_lookup, host side: an act's index, element id or semantic id is looked up
on the tab's kept elements without a capture, changes nothing in the tab's state, names the
node the exact resolve on a capture names from that same state, and is missed (the exact path)
for words, an index the kept elements do not list, a refusal, or an exact act."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.native.host import Host
from axsnap_host.semantic.build import SemanticIndex

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.fixture(scope="module")
def capture() -> dict[str, Any]:
    return json.loads((FIXTURES / "dom_basic.json").read_text())


def ask(host: Host, message: dict[str, Any], *, capture: dict[str, Any] | None = None,
        exact: bool = False) -> dict[str, Any]:
    body: dict[str, Any] = {"v": 1, "id": "r", "type": "act_resolve", "message": message,
                            "options": {"format": "elements", **({"exact": True} if exact else {})}}
    if capture is None:
        body.update(tabId=1, lookup=True)
    else:
        body["capture"] = capture
    replies = host.handle_message(body)
    assert len(replies) == 1 and replies[0]["ok"], replies
    return dict(replies[0]["result"])


def read_page(capture: dict[str, Any]) -> Host:
    """A host whose tab 1 was read (its elements built) and has a semantic read's ids."""
    host = Host()
    ask(host, {"type": "act", "action": "click", "target": "Home"}, capture=capture)
    state = host.tabs.get(1)
    home = next(r for r in state.elements or [] if r["index"] == 4)
    state.semantic_index = SemanticIndex(
        1, "", {"link_home": (home["frame"], home["backendNodeId"]), "btn_gone": (0, None)})
    return host


def test_an_id_index_or_semantic_id_is_looked_up_as_the_exact_resolve_names_it(
        capture: dict[str, Any]) -> None:
    host = read_page(capture)
    state = host.tabs.get(1)
    home = next(r for r in state.elements or [] if r["index"] == 4)
    home_id = f"{home['frame']}-{home['backendNodeId']}"
    for target in (4, "[4]", home_id, "link_home", "0-axw57"):
        message = {"type": "act", "action": "click", "target": target}
        elements, before = state.elements, state.act_before
        looked = ask(host, message)
        assert looked["baseline_gone"] is True and "lookup_missed" not in looked, target
        # the lookup changed nothing the exact resolve reads
        assert state.elements is elements and state.act_before is before
        exact = ask(host, message, capture=capture)
        assert exact["error"] is None
        assert looked["lookup"]["target"]["id"] == exact["target"]["id"], target
        assert looked["message"] == exact["message"]
    drag = ask(host, {"type": "act", "action": "drag", "target": 4, "to": home_id})
    assert drag["lookup"]["to"]["id"] == home_id


def test_what_needs_the_page_is_missed_and_an_exact_act_asks_no_lookup(
        capture: dict[str, Any]) -> None:
    host = read_page(capture)
    for target in ("Home", {"query": "Home", "near": "Sign in"}, 999, "btn_gone", "0-ax12"):
        looked = ask(host, {"type": "act", "action": "click", "target": target})
        assert looked.get("lookup_missed") is True and "lookup" not in looked, target
    back = ask(host, {"type": "act", "action": "back"})
    assert back.get("lookup_missed") is True
    exact = ask(host, {"type": "act", "action": "click", "target": 4}, exact=True)
    assert exact == {"baseline_gone": True}


def test_an_index_listed_only_by_an_older_build_is_left_to_the_exact_path(
        capture: dict[str, Any]) -> None:
    host = read_page(capture)
    shorter = copy.deepcopy(capture)
    gone = next(r for r in shorter["walker"]["elements"] if r.get("tx") == "Home")
    gone["vis"] = 0  # hidden now: the tab's elements no longer list index 4
    ask(host, {"type": "act", "action": "click", "target": "Sign in"}, capture=shorter)
    looked = ask(host, {"type": "act", "action": "click", "target": 4})
    assert looked.get("lookup_missed") is True
