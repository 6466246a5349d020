"""DOM channel: from the walker's facts to indexed, redacted interactive elements.

``build_dom_result(capture, options, state)`` serves both formats ("domtext", "elements")
with one computation: join (walker_merge) → decide → index (registry) → redact → render.

Deciding, from the walker's facts and the CDP facts joined to them:
- visible: not display:none / opacity:0 (the walker skips those subtrees), not
  visibility:hidden, a non-zero box, and its centre not covered by another element
  (``top`` 0, e.g. under a modal); with ``viewport_only`` it must intersect the viewport
  grown by ``viewport_expand_px`` (the walker already skipped what lies outside);
- interactive: a walker reason (form control, a[href], onclick, interactive ARIA role,
  tabindex ≥ 0, contenteditable, action attribute, a <label> of an enabled control, or the
  element where cursor:pointer starts), a click-type event listener (which the isolated
  world cannot see: the extension's ``k``, or DOMSnapshot ``isClickable``), or an
  interactive AX role. A pointer-, label- or listener-only element inside another
  interactive element is left to its ancestor.

Coordinates: ``rect`` in CSS pixels of the main document (viewport + scroll, as SnapshotV1
``bbox``); ``center`` and DOM text's ``@(x,y)`` in viewport CSS pixels, where a click lands.
"""

from __future__ import annotations

from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.caps import MAX_VALUE
from axsnap_host.pipeline.dom.registry import (
    Entry,
    IndexRegistry,
    Update,
    entry_key,
    registry_entry,
)
from axsnap_host.pipeline.dom.targets import (
    WEAK_REASONS,
    Selectors,
    container_of,
    delegated,
    drop_repeating_containers,
    part_of,
)
from axsnap_host.pipeline.dom.walker_facts import add_walker_facts
from axsnap_host.pipeline.dom.walker_merge import (
    Joined,
    alive_keys,
    frame_ordinals,
    joined_records,
)
from axsnap_host.pipeline.elements.model import (
    ElementFacts,
    context_shown,
    dom_role,
    element_facts,
)
from axsnap_host.pipeline.incomplete import capture_gaps, incomplete_fact
from axsnap_host.pipeline.page_status import empty_dom_notes
from axsnap_host.pipeline.redaction import URL_ATTRIBUTES, mask, scrub_text, scrub_url
from axsnap_host.pipeline.secrets import page_secret_names, secret_fields
from axsnap_host.render.domtext import render_domtext
from axsnap_host.render.elements import render_elements

INTERACTIVE_AX_ROLES = frozenset({
    "button", "link", "checkbox", "radio", "switch", "tab", "menuitem", "menuitemcheckbox",
    "menuitemradio", "option", "combobox", "textbox", "searchbox", "slider", "spinbutton",
    "treeitem", "listbox", "TextField", "PopUpButton", "ToggleButton", "DisclosureTriangle",
})


def _document_id(capture: RawCapture) -> str | None:
    if capture.frames:
        loader = (capture.frames[0].model_extra or {}).get("loaderId")
        if loader:
            return str(loader)
    return capture.tab.url.split("#", 1)[0] or None


def _reasons(j: Joined, joined: list[Joined]) -> list[str]:
    reasons = list(j.rec.get("c") or [])
    if j.clickable and j.tag not in ("html", "body"):
        reasons.append("clickable")
    elif not reasons and delegated(joined, j):
        reasons.append("delegated")
    if j.ax_role in INTERACTIVE_AX_ROLES and not reasons:
        reasons.append("ax-role")
    return reasons


# A window grown this far is a whole-page read (acting's, extension/lib/act/route.js
# ACT_EXPAND_PX): it lists what lies below a scroll box's fold too, as viewport_only=False
# does, so words name a row the box has not scrolled to yet (issue 32).
WHOLE_PAGE_WINDOW_PX = 10_000


def _with_unlisted(entries: list[Entry], chosen: list[tuple[Joined, list[str]]],
                   joined: list[Joined], labels: dict[int, str]) -> list[Entry]:
    """``entries`` and, in document order among them, the interactive elements present but
    not listed (a modal covers them): they claim their dead twins' indices (registry.py)."""
    listed = {j.rid: entry for (j, _), entry in zip(chosen, entries, strict=True)}
    everything = select_interactive(joined, SnapshotOptions(), present=True)
    rids = sorted(listed.keys() | {j.rid for j, _ in everything})
    unlisted = {j.rid: registry_entry(j, dom_role(j), _name(j) or labels.get(j.rid, ""), False)
                for j, _ in everything if j.rid not in listed}
    return [listed[rid] if rid in listed else unlisted[rid] for rid in rids]


def _visible(j: Joined, options: SnapshotOptions, present: bool = False) -> bool:
    rec = j.rec
    r = rec.get("r") or [0, 0, 0, 0]
    if not rec.get("vis") or r[2] <= 0 or r[3] <= 0:
        return False
    if present:
        return True  # shown or not (covered, below a fold, outside the window): it has a box
    if rec.get("top") == 0:
        return False
    if rec.get("clip") and options.viewport_only \
            and options.viewport_expand_px < WHOLE_PAGE_WINDOW_PX:
        return False  # beyond a scroll box's fold: only a whole-page read lists it
    return not (options.viewport_only and not rec.get("win"))


def select_interactive(
    joined: list[Joined], options: SnapshotOptions, present: bool = False
) -> list[tuple[Joined, list[str]]]:
    """Interactive, visible records in document order, each with its reasons
    (pipeline/dom/targets.py: what counts as a target of its own). ``present``: shown
    or not (covered, below a fold, outside the window), as long as it has a box."""
    chosen: dict[int, list[str]] = {}
    picked: list[tuple[Joined, list[str]]] = []
    containers: dict[int, int] = {}  # container_of's memo: records come in document order
    for j in joined:
        reasons = _reasons(j, joined)
        if not reasons:
            continue
        up = container_of(joined, j, chosen, containers)
        if up >= 0 and part_of(reasons, chosen[up]):
            continue
        if not _visible(j, options, present):
            continue
        chosen[j.rid] = reasons
        picked.append((j, reasons))
    return drop_repeating_containers(joined, picked)


def fold_labels(
    chosen: list[tuple[Joined, list[str]]], joined: list[Joined]
) -> tuple[list[tuple[Joined, list[str]]], dict[int, str]]:
    """Drop a ``<label>`` listed only for being clickable when it wraps a listed control.

    Clicking such a label just forwards to its control, so one line is enough: the
    control's, which takes the label's text as its ``label`` (returned by record id).
    """
    labels = {j.rid for j, reasons in chosen if j.tag == "label" and set(reasons) <= WEAK_REASONS}
    if not labels:
        return chosen, {}
    label_of: dict[int, int] = {}
    # record → the nearest of it and its ancestors that is such a label (-1: none): each
    # ancestor looked at once for all the listed elements under it
    nearest: dict[int, int] = {}
    for j, _ in chosen:
        if j.tag == "option" or j.rid in labels:
            continue  # the options of a labelled <select>: the label names the select
        label = _nearest_in(joined, j.rec.get("p", -1), labels, nearest)
        if label >= 0:
            label_of[j.rid] = label
    folded = set(label_of.values())
    texts = {rid: str(joined[label].rec.get("tx") or "").strip() for rid, label in label_of.items()}
    return [(j, r) for j, r in chosen if j.rid not in folded], texts


def _nearest_in(joined: list[Joined], start: Any, wanted: set[int],
                nearest: dict[int, int]) -> int:
    """The first of record ``start`` and its ancestors (``p``) in ``wanted``, or -1;
    ``nearest`` keeps the answer of every record it passed, for the next ask."""
    path: list[int] = []
    p = start
    found = -1
    while isinstance(p, int) and p >= 0:
        if p in wanted:
            found = p
            break
        known = nearest.get(p)
        if known is not None:
            found = known
            break
        path.append(p)
        p = joined[p].rec.get("p", -1)
    for rid in path:
        nearest[rid] = found
    return found


def drop_named_labels(chosen: list[tuple[Joined, list[str]]]) -> list[tuple[Joined, list[str]]]:
    """Drop a ``<label for>`` listed only for being clickable when the field it names is
    listed under its words (the element model's name, source "label"): one control, one
    line. A label in front of a visually hidden radio or checkbox stays as the control (and
    the hidden input goes)."""
    fronts = {str(j.rec.get("nm")) for j, r in chosen if j.tag == "label"
              and set(r) <= WEAK_REASONS and (j.rec.get("st") or {}).get("hiddenControl")}
    chosen = [(j, r) for j, r in chosen if not (j.tag == "input" and _tiny(j) and j.rec.get(
        "ns") == "label" and j.rec.get("nm") in fronts)]  # the input its label stands for
    named = {str(j.rec.get("nm")) for j, _ in chosen
             if j.tag != "label" and j.rec.get("ns") == "label" and j.rec.get("nm")}
    if not named:
        return chosen
    return [(j, r) for j, r in chosen
            if not (j.tag == "label" and set(r) <= WEAK_REASONS and j.rec.get("nm") in named
                    and not (j.rec.get("st") or {}).get("hiddenControl"))]


def _tiny(j: Joined) -> bool:  # ≤ 2 px a side: the walker's hidden control (person_state.js)
    return any(isinstance(v, int | float) and v <= 2 for v in (j.rec.get("r") or [0, 0, 0, 0])[2:4])


def _name(j: Joined) -> str:
    if j.ax_name:
        return j.ax_name
    attrs = j.rec.get("a") or {}
    for key in ("aria-label", "title", "alt", "placeholder"):
        if attrs.get(key):
            return str(attrs[key])
    return str(j.rec.get("tx") or j.rec.get("hint") or "")


def _redact(record: dict[str, Any], kind: str | None) -> int:
    """Mask secrets in one element record in place; returns how many pieces were masked.
    ``kind``: the capture's one decision for this element (pipeline/secrets.py)."""
    count = 0
    attrs: dict[str, str] = dict(record["attributes"])  # maybe the walker record's own
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


def _attributes(raw: Any) -> dict[str, str]:
    """The walker record's own dict when its names and values are strings no cap cuts
    (~11 MB of copies on the 100k page; redaction makes a new one if it changes any), else
    a copy of strings."""
    if type(raw) is dict and all(type(k) is str and type(v) is str and len(v) <= MAX_VALUE
                                 for k, v in raw.items()):
        return raw
    return {str(k): str(v) for k, v in (raw or {}).items()}


def build_dom_result(capture: RawCapture, options: SnapshotOptions, state: Any,
                     text: bool = True) -> dict[str, Any]:
    """``{"domtext", "elements", "indices", "stats"}`` for one capture (see module doc); no
    DOM text when not ``text`` (acting renders only the lines that changed: act/report.py)."""
    registry: IndexRegistry = state.dom_registry
    walker = capture.walker or {}
    joined = joined_records(capture)
    secrets = secret_fields(capture, joined) if options.redact else None
    ordinals = frame_ordinals(capture, joined)
    chosen, label_texts = fold_labels(select_interactive(joined, options), joined)
    chosen = drop_named_labels(chosen)
    layout = capture.layout or {}
    layout_vp = layout.get("cssLayoutViewport") or {}
    scroll_x = float(layout_vp.get("pageX", (walker.get("scroll") or {}).get("x", 0)) or 0)
    scroll_y = float(layout_vp.get("pageY", (walker.get("scroll") or {}).get("y", 0)) or 0)

    records: list[dict[str, Any]] = []
    selectors = Selectors(joined)
    kinds: list[str | None] = []
    entries: list[Entry] = []
    described: list[ElementFacts] = []
    for j, reasons in chosen:
        kinds.append(secrets.kind_of_record(j) if secrets is not None else None)
        label = label_texts.get(j.rid, "")
        rec = j.rec
        r = rec.get("r") or [0, 0, 0, 0]
        rect = {"x": round(r[0] + scroll_x), "y": round(r[1] + scroll_y), "width": r[2],
                "height": r[3]}
        facts = element_facts(j, dom_role(j), _name(j) or label,
                              (rect["x"], rect["y"], rect["width"], rect["height"]))
        described.append(facts)
        attrs = _attributes(rec.get("a"))
        record: dict[str, Any] = {
            "index": 0,
            "tagName": j.tag,
            "text": str(rec.get("tx") or ""),
            "attributes": attrs,
            "rect": rect,
            "center": {"x": round(r[0] + r[2] / 2), "y": round(r[1] + r[3] / 2)},
            "xpath": j.xpath,
            "selector": selectors.of(j),
            "isInteractive": True,
            "reasons": reasons,
            **facts.as_record(),
            "backendNodeId": j.backend_node_id,
            "frame": ordinals.get(j.frame, 0),
            "inViewport": bool(rec.get("inv")),
        }
        if label:
            record["label"] = label
        if facts.value is not None:
            record["value"] = facts.value
        if "filled" in rec:
            record["value"] = ""
            record["_filled"] = bool(rec["filled"])
        if "chk" in rec:
            record["checked"] = bool(rec["chk"])
        elif isinstance(facts.states.get("checked"), bool):
            record["checked"] = facts.states["checked"]
        add_walker_facts(record, rec)
        if rec.get("dis"):
            record["disabled"] = True
        records.append(record)
        entries.append(registry_entry(j, dom_role(j), _name(j) or label))
    # by the record's identity, not a key: one more key doubled a record's table (kept)
    shown = {id(r) for r, said in zip(records, context_shown(described), strict=True) if said}

    if capture.walker is None:
        # No walker output (it failed: see capture.errors): report nothing rather than
        # claim every listed element was removed.
        update = Update([], [], [])
    else:
        alive = alive_keys(capture).with_keys({entry_key(j) for j in joined})
        document = _document_id(capture)
        if registry.dying(document, alive):  # a re-render: its twins may be present, unlisted
            entries = _with_unlisted(entries, chosen, joined, label_texts)
        update = registry.update(document, entries, alive)
    redacted = 0
    for record, index, kind in zip(records, update.indices, kinds, strict=True):
        record["index"] = index
        if options.redact:
            redacted += _redact(record, kind)
        else:
            if record.pop("_filled", None):
                record["value"] = "[filled]"
    url = capture.tab.url or walker.get("url", "")
    title = capture.tab.title or walker.get("title", "")
    if options.redact:
        url, found_url = scrub_url(url, page_secret_names(capture))
        title, found_title = scrub_text(title)
        redacted += found_url + found_title
    header = _header(capture, walker, url, title)
    if options.viewport_only:
        header["outside"] = outside_window(walker, joined, records, chosen)
    status = live_texts(joined)
    if options.redact:
        status = [(kind, scrub_text(text)[0]) for kind, text in status]
    if status:
        header["status"] = status
    notes = [] if records else empty_dom_notes(capture, options.viewport_only)
    if (incomplete := incomplete_fact(capture_gaps(capture, options))) is not None:
        header["incomplete"] = incomplete  # the DOM text's first line (render/domtext.py)
    if options.redact:  # a note may quote a browser message, which may quote the URL
        notes = [scrub_text(note)[0] for note in notes]
    if notes:
        header["notes"] = notes
    stats = {
        "dom_elements": len(records),
        "dom_redacted": redacted,
        "walker": walker.get("stats"),
        "walker_missing": capture.walker is None,
        "walker_records": len(joined),
        "walker_unjoined": sum(1 for j in joined if j.backend_node_id is None),
        "viewport_only": options.viewport_only,
        "viewport_expand_px": options.viewport_expand_px,
    }
    return {
        "domtext": render_domtext(header, records, shown) if text else "",
        "elements": render_elements(records),
        **({"notes": notes} if notes else {}),
        **({"incomplete": incomplete} if incomplete else {}),
        "indices": {"added": update.added, "removed": update.removed},
        "stats": stats,
    }


def outside_window(walker: dict[str, Any], joined: list[Joined],
                   records: list[dict[str, Any]],
                   chosen: list[tuple[Joined, list[str]]]) -> dict[str, Any]:
    """What a window read leaves out: the boxes the walk cut above and below the window
    (its stats), and per listed scroll box the elements below its fold (records the walk
    marked ``clip``, by their nearest listed scroll box)."""
    stats = walker.get("stats") or {}
    out: dict[str, Any] = {"above": int(stats.get("above") or 0),
                           "below": int(stats.get("below") or 0)}
    index_of = {j.rid: record["index"] for (j, _), record in zip(chosen, records, strict=True)
                if j.rec.get("scr")}
    boxes: dict[int, int] = {}
    for j in joined:
        if not j.rec.get("clip"):
            continue
        p = j.rec.get("p", -1)
        while isinstance(p, int) and p >= 0 and p not in index_of:
            p = joined[p].rec.get("p", -1)
        if isinstance(p, int) and p in index_of:
            boxes[index_of[p]] = boxes.get(index_of[p], 0) + 1
    if boxes:
        out["boxes"] = boxes
    return out


def live_texts(joined: list[Joined]) -> list[tuple[str, str]]:
    """What the page's status, alert and log regions and toasts say now (the walker's
    ``live``/``ltx``), outermost first, a region inside another one said once."""
    out: list[tuple[str, str]] = []
    seen: set[int] = set()
    for j in joined:
        kind = j.rec.get("live")
        if not kind:
            continue
        p = j.rec.get("p", -1)
        inside = False
        while isinstance(p, int) and p >= 0:
            if p in seen:
                inside = True
                break
            p = joined[p].rec.get("p", -1)
        seen.add(j.rid)
        if not inside and j.rec.get("vis") and j.rec.get("ltx"):
            out.append((str(kind), str(j.rec["ltx"])))
    return out


def _header(capture: RawCapture, walker: dict[str, Any], url: str, title: str) -> dict[str, Any]:
    layout = capture.layout or {}
    vp = layout.get("cssLayoutViewport") or {}
    content = layout.get("cssContentSize") or {}
    wvp = walker.get("viewport") or {}
    wscroll = walker.get("scroll") or {}
    width = vp.get("clientWidth", wvp.get("w", 0))
    height = vp.get("clientHeight", wvp.get("h", 0))
    content_h = content.get("height", wscroll.get("h", height))
    return {
        "width": round(float(width or 0)),
        "height": round(float(height or 0)),
        "scroll_y": round(float(vp.get("pageY", wscroll.get("y", 0)) or 0)),
        "max_scroll_y": max(0, round(float(content_h or 0) - float(height or 0))),
        "url": url,
        "title": title,
    }
