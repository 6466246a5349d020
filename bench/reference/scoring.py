"""Score a tool's interactive items against the reference set: recall and precision.

Matching, in order of preference:

1. **By node id.** When every item of a tool carries a backendNodeId (axsnap, browser-use,
   raw CDP), an item matches the reference element with the same id. Exact.
2. **By role and name** (Playwright's aria snapshot gives no node ids). Names are
   normalised (lower case, whitespace removed, quotes dropped, first 80 characters) and
   roles folded into groups (searchbox and Chromium's date/time roles→textbox,
   DisclosureTriangle→button, menuitem*→menuitem).
   Whitespace is dropped altogether, since a reference name is the element's textContent
   (no spaces between cells) and a tool's is rendered text.
   Items are matched one to one, in document order, greedily, in three passes:
   a. same role group and same name;
   b. same role group and one name a prefix of the other (at least 3 characters) —
      covers truncation and a value appended to a name;
   c. any role, same non-empty name of at least 3 characters — covers role mappings that
      differ (a click-listener <div> shown as ``generic``, a <summary>).
   Duplicate names (many "Details" links) are resolved by document order, which keeps the
   window recall honest for tools that list the page top to bottom.

recall = matched reference elements / reference elements (whole page, and separately inside
the tool's own window — e.g. viewport + 1000 px for browser-use); precision = matched items /
the tool's interactive items (an item is correct if it is any visible interactive element of
the page, inside its window or not). Items that are *parts of a control* — an <option>, the
<label> of a control, an element inside a built-in (user-agent) shadow root such as a date
input's spin buttons — are neutral: left out of precision, neither right nor wrong. They are
recognised by node id, or by the same role/name rule against the reference's neutral list.
"""

from __future__ import annotations

import bisect
from collections import defaultdict, deque
from dataclasses import dataclass

from reference.model import RefElement, ToolItem

INTERACTIVE_ROLES = frozenset({
    "button", "checkbox", "combobox", "link", "listbox", "menuitem", "menuitemcheckbox",
    "menuitemradio", "option", "radio", "searchbox", "slider", "spinbutton", "switch", "tab",
    "textbox", "treeitem", "disclosuretriangle",
    # Chromium's own roles for some inputs (date, datetime-local, time, color)
    "date", "datetime", "inputtime", "colorwell",
})

_ROLE_GROUPS = {
    "searchbox": "textbox", "disclosuretriangle": "button", "menuitemcheckbox": "menuitem",
    "menuitemradio": "menuitem", "listboxoption": "option", "menulistoption": "option",
    "date": "textbox", "datetime": "textbox", "inputtime": "textbox", "colorwell": "button",
}
_NAME_CHARS = 80
_MIN_FUZZY = 3


def role_group(role: str) -> str:
    role = role.lower()
    return _ROLE_GROUPS.get(role, role)


def normalize_name(name: str) -> str:
    text = "".join(name.replace('\\"', '"').replace('"', "").split()).lower()
    return text[:_NAME_CHARS]


@dataclass(frozen=True)
class Score:
    recall: float | None
    recall_window: float | None
    precision: float | None
    matched: int  # reference elements matched (whole page)
    reference: int
    reference_window: int
    items: int
    by: str  # "id" or "role+name"
    missed: tuple[int, ...] = ()  # reference indices no item matched
    extra: tuple[int, ...] = ()  # item indices that match no reference element
    neutral: int = 0  # items that are parts of a control, left out of precision


def _ratio(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def match_by_id(reference: list[RefElement], items: list[ToolItem]) -> set[int]:
    """Indices of reference elements whose backendNodeId some item carries."""
    ids = {item.backend_node_id for item in items}
    return {i for i, ref in enumerate(reference) if ref.backend_node_id in ids}


def match_by_name(reference: list[RefElement], items: list[ToolItem]) -> dict[int, int]:
    """One-to-one item index → reference index, by the role/name rule of this module."""
    names = [normalize_name(r.name) for r in reference]
    exact: dict[tuple[str, str], deque[int]] = defaultdict(deque)
    by_name: dict[str, deque[int]] = defaultdict(deque)
    for i, ref in enumerate(reference):
        exact[(role_group(ref.role), names[i])].append(i)
        if len(names[i]) >= _MIN_FUZZY:
            by_name[names[i]].append(i)
    taken: set[int] = set()
    pairs: dict[int, int] = {}

    def take(queue: deque[int] | None) -> int | None:
        while queue:
            index = queue.popleft()
            if index not in taken:
                taken.add(index)
                return index
        return None

    item_keys = [(role_group(it.role), normalize_name(it.name)) for it in items]
    for k, key in enumerate(item_keys):  # pass a: role group and name
        found = take(exact.get(key))
        if found is not None:
            pairs[k] = found

    sorted_keys = sorted(exact)
    for k, (group, name) in enumerate(item_keys):  # pass b: prefix either way
        if k in pairs or len(name) < _MIN_FUZZY:
            continue
        found = None
        for cut in range(len(name) - 1, _MIN_FUZZY - 1, -1):  # reference name ⊂ item name
            found = take(exact.get((group, name[:cut])))
            if found is not None:
                break
        if found is None:  # item name ⊂ reference name
            start = bisect.bisect_left(sorted_keys, (group, name))
            for key in sorted_keys[start:]:
                if key[0] != group or not key[1].startswith(name):
                    break
                found = take(exact[key])
                if found is not None:
                    break
        if found is not None:
            pairs[k] = found

    for k, (_, name) in enumerate(item_keys):  # pass c: same name, any role
        if k not in pairs and len(name) >= _MIN_FUZZY:
            found = take(by_name.get(name))
            if found is not None:
                pairs[k] = found
    return pairs


def score(reference: list[RefElement], window: list[RefElement], items: list[ToolItem],
          neutral: list[RefElement] | None = None,
          neutral_ids: set[int] | None = None) -> Score:
    """Recall (page and window) and precision of ``items`` against the reference."""
    window_keys = {(r.frame_id, r.path) for r in window}
    neutral_ids = neutral_ids or set()
    if items and all(item.backend_node_id is not None for item in items):
        matched_refs = match_by_id(reference, items)
        ref_ids = {r.backend_node_id for r in reference if r.backend_node_id is not None}
        first_of_id: dict[int | None, int] = {}
        for k, item in enumerate(items):
            first_of_id.setdefault(item.backend_node_id, k)
        unique = list(first_of_id.values())  # a node listed twice counts once
        unmatched = [k for k in unique if items[k].backend_node_id not in ref_ids]
        excused = {k for k in unmatched if items[k].backend_node_id in neutral_ids}
        n_items = len(unique)
        by = "id"
    else:
        pairs = match_by_name(reference, items)
        matched_refs = set(pairs.values())
        unmatched = [k for k in range(len(items)) if k not in pairs]
        parts = match_by_name(neutral or [], [items[k] for k in unmatched])
        excused = {unmatched[j] for j in parts}
        n_items = len(items)
        by = "role+name"
    extra = tuple(k for k in unmatched if k not in excused)
    counted = n_items - len(excused)
    in_window = sum((reference[i].frame_id, reference[i].path) in window_keys
                    for i in matched_refs)
    return Score(
        recall=_ratio(len(matched_refs), len(reference)),
        recall_window=_ratio(in_window, len(window)),
        precision=_ratio(counted - len(extra), counted),
        matched=len(matched_refs), reference=len(reference), reference_window=len(window),
        items=n_items, by=by,
        missed=tuple(i for i in range(len(reference)) if i not in matched_refs),
        extra=extra, neutral=len(excused),
    )
