"""One redaction decision per element, taken once per capture and read by every output.

SnapshotV1, the outline, DOM text, ``elements``, the DOM delta and the SoM masks all ask
:func:`secret_fields` whether an element holds a secret; none of them applies the rules
(:func:`..redaction.secret_kind`) on its own. The decision is keyed by (CDP frameId,
backendNodeId) and made from everything the capture knows about the element:

- its DOM attributes (DOMSnapshot's, completed by the walker's): type, autocomplete, name,
  id, aria-label, placeholder, title...;
- the text of every label: ``<label for>``, a wrapping ``<label>``, ``aria-labelledby``
  (from DOMSnapshot's text nodes, or the walker's label records), and the accessible name,
  which Chromium computes from all of those plus the placeholder.

A walker record that could not be joined to a backendNodeId is decided by its record id.
The result is cached on the capture, so every output of one request reads the same one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from axsnap_host.models.capture import AxRow, RawCapture
from axsnap_host.models.dom_columns import COLUMN_TYPES
from axsnap_host.pipeline.redaction import TEXT_ENTRY_ROLES, secret_kind

if TYPE_CHECKING:
    from axsnap_host.pipeline.dom.walker_merge import Joined

Key = tuple[str, int]  # (CDP frameId, backendNodeId)

ELEMENT_NODE = 1
TEXT_NODE = 3
FIELD_TAGS = frozenset({"input", "textarea", "select"})
FIELD_ROLES = frozenset({"textbox", "searchbox", "combobox", "spinbutton"})
LABEL_TEXT_MAX = 300  # characters of one label's text kept for the decision
LABEL_NODES_MAX = 2000  # nodes read under one label (a label wrapping a whole form)
ANCESTOR_STEPS_MAX = 64  # how far up a wrapping label is looked for


@dataclass
class _Facts:
    tag: str = ""
    attrs: dict[str, str] = field(default_factory=dict)
    labels: list[str] = field(default_factory=list)

    def merge_attrs(self, attrs: dict[str, Any]) -> None:
        for key, value in attrs.items():
            self.attrs.setdefault(str(key), str(value))


class SecretFields:
    """The secret kind ("password", "otp", "card", "cvv", "token") of every secret field of
    one capture, by (frameId, backendNodeId) and, for unjoined walker records, by record id."""

    def __init__(self, by_node: dict[Key, str], by_record: dict[int, str],
                 names: frozenset[str] = frozenset()) -> None:
        self._by_node = by_node
        self._by_record = by_record
        # lower-cased name attributes of the secret fields: a form sent with GET puts the
        # typed value into the URL under that name (url_scrub masks it there)
        self.names = names

    def kind(self, frame_id: str | None, backend_id: int | None) -> str | None:
        if backend_id is None:
            return None
        return self._by_node.get((frame_id or "", backend_id))

    def has_nodes(self) -> bool:
        """Whether any DOM node is a secret field (:meth:`kind` is None for every node
        when not)."""
        return bool(self._by_node)

    def kind_of_record(self, joined: Joined) -> str | None:
        """The decision for a walker record (joined or not)."""
        if joined.backend_node_id is not None and joined.frame_id is not None:
            found = self._by_node.get((joined.frame_id, joined.backend_node_id))
            if found is not None:
                return found
        return self._by_record.get(joined.rid)

    def __len__(self) -> int:
        return len(self._by_node) + len(self._by_record)


def secret_fields(capture: RawCapture, joined: list[Joined] | None = None) -> SecretFields:
    """The capture's decisions, made once and cached on it. ``joined`` (the DOM channel's
    walker join) adds the walker's facts; pass it the first time it is available."""
    cache = capture.derived
    found = cache.get("secret_fields")
    if isinstance(found, SecretFields) and (joined is None or cache.get("secret_joined")):
        return found
    facts: dict[Key, _Facts] = {}
    for snapshot in _snapshots(capture):
        _facts_from_dom_snapshot(snapshot, facts)
    _facts_from_ax(capture, facts)
    record_facts: dict[int, _Facts] = {}
    if joined:
        _facts_from_walker(joined, facts, record_facts)
    by_node = {key: kind for key, one in facts.items() if (kind := _decide(one))}
    by_record = {rid: kind for rid, one in record_facts.items() if (kind := _decide(one))}
    names = frozenset(
        name for one in (*(facts[key] for key in by_node), *(record_facts[r] for r in by_record))
        if (name := one.attrs.get("name", "").strip().lower())
    )
    result = SecretFields(by_node, by_record, names)
    cache["secret_fields"] = result
    cache["secret_joined"] = bool(joined)
    return result


TAB_SECRET_NAMES = "tab_secret_names"  # capture.derived: the names earlier reads of its tab found


def page_secret_names(capture: RawCapture) -> frozenset[str]:
    """The names a URL of this page must not show the value of: its secret fields' names and
    those its tab's earlier reads found (the form was on the page before it was sent)."""
    earlier = capture.derived.get(TAB_SECRET_NAMES)
    names = secret_fields(capture).names
    return names | earlier if isinstance(earlier, frozenset) else names


def share_tab_secret_names(capture: RawCapture, names: frozenset[str]) -> None:
    """Give the capture the secret field names its tab's earlier reads found."""
    capture.derived[TAB_SECRET_NAMES] = names


def found_secret_names(capture: RawCapture) -> frozenset[str]:
    """The secret field names this capture's outputs decided (none if none was decided)."""
    found = capture.derived.get("secret_fields")
    return found.names if isinstance(found, SecretFields) else frozenset()


def _decide(facts: _Facts) -> str | None:
    return secret_kind(facts.tag, facts.attrs, " | ".join(t for t in facts.labels if t))


def _snapshots(capture: RawCapture) -> Iterable[dict[str, Any]]:
    if isinstance(capture.dom_snapshot, dict):
        yield capture.dom_snapshot
    for frame in capture.frames:
        extra = getattr(frame, "dom_snapshot", None)
        if isinstance(extra, dict):
            yield extra


def _is_field(tag: str, attrs: dict[str, str]) -> bool:
    return (tag in FIELD_TAGS or "contenteditable" in attrs
            or (attrs.get("role") or "").split(" ")[0] in FIELD_ROLES)


def _field_attrs(raw: dict[str, Any]) -> bool:
    """:func:`_is_field`'s attribute tests on the walker's own dict (its names are JSON's
    strings; a value is read as its string), without a copy of it: most records are no
    field."""
    role = raw.get("role")
    return "contenteditable" in raw or (
        role is not None and str(role).split(" ")[0] in FIELD_ROLES)


def _column(nodes: dict[str, Any], name: str) -> Sequence[Any]:
    value = nodes.get(name)
    return value if isinstance(value, COLUMN_TYPES) else []


def _facts_from_dom_snapshot(snapshot: dict[str, Any], facts: dict[Key, _Facts]) -> None:
    strings = snapshot.get("strings")
    strings = strings if isinstance(strings, list) else []

    def s(index: Any) -> str:
        if isinstance(index, int) and 0 <= index < len(strings):
            return str(strings[index])
        return ""

    # string indices of the attribute names an element's decision reads when it is neither
    # a label nor a field tag: only such an element's attributes are read (the rest of a
    # page's elements cost a set test, not a dict)
    wanted = frozenset(i for i, text in enumerate(strings) if str(text) in _READ_ANYWHERE)
    for doc in snapshot.get("documents") or ():
        if isinstance(doc, dict):
            _document_facts(doc, s, facts, wanted)


# attrs.get("id") (every element: aria-labelledby and label for targets), _is_field's
_READ_ANYWHERE = frozenset({"id", "contenteditable", "role"})
_LABEL_OR_FIELD = FIELD_TAGS | {"label"}


def _document_facts(doc: dict[str, Any], s: Any, facts: dict[Key, _Facts],
                    wanted: frozenset[int]) -> None:
    nodes = found if isinstance(found := doc.get("nodes"), dict) else {}
    frame_id = s(doc.get("frameId"))
    parents = _column(nodes, "parentIndex")
    types = _column(nodes, "nodeType")
    names = _column(nodes, "nodeName")
    values = _column(nodes, "nodeValue")
    backends = _column(nodes, "backendNodeId")
    attributes = _column(nodes, "attributes")
    count = min(len(parents), len(types), len(names), len(backends))
    children: dict[int, list[int]] = {}
    tags: list[str] = []
    attrs_of: dict[int, dict[str, str]] = {}
    by_id: dict[str, int] = {}
    labels: list[int] = []
    fields: list[int] = []
    lowered: dict[Any, str] = {}  # one lower-case tag string per name (100k elements)
    for i in range(count):
        parent = parents[i]
        if isinstance(parent, int) and 0 <= parent < count and parent != i:
            children.setdefault(parent, []).append(i)
        if types[i] != ELEMENT_NODE:
            tags.append("")
            continue
        name = names[i]
        tag = lowered.get(name) if isinstance(name, int) else None
        if tag is None:
            tag = s(name).lower()
            if isinstance(name, int):
                lowered[name] = tag
        tags.append(tag)
        raw = attributes[i] if i < len(attributes) and isinstance(attributes[i], list) else []
        if tag not in _LABEL_OR_FIELD and wanted.isdisjoint(raw[0::2]):
            continue  # no id, no contenteditable, no role: nothing here is read
        attrs = {s(raw[k]): s(raw[k + 1]) for k in range(0, len(raw) - 1, 2)}
        if attrs.get("id"):
            by_id.setdefault(attrs["id"], i)
        if tag == "label":
            labels.append(i)
            attrs_of[i] = attrs
        elif _is_field(tag, attrs):
            fields.append(i)
            attrs_of[i] = attrs

    def text_of(root: int) -> str:
        out: list[str] = []
        stack = [root]
        seen = 0
        while stack and seen < LABEL_NODES_MAX:
            node = stack.pop()
            seen += 1
            if types[node] == TEXT_NODE and node < len(values):
                out.append(s(values[node]))
            elif tags[node] in FIELD_TAGS:
                continue  # a wrapped control's own text is its value, not the label
            stack.extend(reversed(children.get(node, ())))
        return " ".join(" ".join(out).split())[:LABEL_TEXT_MAX]

    field_set = set(fields)
    keyed: dict[int, _Facts] = {}
    for i in fields:
        backend = backends[i]
        if not isinstance(backend, int) or isinstance(backend, bool):
            continue
        one = facts.setdefault((frame_id, backend), _Facts())
        one.tag = one.tag or tags[i]
        one.merge_attrs(attrs_of[i])
        keyed[i] = one
        for ref in (attrs_of[i].get("aria-labelledby") or "").split():
            if ref in by_id:
                one.labels.append(text_of(by_id[ref]))
        parent = parents[i]
        for _ in range(ANCESTOR_STEPS_MAX):  # a wrapping <label>
            if not isinstance(parent, int) or not 0 <= parent < count:
                break
            if tags[parent] == "label":
                one.labels.append(text_of(parent))
                break
            parent = parents[parent]
    for label in labels:
        target = attrs_of[label].get("for")
        if target and by_id.get(target) in field_set and by_id[target] in keyed:
            keyed[by_id[target]].labels.append(text_of(label))


def _facts_from_ax(capture: RawCapture, facts: dict[Key, _Facts]) -> None:
    """The accessible name of every text-entry node (Chromium's label computation)."""
    for frame in capture.frames:
        for node in frame.axNodes:  # one pass over every AX node of the page: kept lean
            if isinstance(node, AxRow):  # a streamed node's row
                if node.ignored or node.role not in TEXT_ENTRY_ROLES or node.backend is None:
                    continue
                backend, name = node.backend, node.name
            else:
                if not isinstance(node, dict) or node.get("ignored"):
                    continue
                role = node.get("role")
                role = role.get("value") if isinstance(role, dict) else None
                if not isinstance(role, str) or role not in TEXT_ENTRY_ROLES:
                    continue
                node_backend = node.get("backendDOMNodeId")
                if not isinstance(node_backend, int):
                    continue
                backend, name = node_backend, _ax_value(node, "name")
            one = facts.get((frame.frameId, backend))
            if one is None:
                one = facts.setdefault((frame.frameId, backend), _Facts(attrs={"role": "textbox"}))
            if name:
                one.labels.append(str(name))


def _ax_value(node: dict[str, Any], key: str) -> str:
    value = node.get(key)
    return str(value.get("value") or "") if isinstance(value, dict) else ""


def _facts_from_walker(
    joined: list[Joined], facts: dict[Key, _Facts], record_facts: dict[int, _Facts]
) -> None:
    label_for: dict[tuple[int, str], list[str]] = {}
    text_by_id: dict[tuple[int, str], str] = {}
    fields: list[Joined] = []  # the records that may be fields (most are not)
    for j in joined:
        raw = j.rec.get("a")
        attrs = raw if isinstance(raw, dict) else {}
        if j.tag in FIELD_TAGS or j.ax_role in TEXT_ENTRY_ROLES or (attrs and _field_attrs(attrs)):
            fields.append(j)
        ident = attrs.get("id")
        named = attrs.get("for") if j.tag == "label" else None
        if not (ident or named):
            continue  # (most records: neither named nor naming)
        text = str(j.rec.get("tx") or "")[:LABEL_TEXT_MAX]
        if ident:
            text_by_id.setdefault((j.frame, str(ident)), text)
        if named:
            label_for.setdefault((j.frame, str(named)), []).append(text)
    for j in fields:
        raw = j.rec.get("a")
        attrs = {str(k): str(v) for k, v in raw.items()} if isinstance(raw, dict) else {}
        if not _is_field(j.tag, attrs) and j.ax_role not in TEXT_ENTRY_ROLES:
            continue
        if j.backend_node_id is not None and j.frame_id is not None:
            one = facts.setdefault((j.frame_id, j.backend_node_id), _Facts())
        else:
            one = record_facts.setdefault(j.rid, _Facts())
        one.tag = one.tag or j.tag
        one.merge_attrs(attrs)
        if j.ax_name:
            one.labels.append(j.ax_name)
        if attrs.get("id"):
            one.labels.extend(label_for.get((j.frame, attrs["id"]), ()))
        for ref in (attrs.get("aria-labelledby") or "").split():
            one.labels.append(text_by_id.get((j.frame, ref), ""))
        parent = j.rec.get("p", -1)
        for _ in range(ANCESTOR_STEPS_MAX):  # a wrapping <label>
            if not isinstance(parent, int) or not 0 <= parent < j.rid:
                break
            if joined[parent].tag == "label":
                one.labels.append(str(joined[parent].rec.get("tx") or ""))
                break
            parent = joined[parent].rec.get("p", -1)
