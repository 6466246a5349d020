"""DOM text's build made cheaper per record (issue 33, design note 70) gives what it gave:
each step against the way it was done before, on random records (differential), and the
work a step no longer does (a first read spells no record's registry key; a text the
scrubbers know is answered without a call to the memo; a step's tag is read once a step).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_dom_ids import capture, rec, skeleton

from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline import redaction, scrub_memo
from axsnap_host.pipeline.dom import elements, walker_merge
from axsnap_host.pipeline.dom.choose import candidates, select_interactive
from axsnap_host.pipeline.dom.elements import _redact, build_dom_result
from axsnap_host.pipeline.dom.registry import entry_key, entry_keys
from axsnap_host.pipeline.dom.targets import container_of
from axsnap_host.pipeline.dom.walker_merge import Joined
from axsnap_host.pipeline.elements.model import STATE_ORDER, _states
from axsnap_host.pipeline.redaction import URL_ATTRIBUTES, mask, scrub_text, scrub_url
from axsnap_host.pipeline.secrets import FIELD_ROLES, _field_attrs, _is_field
from axsnap_host.pipeline.state import TabState
from axsnap_host.pipeline.text_clean import clean_text
from axsnap_host.render.domtext import LINE_ATTRS, element_line

STATE_VALUES = [True, False, "mixed", "page", None, 1, 0.5, [], {}]


def _states_before(record: dict[str, Any]) -> dict[str, Any]:
    """The states as the element model read them before: every state name asked."""
    raw = record.get("st")
    states: dict[str, Any] = {}
    if isinstance(raw, dict):
        for key in STATE_ORDER:
            value = raw.get(key)
            if isinstance(value, bool | str):
                states[key] = value
    if "checked" not in states and "chk" in record:
        states["checked"] = bool(record["chk"])
    if record.get("dis"):
        states["disabled"] = True
    return {k: states[k] for k in STATE_ORDER if k in states}


@pytest.mark.parametrize("seed", range(8))
def test_states_read_off_the_record_are_the_asked_ones_in_their_order(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(400):
        record: dict[str, Any] = {}
        if rng.random() < 0.7:
            names = rng.sample([*STATE_ORDER, "hiddenControl", "switch", "open"], rng.randint(0, 6))
            record["st"] = {name: rng.choice(STATE_VALUES) for name in names}
        elif rng.random() < 0.3:
            record["st"] = rng.choice([None, [], "checked", 0])
        if rng.random() < 0.3:
            record["chk"] = rng.choice([0, 1, True, "x"])
        if rng.random() < 0.3:
            record["dis"] = rng.choice([0, 1, True])
        got = _states(record)
        assert got == _states_before(record) and list(got) == list(_states_before(record))


@pytest.mark.parametrize("seed", range(6))
def test_a_field_told_off_the_walkers_dict_is_one_told_off_its_copy(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(500):
        names = rng.sample(["role", "contenteditable", "id", "class", "type"], rng.randint(0, 4))
        raw = {name: rng.choice(["", "textbox", "searchbox x", "combobox", "button", None, 3, True,
                                 "spinbutton", " textbox"]) for name in names}
        copy = {str(k): str(v) for k, v in raw.items()}
        assert (bool(raw) and _field_attrs(raw)) == _is_field("div", copy)
    assert FIELD_ROLES  # (the roles the copy's test reads)


def _random_page(seed: int, size: int = 300) -> list[Joined]:
    rng = random.Random(seed)
    joined: list[Joined] = []
    for rid in range(size):
        parent = rng.randrange(-1, rid) if rid else -1
        record: dict[str, Any] = {"p": parent, "vis": rng.random() < 0.9, "win": 1,
                                  "r": [0, 0, rng.choice([0, 5, 20]), rng.choice([0, 5, 20])],
                                  "tx": rng.choice(["", "Go", "Go Stop", "Stop"])}
        if rng.random() < 0.4:
            record["c"] = rng.sample(["pointer", "button", "scroll", "label", "tabindex"],
                                     rng.randint(1, 2))
        if rng.random() < 0.1:
            record["ic"] = 1
        if rng.random() < 0.1:
            record["top"] = 0
        joined.append(Joined(rid=rid, rec=record, tag=rng.choice(["div", "a", "body", "label"]),
                             xpath=f"/x[{rid}]", frame=0, clickable=rng.random() < 0.15,
                             ax_role=rng.choice([None, "button", "generic", "link"])))
    return joined


@pytest.mark.parametrize("seed", range(10))
def test_a_selection_among_the_candidates_is_the_selection_of_every_record(seed: int) -> None:
    joined = _random_page(seed)
    among = candidates(joined)
    for present in (False, True):
        alone = select_interactive(joined, SnapshotOptions(), present=present)
        assert select_interactive(joined, SnapshotOptions(), present, among=among) == alone
    # each candidate's container, as the selection kept it, is the one asked afresh at the end
    chosen = {j.rid: r for j, r in select_interactive(joined, SnapshotOptions(), present=True)}
    for j, _ in select_interactive(joined, SnapshotOptions(), present=True):
        up = container_of(joined, j, chosen)
        assert up < 0 or up in chosen


def _redact_before(record: dict[str, Any], kind: str | None) -> int:
    """The redaction of one element record as it was: a copy of its attributes each time,
    the walker's ``filled`` read off the record (``_filled``)."""
    count = 0
    attrs = dict(record["attributes"])
    if kind:
        filled = bool(record.get("value")) or bool(record.pop("_filled", False))
        record["value"] = mask("x" if filled else "")
        if "value" in attrs:
            attrs["value"] = record["value"]
        if record["text"]:
            record["text"] = mask(record["text"])
        record["secret"] = kind
        count += 1
    record.pop("_filled", None)
    for key in ("text", "name", "value", "label", "hint", "context", "description"):
        if isinstance(record.get(key), str):
            record[key], found = scrub_text(record[key])
            count += found
    if kind and record.get("options"):
        record["options"] = [mask(option) for option in record["options"]]
        count += 1
    for i, option in enumerate(record.get("options") or ()):
        record["options"][i], found = scrub_text(option)
        count += found
    changed = bool(kind and "value" in attrs)
    for key, value in attrs.items():
        attrs[key], found = scrub_url(value) if key in URL_ATTRIBUTES else scrub_text(value)
        count += found
        changed = changed or attrs[key] != value
    record["attributes"] = attrs if changed else record["attributes"]
    return count


SECRETISH = ["", "Pay", "hunter2", "ghp_abcdefghijklmnopqrstuvwxyz0123", "4111 1111 1111 1111",
             "https://x.test/?token=abc123def456ghi789", "/p?session=s3cr3t-v4lue-0123456789"]


@pytest.mark.parametrize("seed", range(8))
def test_redaction_without_the_copy_is_the_redaction_with_it(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(200):
        attrs = {name: rng.choice(SECRETISH) for name in
                 rng.sample(["href", "title", "value", "class", "src", "id"], rng.randint(0, 4))}
        record: dict[str, Any] = {"text": rng.choice(SECRETISH), "attributes": attrs,
                                  "name": rng.choice(SECRETISH)}
        if rng.random() < 0.5:
            record["value"] = rng.choice(SECRETISH)
        if rng.random() < 0.3:
            record["options"] = [rng.choice(SECRETISH) for _ in range(2)]
        if rng.random() < 0.3:
            record["hint"] = rng.choice(SECRETISH)
        kind = rng.choice([None, None, "password", "card"])
        filled = rng.random() < 0.4
        before = {**record, "options": list(record.get("options") or [])} if "options" in \
            record else dict(record)
        if filled:
            before["_filled"] = True
        now = {**record, "options": list(record["options"])} if "options" in record \
            else dict(record)
        assert _redact(now, kind, filled) == _redact_before(before, kind)
        assert now == before and list(now) == list(before)
        assert list(now["attributes"]) == list(before["attributes"])
        # an unchanged record keeps the dict it came with (the walker record's own)
        assert (now["attributes"] is attrs) == (before["attributes"] is attrs)


def test_a_first_read_spells_no_records_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry of a new document holds no key: nothing asks whether one still lives, so
    no record's key is spelled out (a whole page's 100k f-strings before); a re-read asks."""
    spelled: list[str] = []

    def counted(joined: list[Joined]) -> set[str]:
        keys = entry_keys(joined)
        spelled.extend(keys)
        return keys

    monkeypatch.setattr(elements, "entry_keys", counted)
    records = [*skeleton(), rec(1, "button", w=3, b=30, c=["form"], tx="Go")]
    state = TabState(1)
    first = build_dom_result(capture(records), SnapshotOptions(format="elements"), state)
    assert [e["text"] for e in first["elements"]] == ["Go"] and spelled == []
    again = build_dom_result(capture(records), SnapshotOptions(format="elements"), state)
    assert again["elements"][0]["index"] == first["elements"][0]["index"] and spelled


@pytest.mark.parametrize("seed", range(6))
def test_the_records_keys_in_one_loop_are_each_records_key(seed: int) -> None:
    rng = random.Random(seed)
    joined = []
    for rid in range(300):
        record: dict[str, Any] = {}
        if rng.random() < 0.6:
            record["w"] = rng.choice([rid, True, "7", None, 0])
        joined.append(Joined(rid=rid, rec=record, tag="div", xpath=f"/x[{rid}]", frame=0,
                             backend_node_id=rng.choice([None, rid, 0]),
                             world=rng.choice([None, "", "W1", "W2"])))
    assert entry_keys(joined) == {entry_key(j) for j in joined}


def test_a_filled_field_says_so_without_a_host_only_key() -> None:
    records = [*skeleton(), rec(1, "input", w=3, b=30, c=["form"], filled=1),
               rec(1, "input", w=4, b=40, c=["form"], filled=0)]
    for redact in (True, False):
        result = build_dom_result(capture(records), SnapshotOptions(format="elements",
                                                                    redact=redact), TabState(1))
        # (no secret field: a filled one says so when the read is not redacted)
        assert [e.get("value") for e in result["elements"]] == (
            ["", ""] if redact else ["[filled]", ""])
        assert not any(key.startswith("_") for e in result["elements"] for key in e)


def test_a_known_text_is_answered_without_a_call_to_the_memo(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    remembered = scrub_memo.remembered

    def counted(kind: str, text: str, scrub: Any) -> tuple[str, int]:
        calls.append(kind)
        return remembered(kind, text, scrub)

    monkeypatch.setattr(redaction, "remembered", counted)
    monkeypatch.setattr("axsnap_host.pipeline.url_scrub.remembered", counted)
    text, url = "".join(["Quarterly ", "report 7"]), "".join(["/mail/", "77?x=1"])
    assert scrub_text(text) == (text, 0) and scrub_url(url) == (url, 0)
    assert scrub_text(text)[0] is text and scrub_url(url)[0] is url
    assert calls == ["text", "url"]  # the first ask of each, not the second


def test_a_steps_tag_is_read_once_a_step(monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[str] = []
    step_tag = walker_merge._step_tag

    def counted(step: str) -> str:
        read.append(step)
        return step_tag(step)

    monkeypatch.setattr(walker_merge, "_step_tag", counted)
    records = [*skeleton(), *(rec(1, "li[2]", w=10 + i, b=100 + i) for i in range(20))]
    joined = walker_merge.join(capture(records))
    assert [j.tag for j in joined] == ["html", "body", *["li"] * 20]
    assert sorted(read) == ["body", "html", "li[2]"]


@pytest.mark.parametrize("seed", range(6))
def test_a_lines_attributes_and_label_are_said_as_before(seed: int) -> None:
    """The line's attributes in LINE_ATTRS order whatever the record's own order, and its
    label left out when its text, hint or a naming attribute says it (each cleaned)."""
    rng = random.Random(seed)
    words = ["Go", " Go ", "Stop", "Go\u200b", "", "x"]
    for _ in range(300):
        keys = rng.sample([*LINE_ATTRS, "class", "value", "data-x"], rng.randint(0, 6))
        attrs = {key: rng.choice(words) for key in keys}
        record = {"index": 1, "tagName": rng.choice(["input", "a", "button"]), "attributes": attrs,
                  "text": rng.choice(words), "name": rng.choice(words), "hint": rng.choice(words)}
        line = element_line(record)
        said = [key for key in LINE_ATTRS if f" {key}=" in f" {line}"]
        assert said == sorted(said, key=LINE_ATTRS.index)
        label = clean_text(record["name"])
        told = {clean_text(record["text"]), clean_text(record["hint"]),
                *(clean_text(attrs[k]) for k in ("aria-label", "placeholder", "title", "alt",
                                                 "value") if attrs.get(k))}
        assert (" label=" in line) == bool(label and label not in told)
