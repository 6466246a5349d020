"""Resolve a plain-language target ("Sign in", "the email field") to one DOM element.

Scoring (0–1) over the DOM channel's element records: an exact match of the query's words
with a name, label, text, aria-label, placeholder, title, alt or value scores 1; otherwise a
fuzzy score (word overlap and character similarity; a phrase found inside a longer text
scores by how much of the text it covers); the ``name``/``id`` attributes count a little
less. Role words in the query ("button", "link", "field", "checkbox", ...) narrow the
roles: a match raises the score, a mismatch lowers it. The action narrows too: ``fill``
wants something editable, ``select`` a select or listbox, ``check`` a checkbox or radio.

A ``<label for=x>`` lends its text to the control it names, and when a query matches both
the label and its control, the control answers. An element and its only actionable
descendant (a ``<li role=tab>`` and its ``<a>``) are one target. "textarea" (or "text area",
"multi-line") asks for a multi-line field, "text field" / "input" / "textbox" for a
single-line one while the page has one (:mod:`.wording`). The resolver never guesses: below
``MIN_SCORE`` it answers ``not_found`` (with the nearest few), and when the runner-up is
within ``MARGIN`` of the best, ``ambiguous_target`` with the close candidates.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Any

from axsnap_host.act.wording import (
    ICON_ALIASES,
    MULTI_LINE_WORDS,
    is_multi_line,
    joined_pairs,
    lines_said,
    normalize,
)

MIN_SCORE = 0.5
MARGIN = 0.15
NEAREST = 3
ROLE_BONUS = 0.1
ROLE_MISMATCH = 0.7
SECONDARY_WEIGHT = 0.85
CHAR_FLOOR = 0.8
CHAR_MIN_LEN = 5
ROLE_ONLY = 0.6  # "the button": every button fits this well
SHORT_READING = 0.9  # the query without its stop words is a weaker reading of it

TEXT_ROLES = frozenset({"textbox", "searchbox", "combobox", "spinbutton"})
ROLE_WORDS: dict[str, frozenset[str]] = {
    "button": frozenset({"button"}),
    "btn": frozenset({"button"}),
    "link": frozenset({"link"}),
    "field": TEXT_ROLES,
    "input": TEXT_ROLES | {"checkbox", "radio", "slider"},
    "textbox": TEXT_ROLES,
    "box": TEXT_ROLES | {"checkbox", "combobox"},
    "textarea": frozenset({"textbox"}),
    "multiline": frozenset({"textbox"}),
    "search": frozenset({"searchbox", "textbox"}),
    "checkbox": frozenset({"checkbox", "switch"}),
    "radio": frozenset({"radio"}),
    "switch": frozenset({"switch", "checkbox"}),
    "tab": frozenset({"tab"}),
    "menu": frozenset({"menuitem", "menuitemcheckbox", "menuitemradio", "menu", "menubar"}),
    "option": frozenset({"option", "radio", "menuitemradio"}),
    "dropdown": frozenset({"combobox", "listbox", "select"}),
    "select": frozenset({"combobox", "listbox", "select"}),
    "list": frozenset({"listbox", "combobox", "select"}),
    "slider": frozenset({"slider"}),
}
STOP_WORDS = frozenset({
    "the", "a", "an", "on", "in", "into", "to", "of", "for", "with", "named", "called",
    "labeled", "labelled", "that", "says", "saying", "this", "please", "click", "element",
    "below", "above", "here", "icon",
})
ALIAS_WEIGHT = 0.9
ICON_NAMED_BY = ("hint", "title", "aria-label", "name")  # of an element that shows no text
# What each action can act on (roles), when it narrows at all.
ACTION_ROLES: dict[str, frozenset[str]] = {
    "type": TEXT_ROLES | {"textbox"},
    "fill": TEXT_ROLES | {"textbox"},
    "select": frozenset({"combobox", "listbox", "select"}),
    "check": frozenset({"checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"}),
    "uncheck": frozenset({"checkbox", "switch", "menuitemcheckbox"}),
    "upload": frozenset(),
}
PRIMARY_FIELDS = ("name", "label", "text", "aria-label", "placeholder", "title", "alt",
                  "for_label", "button_value", "hint")
SECONDARY_FIELDS = ("attr_name", "attr_id")
_NUMBER = re.compile(r"\d+")
_QUOTED = re.compile(r"[\"“”'‘’]([^\"“”'‘’]+)[\"“”'‘’]")


@dataclass(slots=True)
class Query:
    words: list[str]  # without role words and stop words
    roles: frozenset[str]
    raw: str
    whole: list[str] = field(default_factory=list)  # without role words only
    role_only: bool = False  # no words but role words: any element of the role fits
    lines: str = ""  # "multi" (a textarea), "single" (a text field, an input) or "" (either)

    @property
    def phrase(self) -> str:
        return " ".join(self.words)

    @property
    def phrases(self) -> list[tuple[str, float]]:
        """Both readings, with their weights: stop words are words too ("Sign in")."""
        whole = " ".join(self.whole)
        out = [(whole, 1.0)] if whole else []
        if self.phrase and self.phrase != whole:
            out.append((self.phrase, SHORT_READING if whole else 1.0))
        return out


def parse_query(text: str) -> Query:
    """Split a query into its content words and the roles its role words name. A quoted
    part is taken as the content whole ("click the \"Sign in\" button"). A query of role
    words only ("the text field", "textbox") names the role; its words are still tried as
    a name ("Search" is a button's name as well as a role word)."""
    quoted = _QUOTED.search(text)
    outside = _QUOTED.sub(" ", text) if quoted else text
    # plural role words name the role too ("text fields", "checkboxes")
    tokens = [t[:-2] if t.endswith("es") and t[:-2] in ROLE_WORDS else
              t[:-1] if t.endswith("s") and t[:-1] in ROLE_WORDS else t
              for t in normalize(outside).split()]
    roles: set[str] = set()
    words: list[str] = []
    whole: list[str] = []
    tokens = joined_pairs(tokens)
    lines = lines_said(tokens)
    named = [t for t in tokens if t not in STOP_WORDS]
    if len(named) > 1 and lines == "multi":  # "multiline field": the field's kind, not a name
        named = [t for t in named if t not in MULTI_LINE_WORDS]
    if not quoted and len(named) > 1 and all(t in ROLE_WORDS for t in named):
        # "search field", "option button": the last role word names the role
        return Query(named[:-1], ROLE_WORDS[named[-1]], text, named[:-1], lines=lines)
    for i, token in enumerate(tokens):
        pair = " ".join(tokens[i:i + 2])
        if pair in ("text box", "check box", "drop down", "text field", "input field",
                    "text input", "scroll list", "scrolling list"):
            continue  # the second word carries the role
        if token in ROLE_WORDS:
            roles |= ROLE_WORDS[token]
            continue
        whole.append(token)
        if token not in STOP_WORDS:
            words.append(token)
    if quoted:
        words = whole = normalize(quoted.group(1)).split()
    elif not words:
        # role words only: the role, and the words themselves as a name
        return Query(named, frozenset(roles), text, named, role_only=True, lines=lines)
    while whole and whole[0] in STOP_WORDS and whole[1:]:
        whole = whole[1:]  # "the ..." reads as "..."
    return Query(words, frozenset(roles), text, whole, lines=lines)

def _by_lines(query: Query, scored: list[Scored]) -> None:
    """A multi-line query lowers every single-line text field; a single-line one lowers the
    multi-line fields while a single-line field fits as well (never to nothing: a page whose
    only field is a textarea still answers "the text field")."""
    if not query.lines:
        return
    text_like = [s for s in scored if role_of(s.record) in TEXT_ROLES]
    multi = [s for s in text_like if is_multi_line(s.record)]
    single = [s for s in text_like if not is_multi_line(s.record)]
    if query.lines == "multi":
        lowered = single
    else:
        best_single = max((s.score for s in single), default=0.0)
        lowered = [s for s in multi if s.score <= best_single]
    for s in lowered:
        s.score = round(s.score * ROLE_MISMATCH, 3)


def _label_for(records: list[dict[str, Any]]) -> dict[tuple[int, str], str]:
    """(frame, control id) → the text of the ``<label for>`` that names it."""
    out: dict[tuple[int, str], str] = {}
    for rec in records:
        target = (rec.get("attributes") or {}).get("for")
        if rec.get("tagName") == "label" and target:
            out.setdefault((int(rec.get("frame") or 0), target), str(rec.get("text") or ""))
    return out


def fields_of(rec: dict[str, Any], label_for: dict[tuple[int, str], str]) -> dict[str, str]:
    attrs = rec.get("attributes") or {}
    found = {
        "name": str(rec.get("name") or ""),
        "label": str(rec.get("label") or ""),
        "text": str(rec.get("text") or ""),
        "aria-label": attrs.get("aria-label", ""),
        "placeholder": attrs.get("placeholder", ""),
        "title": attrs.get("title", ""),
        "alt": attrs.get("alt", ""),
        "attr_name": attrs.get("name", ""),
        "attr_id": attrs.get("id", ""),
        "for_label": label_for.get((int(rec.get("frame") or 0), attrs.get("id", "")), ""),
        "button_value": "",
        "hint": str(rec.get("hint") or ""),
    }
    if rec.get("tagName") == "input" and attrs.get("type", "").lower() in (
            "submit", "button", "reset"):
        found["button_value"] = attrs.get("value", "")
    return {k: normalize(v) for k, v in found.items() if v}


@lru_cache(maxsize=16384)
def similarity(query: str, text: str) -> float:
    """0–1: how well ``text`` (normalized) says ``query`` (normalized). A pure function of
    its two strings, remembered: a record's fields often say the same words (its name, its
    label, its aria-label), and a page's records say them again at every act's resolve."""
    if not query or not text:
        return 0.0
    if query == text:
        return 1.0
    q_words, t_words = query.split(), text.split()
    common = len(set(q_words) & set(t_words))
    recall = common / len(set(q_words))
    precision = common / len(set(t_words))
    overlap = 2 * recall * precision / (recall + precision) if common else 0.0
    if f" {query} " in f" {text} ":
        overlap = max(overlap, 0.6 + 0.35 * len(q_words) / len(t_words))
    # Character similarity only for near-identical spellings (typos, plurals): below that it
    # matches unrelated words that share letters.
    chars = 0.0
    if min(len(query), len(text)) >= CHAR_MIN_LEN and _NUMBER.findall(query) == \
            _NUMBER.findall(text):  # "Message 37" is no typo of "Message 3"
        chars = SequenceMatcher(None, query, text, autojunk=False).ratio()
    return min(0.99, max(overlap, chars * 0.9 if chars >= CHAR_FLOOR else 0.0))


def role_of(rec: dict[str, Any]) -> str:
    role = str(rec.get("role") or "")
    attrs = rec.get("attributes") or {}
    if rec.get("tagName") == "input" and attrs.get("type", "").lower() == "file":
        return "file"
    if rec.get("tagName") == "select":
        return "select"  # a native list: no text field, whatever its ARIA role
    if attrs.get("contenteditable") not in (None, "false") and role in ("", "generic"):
        return "textbox"
    return role


def fits_action(rec: dict[str, Any], action: str | None) -> bool:
    if action not in ACTION_ROLES:
        return True
    role = role_of(rec)
    if action == "upload":
        return role == "file"
    if action in ("type", "fill") and rec.get("tagName") in ("input", "textarea"):
        return role not in ("checkbox", "radio", "button", "file", "slider")
    return role in ACTION_ROLES[action]


@dataclass(slots=True)
class Scored:
    record: dict[str, Any]
    score: float
    why: str = ""
    cased: bool = False  # a field says the query's words exactly, letter case included


def score_record(query: Query, rec: dict[str, Any], fields: dict[str, str],
                 phrases: list[tuple[str, float]] | None = None) -> Scored:
    """``phrases``: ``query.phrases``, when the caller scores many records with one query."""
    if phrases is None:
        phrases = query.phrases
    best, why = 0.0, ""
    for name in PRIMARY_FIELDS + SECONDARY_FIELDS:
        text = fields.get(name)
        if not text:
            continue
        weight = SECONDARY_WEIGHT if name in SECONDARY_FIELDS else 1.0
        value = max((similarity(p, text) * w for p, w in phrases), default=0.0) * weight
        if value > best:
            best, why = value, name
    names = () if fields.get("text") else {fields.get(k, "") for k in ICON_NAMED_BY}
    for alias in (a for name in names for a in ICON_ALIASES.get(name, ())):
        value = max((similarity(p, alias) * w for p, w in phrases), default=0.0)
        if value * ALIAS_WEIGHT > best:
            best, why = value * ALIAS_WEIGHT, "hint"
    role = role_of(rec)
    if query.role_only:
        if role in query.roles and best < ROLE_ONLY:
            best, why = ROLE_ONLY, "role"
    elif query.roles:
        if role in query.roles:
            best = min(1.0, best + ROLE_BONUS) if best < 1.0 else best
        else:
            best *= ROLE_MISMATCH
    return Scored(rec, round(best, 3), why, _says_exactly(query, rec))


def _says_exactly(query: Query, rec: dict[str, Any]) -> bool:
    wanted = " ".join(_quoted_text(query.raw).split())
    attrs = rec.get("attributes") or {}
    texts = (rec.get("name"), rec.get("label"), rec.get("text"), attrs.get("aria-label"),
             attrs.get("placeholder"), attrs.get("title"), attrs.get("value"))
    return bool(wanted) and any(" ".join(str(t).split()) == wanted for t in texts if t)


def _quoted_text(raw: str) -> str:
    quoted = _QUOTED.search(raw)
    return quoted.group(1) if quoted else raw


def rank(query_text: str, records: list[dict[str, Any]],
         action: str | None = None) -> list[Scored]:
    """Every record that may take ``action``, scored against the query, best first (ties
    in document order). A label and the control it names count once: as the control."""
    query = parse_query(query_text)
    label_for = _label_for(records)
    phrases = query.phrases  # (a property: made once, not once a field)
    scored = [score_record(query, rec, fields_of(rec, label_for), phrases) for rec in records]
    by_control: dict[tuple[int, str], Scored] = {}
    for s in scored:
        ident = (s.record.get("attributes") or {}).get("id")
        if ident and s.record.get("tagName") != "label":
            by_control[(int(s.record.get("frame") or 0), ident)] = s
    kept: list[Scored] = []
    for s in scored:
        attrs = s.record.get("attributes") or {}
        control = by_control.get((int(s.record.get("frame") or 0), attrs.get("for", "")))
        if s.record.get("tagName") == "label" and control is not None:
            if s.score > control.score:  # the label's words name the control
                control.score, control.why = s.score, "for_label"
            continue
        kept.append(s)
    kept = [s for s in kept if fits_action(s.record, action)]
    _by_lines(query, kept)
    kept = one_target(kept, records)
    kept.sort(key=lambda s: -s.score)
    return kept


def _path(rec: dict[str, Any]) -> tuple[int, str]:
    return int(rec.get("frame") or 0), str(rec.get("xpath") or "")


def only_descendants(records: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """id(element) → its only listed descendant, for every listed element that holds
    exactly one (a ``<li role=tab>`` and its ``<a>``, a ``<label>`` and its checkbox)."""
    paths = sorted((_path(r), i) for i, r in enumerate(records) if r.get("xpath"))
    out: dict[int, dict[str, Any]] = {}
    for n, ((frame, xpath), i) in enumerate(paths):
        inside = []
        for (other_frame, other), j in paths[n + 1:]:
            if other_frame != frame or not other.startswith(f"{xpath}/"):
                break
            inside.append(j)
            if len(inside) > 1:
                break
        if len(inside) == 1:
            out[id(records[i])] = records[inside[0]]
    return out


def one_target(ranked: list[Scored], records: list[dict[str, Any]]) -> list[Scored]:
    """An element and its only actionable descendant are one target: when both score within
    ``MARGIN`` of each other, the better stays (on a tie the descendant, what a click on
    the pair reaches) and the other leaves the ranking."""
    inner = only_descendants(records)
    if not inner:
        return ranked
    by_record = {id(s.record): s for s in ranked}
    dropped: set[int] = set()
    for s in ranked:
        child = inner.get(id(s.record))
        pair = by_record.get(id(child)) if child is not None else None
        if pair is None or abs(s.score - pair.score) >= MARGIN or id(pair) in dropped:
            continue
        dropped.add(id(s) if pair.score >= s.score else id(pair))
    return [s for s in ranked if id(s) not in dropped]


@dataclass(slots=True)
class Decision:
    outcome: str  # "unique" | "ambiguous" | "not_found"
    best: Scored | None
    candidates: list[Scored]


def nearest(query_text: str, ranked: list[Scored]) -> list[Scored]:
    """The few candidates nearest to a query nothing matches: by score, then by how alike
    their label reads (never an empty list while the page has elements)."""
    scored = [s for s in ranked[:NEAREST] if s.score > 0]
    if len(scored) >= NEAREST:
        return scored
    wanted = normalize(query_text)
    rest = [s for s in ranked if s.score <= 0]
    rest.sort(key=lambda s: -SequenceMatcher(None, wanted, normalize(display_label(s.record)),
                                             autojunk=False).ratio())
    return scored + rest[:NEAREST - len(scored)]


def decide(ranked: list[Scored], query_text: str = "") -> Decision:
    """Pick one, or refuse: not_found below MIN_SCORE (with the nearest few), ambiguous
    within MARGIN."""
    if not ranked or ranked[0].score < MIN_SCORE:
        return Decision("not_found", None, nearest(query_text, ranked))
    best = ranked[0]
    close = [s for s in ranked if best.score - s.score < MARGIN]
    cased = [s for s in close if s.cased]
    if len(close) > 1 and len(cased) == 1:
        return Decision("unique", cased[0], cased)  # "Previous", not "previous"
    if len(close) > 1:
        return Decision("ambiguous", None, close[:8])
    return Decision("unique", best, [best])


def display_label(rec: dict[str, Any]) -> str:
    attrs = rec.get("attributes") or {}
    button = rec.get("tagName") == "input" and attrs.get("type", "").lower() in (
        "submit", "button", "reset")
    for value in (rec.get("label"), rec.get("name"), rec.get("text"), attrs.get("aria-label"),
                  attrs.get("placeholder"), attrs.get("title"),
                  attrs.get("value") if button else None):
        if value:
            text = " ".join(str(value).split())
            return text if len(text) <= 80 else text[:79] + "…"
    return ""
