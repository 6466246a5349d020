"""An outline's CSS ``focus`` on a whole-page read from the walk (``ax_source="walk"``).

Chromium's read resolves a CSS focus to a backendNodeId (DOM.querySelector) and the outline
keeps that node's subtree. The walk has no DOM tree to ask, and the element a selector names
is often a wrapper the walk lifts (no node of its own). The walker selects it itself
(``opts.axFocus``, ax_tree.js): its rows are the ones written while it was visited, rows
``[from, to)`` in pre-order, so its subtree is those rows (and what hangs under them: a
cross-site frame's rows), whether it made a node or not. An element id (``0-29``,
``0-axw12``, ``0-ax12``) or an XPath is resolved by the outline as on Chromium's tree.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.pipeline.ax.tree import FlatTree

ID_RE = re.compile(r"^\d+-(axw?)?\d+$")  # an element id, or a walk's node id


def is_css_focus(focus: str) -> bool:
    """Whether ``focus`` is a CSS selector (not an id or an XPath; walker_capture.js agrees)."""
    return not ID_RE.match(focus) and not focus.startswith("/")


def walk_focus(focus: str, capture: RawCapture,
               tree: FlatTree) -> tuple[str | None, Callable[[str], bool]]:
    """(the id of the node the selected element made, or None when the walk lifted it; whether
    a node is inside it). Raises when the selector selected nothing shown."""
    found = ((capture.walker or {}).get("axt") or {}).get("focus")
    if not isinstance(found, dict) or not isinstance(found.get("from"), int) \
            or not isinstance(found.get("to"), int):
        reason = found.get("error") if isinstance(found, dict) else None
        raise AxsnapError(ErrorCode.INVALID_MESSAGE,
                          f"the selector {focus!r} matched nothing"
                          + (f" ({reason})" if reason else ""),
                          "pass an element id or XPath from the outline's maps, or a CSS "
                          "selector")
    low, high = found["from"], found["to"]

    def row(nid: str) -> int:
        ax_id = tree.nodes[nid].ax_id
        return int(ax_id) if isinstance(ax_id, str) and ax_id.isdigit() else -1

    own = next((nid for nid in tree.nodes if row(nid) == low), None) \
        if found.get("own") else None
    memo: dict[str, bool] = {}

    def included(nid: str) -> bool:
        known = memo.get(nid)
        if known is not None:
            return known
        chain = []  # up to the first node whose answer is known or in the rows
        result = False
        at: str | None = nid
        while at is not None:
            if at in memo:
                result = memo[at]
                break
            if low <= row(at) < high:
                result = True
                break
            chain.append(at)
            at = tree.nodes[at].parent
        for seen in chain:
            memo[seen] = result
        if at is not None:
            memo[at] = result
        return result

    return own, included
