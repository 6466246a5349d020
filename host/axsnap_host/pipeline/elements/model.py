"""One element model: what a person sees of each control a read keeps, computed once.

Every output of a read that names a control takes its description from here: DOM text, the
``elements`` records, the Set-of-Mark legend (both from the records), the outline and
SnapshotV1 (their nodes of the same DOM node: :func:`facts_by_backend`), ``find`` and the
ActionResult (they read the records). So the same element never has two names or two
states in one read.

From the walker's record of the element (extension/lib/walker/src/person.js ``personFacts``: ``nm``
its name as a person reads it and ``ns`` where that came from, ``st`` its states, ``ctx``
the row, field or card it sits in, ``lig`` icon-font ligature words) and the AX facts joined
to it (role, name), :func:`element_facts` decides:

- ``name``: the words a person would use: a ``<label>`` (``for`` or wrapping),
  ``aria-labelledby``, ``aria-label``, a sibling ``<label>`` without ``for`` in the same
  field group, the text before a field in its paragraph, an ARIA radio/checkbox/option/tree
  item's own text, an SVG ``<title>``, the icon hint; a placeholder only when nothing else
  names it. Icon-font ligature words (``expand_more``) are a hint, never the name.
- ``role``: the AX/ARIA role, but a ``<label>`` whose own radio/checkbox is visually hidden
  is that control (``radio``), a class-drawn toggle a ``switch`` and a custom dropdown
  (``5 seconds ▾``) a ``combobox`` named by its setting with its shown value;
- ``states``: checked (``aria-checked``, a checked input inside, a switch's ``on`` class),
  selected (``aria-selected``, the visibly active one of a row of tabs), current, pressed,
  expanded, disabled;
- ``context``: the label of its row/field/card (``"Edit" in "Milestone"``);
- ``box`` and ``visible``; ``actions``: what acting on it can do.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol

from axsnap_host.models.context_names import context_names_control
from axsnap_host.pipeline.read_shared import is_last_format
from axsnap_host.pipeline.text_clean import clean_text


class Joined(Protocol):
    """What the model reads of a walker record joined to its CDP facts
    (pipeline/dom/walker_merge.Joined)."""

    rec: dict[str, Any]
    tag: str
    ax_name: str | None
    ax_role: str | None


IMPLICIT_ROLES = {
    "button": "button", "a": "link", "select": "combobox", "textarea": "textbox",
    "summary": "button", "option": "option",
}
INPUT_ROLES = {
    "checkbox": "checkbox", "radio": "radio", "button": "button", "submit": "button",
    "reset": "button", "image": "button", "range": "slider", "number": "spinbutton",
    "search": "searchbox",
}


def dom_role(j: Joined) -> str:
    """The role a record's element has without the person facts: its ``role`` attribute,
    else a telling AX role, else its tag's implicit one (``generic`` for a plain box)."""
    attrs = j.rec.get("a") or {}
    if attrs.get("role"):
        return str(attrs["role"]).split(" ")[0]
    if j.ax_role and j.ax_role not in ("generic", "none", "StaticText"):
        return j.ax_role
    if j.tag == "input":
        return INPUT_ROLES.get(str(attrs.get("type", "")).lower(), "textbox")
    if j.tag == "a" and "href" not in attrs:
        return "generic"
    return IMPLICIT_ROLES.get(j.tag, "generic")

StateValue = bool | str

# role → what acting on it does (the act verbs that apply)
_ACTIONS = {
    "textbox": ("fill",), "searchbox": ("fill",), "combobox": ("click", "select"),
    "listbox": ("select",), "checkbox": ("check", "uncheck"), "radio": ("check",),
    "switch": ("check", "uncheck"), "slider": ("fill",), "spinbutton": ("fill",),
}
_WORD = re.compile(r"\w")
_DROPDOWN_MARK = re.compile(r"\s*[▾▼⌄⏷∨˅⯆🞃]\s*$")
# roles whose name the context explains even when it does not repeat
_SETTING_ROLES = frozenset({"switch", "combobox", "listbox", "checkbox", "radio", "textbox",
                           "slider"})
# names the page's author gave the control for it: a context adds nothing to them
_AUTHORED_NAMES = frozenset({"aria-label", "aria-labelledby", "label"})
STATE_ORDER = ("checked", "selected", "current", "pressed", "expanded", "disabled")
_STATE_RANK = {key: rank for rank, key in enumerate(STATE_ORDER)}


@dataclass(slots=True)
class ElementFacts:
    """What a person sees of one element (see the module docstring)."""

    role: str
    name: str
    name_source: str = ""
    description: str = ""
    value: str | None = None
    states: dict[str, StateValue] = field(default_factory=dict)
    context: str = ""
    box: tuple[int, int, int, int] = (0, 0, 0, 0)
    visible: bool = True
    actions: tuple[str, ...] = ("click",)
    dialog: str = ""  # the dialog it sits in (its name), listed first by DOM text

    def state_words(self) -> list[str]:
        """The states as DOM text and the outline say them: ``checked``, ``unchecked``,
        ``selected``, ``current=page``, ``pressed``, ``expanded``, ``collapsed``,
        ``disabled`` (false ones only where false says something)."""
        words: list[str] = []
        for key in STATE_ORDER:
            if key not in self.states:
                continue
            value = self.states[key]
            if key == "checked":
                words.append("mixed" if value == "mixed" else "checked" if value else "unchecked")
            elif key == "expanded":
                words.append("expanded" if value else "collapsed")
            elif value is True:
                words.append(key)
            elif isinstance(value, str):
                words.append(f"{key}={value}")
        return words

    def add_to(self, out: dict[str, Any]) -> None:
        """Write the facts an ``elements`` record carries (defaults left out) into it, after
        its keys so far."""
        out["role"] = self.role
        out["name"] = self.name
        if self.name_source:
            out["nameSource"] = self.name_source
        if self.description:
            out["description"] = self.description
        if self.states:
            out["states"] = dict(self.states)
        if self.context:
            out["context"] = self.context
        out["actions"] = list(self.actions)
        if self.dialog:
            out["dialog"] = self.dialog


def _states(rec: dict[str, Any]) -> dict[str, StateValue]:
    raw = rec.get("st")
    if not raw and "chk" not in rec and not rec.get("dis"):
        return {}  # (most records: no state of any kind)
    states: dict[str, StateValue] = {}
    if isinstance(raw, dict):  # (its few members, in STATE_ORDER below)
        for key, value in raw.items():
            if key in _STATE_RANK and isinstance(value, bool | str):
                states[key] = value
    if "checked" not in states and "chk" in rec:
        states["checked"] = bool(rec["chk"])
    if rec.get("dis"):
        states["disabled"] = True
    if len(states) < 2:
        return states
    return {k: states[k] for k in sorted(states, key=_STATE_RANK.__getitem__)}


def element_facts(j: Joined, role: str, fallback_name: str, box: tuple[int, int, int, int],
                  visible: bool = True) -> ElementFacts:
    """The facts of one chosen element. ``role`` and ``fallback_name``: what the DOM
    channel decided without the walker's person facts (AX role/name, attributes, text)."""
    rec = j.rec
    raw_states = found if isinstance(found := rec.get("st"), dict) else {}
    name = str(rec.get("nm") or "")
    source = str(rec.get("ns") or "") if name else ""
    symbol = ""
    if not name and fallback_name:
        name = clean_text(fallback_name)
        if name and not _WORD.search(name):
            # words the walker did not read (CSS-drawn: an icon-font glyph, a "×" from
            # ::after) with no letter or digit name nothing: a nameless control gets no
            # made-up name (its context stays its context), the symbol is a description
            symbol, name = name, ""
        source = ("ax" if j.ax_name else "text") if name else ""
    description = str(rec.get("lig") or symbol)
    if not description and rec.get("hint") and source != "icon":
        description = str(rec["hint"])
    value = str(rec["val"]) if "val" in rec else None
    states = _states(rec)
    context = str(rec.get("ctx") or "")
    if j.tag == "label" and raw_states.get("hiddenControl") and \
            raw_states.get("control") in ("radio", "checkbox"):
        role = str(raw_states["control"])  # the label is what a person clicks: the control
    elif raw_states.get("switch"):
        role = "switch"
    elif role == "generic" and _DROPDOWN_MARK.search(name) and context:
        # a custom dropdown: "5 seconds ▾" is the value of the setting beside it
        value, name, source = _DROPDOWN_MARK.sub("", name), context, "context"
        role, context = "combobox", ""
    if not name and context and role in _SETTING_ROLES and context_names_control(context):
        name, source, context = context, "context", ""  # a nameless toggle beside its label
    elif name and context and not _WORD.search(name) and j.tag != "th":
        # a symbol ("^", "×", "›") says nothing a person would call it: its row does; not a
        # column's header cell ("#" over a table's numbers), whose row is the other columns'
        # headers: its own mark names its column (note 218)
        description = f"{name} {description}".strip()
        name, source, context = context, "context", ""
    # invisible and private-use characters are no words a person reads (the outline drops
    # them too): one name in every output
    name, context = clean_text(name), clean_text(context) if context else ""
    if context == name:
        context = ""
    actions = _ACTIONS.get(role, ("click",))
    if role not in _ACTIONS and (rec.get("scr")) and not rec.get("c"):
        actions = ("scroll",)
    # (by position: a listed element each, keywords cost 2.5 times the call; note 341)
    return ElementFacts(role, name, source, description, value, states, context, box, visible,
                        actions, str(rec.get("dlg") or ""))


def context_shown(facts: list[ElementFacts]) -> list[bool]:
    """Which elements' context the compact outputs (DOM text) say: where the name repeats
    in the read, where there is no name, and for settings (a switch, a field, a dropdown)."""
    folded = [f.name.casefold() for f in facts]  # (each name folded once)
    counts = Counter(folded)
    return [bool(f.context) and (counts[n] > 1 or not f.name or (
        f.role in _SETTING_ROLES and f.name_source not in _AUTHORED_NAMES))
        for f, n in zip(facts, folded, strict=True)]


# AX roles a walker fact may name better (a styled span the AX tree calls generic)
_VAGUE_ROLES = frozenset({"generic", "none", "presentation", "StaticText", "Unknown"})
_AX_STATES = ("checked", "selected", "pressed", "expanded", "current")


# Boxes of one entry in the tree (a table row, a list item, a card): their own words say
# which one a control inside belongs to
_ENTRY_ROLES = frozenset({"row", "listitem", "group", "article", "region", "form",
                          "radiogroup", "tabpanel", "dialog", "treeitem"})


def _acts(j: Any) -> bool:
    """A click listener or a reason to act on the record but scrolling."""
    return bool(set(j.rec.get("c") or ()) - {"scroll"}) or bool(getattr(j, "clickable", False))


def _said_around(tree: Any, node: Any, context: str) -> bool:
    """The tree already says the context where the node sits: the name of the entry box
    around it (``group: Card 0`` over its "Details" link) or of a cell of its row (``cell:
    Item 0`` beside its "pick" checkbox). Then SnapshotV1 and the outline need not repeat
    it; DOM text, flat, does."""
    parent = node.parent
    for _ in range(3):
        box = tree.nodes.get(parent) if parent else None
        if box is None:
            return False
        if box.role in _ENTRY_ROLES:
            if box.name == context:
                return True
            if box.role in ("row", "listitem"):
                return any(tree.nodes[c].name == context for c in box.children[:40]
                           if c in tree.nodes)
            return False
        parent = box.parent
    return False


def with_element_facts(joined: Any) -> list[Any]:
    """The joined records :func:`apply_element_facts` reads, in their order: those with
    person facts, and the controls without (a nameless one: DOM text cleans its AX name, so
    the nodes do too). A read's last format keeps these alone before it builds its tree."""
    return [j for j in joined if j.backend_node_id is not None and (
        "nm" in j.rec or "st" in j.rec or "ctx" in j.rec or "c" in j.rec)]


class JoinFacts:
    """The element facts of one join's records, for every format of a read: the records
    :func:`with_element_facts` keeps, by DOM node, and each record's facts for the AX role
    and name a node asks with (:func:`element_facts` is a pure function of the three), made
    once. The facts are shared: no reader changes them."""

    __slots__ = ("_made", "by_dom", "joined")

    def __init__(self, joined: Any) -> None:
        self.joined = joined
        self.by_dom = {(j.frame_id, j.backend_node_id): j for j in with_element_facts(joined)}
        self._made: dict[tuple[int, str, str], ElementFacts] = {}

    def keep_only(self, kept: list[Any]) -> None:
        """Hold ``kept`` (:func:`with_element_facts` of the join: the records ``by_dom``
        holds) instead of the whole join, which the read's last format lets go."""
        self.joined = kept

    def facts(self, j: Any, role: str, name: str) -> ElementFacts:
        key = (id(j), role, name)  # (the join, held here, keeps every record alive)
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = element_facts(j, role, name, (0, 0, 0, 0))
        return made


JOIN_FACTS = "join_facts"  # capture.derived: the read's JoinFacts


def join_facts(derived: dict[str, Any], joined: Any) -> JoinFacts:
    """The read's :class:`JoinFacts` of ``joined``: made by its first format, taken out of
    ``derived`` by its last (pipeline/read_shared.py)."""
    found = derived.pop(JOIN_FACTS, None) if is_last_format(derived) else derived.get(JOIN_FACTS)
    if isinstance(found, JoinFacts) and found.joined is joined:
        return found
    made = JoinFacts(joined)
    if not is_last_format(derived):
        derived[JOIN_FACTS] = made
    return made


def apply_element_facts(tree: Any, kept: Any, joined: Any,
                        shared: JoinFacts | None = None) -> int:
    """Give the kept AX nodes (SnapshotV1, the outline) the element model's description of
    their DOM node, so every output of a read says the same: its name (where the model has
    one), its role where the AX tree has only a vague one (a class-drawn switch, a custom
    dropdown), its states and value where the AX tree lacks them, and its context (state
    ``context``) where DOM text says it. ``joined``: the walker's records joined to their
    nodes (a window read's, or a whole-page read's joined to its DOMSnapshot); returns how
    many nodes changed. ``shared``: the read's facts of this join (:func:`join_facts`)."""
    if not joined:
        return 0
    if shared is None or shared.joined is not joined:
        shared = JoinFacts(joined)
    by_dom = shared.by_dom
    if not by_dom:
        return 0
    picked: list[tuple[Any, Any, ElementFacts]] = []
    facts_of = shared.facts
    for nid in kept:
        node = tree.nodes[nid]
        j = by_dom.get((node.frame_id, node.backend_id))
        if j is None or node.role == "LabelText":
            continue  # a label's facts are its control's (the model folds it into the field)
        picked.append((node, j, facts_of(j, node.role, node.name)))
    changed = 0
    shown_list = context_shown([f for _, _, f in picked])
    for (node, j, facts), shown in zip(picked, shown_list, strict=True):
        role, name, value, state = node.role, node.name, node.value, node.state
        new_role, new_name, new_value, new_state = role, name, value, state
        vague = role in _VAGUE_ROLES
        # (an empty facts name: the node's own name has no word, a glyph or a symbol)
        if (not vague or facts.role not in _VAGUE_ROLES or _acts(j)) \
                and facts.name_source != "placeholder" and facts.actions != ("scroll",) \
                and "[suspicious: " not in name:
            new_name = facts.name  # a flagged name keeps its flag (ax/instructions.py)
        if vague and facts.role not in _VAGUE_ROLES:
            new_role = facts.role
        added: dict[str, Any] = {}  # (a node's state is never changed in place: ax/tree.py)
        states = facts.states
        if states:
            for key in _AX_STATES:
                if key in states and key not in state and (
                        states[key] is not False or key == "checked"):
                    added[key] = states[key]
        if facts.value is not None and value is None and facts.role == "combobox":
            new_value = facts.value
        if shown and facts.context and not _said_around(tree, node, facts.context):
            added["context"] = facts.context
        if added and (new := {**state, **added}) != state:
            new_state = dict(sorted(new.items()))
        if new_name is not name or new_role is not role or new_value is not value \
                or new_state is not state:  # (a node the read's formats share: a copy)
            node = tree.own(node)
            node.role, node.name, node.value, node.state = new_role, new_name, new_value, \
                new_state
        if (role, name, value, state) != (node.role, node.name, node.value, node.state):
            changed += 1
    return changed
