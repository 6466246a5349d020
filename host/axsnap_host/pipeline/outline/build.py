"""Format "outline": the hybrid outline and its id → XPath and id → URL maps.

``build_outline_result(capture, options)`` reuses the snapshot path's steps (flatten, prune,
redact) and returns ``{combinedTree, combinedXpathMap, combinedUrlMap, frames, focus?,
budget?}``. Element ids are the flat tree's ``{frameOrdinal}-{backendNodeId}``. The tree
is built as line records (pipeline/outline_lines.py) and shaped by the ``filter``,
``compact``, ``depth`` and ``max_tokens`` options (pipeline/outline_shape.py); the maps
hold the ids the text shows.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.ax.build import HOST_OWNED, drop_walker_records
from axsnap_host.pipeline.ax.controls import (
    clickable_ids,
    mark_covered,
    pointer_row_ids,
    tab_stop_ids,
)
from axsnap_host.pipeline.ax.instructions import flag_hidden_instructions
from axsnap_host.pipeline.ax.merge import fill_missing_values
from axsnap_host.pipeline.ax.prune import INTERACTIVE_ROLES, TEXT_ROLES, prune, share_interest
from axsnap_host.pipeline.ax.redact import redact_tree
from axsnap_host.pipeline.ax.tree import FlatNode, FlatTree, FrameEntry, flat_tree
from axsnap_host.pipeline.ax.window_index import (
    DomFacts,
    WindowIndex,
    dom_facts,
    from_walk,
    walker_joins,
)
from axsnap_host.pipeline.axwalk import tree as walk
from axsnap_host.pipeline.axwalk.focus import ID_RE, is_css_focus, walk_focus
from axsnap_host.pipeline.axwalk.tree import WALK_BOXES, WALK_REFS, WALK_TAGS, walk_tree
from axsnap_host.pipeline.dom.index import DomIndex, rect_of
from axsnap_host.pipeline.dom.textflow import TextFlow
from axsnap_host.pipeline.dom.xpath import build_xpath_map
from axsnap_host.pipeline.elements.model import join_facts
from axsnap_host.pipeline.elements.walker_ids import WALKER_NAMED
from axsnap_host.pipeline.incomplete import (
    budget_gap,
    capture_gaps,
    incomplete_fact,
    incomplete_line,
)
from axsnap_host.pipeline.outline.lines import OutlineLine, build_lines, window_lines
from axsnap_host.pipeline.outline.node_facts import absolute_url, node_tag_attrs, node_url
from axsnap_host.pipeline.outline.shape import is_collapsed, mark_onscreen, shape_lines
from axsnap_host.pipeline.outline.text import (
    GENERIC_ROLES,
    decorated_role,
    join_lines,
    role_kinds,
)
from axsnap_host.pipeline.page_status import is_error_page
from axsnap_host.pipeline.redaction import scrub_text, scrub_url
from axsnap_host.pipeline.secrets import page_secret_names, secret_fields
from axsnap_host.pipeline.tokens import count_tokens

_SCROLLING = frozenset({"auto", "scroll", "overlay"})


def build_outline_result(capture: RawCapture, options: SnapshotOptions) -> dict[str, Any]:
    """The outline result dict (see the module docstring)."""
    return build_outline(capture, options)[0]


def build_outline(
    capture: RawCapture, options: SnapshotOptions
) -> tuple[dict[str, Any], list[OutlineLine]]:
    """The outline result dict and the line records its text was rendered from."""
    walked = from_walk(capture)  # ax_source "walk": the walker's rows, not Chromium's nodes
    tree = walk_tree(capture) if walked else flat_tree(capture)  # (or built ahead on a
    # streamed read, stream_early.py)
    walk_tags: dict[str, str] = tree.ahead.pop(WALK_TAGS, None) or {}
    tree.ahead.pop(WALK_REFS, None)  # SnapshotV1's boxes of nodes without an id
    tree.ahead.pop(WALK_BOXES, None)
    walk_seams = tree.ahead.pop(walk.WALK_SEAMS, None) or {}
    if options.pruned:  # one interest a read: its formats flatten equal trees
        share_interest(tree, capture.derived)
    dom = dom_facts(capture)  # DOMSnapshot's, or the walker's in window scope
    flag_hidden_instructions(tree, dom)  # the flag travels in the name, into every line
    # Scroll containers are kept even as unnamed wrappers: scrolling is an action.
    scrollable = frozenset(nid for nid, node in tree.nodes.items() if _scrollable(dom, node))
    # Every frame's <iframe> stays (one that could not be captured, so the gap shows; an
    # empty one, wherever it sits, shadow roots included): frames[].ownerId names it.
    frame_owners = frozenset(entry.owner_id for entry in tree.frames if entry.owner_id)
    joined = walker_joins(capture, dom)  # the walker's facts (window, or whole page)
    # a row of a list with one listener for its rows acts, as DOM text lists it (issue 30)
    clickable = clickable_ids(tree, dom) | pointer_row_ids(tree, joined, capture)
    tab_stops = tab_stop_ids(tree, dom)
    kept = prune(tree, pruned=options.pruned,
                 clickable=clickable | tab_stops | scrollable | frame_owners)
    fill_missing_values(tree, kept.kept, dom, joined,
                        join_facts(capture.derived, joined) if joined else None)
    mark_covered(tree, kept.kept, dom, clickable | tab_stops)
    redacted = (redact_tree(tree, kept.kept, secret_fields(capture, joined))
                if options.redact else 0)

    xpaths_by_dom = dom.xpaths() if isinstance(dom, WindowIndex) else build_xpath_map(capture)
    xpath_map: dict[str, str] = {}
    url_map: dict[str, str] = {}
    for nid in kept.kept:
        node = tree.nodes[nid]
        if node.backend_id is None:
            continue
        xpath = xpaths_by_dom.get((node.frame_id, node.backend_id))
        if xpath is not None:
            xpath_map[nid] = xpath
        url = node_url(node, dom, tree)
        if url:
            if options.redact:
                url, found = scrub_url(url)
                redacted += found
            url_map[nid] = url

    def editing_host(node: FlatNode) -> bool:
        parent = tree.nodes.get(node.parent) if node.parent else None
        return bool(node.state.get("editable")) and not (
            parent is not None and parent.state.get("editable"))

    def role_of(node: FlatNode) -> str:
        facts = node_tag_attrs(dom, node.backend_id, node.frame_id)  # no DomInfo built
        tag = facts[0] if facts is not None else walk_tags.get(node.id, "")
        return decorated_role(node.role, tag, node.id in scrollable, acts_as(node),
                              role_kinds(node, tag, with_states=not options.compact))

    def acts_as(node: FlatNode) -> str:
        """What a node that is no control by role does: ``clickable``, ``editable``,
        ``focusable`` (in the tab order), or ""."""
        if node.role in INTERACTIVE_ROLES or node.role in TEXT_ROLES:
            return ""
        if editing_host(node):
            return "editable"
        if node.id in clickable:
            return "clickable"
        return "focusable" if node.id in tab_stops else ""

    def acts(node: FlatNode) -> bool:
        return (node.id in clickable or node.id in tab_stops or node.id in scrollable
                or editing_host(node))

    def interactive(node: FlatNode) -> bool:
        # Text inside a control is the control's text, not a second control (the DOM marks
        # the text of a clickable or editable element clickable too).
        if node.role in TEXT_ROLES:
            parent = tree.nodes.get(node.parent) if node.parent else None
            if parent is not None and (acts(parent) or parent.role in INTERACTIVE_ROLES):
                return False
        return acts(node)

    included = None
    focus_report = None
    if options.focus and walked and is_css_focus(options.focus):  # the walk selected it
        focus_id, included = walk_focus(options.focus, capture, tree)
        focus_xpath = xpath_map.get(focus_id or "")
        focus_report = {"query": options.focus, "elementId": focus_id, "xpath": focus_xpath}
    elif options.focus:
        focus_id, focus_xpath = _resolve_focus(options.focus, capture, tree, xpath_map,
                                               xpaths_by_dom)
        included = _subtree_filter(tree, focus_id, focus_xpath, xpath_map)
        focus_report = {"query": options.focus, "elementId": focus_id, "xpath": focus_xpath}

    # A frame that failed to load holds Chrome's error page, not the site: not outlined.
    failed = {entry.ordinal for entry in tree.frames if is_error_page(entry.url)}
    if failed:
        focus_filter = included

        def included(nid: str) -> bool:
            if tree.nodes[nid].frame in failed:
                return False
            return focus_filter is None or focus_filter(nid)

    del joined  # read: on the read's last format the records go before its lines are made
    if capture.derived.get(HOST_OWNED):  # (the 100k page's join: ~45 MB of the peak)
        drop_walker_records(capture)
    lines = build_lines(kept.root_id, kept.kept, tree.nodes, role_of, interactive,
                        is_collapsed if options.compact else _never, included)
    if walked:  # a node whose element got no id of its own prints none (design note 42)
        named = bool(capture.derived.get(WALKER_NAMED))  # (its walker id then: note 154)
        for line in lines:
            line.ref = "-ax" not in line.key or (named and "-axw" in line.key)
    # Text runs are joined from DOMSnapshot's text nodes, or as the walk says (its rows' runs:
    # walker ax_runs.js); a window read has neither (its runs stay apart).
    flow = TextFlow(dom) if isinstance(dom, DomIndex) else None

    def seam(first: str, second: str) -> str | None:
        if walked:
            return walk.seam_of(walk_seams, first, second)
        if flow is None:
            return None
        a, b = tree.nodes[first], tree.nodes[second]
        return flow.seam((a.backend_id, a.frame_id), (b.backend_id, b.frame_id))

    gaps = capture_gaps(capture, options)  # what this read is missing: said first
    gaps += [{"kind": "frame_not_read", "step": "stitch",
              "detail": f"frame {f.get('frame')}: its tree is not attached to the page's"}
             for f in tree.failures if f.get("step") == "stitch"]
    first = incomplete_line({"reasons": gaps}) if gaps else ""
    outside = window_lines(capture.walker) if isinstance(dom, WindowIndex) else []
    said = [first] * bool(first) + [line.text for line in outside]
    shaping = options
    if said and options.max_tokens is not None:  # the budget holds with the lines said
        shaping = options.model_copy(update={"max_tokens": max(
            1, options.max_tokens - sum(count_tokens(text) + 1 for text in said))})
    shaped = shape_lines(lines, shaping, lambda ls: mark_onscreen(ls, tree, dom, capture), seam)
    if shaped.budget is not None:
        shaped.budget["max_tokens"] = options.max_tokens
    lines = shaped.lines + outside
    if first:
        lines.insert(0, OutlineLine(key="…incomplete", depth=0, role="", name="",
                                    kind="marker", ref=False, text=first))
    if shaped.budget is not None and shaped.budget.get("elided"):  # its … lines say it
        gaps.append(budget_gap(f"{shaped.budget['elided']} parts of the outline (… lines)"))
    incomplete = incomplete_fact(gaps)
    shown = {line.key for line in lines if line.ref and not line.is_marker}
    xpath_map = {k: v for k, v in xpath_map.items() if k in shown}
    url_map = {k: v for k, v in url_map.items() if k in shown}
    frames, frame_redactions = frame_inventory(capture, tree, dom, options.redact)
    for frame in frames:  # an owner the text does not show (cut by depth or budget) is
        if frame["ownerId"] not in shown:  # named by nothing the reader can see
            frame["ownerId"] = None
    result: dict[str, Any] = {
        "combinedTree": join_lines(lines),
        "combinedXpathMap": xpath_map,
        "combinedUrlMap": url_map,
        "frames": frames,
    }
    if focus_report is not None:
        result["focus"] = focus_report
    if shaped.budget is not None:
        result["budget"] = shaped.budget
    if incomplete is not None:
        result["incomplete"] = incomplete
    errors = []  # what the capture reported (depth fallbacks, frames it could not reach)
    for error in capture.errors:
        message = error.message
        if options.redact:
            message, found = scrub_text(message)
            redacted += found
        errors.append({"step": error.step, "message": message})
    result["errors"] = errors
    result["stats"] = {
        "lines": len(lines),
        "nodes_total": kept.total,
        "nodes_kept": len(kept.kept),
        **shaped.stats,
        "xpaths": len(xpath_map),
        "urls": len(url_map),
        "redacted": redacted + frame_redactions,
        "frames": len(frames),
    }
    return result, lines


def _never(_node: FlatNode) -> bool:
    return False


_BOX_ROLES = GENERIC_ROLES | {  # the roles a scroll container has
    "list", "listbox", "region", "main", "navigation", "complementary", "tabpanel", "grid",
    "table", "tree", "group", "log", "dialog", "article", "form", "Section",
}


def _scrollable(dom: DomFacts, node: FlatNode) -> bool:
    """Overflow auto/scroll on an axis whose content is larger than the box. Asked of every
    node of the tree: the two styles are read off the DOMSnapshot's columns (as
    ``DomIndex.get`` reads them), not through a whole DomInfo per node."""
    if node.backend_id is None or node.role not in _BOX_ROLES:
        return False
    if isinstance(dom, WindowIndex):
        return dom.scrollable(node.backend_id, node.frame_id)
    facts = node_tag_attrs(dom, node.backend_id, node.frame_id)
    where = dom.locate(node.backend_id, node.frame_id)
    if facts is None or where is None or facts[0] in ("html", "body", ""):
        return False
    raw = dom.raw_document(where[0])
    over_x = raw.style(where[1], "overflow-x") in _SCROLLING
    over_y = raw.style(where[1], "overflow-y") in _SCROLLING
    if not (over_x or over_y):
        return False
    extent = _scroll_extent(dom, node)
    if extent is None:
        return False
    (client_w, client_h), (scroll_w, scroll_h) = extent
    return (over_x and scroll_w > client_w + 1) or (over_y and scroll_h > client_h + 1)


def _scroll_extent(
    dom: DomIndex, node: FlatNode
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    # DomIndex keeps DOMSnapshot rows by position; the scroll/client rects are read here
    # rather than widening DomInfo for every node.
    where = dom.locate(node.backend_id, node.frame_id)
    if where is None:
        return None
    doc = dom.raw_document(where[0])
    position = doc.layout_of.get(where[1])
    if position is None:
        return None
    client = rect_of(doc.layout, "clientRects", position)
    scroll = rect_of(doc.layout, "scrollRects", position)
    if not client or not scroll:
        return None
    return (client[2], client[3]), (scroll[2], scroll[3])


def _resolve_focus(
    focus: str,
    capture: RawCapture,
    tree: FlatTree,
    xpath_map: dict[str, str],
    xpaths_by_dom: dict[tuple[str, int], str],
) -> tuple[str | None, str | None]:
    """(element id, XPath) of the focus; raises when it names nothing."""
    if ID_RE.match(focus):
        if focus in tree.nodes:
            node = tree.nodes[focus]
            xpath = xpaths_by_dom.get((node.frame_id, node.backend_id or -1))
            return focus, xpath
        raise _focus_error(f"no element has the id {focus!r}")
    if focus.startswith("/"):
        for frame_and_backend, xpath in xpaths_by_dom.items():
            if xpath == focus:
                return _id_for(tree, frame_and_backend), xpath
        raise _focus_error(f"no element has the XPath {focus!r}")
    selected = (capture.model_extra or {}).get("focus") or {}
    backend = selected.get("backendNodeId") if isinstance(selected, dict) else None
    if not isinstance(backend, int):
        reason = selected.get("error") if isinstance(selected, dict) else None
        raise _focus_error(f"the selector {focus!r} matched nothing"
                           + (f" ({reason})" if reason else ""))
    key = (capture.frames[0].frameId if capture.frames else "", backend)
    return _id_for(tree, key), xpaths_by_dom.get(key)


def _id_for(tree: FlatTree, key: tuple[str, int]) -> str | None:
    frame_id, backend = key  # (a node named by the walker's id has it too: note 154)
    return next((node.id for node in tree.nodes.values()
                 if node.backend_id == backend and node.frame_id == frame_id), None)


def _focus_error(message: str) -> AxsnapError:
    return AxsnapError(ErrorCode.INVALID_MESSAGE, message,
                       "pass an element id or XPath from the outline's maps, or a CSS selector")


def _subtree_filter(tree: FlatTree, focus_id: str | None, focus_xpath: str | None,
                    xpath_map: dict[str, str]):
    """Whether a node is the focus or inside it: by the AX parent chain, or (for a focus
    that is not an AX node, e.g. an ignored wrapper) by its XPath prefix."""
    memo: dict[str, bool] = {}

    def included(nid: str) -> bool:
        if nid in memo:
            return memo[nid]
        result = False
        if nid == focus_id:
            result = True
        elif focus_xpath is not None and nid in xpath_map:
            path = xpath_map[nid]
            result = path == focus_xpath or path.startswith(focus_xpath + "/")
        else:
            parent = tree.nodes[nid].parent
            result = parent is not None and included(parent)
        memo[nid] = result
        return result

    return included


def frame_inventory(
    capture: RawCapture, tree: FlatTree, dom: DomFacts, redact: bool
) -> tuple[list[dict[str, Any]], int]:
    """Every frame: ordinal, id, URL, origin, status, and for a failed one the reason."""
    out: list[dict[str, Any]] = []
    redactions = 0
    for entry, frame in zip(tree.frames, capture.frames, strict=True):
        extra = frame.model_extra or {}
        url = entry.url
        load_failed = is_error_page(url)
        if load_failed:  # list where the frame was meant to go: its <iframe>'s src, else
            # the URL Chromium says it failed to load (a read from the walk has no src)
            unreachable = extra.get("unreachable_url")
            url = _owner_src(entry, dom, tree) or (
                unreachable if isinstance(unreachable, str) and unreachable else url)
        if redact:
            url, found = scrub_url(url, page_secret_names(capture))
            redactions += found
        captured = bool(entry.captured and not entry.error and not load_failed)
        record: dict[str, Any] = {
            "ordinal": entry.ordinal,
            "frameId": entry.frame_id,
            "parentOrdinal": _parent_ordinal(tree, entry.parent_frame_id),
            "url": url,
            "origin": origin_of(url),
            "captured": captured,
            "status": "captured" if captured else "restricted",
            "outOfProcess": bool(extra.get("out_of_process")),
            "ownerId": entry.owner_id,
            "nodes": entry.nodes,
        }
        if not captured:
            reason = ("load_failed: the frame shows Chrome's error page" if load_failed
                      else entry.error or "not captured")
            if redact:
                reason, found = scrub_text(reason)
                redactions += found
            record["reason"] = reason
        notes = [key for key in ("ax_depth_fallback",) if extra.get(key)]
        tree_info = extra.get("dom_tree") if isinstance(extra.get("dom_tree"), dict) else None
        if entry.ordinal == 0:
            main = (capture.model_extra or {}).get("dom_tree")
            tree_info = main if isinstance(main, dict) else None
        if tree_info and tree_info.get("depth_fallback"):
            notes.append("dom_depth_fallback")
        if notes:
            record["notes"] = notes
        if entry.owner_backend_id is not None and entry.parent_frame_id:
            box = dom.box(entry.owner_backend_id, entry.parent_frame_id)
            if box is not None and box[0] is not None:
                x, y, w, h = box[0]
                record["bounds"] = {"x": round(x, 2), "y": round(y, 2),
                                    "width": round(w, 2), "height": round(h, 2)}
        out.append(record)
    return out, redactions


def _owner_src(entry: FrameEntry, dom: DomFacts, tree: FlatTree) -> str | None:
    if entry.owner_backend_id is None:
        return None
    info = dom.get(entry.owner_backend_id, entry.parent_frame_id)
    src = info.attrs.get("src") if info is not None else None
    if not src:
        return None
    parent = _parent_ordinal(tree, entry.parent_frame_id)
    return absolute_url(tree.frames[parent].url if parent is not None else "", src)


def _parent_ordinal(tree: FlatTree, parent_frame_id: str | None) -> int | None:
    if not parent_frame_id:
        return None
    for entry in tree.frames:
        if entry.frame_id == parent_frame_id:
            return entry.ordinal
    return None


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme in ("http", "https", "ws", "wss", "ftp") and parts.netloc:
        return f"{parts.scheme}://{parts.netloc}"
    return "null"
