"""DOM channel: from the walker's facts to indexed, redacted interactive elements.

``build_dom_result(capture, options, state)`` serves both formats ("domtext", "elements")
with one computation: join (walker_merge) → choose (choose.py) → index (registry) → redact
→ render (render/domtext.py).

Choosing, from the walker's facts and the CDP facts joined to them:
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

The ``elements`` output is one record per listed element, as built here (no host-only key:
what the host keeps of a record, the walker's ``filled``, it keeps beside it). Keys: index,
tagName, text, attributes, rect {x,y,width,height} (main-document CSS px), center {x,y}
(viewport CSS px), xpath (frame-aware: an iframe's XPath prefixes its document's;
``#shadow-root`` marks a shadow hop), selector (within the element's document; `` >>> ``
crosses a shadow root), isInteractive, reasons, role, name, backendNodeId, frame (ordinal in
RawCapture.frames), inViewport, and value / checked / disabled / secret where they apply.
The element model's facts (pipeline/elements/model.py): role, name, nameSource,
description, states, context, actions.

Coordinates: ``rect`` in CSS pixels of the main document (viewport + scroll, as SnapshotV1
``bbox``); ``center`` and DOM text's ``@(x,y)`` in viewport CSS pixels, where a click lands.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.caps import MAX_VALUE
from axsnap_host.pipeline.dom.choose import (
    Candidates,
    candidates,
    drop_named_labels,
    fold_labels,
    select_interactive,
)
from axsnap_host.pipeline.dom.registry import (
    Entry,
    IndexRegistry,
    Update,
    entry_keys,
    registry_entry,
)
from axsnap_host.pipeline.dom.targets import Selectors
from axsnap_host.pipeline.dom.walker_merge import Joined, frame_ordinals, joined_records
from axsnap_host.pipeline.elements.alive_keys import AliveKeys, alive_keys
from axsnap_host.pipeline.elements.model import (
    ElementFacts,
    context_shown,
    dom_role,
    element_facts,
)
from axsnap_host.pipeline.elements.walker_ids import keeps_backend_id, walk_id_of
from axsnap_host.pipeline.incomplete import capture_gaps, incomplete_fact
from axsnap_host.pipeline.page_status import empty_dom_notes
from axsnap_host.pipeline.read_shared import is_last_format
from axsnap_host.pipeline.redaction import URL_ATTRIBUTES, mask, scrub_text, scrub_url
from axsnap_host.pipeline.scrub_memo import SAME, table
from axsnap_host.pipeline.secrets import page_secret_names, secret_fields
from axsnap_host.render.domtext import render_domtext


def _document_id(capture: RawCapture) -> str | None:
    if capture.frames:
        loader = (capture.frames[0].model_extra or {}).get("loaderId")
        if loader:
            return str(loader)
    return capture.tab.url.split("#", 1)[0] or None


def _with_unlisted(entries: list[Entry], chosen: list[tuple[Joined, list[str]]],
                   joined: list[Joined], labels: dict[int, str],
                   among: Candidates, options: SnapshotOptions) -> list[Entry]:
    """``entries`` and, in document order among them, the interactive elements present but
    not listed (a modal covers them): they claim their dead twins' indices (registry.py)."""
    listed = {j.rid: entry for (j, _), entry in zip(chosen, entries, strict=True)}
    # (present: shown or not, whatever the options say)
    everything = select_interactive(joined, options, present=True, among=among)
    rids = sorted(listed.keys() | {j.rid for j, _ in everything})
    unlisted = {j.rid: registry_entry(j, dom_role(j), _name(j) or labels.get(j.rid, ""), False)
                for j, _ in everything if j.rid not in listed}
    return [listed[rid] if rid in listed else unlisted[rid] for rid in rids]


def _name(j: Joined) -> str:
    if j.ax_name:
        return j.ax_name
    attrs = j.rec.get("a") or {}
    for key in ("aria-label", "title", "alt", "placeholder"):
        if attrs.get(key):
            return str(attrs[key])
    return str(j.rec.get("tx") or j.rec.get("hint") or "")


_SCRUBBED_KEYS = ("text", "name", "value", "label", "hint", "context", "description")
_TEXTS, _URLS = table("text"), table("url")  # the scrubbers' memo (scrub_memo.py)


def _redact(record: dict[str, Any], kind: str | None, filled: bool = False) -> int:
    """Mask secrets in one element record in place; returns how many pieces were masked.
    ``kind``: the capture's one decision for this element (pipeline/secrets.py);
    ``filled``: the walker says its field holds a value it did not send."""
    count = 0
    masked = ""
    if kind:
        filled = bool(record.get("value")) or filled
        record["value"] = masked = mask("x" if filled else "")
        if record["text"]:
            record["text"] = mask(record["text"])
        record["secret"] = kind
        count += 1
    texts, urls = _TEXTS, _URLS  # (a text the scrubbers' memo knows unchanged: not asked)
    for key in _SCRUBBED_KEYS:
        value = record.get(key)
        if value and isinstance(value, str) and texts.get(value) is not SAME:
            record[key], found = scrub_text(value)  # ("" is its own answer)
            count += found
    if kind and record.get("options"):
        record["options"] = [mask(option) for option in record["options"]]
        count += 1
    for i, option in enumerate(record.get("options") or ()):
        record["options"][i], found = scrub_text(option)
        count += found
    attrs: dict[str, str] = record["attributes"]  # maybe the walker record's own: not changed
    changed = bool(kind and "value" in attrs)
    if changed:
        attrs = {**attrs, "value": masked}
    for key, value in attrs.items():
        if key in URL_ATTRIBUTES:
            if urls.get(value) is SAME:
                continue
            scrubbed, found = scrub_url(value)
        elif texts.get(value) is SAME:
            continue
        else:
            scrubbed, found = scrub_text(value)
        count += found
        changed = changed or scrubbed != value
    if changed:  # the scrubbers asked again: pure functions of their text
        record["attributes"] = {key: _scrub_attribute(key, value)[0]
                                for key, value in attrs.items()}
    return count


def _scrub_attribute(key: str, value: str) -> tuple[str, int]:
    return scrub_url(value) if key in URL_ATTRIBUTES else scrub_text(value)


_WALKER_FACTS = ("opts", "hint", "scr", "pt", "clip")  # the keys add_walker_facts reads


def add_walker_facts(record: dict[str, Any], rec: dict[str, Any]) -> None:
    """Copy the walker's extra facts of one record (``rec``) onto its element ``record``:

    - ``options`` (a ``<select>``'s first options, as shown) and ``optionsMore`` (how many
      more it has): choosing from DOM text needs the choices;
    - ``hint``: what names an element that shows no text (title, aria-*, alt, an icon class
      such as ``fa-trash`` → ``trash``, an SVG ``<title>``, an image's file name);
    - ``scrollable``: a box whose content scrolls (what lies below its fold is listed with
      ``viewport_only=False``);
    - ``partlyCovered`` with ``center`` moved to a point of the element that is not covered,
      where a click reaches it;
    - ``clipped``: beyond its scroll box's fold (whole-page reads only).
    """
    options = rec.get("opts")
    if isinstance(options, list):
        record["options"] = [str(option) for option in options]
        total = rec.get("optn")
        more = total - len(options) if isinstance(total, int) else 0
        if more > 0:
            record["optionsMore"] = more
    if rec.get("hint") and not rec.get("tx"):
        record["hint"] = str(rec["hint"])
    if rec.get("scr"):
        record["scrollable"] = True
    point = rec.get("pt")
    if isinstance(point, list) and len(point) == 2:
        record["center"] = {"x": round(point[0]), "y": round(point[1])}
        record["partlyCovered"] = True
    if rec.get("clip"):
        record["clipped"] = True


def _attributes(raw: Any) -> dict[str, str]:
    """The walker record's own dict when its names and values are strings no cap cuts
    (~11 MB of copies on the 100k page; redaction makes a new one if it changes any), else
    a copy of strings."""
    if type(raw) is dict:
        for k, v in raw.items():  # (a loop: all() over a generator cost twice as much)
            if type(k) is not str or type(v) is not str or len(v) > MAX_VALUE:
                break
        else:
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
    among = candidates(joined)
    chosen, label_texts = fold_labels(select_interactive(joined, options, among=among), joined)
    chosen = drop_named_labels(chosen)
    layout = capture.layout or {}
    layout_vp = layout.get("cssLayoutViewport") or {}
    scroll_x = float(layout_vp.get("pageX", (walker.get("scroll") or {}).get("x", 0)) or 0)
    scroll_y = float(layout_vp.get("pageY", (walker.get("scroll") or {}).get("y", 0)) or 0)

    records: list[dict[str, Any]] = []
    selectors = Selectors(joined)
    kinds: list[str | None] = []
    filled: list[bool | None] = []  # the walker's "filled" (None: it said nothing)
    entries: list[Entry] = []
    described: list[ElementFacts] = []
    deciding = secrets if secrets else None  # (most pages have no secret field to ask of)
    by_walker = options.node_ids == "walker"
    for j, reasons in chosen:
        kinds.append(deciding.kind_of_record(j) if deciding is not None else None)
        label = label_texts.get(j.rid, "")
        rec = j.rec
        r = rec.get("r") or [0, 0, 0, 0]
        x, y, width, height = round(r[0] + scroll_x), round(r[1] + scroll_y), r[2], r[3]
        rect = {"x": x, "y": y, "width": width, "height": height}
        role, name = dom_role(j), _name(j) or label
        facts = element_facts(j, role, name, (x, y, width, height))
        described.append(facts)
        attrs = _attributes(rec.get("a"))
        # (a key added to a record, here or below: elements/record_caps.py, note 252)
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
        }
        facts.add_to(record)
        if by_walker:  # named by the walker's own id, no take (node_ids "walker", note 144)
            record["backendNodeId"] = None
            record["walkId"] = walk_id_of(rec)
        else:
            record["backendNodeId"] = j.backend_node_id
        record["frame"] = ordinals.get(j.frame, 0)
        record["inViewport"] = bool(rec.get("inv"))
        if label:
            record["label"] = label
        if facts.value is not None:
            record["value"] = facts.value
        if "filled" in rec:
            record["value"] = ""
        filled.append(bool(rec["filled"]) if "filled" in rec else None)
        if "chk" in rec:
            record["checked"] = bool(rec["chk"])
        elif isinstance(facts.states.get("checked"), bool):
            record["checked"] = facts.states["checked"]
        if not rec.keys().isdisjoint(_WALKER_FACTS):  # (most records have none of them)
            add_walker_facts(record, rec)
        if rec.get("dis"):
            record["disabled"] = True
        records.append(record)
        entries.append(registry_entry(j, role, name))
    # by the record's identity, not a key: one more key doubled a record's table (kept); the
    # DOM text's alone, as its header below (an act's report renders only the lines that changed)
    shown = {id(r) for r, said in zip(records, context_shown(described), strict=True)
             if said} if text else set()

    if capture.walker is None:
        # No walker output (it failed: see capture.errors): report nothing rather than
        # claim every listed element was removed.
        update = Update([], [], [])
    else:
        alive = _Alive(capture, joined)
        document = _document_id(capture)
        if registry.dying(document, alive):  # a re-render: its twins may be present, unlisted
            entries = _with_unlisted(entries, chosen, joined, label_texts, among, options)
        # (a big update's pack waits for the release when nothing follows it: note 341)
        update = registry.update(document, entries, alive, is_last_format(capture.derived))
    redacted = 0
    for record, index, kind, was_filled in zip(records, update.indices, kinds, filled,
                                               strict=True):
        record["index"] = index
        if options.redact:
            redacted += _redact(record, kind, bool(was_filled))
        elif was_filled:
            record["value"] = "[filled]"
    url = capture.tab.url or walker.get("url", "")
    title = capture.tab.title or walker.get("title", "")
    if options.redact:
        url, found_url = scrub_url(url, page_secret_names(capture))
        title, found_title = scrub_text(title)
        redacted += found_url + found_title
    header = _header(capture, walker, url, title)
    if options.viewport_only and text:
        header["outside"] = outside_window(walker, joined, records, chosen)
    status = live_texts(joined) if text else []
    if options.redact:
        status = [(kind, scrub_text(said)[0]) for kind, said in status]
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
        "walker_unjoined": _unjoined(joined, by_walker),
        "viewport_only": options.viewport_only,
        "viewport_expand_px": options.viewport_expand_px,
    }
    return {
        "domtext": render_domtext(header, records, shown) if text else "",
        "elements": records,
        **({"notes": notes} if notes else {}),
        **({"incomplete": incomplete} if incomplete else {}),
        "indices": {"added": update.added, "removed": update.removed},
        "stats": stats,
    }


_BACKEND_ID = attrgetter("backend_node_id")


def _unjoined(joined: list[Joined], by_walker: bool) -> int:
    """The records the read joined to no DOM node id (``walker_unjoined``). A read named by
    the walker's ids (note 144) counts a record as joined only when it has a backendNodeId that
    every way of its take learns (walker_ids.py keeps_backend_id: it places a frame, or a
    click listener marked it): the listable records' ids taken for the listener step alone
    (walker_ids_listable.js walkerIdsWant's listed way) do not count, so the count is the
    same whichever way the take went (design note 225)."""
    if not by_walker:
        return list(map(_BACKEND_ID, joined)).count(None)
    return sum(1 for j in joined if j.backend_node_id is None or not keeps_backend_id(j.rec))


class _Alive:
    """The registry keys of what lives (:func:`alive_keys`) and of every record of the read,
    spelled out when first asked: the first read of a document asks nothing (its registry
    holds no key yet), a re-read asks for the keys it holds."""

    __slots__ = ("_capture", "_joined", "_keys")

    def __init__(self, capture: RawCapture, joined: list[Joined]) -> None:
        self._capture = capture
        self._joined = joined
        self._keys: AliveKeys | None = None

    def __contains__(self, key: object) -> bool:
        if self._keys is None:
            self._keys = alive_keys(self._capture).with_keys(entry_keys(self._joined))
        return key in self._keys


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
