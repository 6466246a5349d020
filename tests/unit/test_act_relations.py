"""Relational targets ("Reply" near "@jolie", "star" in "@kanesha") on a recorded capture
(tests/fixtures/dom_act_cards.json, page tests/pages/dom/act_cards.html): cards that repeat
the same controls, icon-only controls named by their hints, a flat list where only the
geometry pairs names with buttons, and ties the resolver must refuse."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.act.relations import split_relation
from axsnap_host.act.targets import parse_target
from axsnap_host.models.errors import AxsnapError
from axsnap_host.native.host import Host

CAPTURE = Path(__file__).resolve().parents[1] / "fixtures" / "dom_act_cards.json"


@pytest.fixture(scope="module")
def capture() -> dict[str, Any]:
    return json.loads(CAPTURE.read_text())


def resolve(capture: dict[str, Any], target: Any, action: str = "click") -> dict[str, Any]:
    reply = Host().handle_message({
        "v": 1, "id": "r", "type": "act_resolve", "options": {"format": "elements"},
        "capture": capture, "message": {"type": "act", "action": action, "target": target}})[0]
    assert reply["ok"], reply
    return reply["result"]


def picked(capture: dict[str, Any], target: Any) -> tuple[int, str]:
    result = resolve(capture, target)
    assert result["error"] is None, result["error"]
    return result["target"]["index"], result["target"]["label"]


def test_the_relational_syntax_is_parsed_and_plain_queries_stay_plain() -> None:
    query, relation = split_relation('"Reply" near "Kanesha"')
    assert query == '"Reply"' and relation and (relation.kind, relation.anchor) == (
        "near", "Kanesha")
    assert split_relation("retweet inside '@jolie'")[1].kind == "in"  # type: ignore[union-attr]
    for plain in ("Sign in", 'click "Sign in"', "the email in the header"):
        assert split_relation(plain) == (plain, None)
    target = parse_target({"query": "star", "inside": "@jolie"})
    assert target.kind == "query" and target.raw == "star"
    assert target.relation and target.relation.kind == "in"
    for bad in ({"query": "star"}, {"query": "star", "near": "a", "inside": "b"},
                {"query": "", "near": "a"}, {"near": "a"}):
        with pytest.raises(AxsnapError):
            parse_target(bad)


def test_the_control_in_the_anchor_s_card_wins(capture: dict[str, Any]) -> None:
    # Every card has a Reply button: the anchor's card decides, either way round.
    assert picked(capture, '"Reply" near "@jolie"') == (1, "Reply")
    assert picked(capture, '"Reply" in "@kanesha"') == (4, "Reply")
    assert picked(capture, {"query": "Reply", "near": "@kanesha"}) == (4, "Reply")
    plain = resolve(capture, "Reply")["error"]  # without the anchor: refused
    assert plain["code"] == "ambiguous_target" and len(plain["candidates"]) == 4


def test_icon_only_controls_match_through_their_hints(capture: dict[str, Any]) -> None:
    # <span class="fa fa-star"> (hint "star"); <span title="Delete"> called a trash icon.
    assert picked(capture, 'star near "@kanesha"') == (5, "star")
    assert picked(capture, {"query": "star", "inside": "@jolie"}) == (2, "star")
    assert picked(capture, 'the trash icon in "@jolie"') == (3, "Delete")
    assert picked(capture, 'trash in "@kanesha"') == (6, "Delete")


def test_geometry_pairs_names_with_controls_in_a_flat_list(capture: dict[str, Any]) -> None:
    # <p>Ada</p><button>Open</button><p>Grace</p><button>Open</button>: one container.
    assert picked(capture, '"Open" near "Ada"')[0] == 9
    assert picked(capture, '"Open" near "Grace"')[0] == 10


def test_equally_close_candidates_are_refused(capture: dict[str, Any]) -> None:
    inside = resolve(capture, '"Reply" in "@twins"')["error"]  # two in the same card
    assert inside["code"] == "ambiguous_target"
    assert sorted(c["index"] for c in inside["candidates"]) == [7, 8]
    assert '"@twins"' in inside["message"]
    between = resolve(capture, '"Edit" near "Mid"')["error"]  # 40 px either side
    assert between["code"] == "ambiguous_target"
    assert sorted(c["index"] for c in between["candidates"]) == [11, 12]


def test_a_missing_anchor_or_query_is_not_found(capture: dict[str, Any]) -> None:
    gone = resolve(capture, '"Reply" near "@nobody"')["error"]
    assert gone["code"] == "not_found" and "@nobody" in gone["message"]
    none = resolve(capture, '"Launch" near "@jolie"')["error"]
    assert none["code"] == "not_found"


def test_find_lists_the_anchor_s_candidate_first(capture: dict[str, Any]) -> None:
    reply = Host().handle_message({
        "v": 1, "id": "f", "type": "act_resolve", "options": {"format": "elements"},
        "capture": capture, "message": {"type": "find", "query": {"query": "Reply",
                                                                  "near": "@kanesha"}}})[0]
    found = reply["result"]
    assert found["decision"] == "unique" and found["matches"][0]["index"] == 4
    assert found["query"] == 'Reply near "@kanesha"'
