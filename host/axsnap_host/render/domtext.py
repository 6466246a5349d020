"""DOM text: the page as numbered interactive-element lines, for a language model.

Shape (issue 3)::

    [Viewport: 1465x845]
    [Scroll: Y=0/3200]
    [URL: https://example.com/chat]
    [Title: Chat]

    Interactive Elements:
    [5] <button> role="button" aria-label="Create" "+"
    [18] <input> placeholder="Search people, messages..." @(120,78)

``Scroll: Y=<scrollY>/<max scrollY>``. A line is ``[index] <tag>``, then ``role`` when the
element carries a role attribute or is another control than its tag says (a ``<label>`` in
front of a hidden radio is the radio, a class-drawn toggle a switch: pipeline/elements/model.py),
then a short list of attributes in a fixed order, then
``label`` (the accessible name when nothing else on the line says it: a ``<label for>``,
``aria-labelledby``, or the text of a wrapping ``<label>``, which is then not listed on its
own line), ``in`` (the row, field or card it sits in, where its name repeats or it is a
setting), the value and states (``checked``/``unchecked``, ``selected``, ``pressed``,
``expanded``/``collapsed``, ``current``), then the text in quotes. ``@(x,y)`` (the centre,
viewport CSS pixels) is added when the element has no text to recognise it by. What the
page's status/alert regions and toasts say follows the elements as ``[Status: "…"]``. When
controls sit in a dialog (``<dialog>``, ``role=dialog``, ``aria-modal``, a fixed box whose
class says modal), they come first under ``Dialog "<name>":`` and the rest under ``Behind
the dialog (inert):``.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from axsnap_host.pipeline.incomplete import incomplete_line
from axsnap_host.pipeline.text_clean import clean_text

LINE_ATTRS = ("id", "type", "name", "aria-label", "placeholder", "title", "alt", "href",
              "aria-expanded", "aria-checked", "aria-selected", "aria-pressed",
              "contenteditable")
SHOWN_INPUT_TYPES_SKIP = frozenset({"", "text"})
_LINE_RANK = {key: rank for rank, key in enumerate(LINE_ATTRS)}
TEXT_MAX = 100


def _quote(value: str) -> str:
    """The value cleaned as outline text is (no invisible or icon-font characters, one space
    for any run of white space), cut at TEXT_MAX, in double quotes."""
    return _quote_clean(clean_text(value))


def _quote_clean(value: str) -> str:
    """:func:`_quote` of a value cleaned already."""
    if len(value) > TEXT_MAX:
        value = value[: TEXT_MAX - 1] + "…"
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


# the role a tag says by itself: no role= written for it
_TAG_ROLES = {"button": "button", "a": "link", "select": "combobox", "textarea": "textbox",
              "summary": "button", "option": "option", "label": "generic",
              "input": "textbox"}
_INPUT_ROLES = {"checkbox": "checkbox", "radio": "radio", "range": "slider",
                "number": "spinbutton", "search": "searchbox", "button": "button",
                "submit": "button", "reset": "button", "image": "button"}
# states an attribute on the line already says
_STATE_ATTRS = {"checked": "aria-checked", "selected": "aria-selected",
                "pressed": "aria-pressed", "expanded": "aria-expanded"}


def _implied_role(record: dict[str, Any]) -> str:
    tag = record["tagName"]
    if tag == "input":
        kind = str(record.get("attributes", {}).get("type", "")).lower()
        return _INPUT_ROLES.get(kind, "textbox")
    return _TAG_ROLES.get(tag, "generic")


def state_word(key: str, value: Any) -> str:
    """One state as a word (pipeline/elements/model.ElementFacts.state_words): "" when its value
    says nothing (a tab that is not selected)."""
    if key == "checked":
        return "mixed" if value == "mixed" else "checked" if value else "unchecked"
    if key == "expanded":
        return "expanded" if value else "collapsed"
    if value is True:
        return key
    return f"{key}={value}" if isinstance(value, str) else ""


def element_line(record: dict[str, Any], context_shown: bool = False) -> str:
    """One element's line; ``context_shown``: its context is said (``in=``), where the
    element model says it tells the element apart (elements.model.context_shown)."""
    attrs: dict[str, str] = record.get("attributes", {})
    parts = [f"[{record['index']}]", f"<{record['tagName']}>"]
    role = str(record.get("role") or "")
    if attrs.get("role"):
        parts.append(f"role={_quote(attrs['role'])}")
    elif role and role[0].islower() and role not in ("generic", _implied_role(record)):
        # an ARIA role the element model gave it (Chromium's own roles, "LabelText", not)
        parts.append(f"role={_quote(role)}")
    present = attrs.keys() & _LINE_RANK  # (most elements: one or two of them)
    for key in sorted(present, key=_LINE_RANK.__getitem__) if len(present) > 1 else present:
        value = attrs[key]
        if value is None:
            continue
        if key == "type" and value.lower() in SHOWN_INPUT_TYPES_SKIP:
            continue
        if key == "name" and record["tagName"] not in ("input", "select", "textarea"):
            continue
        parts.append(f"{key}={_quote(value)}")
    text = record.get("text") or ""
    cleaned = clean_text(text)  # (said by the label's test and, quoted, at the line's end)
    label = _label(record, attrs, cleaned)
    if label:
        parts.append(f"label={_quote_clean(label)}")  # (_label's answer: cleaned)
    if context_shown and record.get("context"):
        parts.append(f"in={_quote(record['context'])}")
    if record.get("value"):
        parts.append(f"value={_quote(record['value'])}")
    options = record.get("options")
    if options:
        more = record.get("optionsMore") or 0
        shown = ", ".join(_quote(option) for option in options)
        parts.append(f"options=[{shown}{f', … +{more} more' if more else ''}]")
    if record.get("hint"):
        parts.append(f"hint={_quote(record['hint'])}")
    if record.get("scrollable"):
        parts.append("scrollable")
    if record.get("partlyCovered"):
        parts.append("partly-covered")
    states = record.get("states") or {}
    for key, value in states.items():
        attr = _STATE_ATTRS.get(key)
        if key == "disabled" or (attr and attrs.get(attr) in ("true", "false", "mixed")):
            continue  # its own word below, or the attribute on the line says it
        if word := state_word(key, value):
            parts.append(word)
    if "checked" not in states and record.get("checked"):
        parts.append("checked")
    if record.get("description") and not record.get("hint"):
        parts.append(f"hint={_quote(record['description'])}")
    if record.get("disabled"):
        parts.append("disabled")
    if text:
        parts.append(_quote_clean(cleaned))
    else:
        center = record.get("center") or {}
        parts.append(f"@({center.get('x', 0)},{center.get('y', 0)})")
    return " ".join(parts)


def _label(record: dict[str, Any], attrs: dict[str, str], text: str) -> str:
    """The element's label, unless the line already says it (its text, cleaned: ``text``,
    its hint or an attribute)."""
    label = clean_text(str(record.get("name") or record.get("label") or ""))
    if not label or label == text:
        return ""
    if label == clean_text(record.get("hint") or ""):
        return ""
    for key in _NAMING_ATTRS:
        if attrs.get(key) and clean_text(attrs[key]) == label:
            return ""
    return label


_NAMING_ATTRS = ("aria-label", "placeholder", "title", "alt", "value")


def render_domtext(header: dict[str, Any], records: list[dict[str, Any]],
                   context_shown: Collection[int] = ()) -> str:
    """The DOM text; ``context_shown``: the ``id()`` of each record whose context is said."""
    incomplete = header.get("incomplete")
    said = incomplete_line(incomplete) if incomplete else ""
    lines = [said] if said else []  # read first: parts of the page are missing
    lines += [
        f"[Viewport: {header['width']}x{header['height']}]",
        f"[Scroll: Y={header['scroll_y']}/{header['max_scroll_y']}]",
        f"[URL: {header['url']}]",
        f"[Title: {header['title']}]",
        "",
        "Interactive Elements:",
    ]
    in_dialog = [r for r in records if r.get("dialog")]
    if in_dialog:  # a dialog is what a person deals with first; the page behind waits
        for name in dict.fromkeys(str(r["dialog"]) for r in in_dialog):
            lines.append(f"Dialog {_quote(name)}:")
            lines.extend(element_line(r, id(r) in context_shown) for r in in_dialog
                         if r["dialog"] == name)
        behind = [r for r in records if not r.get("dialog")]
        if behind:
            lines.append("Behind the dialog (inert):")
            lines.extend(element_line(r, id(r) in context_shown) for r in behind)
    else:
        lines.extend(element_line(r, id(r) in context_shown) for r in records)
    outside = header.get("outside") or {}
    for index, count in sorted((outside.get("boxes") or {}).items()):
        lines.append(f"[… {count} more in scroll box [{index}], below its fold]")
    if outside.get("above"):
        lines.append(f"[… {outside['above']} more boxes above the window]")
    if outside.get("below"):
        lines.append(f"[… {outside['below']} more boxes below the window "
                     "(scroll, or read with viewport_only=false)]")
    lines.extend(f"[{kind.capitalize() if kind in ('alert', 'log') else 'Status'}: "
                 f"{_quote(text)}]" for kind, text in header.get("status") or ())
    lines.extend(f"[Note: {note}]" for note in header.get("notes") or ())
    return "\n".join(lines) + "\n"
