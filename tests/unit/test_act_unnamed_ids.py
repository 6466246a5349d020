"""A target in a semantic id's form that no semantic read of the tab named is no words: the
host's resolve answers stale_element with the nearest ids the reads named and acts on nothing;
words a person types, snake_case without an id's prefix and a string the page shows as
written stay words (design note 162). On the recorded capture tests/fixtures/dom_basic.json
(its link "Home" is index 4)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.act.targets import parse_target
from axsnap_host.act.unnamed_ids import ID_PREFIXES, id_shaped, nearest_ids, shown_as_written
from axsnap_host.native.host import Host
from axsnap_host.semantic.build import SemanticIndex
from axsnap_host.semantic.ids import PREFIXES

CAPTURE = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "dom_basic.json").read_text())


def resolve(host: Host, message: dict[str, Any], capture: Any = CAPTURE) -> dict[str, Any]:
    replies = host.handle_message({"v": 1, "id": "r", "type": "act_resolve", "message": message,
                                   "options": {"format": "elements"}, "capture": capture})
    assert len(replies) == 1 and replies[0]["ok"], replies
    return dict(replies[0]["result"])


def read_named(host: Host, **ids: int | None) -> dict[str, Any]:
    """The tab as after a semantic read that named ``ids`` (each to a DOM text index's node,
    None for no node); the Home link's record."""
    resolve(host, {"type": "act", "action": "click", "target": "Home"})
    records = {r["index"]: r for r in host.tabs.get(1).elements or []}
    host.tabs.get(1).semantic_index = SemanticIndex(1, "http://127.0.0.1/basic", {
        name: (0, records[i]["backendNodeId"] if i is not None else None)
        for name, i in ids.items()})
    return records[4]


def test_the_prefixes_are_the_semantic_ids_own() -> None:
    assert set(ID_PREFIXES) == set(PREFIXES.values()) | {"el"}


@pytest.mark.parametrize("text", [
    "btn_save", "link_home", "link_in_main_for_red_earthenware_water_jug_3", "btn_登录",
    "el_near_row_1", "input_email_in_form_username", "item_2"])
def test_an_ids_form(text: str) -> None:
    assert id_shaped(text)
    assert parse_target(text).kind == "semantic"


@pytest.mark.parametrize("text", [
    "Save", "Sign in", "save", "sign_in", "home_link", "btn", "btn_", "btn__save", "Btn_Save",
    "btn_save!", "btn save", "link-home", "buttons_save", "0-29", "12"])
def test_no_ids_form(text: str) -> None:
    assert not id_shaped(text)


def test_an_id_no_read_named_acts_on_nothing_and_names_the_nearest() -> None:
    host = Host()
    home = read_named(host, link_home=4, btn_create=1, input_search_people_messages=2)
    result = resolve(host, {"type": "act", "action": "click", "target": "link_home_2"})
    assert result["target"] is None
    error = result["error"]
    assert error["code"] == "stale_element"
    assert "no semantic read" in error["message"] and "nothing was acted on" in error["message"]
    assert "'link_home'" in error["hint"]
    first = error["candidates"][0]
    assert first["semantic_id"] == "link_home" and first["index"] == 4
    assert first["id"] == f"0-{home['backendNodeId']}" and 0 < first["score"] < 1
    assert len(error["candidates"]) == 3  # the three named ids, best first
    assert [c["score"] for c in error["candidates"]] == sorted(
        (c["score"] for c in error["candidates"]), reverse=True)
    # the id the read named still acts
    assert resolve(host, {"type": "act", "action": "click", "target": "link_home"})[
        "target"]["index"] == 4


def test_with_no_semantic_read_an_id_is_no_words_either() -> None:
    result = resolve(Host(), {"type": "act", "action": "click", "target": "link_home"})
    assert result["target"] is None and result["error"]["code"] == "stale_element"
    assert result["error"]["candidates"] == []
    assert 'format="semantic"' in result["error"]["hint"]


def test_words_and_snake_case_without_a_prefix_stay_words() -> None:
    host = Host()
    read_named(host, btn_create=1)
    for words in ("Home", "home", "home_link"):
        result = resolve(host, {"type": "act", "action": "click", "target": words})
        assert result["error"] is None and result["target"]["index"] == 4, (words, result)


def test_a_string_the_page_shows_as_written_stays_words() -> None:
    capture: Any = json.loads(json.dumps(CAPTURE))
    text = json.dumps(capture)
    assert text.count('"Home"') >= 1
    shown = json.loads(text.replace('"Home"', '"link_home"'))
    result = resolve(Host(), {"type": "act", "action": "click", "target": "link_home"}, shown)
    assert result["error"] is None and result["target"]["index"] == 4, result
    assert shown_as_written("input_email", [{"attributes": {"name": "input_email"}}])
    assert shown_as_written("file_upload", [{"text": "Pick a File_Upload"}])
    assert not shown_as_written("link_home", [{"text": "link home"}])


def test_a_drags_to_and_a_collects_target_are_resolved_alike() -> None:
    host = Host()
    read_named(host, link_home=4)
    drag = resolve(host, {"type": "act", "action": "drag", "target": "link_home",
                          "to": "btn_crate"})
    assert drag["target"] is None and drag["error"]["code"] == "stale_element"
    collect = resolve(host, {"type": "scroll_and_collect", "target": "el_list_x"})
    assert collect["error"]["code"] == "stale_element"


def test_find_answers_an_id_as_an_act_resolves_it() -> None:
    host = Host()
    read_named(host, link_home=4, btn_create=1)
    named = resolve(host, {"type": "find", "query": "link_home"})
    assert named["decision"] == "unique"
    assert [(m["index"], m["semantic_id"]) for m in named["matches"]] == [(4, "link_home")]
    unnamed = resolve(host, {"type": "find", "query": "link_homes"})
    assert unnamed["decision"] == "not_found" and unnamed["matches"] == []
    assert unnamed["nearest"][0]["semantic_id"] == "link_home"
    words = resolve(host, {"type": "find", "query": "Home"})
    assert words["decision"] == "unique" and words["matches"][0]["index"] == 4


def test_the_nearest_ids_are_ranked_by_their_characters() -> None:
    named: dict[str, tuple[int, int | None]] = {
        "btn_save": (0, 1), "btn_save_draft": (0, 2), "link_home": (0, 3), "btn_cancel": (0, 4)}
    near = nearest_ids("btn_sav", named)
    assert [n for n, _ in near][:2] == ["btn_save", "btn_save_draft"]
    assert nearest_ids("btn_sav", {}) == []


def test_the_command_lines_step_sends_an_id_as_written() -> None:
    """``axsnap act --do "click btn_save_2"`` sends the id to the same resolve, unchanged."""
    from axsnap_host.cli.act import parse_step

    step = parse_step("click btn_save_2")
    assert (step.action, step.target) == ("click", "btn_save_2")
