"""Join the in-page walker's records to their CDP facts (backendNodeId, frame, listeners, AX).

In viewport mode (the default) the extension resolves the records itself
(extension/lib/walker/walker_ids.js): each record the walker reported comes with ``b`` (its
backendNodeId) and ``k`` (a click-type listener), each walker frame with its CDP
``frameId``, at a cost that grows with the records, not the page. A capture that carries a
DOMSnapshot instead (the whole page, ``viewport_only: false``, where the snapshot costs no
more than resolving every record would; recorded fixtures) is joined on a positional path
computed the same way on both sides.
DOMSnapshot lists the *flat* (composed) tree: an author shadow host's children are its
shadow root's children (no shadow-root node, only a ``shadowRootType`` mark that cannot
tell nested hops apart), a ``<slot>``'s children are its assigned elements, user-agent
shadow trees are left out, ``::before``/``::marker`` pseudo elements appear as elements and
an iframe's document hangs under the iframe via ``contentDocumentIndex``. The walker walks
the same flat tree and emits, per record, its flat step (``s``: ``tag`` or ``tag[n]`` among
same-tag element siblings, n counted once per parent); the chain of steps from the top
document is the key here. The walker's DOM XPath (with ``#shadow-root`` hops, slotted
elements under their host) is built from ``d``/``dp`` and is what the outputs show.

Why the extension resolves records over CDP in viewport mode: DOMSnapshot lists the whole
page (about 1 s for 20k elements through chrome.debugger, 5–7 s for 100k) while the default
DOM text reads one viewport; one deep-serialized Runtime.evaluate per isolated world resolves
just the records (about 10 ms for 150), and the page's listeners come in one more call.

Measured on the test pages (tests/fixtures/dom_*.json, tests/e2e/test_dom_channel.py):
every walker record in open shadow roots, closed ones (through ``chrome.dom``), nested
shadow roots, slots and a same-origin iframe finds its DOMSnapshot node. A closed shadow
root the walker cannot open (a plain page without ``chrome.dom``) leaves those records
without a backendNodeId; they still render, without CDP facts.

Cross-origin frames: the extension injects the walker into every frame; a frame that is
not reachable from its parent walks itself and arrives in ``walker.subframes``. It is
stitched under its <iframe> record (matched through RawCapture.frames'
``ownerBackendNodeId`` and the frame URL), shifted by the iframe's content-box origin and
clipped to the iframe's box. In viewport mode the extension resolves an out-of-process
frame's records over that frame's own CDP session (its backendNodeIds are its renderer's);
an out-of-process frame is not in the main DOMSnapshot, so a whole-page join leaves its
records without a backendNodeId (the registry keys them by the walker's id).

Click listeners: ``k`` comes from one ``DOMDebugger.getEventListeners`` over the whole
document (depth -1, pierce), the listener types DOMSnapshot ``isClickable`` counts (click,
mousedown, mouseup, DOMActivate); a DOMSnapshot join uses ``isClickable`` itself.

Index identity: with ``w`` (the walker's own id for an element, stable for the element's life
in that isolated world, whose token is the run's ``world``) the registry keys elements by it,
and the run's ``alive`` ids say which earlier ones still live (pipeline/elements/alive_keys.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.dom.xpath import NO_KEY, ROOT, FlatKeys, positional_steps
from axsnap_host.pipeline.elements import walker_ids as walk_named
from axsnap_host.pipeline.elements.clickable_by_nature import ClickableByNature

ELEMENT_NODE = 1


@dataclass(slots=True)
class SnapNode:
    """The DOMSnapshot facts about one element a walker record is joined to."""

    backend_node_id: int
    document: int
    frame_id: str
    clickable: bool


@dataclass(slots=True)
class Joined:
    """One walker record with its reconstructed paths and its CDP facts (if joined).
    Held for every record of a whole-page read (100k on the bench page) from the read's
    first format to its last: a leaf's ``children`` is the shared empty tuple and the
    identity is spelled out when asked."""

    rid: int
    rec: dict[str, Any]
    tag: str
    xpath: str
    frame: int  # walker frame index
    frame_url: str = ""
    backend_node_id: int | None = None
    frame_id: str | None = None  # CDP frameId of the element's document
    clickable: bool = False  # a click-type event listener (isClickable)
    world: str | None = None  # the token of the walker run that listed the record
    ax_role: str | None = None
    ax_name: str | None = None
    ancestors_interactive: bool = False
    children: Sequence[int] = ()  # a list once the record has one

    @property
    def identity(self) -> str | None:
        """``w{world}:{id}``: the walker's stable id for the element, when it tracks."""
        wid = self.rec.get("w")
        if isinstance(wid, int) and self.world:
            return f"w{self.world}:{wid}"
        return None


def _step_tag(step: str) -> str:
    last = step.rsplit("/", 1)[-1]
    return last.split("[", 1)[0]


def _rare_bool(data: dict[str, Any] | None) -> set[int]:
    return set((data or {}).get("index", []))


def _rare_int(data: dict[str, Any] | None) -> dict[int, int]:
    data = data or {}
    return dict(zip(data.get("index", []), data.get("value", []), strict=False))


def snapshot_keys(snapshot: dict[str, Any] | None,
                  table: FlatKeys | None = None) -> dict[int, SnapNode]:
    """Flat-tree positional key (its number in ``table``, xpath.py FlatKeys) → element facts,
    for every element of every document."""
    table = FlatKeys() if table is None else table
    if not snapshot:
        return {}
    strings: list[str] = snapshot.get("strings", [])
    docs: list[dict[str, Any]] = snapshot.get("documents", [])

    def s(i: int) -> str:
        return strings[i] if 0 <= i < len(strings) else ""

    content_of: dict[tuple[int, int], int] = {}
    referenced: set[int] = set()
    for d, doc in enumerate(docs):
        for node, child_doc in _rare_int(doc.get("nodes", {}).get("contentDocumentIndex")).items():
            content_of[(d, node)] = child_doc
            referenced.add(child_doc)

    out: dict[int, SnapNode] = {}
    root_docs = [d for d in range(len(docs)) if d not in referenced]
    # Documents hang under their iframes; visit each from its root document, with a prefix.
    pending: list[tuple[int, int]] = [(d, ROOT) for d in root_docs[:1]]
    while pending:
        d, prefix = pending.pop()
        doc = docs[d]
        nodes = doc.get("nodes", {})
        parents: list[int] = nodes.get("parentIndex", [])
        types: list[int] = nodes.get("nodeType", [])
        names: list[int] = nodes.get("nodeName", [])
        backend: list[int] = nodes.get("backendNodeId", [])
        clickable = _rare_bool(nodes.get("isClickable"))
        frame_id = s(doc.get("frameId", -1))
        n = len(parents)
        lower = [s(names[i]).lower() if types[i] == ELEMENT_NODE else "" for i in range(n)]
        kids: dict[int, list[int]] = {}
        for i in range(n):
            if types[i] == ELEMENT_NODE and not lower[i].startswith("::"):
                kids.setdefault(parents[i], []).append(i)
        key: dict[int, int] = {}
        for i in range(n):  # parents precede children in DOMSnapshot order
            if parents[i] < 0:
                key[i] = prefix
        for parent, children in sorted(kids.items()):
            steps = positional_steps(lower[c] for c in children)
            for c, step in zip(children, steps, strict=True):
                key[c] = table.add(key.get(parent, prefix), step)
        for i in range(n):
            if types[i] != ELEMENT_NODE or i not in key or lower[i].startswith("::"):
                continue
            out[key[i]] = SnapNode(backend[i], d, frame_id, i in clickable)
            inner_doc = content_of.get((d, i))
            if inner_doc is not None:
                pending.append((inner_doc, key[i]))
    return out


def ax_facts(capture: RawCapture) -> dict[tuple[str, int], tuple[str, str]]:
    """(CDP frameId, backendDOMNodeId) → (AX role, AX name). Keyed by frame: an
    out-of-process frame numbers its nodes on its own, so ids collide across frames."""
    out: dict[tuple[str, int], tuple[str, str]] = {}
    for frame in capture.frames:
        for node in frame.axNodes:
            if not isinstance(node, dict):  # streamed rows: whole-page AX reads only
                continue
            bid = node.get("backendDOMNodeId")
            if bid is None or node.get("ignored"):
                continue
            role = (node.get("role") or {}).get("value") or ""
            name = (node.get("name") or {}).get("value") or ""
            out[(frame.frameId, int(bid))] = (str(role), str(name))
    return out


def _strip_fragment(url: str) -> str:
    return url.split("#", 1)[0]


class _Window:
    """The top-level window the records must intersect (viewport grown by expand_px)."""

    def __init__(self, walker: dict[str, Any]) -> None:
        opts = walker.get("options") or {}
        vp = walker.get("viewport") or {}
        self.w = float(vp.get("w", 0) or 0)
        self.h = float(vp.get("h", 0) or 0)
        self.limited = opts.get("viewportOnly", True) is not False
        self.expand = float(opts.get("expandPx", 0) or 0)

    def contains(self, r: list[float], expand: float | None) -> bool:
        e = self.expand if expand is None else expand
        if expand is None and not self.limited:
            return True
        return r[0] + r[2] >= -e and r[1] + r[3] >= -e and r[0] <= self.w + e and r[1] <= self.h + e


def _boxes_meet(a: list[float], b: list[float]) -> bool:
    return (a[0] + a[2] >= b[0] and a[1] + a[3] >= b[1]
            and a[0] <= b[0] + b[2] and a[1] <= b[1] + b[3])


def _stitch(records: list[dict[str, Any]], frames: list[dict[str, Any]], owner_rid: int,
            result: dict[str, Any], window: _Window, listed: set[int] | None) -> None:
    """Append a cross-origin frame's own walker run under its <iframe> record (copies,
    each marked with its run's world in ``_world``); its listed records to ``listed``."""
    owner = records[owner_rid]
    cx, cy = (owner.get("co") or [0, 0])[:2]
    box = owner.get("r") or [0, 0, 0, 0]
    base = len(records)
    frame_base = len(frames)
    if listed is not None:
        listed.update(base + i for i in walk_named.listed_of(result))
    for wf in result.get("frames", []):
        parent = wf.get("parent", -1)
        own = wf.get("owner", -1)
        frames.append({**wf,
                       "parent": owner.get("f", 0) if parent == -1 else parent + frame_base,
                       "owner": owner_rid if own == -1 else own + base,
                       "ox": wf.get("ox", 0) + cx, "oy": wf.get("oy", 0) + cy})
    for rec in result.get("elements", []):
        new = dict(rec)
        p = rec.get("p", -1)
        new["p"] = owner_rid if p == -1 else p + base
        if p == -1:
            new[walk_named.DOCUMENT_ROOT] = 1  # (it places a frame: walker_ids.py)
        if "dp" in rec:
            new["dp"] = rec["dp"] + base
        new["f"] = rec.get("f", 0) + frame_base
        if "fr" in rec:
            new["fr"] = rec["fr"] + frame_base
        r = rec.get("r") or [0, 0, 0, 0]
        new["r"] = [r[0] + cx, r[1] + cy, r[2], r[3]]
        if "co" in rec:
            new["co"] = [rec["co"][0] + cx, rec["co"][1] + cy]
        inside = _boxes_meet(new["r"], box)  # the iframe clips its document
        new.pop("win", None)
        new.pop("inv", None)
        if inside and window.contains(new["r"], None):
            new["win"] = 1
        if inside and window.contains(new["r"], 0):
            new["inv"] = 1
        if owner.get("top") == 0:
            new["top"] = 0
        if result.get("world"):
            new["_world"] = result["world"]
        records.append(new)


JOINED = "walker_joins"  # capture.derived: the read's join, shared by its formats


def joined_records(capture: RawCapture) -> list[Joined]:
    """The capture's join (:func:`join`), made once and shared by every format of one read
    (also_formats): the outline, DOM text and SnapshotV1 read the same records, and each join
    of the 100k bench page held 50 MB. Nothing changes a Joined after the join."""
    found = capture.derived.get(JOINED)
    if not isinstance(found, list):
        found = capture.derived[JOINED] = join(capture)
    return found


def join(capture: RawCapture, by_nature: bool = True) -> list[Joined]:
    """Walker records in walker order, each with its key, XPath and CDP facts.
    ``by_nature``: a whole-page read from the walk marks what DOMSnapshot's ``isClickable``
    would (pipeline/elements/clickable_by_nature.py); False joins it as a window read would
    (act/baseline_at_read.py).

    Cross-origin frames (``walker.subframes``) are stitched under their <iframe> record:
    the iframe joins to DOMSnapshot, its backendNodeId is a frame's ``ownerBackendNodeId``
    in RawCapture.frames, and that frame's URL names the subframe run.
    """
    walker = capture.walker or {}
    records: list[dict[str, Any]] = list(walker.get("elements", []))
    frames: list[dict[str, Any]] = [dict(f) for f in walker.get("frames", [])]
    subframes = [sf for sf in walker.get("subframes", []) or [] if isinstance(sf, dict)]
    used: set[int] = set()
    # an <iframe>'s frame by the document the <iframe> is in: each renderer numbers its own
    # nodes (a top <iframe> and one in an out-of-process frame may both be 40); a record whose
    # frame has no CDP id takes the one frame its number names, if only one
    owned: dict[tuple[str | None, int], Any] = {}
    for f in capture.frames:
        if (owner := f.ownerBackendNodeId) is not None:
            owned[(f.parentFrameId, owner)] = f
            owned[(None, owner)] = None if (None, owner) in owned else f
    window = _Window(walker)
    table = FlatKeys()
    snap = snapshot_keys(capture.dom_snapshot, table)
    ax = ax_facts(capture)
    # a whole-page read from the walk: DOMSnapshot's isClickable told from the records
    nature = ClickableByNature() if by_nature and ClickableByNature.applies(walker, bool(snap)) \
        else None
    keys: list[int] = []
    xpaths: list[str] = []
    out: list[Joined] = []
    world = walker.get("world")
    # walker frame → (its URL, its CDP frameId): frames only grow (stitched), none changes
    frame_facts: dict[int, tuple[str, str | None]] = {}
    tags: dict[str, str] = {}  # a step's tag (_step_tag), by step: a page repeats its steps
    # named by the walker's ids: the records it listed keyed by a stand-in (walker_ids.py)
    listed = set(walk_named.listed_of(walker)) if capture.derived.get(
        walk_named.WALKER_NAMED) else None
    rid = 0
    while rid < len(records):
        rec = records[rid]
        step = rec.get("s", "")
        if type(step) is not str:
            step = str(step)
        p = rec.get("p", -1)
        has_parent = isinstance(p, int) and 0 <= p < rid
        dp = rec.get("dp", p)
        parent_xpath = xpaths[dp] if isinstance(dp, int) and 0 <= dp < rid else ""
        # (a read without a DOMSnapshot, from the walk, has no keys to find)
        if snap:
            key = table.find(keys[p] if has_parent else ROOT, step)
            keys.append(key)
            found = snap.get(key) if key != NO_KEY else None
        else:
            found = None
        xpath = f"{parent_xpath}/{rec.get('d') or step}"
        xpaths.append(xpath)
        frame = rec.get("f", 0)
        if type(frame) is not int:
            frame = int(frame)
        facts = frame_facts.get(frame)
        if facts is None:
            facts = _frame_facts(frames, frame)
            if 0 <= frame < len(frames):
                frame_facts[frame] = facts
        tag = tags.get(step)
        if tag is None:
            tag = tags[step] = _step_tag(step)
        # the record's CDP facts: the extension's (``b``, ``k``, the frame's ``frameId``)
        # first, a DOMSnapshot join's where those are missing. A record the walker listed in
        # a read named by its ids: without ``b`` it gets a stand-in key, and so does one
        # whose ``b`` only the listener step wanted (walker_ids.py keeps_backend_id).
        # (Inline, not a call a record: note 341.)
        backend = rec.get("b")
        named = listed is not None and rid in listed
        if named and not walk_named.keeps_backend_id(rec):
            backend = None
        if not (isinstance(backend, int) and not isinstance(backend, bool)):
            backend = found.backend_node_id if found is not None else None
            w = walk_named.walk_id_of(rec) if named and backend is None else None
            if w is not None:
                backend = walk_named.walk_node_key(w)
        frame_url, frame_id = facts
        if frame_id is None and found is not None:
            frame_id = found.frame_id
        clickable = bool(rec.get("k")) or (found is not None and found.clickable)
        if nature is not None and nature.add(rec, tag):
            clickable = True
        joined = Joined(rid, rec, tag, xpath, frame, frame_url, backend, frame_id, clickable,
                        rec.get("_world", world) or None)
        if ax and backend is not None and frame_id is not None:
            role_name = ax.get((frame_id, backend))
            if role_name:
                joined.ax_role, joined.ax_name = role_name
        if has_parent:
            kids = out[p].children
            if isinstance(kids, list):
                kids.append(rid)
            else:
                out[p].children = [rid]
        out.append(joined)
        if rec.get("xo") and joined.backend_node_id is not None:
            cdp_frame = owned.get((joined.frame_id, joined.backend_node_id))
            for i, sf in enumerate(subframes):
                result = sf.get("result") or {}
                if i in used or cdp_frame is None:
                    continue
                if _strip_fragment(str(result.get("url", ""))) == _strip_fragment(cdp_frame.url):
                    used.add(i)
                    _stitch(records, frames, rid, result, window, listed)
                    break
        rid += 1
    if nature is not None:
        nature.finish(out)
    return out


def _frame_facts(frames: list[dict[str, Any]], frame: int) -> tuple[str, str | None]:
    """A walker frame's URL and its CDP frameId (None: not resolved)."""
    if not 0 <= frame < len(frames):
        return "", None
    frame_id = frames[frame].get("frameId")
    return str(frames[frame].get("url", "")), str(frame_id) if frame_id else None


def frame_ordinals(capture: RawCapture, joined: list[Joined]) -> dict[int, int]:
    """Walker frame index → frame ordinal (position in RawCapture.frames, which the
    extension puts in document order, as the outline numbers frames)."""
    ordinal_by_id = {f.frameId: i for i, f in enumerate(capture.frames)}
    by_url: dict[str, int] = {}
    for i, f in enumerate(capture.frames):
        by_url.setdefault(_strip_fragment(f.url), i)
    out = {0: 0}
    # A walker frame's documents resolved by the extension (or joined to DOMSnapshot) carry
    # the CDP frameId.
    for j in joined:
        if j.frame_id is not None and j.frame not in out and j.frame_id in ordinal_by_id:
            out[j.frame] = ordinal_by_id[j.frame_id]
    for j in joined:  # out-of-process frames are not in this DOMSnapshot: match the URL
        if j.frame not in out and _strip_fragment(j.frame_url) in by_url:
            out[j.frame] = by_url[_strip_fragment(j.frame_url)]
    return out
