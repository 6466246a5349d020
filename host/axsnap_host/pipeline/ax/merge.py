"""Merge what only the DOM knows into the AX nodes the snapshot keeps."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from axsnap_host.pipeline.ax.tree import FlatTree
from axsnap_host.pipeline.ax.window_index import DomFacts
from axsnap_host.pipeline.dom.walker_merge import Joined
from axsnap_host.pipeline.elements.model import JoinFacts, apply_element_facts
from axsnap_host.pipeline.redaction import TEXT_ENTRY_ROLES


def fill_missing_values(tree: FlatTree, kept: Iterable[str], dom: DomFacts,
                        joined: Sequence[Joined] | None = None,
                        shared: JoinFacts | None = None) -> int:
    """Give text-entry nodes without an AX value the DOM's input value; returns how many.

    Chrome leaves ``value`` out for some fields (empty ones, some custom controls); the
    DOMSnapshot ``inputValue``/``textValue`` fills the gap, so redaction sees it too.
    ``joined``: the walker's records joined to their nodes (window_index.walker_joins), whose
    element facts the cached nodes take first; ``shared``: the read's facts of that join
    (elements/model.py ``join_facts``).
    """
    kept = list(kept)
    # one description of each element (issue 30)
    apply_element_facts(tree, kept, joined or (), shared)
    filled = 0
    for nid in kept:
        node = tree.nodes[nid]
        if node.value is not None or node.role not in TEXT_ENTRY_ROLES:
            continue
        info = dom.get(node.backend_id, node.frame_id)
        if info is None:
            continue
        value = info.input_value if info.input_value is not None else info.text_value
        if value is not None:
            tree.own(node).value = value
            filled += 1
    return filled
