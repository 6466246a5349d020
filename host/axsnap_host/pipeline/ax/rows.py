"""AX nodes as compact rows: what flatten reads of a CDP AX node, one tuple each.

A CDP AX node parsed from JSON is a dict of eight keys with a dict for its role, a dict
for its name, a list of property dicts and a list of child ids: about 0.9 KB of host
memory (measured on the 100k-element bench page, 130k AX nodes). Flatten needs its id,
parent, ignored flag, role, child ids, DOM node and three computed fields (name, value,
state), so a whole-page read's streamed nodes are kept as :class:`AxRow` (about a third of
the memory), made as each part arrives (capture_stream.py); a capture's plain node dicts
become rows when flattened. Both paths give the same rows, so the same tree.
"""

from __future__ import annotations

from typing import Any

from axsnap_host.models.capture import AxRow

# AX properties worth reporting as node ``state``; the rest (focusable, settable, ...) is noise.
STATE_PROPERTIES = (
    "checked",
    "disabled",
    "expanded",
    "selected",
    "pressed",
    "focused",
    "required",
    "readonly",
    "invalid",
    "level",
    "multiselectable",
    "multiline",
    "modal",
    "busy",
    "haspopup",
    "autocomplete",
    "orientation",
    "valuemin",
    "valuemax",
    "valuetext",
    "editable",
    "url",
)
_STATE_SET = frozenset(STATE_PROPERTIES)
# CDP's spelling of a property → the state name reported (CDP writes ``hasPopup``).
_PROPERTY_NAMES = {"hasPopup": "haspopup"}
# Every CDP property name the host reads: the extension sends only these (contract.py).
CDP_STATE_PROPERTIES = tuple(sorted({*STATE_PROPERTIES, *_PROPERTY_NAMES}))
# States whose false value is worth reporting (``expanded: false`` is a collapsed control).
_KEPT_WHEN_FALSE = frozenset({"expanded"})
# Text layout fragments: they repeat their StaticText parent word for word.
DROPPED_ROLES = frozenset({"InlineTextBox"})
MAX_STATE_TEXT = 300
_FALSE_TOKENS = frozenset({"false", "none", ""})


_SHARED_TEXT = 24  # longer names are rarely repeated
_MAX_SHARED = 65536


def _ax_value(prop: Any) -> Any:
    if isinstance(prop, dict):
        return prop.get("value")
    return None


def _text(prop: Any) -> str:
    value = _ax_value(prop)
    if value is None:
        return ""
    return value if isinstance(value, str) else str(value)


def ax_name(prop: Any) -> str:
    """The computed name, with Chromium's doubling of UA parts undone.

    Chromium names the parts of its own date and time fields twice: the month field of
    ``<label>Start date <input type=date></label>`` is ``"Month Month"``, the picker button
    ``"Show date picker Show date picker"``. When the name is exactly the winning source's
    value said twice, the source's value is the name. Without sources (the extension keeps
    them only for such names) the name is left as it is: "Bora Bora" is a real place.
    """
    name = _text(prop)
    if not isinstance(prop, dict) or " " not in name:
        return name
    for source in prop.get("sources") or ():
        if not isinstance(source, dict) or source.get("superseded"):
            continue
        said = _text(source.get("value"))
        if said:
            return said if name == f"{said} {said}" else name
    return name


def _state_value(raw: Any) -> Any:
    """CDP AXValue → bool/int/float/str; ``None`` when it says nothing (false tokens)."""
    if not isinstance(raw, dict):
        return None
    kind = raw.get("type")
    value = raw.get("value")
    if kind == "tristate":
        if value == "mixed":
            return "mixed"
        return True if value in (True, "true") else None
    if kind in ("boolean", "booleanOrUndefined"):
        return True if value in (True, "true") else None
    if kind in ("integer", "number"):
        return value if isinstance(value, int | float) and not isinstance(value, bool) else None
    if isinstance(value, str):
        return None if value in _FALSE_TOKENS else value
    if isinstance(value, bool):
        return True if value else None
    if isinstance(value, int | float):
        return value
    return None


def node_state(properties: list[Any]) -> dict[str, Any]:
    """The meaningful AX properties of a node (its ``properties`` list) as a sorted dict."""
    state: dict[str, Any] = {}
    for prop in properties:
        if not isinstance(prop, dict):
            continue
        name: Any = prop.get("name")  # a name that is no string fails the part, loudly
        name = _PROPERTY_NAMES.get(name, name)
        if name not in _STATE_SET:
            continue
        value = _state_value(prop.get("value"))
        if value is None and name in _KEPT_WHEN_FALSE and _is_false(prop.get("value")):
            value = False  # "collapsed" says something: a closed menu or disclosure
        if isinstance(value, str):
            value = shorten(value)
        if value is not None:
            state[name] = value
    return dict(sorted(state.items()))


def _is_false(raw: Any) -> bool:
    return isinstance(raw, dict) and raw.get("value") in (False, "false")


def shorten(text: str) -> str:
    """Inline data: URLs and other huge strings would swamp the snapshot: cut them."""
    if text.startswith("data:"):
        return text[: text.find(",") + 1 or 40] + "…"
    if len(text) > MAX_STATE_TEXT:
        return text[:MAX_STATE_TEXT] + "…"
    return text


def node_fields(ax: dict[str, Any]) -> tuple[str, str | None, dict[str, Any]]:
    """(name, value, state) of one raw AX node, as the flattened node reports them."""
    value = _ax_value(ax.get("value"))
    properties = ax.get("properties")
    return (
        ax_name(ax.get("name")),
        None if value is None else (value if isinstance(value, str) else str(value)),
        node_state(properties) if isinstance(properties, list) else {},
    )


class RowMaker:
    """Makes rows, sharing what many nodes repeat (ids interned so a parent's children and
    its children's ids are one string each, roles, short names, small states). Keep one
    per capture stream: its tables go with it (sys.intern's table would stay as large as
    the largest page read)."""

    def __init__(self) -> None:
        self._ids: dict[str, str] = {}  # not sys.intern: the interpreter's table never shrinks
        self._texts: dict[str, str] = {}
        self._states: dict[tuple[Any, ...], dict[str, Any]] = {}

    def row(self, ax: dict[str, Any]) -> AxRow | None:
        """The row of one raw node; None for a node without a string id (flatten cannot
        reach it)."""
        node_id = ax.get("nodeId")
        if not isinstance(node_id, str):
            return None
        parent = ax.get("parentId")
        role_value = ax.get("role")
        role = role_value.get("value") if isinstance(role_value, dict) else None
        if not isinstance(role, str) or not role:
            role = "generic"
        ignored = bool(ax.get("ignored"))
        child_ids = ax.get("childIds")
        # from a list, not a generator: a tuple grown from an iterator keeps its spare room
        ids = self._ids
        children = tuple([ids.setdefault(c, c) for c in child_ids if isinstance(c, str)]) \
            if isinstance(child_ids, list) else ()
        backend = ax.get("backendDOMNodeId")
        name, value, state = "", None, None
        if not ignored and role not in DROPPED_ROLES:
            name, value, full = node_fields(ax)
            name = self._text(name)
            state = self._state(full) if full else None
        return AxRow(ids.setdefault(node_id, node_id),
                     ids.setdefault(parent, parent) if isinstance(parent, str) else None,
                     ignored, self._text(role), children,
                     backend if isinstance(backend, int) else None, name, value, state)

    def rows(self, nodes: list[Any]) -> list[AxRow]:
        """Rows of the dict nodes, in order (anything else is left out, as flatten did)."""
        make = self.row
        return [r for n in nodes if isinstance(n, dict) and (r := make(n)) is not None]

    def _text(self, text: str) -> str:
        if len(text) > _SHARED_TEXT:
            return text
        shared = self._texts.get(text)
        if shared is None and len(self._texts) < _MAX_SHARED:
            shared = self._texts[text] = text
        return shared if shared is not None else text

    def _state(self, state: dict[str, Any]) -> dict[str, Any]:
        """One dict per distinct small state (flatten copies it per node); a state with a
        long text (a link's URL) is rarely repeated: its key would cost more than it saves."""
        if any(type(v) is str and len(v) > _SHARED_TEXT for v in state.values()):
            return state
        try:
            key = tuple(state.items())
            shared = self._states.get(key)
        except TypeError:
            return state
        if shared is None and len(self._states) < _MAX_SHARED:
            shared = self._states[key] = state
        return shared if shared is not None else state


def as_rows(nodes: list[Any]) -> list[AxRow]:
    """A frame's AX nodes as rows: streamed frames hold rows already; a capture's own
    node dicts are made into rows here."""
    if all(type(n) is AxRow for n in nodes):
        return nodes
    maker = RowMaker()
    rows: list[AxRow] = []
    for node in nodes:
        if type(node) is AxRow:
            rows.append(node)
        elif isinstance(node, dict) and (row := maker.row(node)) is not None:
            rows.append(row)
    return rows
