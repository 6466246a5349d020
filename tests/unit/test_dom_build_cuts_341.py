"""DOM text's build made cheaper again (issue 33, design note 341) gives what it gave: each cut
against the way it was done before, on made inputs (differential): the kept selectors in two
tables against one keyed by a tuple, the late squash of a container's targets against the eager
one, the record scrubs that skip what the memo knows unchanged against scrubbing each text,
the registry entry spelled out against the one built from its lists, clean text's own answer
against the split and join, the clickable-by-nature pass's early answer against the whole one,
and a big registry update packed at the release against one packed at its end.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Sequence
from typing import Any

import pytest

from axsnap_host.pipeline import scrub_memo
from axsnap_host.pipeline.caps import MAX_VALUE
from axsnap_host.pipeline.dom import targets
from axsnap_host.pipeline.dom.elements import (
    _WALKER_FACTS,
    _attributes,
    _redact,
    add_walker_facts,
)
from axsnap_host.pipeline.dom.registry import (
    PACKED_FROM,
    SIGNATURE_ATTRS,
    Entry,
    IndexRegistry,
    entry_key,
    registry_entry,
)
from axsnap_host.pipeline.dom.targets import Selectors, drop_repeating_containers, part_of
from axsnap_host.pipeline.dom.walker_merge import Joined
from axsnap_host.pipeline.elements.clickable_by_nature import ClickableByNature
from axsnap_host.pipeline.redaction import URL_ATTRIBUTES, mask, scrub_text, scrub_url
from axsnap_host.pipeline.state import TabStates
from axsnap_host.pipeline.text_clean import clean_text

# -- the ways before (main 1014e0c0), kept here as the reference ---------------------------

_ID_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")


class _SelectorsBefore:
    """targets.Selectors as it was: one table keyed by (record id, anchored below)."""

    def __init__(self, joined: list[Joined]) -> None:
        self._joined = joined
        self._made: dict[tuple[int, bool], tuple[str, str]] = {}

    def of(self, j: Joined) -> str:
        joined, made = self._joined, self._made
        pending: list[tuple[tuple[int, bool], list[str]]] = []
        key: tuple[int, bool] | None = (j.rid, False)
        node: Joined | None = j
        anchored = False
        while node is not None and key is not None and key not in made:
            own: list[str] = []
            step = str(node.rec.get("d") or node.rec.get("s") or "")
            if not anchored:
                attrs = node.rec.get("a") or {}
                ident = str(attrs.get("id", ""))
                if ident and node.rec.get("idu") and _ID_RE.match(ident):
                    own.append(f"#{ident}")
                    anchored = True
                else:
                    own.append(targets._step_token(step))
            if step.startswith("#shadow-root/"):
                own.append(">>>")
                anchored = False
            pending.append((key, own))
            if node.rec.get("s") == "html":
                node, key = None, None
                break
            parent = node.rec.get("dp", node.rec.get("p", -1))
            node = joined[parent] if isinstance(parent, int) and 0 <= parent < node.rid \
                else None
            key = (node.rid, anchored) if node is not None else None
        text, kind = made[key] if key is not None and key in made else ("", "")
        for key_of, own in reversed(pending):
            for token in reversed(own):
                if token == ">>>":
                    text, kind = text + " >>> ", ">>>"
                else:
                    text, kind = text + (" > " if kind == "part" else "") + token, "part"
            made[key_of] = (text, kind)
        return text


def _drop_repeating_before(joined: Sequence[Joined], picked: list[tuple[Joined, list[str]]],
                           chosen: dict[int, list[str]], ups: Sequence[int],
                           ) -> list[tuple[Joined, list[str]]]:
    """targets.drop_repeating_containers as it was: every target's text squashed."""
    said: dict[int, list[str]] = {}
    icons: dict[int, list[int]] = {}
    for (j, reasons), up in zip(picked, ups, strict=True):
        if up < 0:
            continue
        said.setdefault(up, []).append(targets._squash(str(j.rec.get("tx") or "")))
        if reasons == ["delegated"]:
            icons.setdefault(up, []).append(j.rid)
    dropped = set()
    for up, rids in icons.items():
        if len(rids) == 1 and len(said[up]) == 1 and (
                joined[up].rec.get("tx") or targets._stands_for_control(joined[up])):
            dropped.add(rids[0])
            said.pop(up)
    for rid, parts in said.items():
        if not set(chosen[rid]) <= targets._HOLDING_REASONS or targets._stands_for_control(
                joined[rid]):
            continue
        rec = joined[rid].rec
        text = str(rec.get("tx") or "")
        own, inner = targets._squash(text), "".join(parts)
        skeleton = not own and not rec.get("c")
        if skeleton or own == inner or (len(text) >= targets.CLIPPED_TEXT
                                        and inner.startswith(own)):
            dropped.add(rid)
    return [(j, reasons) for j, reasons in picked if j.rid not in dropped]


def _redact_before(record: dict[str, Any], kind: str | None, filled: bool = False) -> int:
    """elements._redact as it was: every text and attribute value asked of the scrubbers."""
    count = 0
    masked = ""
    if kind:
        filled = bool(record.get("value")) or filled
        record["value"] = masked = mask("x" if filled else "")
        if record["text"]:
            record["text"] = mask(record["text"])
        record["secret"] = kind
        count += 1
    for key in ("text", "name", "value", "label", "hint", "context", "description"):
        value = record.get(key)
        if value and isinstance(value, str):
            record[key], found = scrub_text(value)
            count += found
    if kind and record.get("options"):
        record["options"] = [mask(option) for option in record["options"]]
        count += 1
    for i, option in enumerate(record.get("options") or ()):
        record["options"][i], found = scrub_text(option)
        count += found
    attrs: dict[str, str] = record["attributes"]
    changed = bool(kind and "value" in attrs)
    if changed:
        attrs = {**attrs, "value": masked}
    for key, value in attrs.items():
        scrubbed, found = scrub_url(value) if key in URL_ATTRIBUTES else scrub_text(value)
        count += found
        changed = changed or scrubbed != value
    if changed:
        record["attributes"] = {key: (scrub_url(value) if key in URL_ATTRIBUTES
                                      else scrub_text(value))[0] for key, value in attrs.items()}
    return count


def _registry_entry_before(j: Joined, role: str, name: str, listed: bool = True) -> Entry:
    attrs = j.rec.get("a") or {}
    facts = (j.tag, role, name, *[str(attrs.get(k, "")) for k in SIGNATURE_ATTRS])
    parent = j.rec.get("p", -1)
    signature = (*facts, str(j.rec.get("s", "")), str(parent >= 0), str(j.rec.get("ptx", "")))
    return Entry(entry_key(j), signature, (*facts, j.xpath), listed)


def _clean_text_before(text: str) -> str:
    if not text:
        return ""
    if text.isprintable():
        return " ".join(text.split())
    kept = []
    for char in text:
        if char.isspace():
            kept.append(" ")
            continue
        if unicodedata.category(char) in ("Cf", "Co", "Cc", "Cs"):
            continue
        kept.append(char)
    return re.sub(r"\s+", " ", "".join(kept)).strip()


def _attributes_before(raw: Any) -> dict[str, str]:
    if type(raw) is dict and all(type(k) is str and type(v) is str and len(v) <= MAX_VALUE
                                 for k, v in raw.items()):
        return raw
    return {str(k): str(v) for k, v in (raw or {}).items()}


class _NatureBefore(ClickableByNature):
    """ClickableByNature.add as it was: a record with no reason taken the whole way."""

    def add(self, rec: dict[str, Any], tag: str) -> bool:
        p = rec.get("p", -1)
        in_form, in_editable, parent_tag = (self._inside[p] if isinstance(p, int) and 0 <= p < len(
            self._inside) else (False, False, ""))
        reasons = rec.get("c") or ()
        editable = in_editable or "editable" in reasons
        self._inside.append((in_form or tag == "form", editable, tag))
        if editable or "href" in reasons:
            return True
        if "label" in reasons:
            self._labels.append(len(self._inside) - 1)
            return False
        if "form" not in reasons or rec.get("dis"):
            return False
        if tag == "input":
            return True
        if tag == "button":
            kind = str((rec.get("a") or {}).get("type", "submit")).strip().lower()
            return in_form and kind != "button"
        return tag == "summary" and parent_tag == "details"


# -- made pages -------------------------------------------------------------------------

_TAGS = ["div", "a", "li", "span", "button", "label", "input", "form", "summary", "details",
         "html", "body"]
_TEXTS = ["", "Go", "Go Stop", " Go\tStop ", "Stop", "x" * 120, "x" * 40, "G o"]


def _page(seed: int, size: int = 250) -> list[Joined]:
    rng = random.Random(seed)
    joined: list[Joined] = []
    for rid in range(size):
        parent = rng.randrange(-1, rid) if rid else -1
        tag = rng.choice(_TAGS)
        step = tag if rng.random() < 0.5 else f"{tag}[{rng.randint(1, 4)}]"
        rec: dict[str, Any] = {"p": parent, "s": step, "tx": rng.choice(_TEXTS)}
        if rng.random() < 0.1:
            rec["d"] = "#shadow-root/" + step
        if rng.random() < 0.15 and parent >= 0:
            rec["dp"] = rng.randrange(-1, rid)
        if rng.random() < 0.3:
            rec["a"] = {"id": rng.choice(["main", "9bad", "x-1", ""]), "type": rng.choice(
                ["button", "submit", " Button "]), "href": "/a"}
            if rng.random() < 0.6:
                rec["idu"] = 1
        if rng.random() < 0.5:
            rec["c"] = rng.sample(["pointer", "form", "href", "label", "editable", "scroll",
                                   "tabindex", "clickable"], rng.randint(1, 2))
        if rng.random() < 0.1:
            rec["dis"] = 1
        if rng.random() < 0.1:
            rec["st"] = {"hiddenControl": True}
        joined.append(Joined(rid, rec, tag, f"/x[{rid}]", 0, world=rng.choice([None, "W"])))
        if rng.random() < 0.3:
            rec["w"] = rid
        if rng.random() < 0.5:
            joined[-1].backend_node_id = 1000 + rid
    return joined


@pytest.mark.parametrize("seed", range(12))
def test_the_selectors_kept_in_two_tables_are_the_ones_kept_by_a_tuple(seed: int) -> None:
    joined = _page(seed)
    order = list(joined)
    random.Random(seed).shuffle(order)  # (asked in any order: each answer the same)
    now, before = Selectors(joined), _SelectorsBefore(joined)
    for j in order:
        assert now.of(j) == before.of(j)


@pytest.mark.parametrize("seed", range(12))
def test_a_late_squash_drops_the_containers_the_eager_one_dropped(seed: int) -> None:
    rng = random.Random(seed)
    joined = _page(seed)
    picked: list[tuple[Joined, list[str]]] = []
    chosen: dict[int, list[str]] = {}
    ups: list[int] = []
    for j in joined:
        if rng.random() < 0.6:
            reasons = rng.choice([["pointer"], ["delegated"], ["tabindex"], ["button"],
                                  ["clickable", "label"]])
            up = rng.choice([-1, *chosen][-3:])
            picked.append((j, reasons))
            chosen[j.rid] = reasons
            ups.append(up)
    assert drop_repeating_containers(joined, picked, chosen, ups) == _drop_repeating_before(
        joined, picked, chosen, ups)


def test_part_of_without_sets_says_what_it_said() -> None:
    names = ["pointer", "clickable", "label", "delegated", "tabindex", "button", "scroll"]
    rng = random.Random(1)
    for _ in range(500):
        reasons = rng.sample(names, rng.randint(0, 3))
        container = rng.sample(names, rng.randint(0, 3))
        assert part_of(reasons, container) == (
            set(reasons) <= targets.WEAK_REASONS
            and not set(container) <= targets._HOLDING_REASONS)


SECRETISH = ["", "Pay", "hunter2", "ghp_abcdefghijklmnopqrstuvwxyz0123", "4111 1111 1111 1111",
             "https://x.test/?token=abc123def456ghi789", "/p?session=s3cr3t-v4lue-0123456789",
             "https://x.test/plain", "a  b "]


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("warm", [False, True])
def test_the_scrubs_the_memo_knows_unchanged_are_the_scrubs_asked(seed: int, warm: bool) -> None:
    rng = random.Random(seed)
    if not warm:
        scrub_memo.forget()  # (cold: every text asked; warm: the memo answers most)
    for _ in range(200):
        attrs = {name: rng.choice(SECRETISH) for name in
                 rng.sample(["href", "title", "value", "class", "src", "id"], rng.randint(0, 4))}
        record: dict[str, Any] = {"text": rng.choice(SECRETISH), "attributes": attrs,
                                  "name": rng.choice(SECRETISH)}
        for key in ("value", "hint", "label", "context", "description"):
            if rng.random() < 0.3:
                record[key] = rng.choice(SECRETISH)
        if rng.random() < 0.3:
            record["options"] = [rng.choice(SECRETISH) for _ in range(2)]
        kind = rng.choice([None, None, "password", "card"])
        filled = rng.random() < 0.4
        before = {**record, "options": list(record["options"])} if "options" in record \
            else dict(record)
        now = {**record, "options": list(record["options"])} if "options" in record \
            else dict(record)
        assert _redact(now, kind, filled) == _redact_before(before, kind, filled)
        assert now == before and list(now) == list(before)
        assert list(now["attributes"]) == list(before["attributes"])
        assert (now["attributes"] is attrs) == (before["attributes"] is attrs)


@pytest.mark.parametrize("seed", range(6))
def test_the_registry_entry_spelled_out_is_the_one_built_from_lists(seed: int) -> None:
    rng = random.Random(seed)
    for j in _page(seed):
        if rng.random() < 0.5:
            j.rec["a"] = {k: rng.choice(["", "v", 7, None]) for k in
                          rng.sample([*SIGNATURE_ATTRS, "class"], rng.randint(0, 5))}
        if rng.random() < 0.3:
            j.rec["ptx"] = "Row"
        role, name = rng.choice(["button", "link"]), rng.choice(["", "Go"])
        listed = rng.random() < 0.8
        assert registry_entry(j, role, name, listed) == _registry_entry_before(
            j, role, name, listed)


def test_clean_texts_own_answer_is_the_split_and_join() -> None:
    rng = random.Random(3)
    pieces = ["a", "b", " ", "  ", "\t", "\n", "\u00a0", "\u2003", "\u200b", "\ue001", "é",
              "\u3000", "\x85", "x y", "\u2028", "\ufeff", "\U000f0001"]
    for _ in range(5000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))
        assert clean_text(text) == _clean_text_before(text)


def test_the_attributes_checked_by_a_loop_are_the_ones_checked_by_all() -> None:
    rng = random.Random(4)
    for _ in range(500):
        raw: Any = {rng.choice(["id", "href", 3]): rng.choice(["v", 5, "x" * 5000, None])
                    for _ in range(rng.randint(0, 4))}
        raw = rng.choice([raw, None, [], raw])
        now, before = _attributes(raw), _attributes_before(raw)
        assert now == before and (now is raw) == (before is raw)


@pytest.mark.parametrize("seed", range(8))
def test_clickable_by_nature_answers_a_record_without_reason_at_once(seed: int) -> None:
    joined = _page(seed)
    now, before = ClickableByNature(), _NatureBefore()
    for j in joined:
        assert now.add(j.rec, j.tag) == before.add(j.rec, j.tag)
    assert now._inside == before._inside and now._labels == before._labels


def _entries(rng: random.Random, n: int) -> list[Entry]:
    return [Entry(f"b{rng.randrange(n * 2)}", (rng.choice("abc"),), (rng.choice("xy"),),
                  rng.random() < 0.9) for _ in range(n)]


@pytest.mark.parametrize("seed", range(3))
def test_a_big_update_packed_at_the_release_indexes_as_one_packed_at_its_end(seed: int) -> None:
    rng = random.Random(seed)
    now, before = IndexRegistry(), IndexRegistry()
    for step in range(4):
        size = rng.choice([10, PACKED_FROM + 5])
        entries = list({e.key: e for e in _entries(rng, size)}.values())
        alive = {e.key for e in entries} | {f"b{rng.randrange(size)}" for _ in range(size)}
        doc = "d1" if step < 3 else "d2"
        a = now.update(doc, entries, alive, pack_later=True)
        b = before.update(doc, entries, alive)
        assert a == b and now.next_index == before.next_index
        assert now.pack_due == (len(entries) >= PACKED_FROM)
        if now.pack_due:
            assert now._packed is None and before._packed is not None  # (held until...)
        tabs = TabStates()
        tabs.get(1).dom_registry = now
        tabs.pack_registries_due()  # (... the release)
        assert not now.pack_due
        assert (now._packed is None) == (before._packed is None)
        assert len(now) == len(before)


def test_clean_text_is_its_own_fixed_point() -> None:
    """A line's label, cleaned by ``_label``, is quoted without a second clean: cleaning a
    cleaned text gives it back."""
    rng = random.Random(5)
    pieces = ["a", " ", "  ", "\t", "\u00a0", "\u200b", "\ue001", "\u0378", "\U000e0080", "\n",
              "\u2029", "\x00", "é", "\ud800"]
    for _ in range(5000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))
        once = clean_text(text)
        assert clean_text(once) == once


def test_a_record_without_the_walkers_extra_facts_gets_none() -> None:
    rng = random.Random(6)
    keys = ["opts", "optn", "hint", "scr", "pt", "clip", "tx", "r", "a"]
    values: list[Any] = [None, 0, 1, "", "x", [1, 2], ["a"], 3]
    for _ in range(2000):
        rec = {k: rng.choice(values) for k in rng.sample(keys, rng.randint(0, 5))}
        record: dict[str, Any] = {"center": {"x": 1, "y": 2}}
        add_walker_facts(record, rec)
        if rec.keys().isdisjoint(_WALKER_FACTS):
            assert record == {"center": {"x": 1, "y": 2}}


def test_the_release_after_a_small_request_packs_a_big_listings_registry() -> None:
    """A request under BIG_READ_BYTES whose DOM text listed 4096 elements or more: its
    registry's tables, left to the release, are packed there all the same."""
    from axsnap_host.native.host import Host

    host = Host()
    registry = host.tabs.get(7).dom_registry
    entries = [Entry(f"b{n}", ("a", str(n)), ("x",)) for n in range(PACKED_FROM)]
    registry.update("d", entries, {e.key for e in entries}, pack_later=True)
    assert registry.pack_due and registry._packed is None
    host.release()  # (no big request: only the registries due are packed)
    assert not registry.pack_due and registry._packed is not None and len(registry) == PACKED_FROM

