"""Apply the redaction rules to the flat AX tree: mask secret fields, scrub every kept name."""

from __future__ import annotations

from collections.abc import Iterable

from axsnap_host.pipeline.ax.tree import FlatNode, FlatTree
from axsnap_host.pipeline.redaction import mask, scrub_text, scrub_url
from axsnap_host.pipeline.secrets import SecretFields

_SCRUBBED_STATE = ("valuetext", "url", "autocomplete")


def redact_tree(tree: FlatTree, kept: Iterable[str], secrets: SecretFields,
                scrub: bool = True) -> int:
    """Mask secret fields (value, string state, text inside them) and scrub every name,
    value and string state of the cached nodes, in place. Returns how many pieces were masked.
    Which fields are secret is the capture's one decision (``secrets``), not decided here.
    ``scrub=False``: the secret fields only; the caller scrubs each cached node
    (:func:`scrub_node`: the row memo, which keeps the scrubbed rows of equal nodes).
    """
    nodes = tree.nodes
    masked = 0
    if not secrets.has_nodes():  # (most pages): nothing to mask, the kept nodes scrubbed
        if scrub:
            for nid in kept if isinstance(kept, dict) else dict.fromkeys(kept):
                node = nodes.get(nid)
                if node is not None:
                    masked += scrub_node(node, tree)
        return masked
    kept_set = set(kept)
    inside_secret: set[str] = set()
    for nid in _preorder_ids(tree):
        node = nodes[nid]
        secret = node.parent in inside_secret if node.parent else False
        if not secret:
            kind = secrets.kind(node.frame_id, node.backend_id)
            if kind is not None:
                secret = True
                if nid in kept_set:
                    node = tree.own(node)
                    node.value = mask(node.value)
                    state = dict(node.state)  # a node's state is never changed in place
                    if "valuetext" in state:
                        state["valuetext"] = mask(str(state["valuetext"]))
                    state["secret"] = kind
                    node.state = state
                    masked += 1
        elif secret and nid in kept_set:
            # Text inside a secret field repeats its value.
            if node.name or node.value is not None:
                node = tree.own(node)
            if node.name:
                node.name = mask(node.name)
                masked += 1
            if node.value is not None:
                node.value = mask(node.value)
        if secret:
            inside_secret.add(nid)
        if scrub and nid in kept_set:
            masked += scrub_node(node, tree)
    return masked


def scrub_node(node: FlatNode, tree: FlatTree | None = None) -> int:
    """Scrub a node's name, value and string states (redaction.scrub_text and
    scrub_url: pure functions of the text); returns how many pieces were masked. ``tree``:
    the node's, when it may share the node (the node is changed through its ``own``)."""
    count = 0
    name, value, state = node.name, node.value, node.state
    if name:
        name, found = scrub_text(name)
        count += found
    if value:
        value, found = scrub_text(value)
        count += found
    for key in _SCRUBBED_STATE:
        text = state.get(key)
        if isinstance(text, str):
            scrubbed, found = scrub_url(text) if key == "url" else scrub_text(text)
            if scrubbed != text:  # a new state: a node's is never changed in place
                state = {**state, key: scrubbed}
            count += found
    if name is not node.name or value is not node.value or state is not node.state:
        if tree is not None:
            node = tree.own(node)
        node.name, node.value, node.state = name, value, state
    return count


def _preorder_ids(tree: FlatTree) -> list[str]:
    # FlatTree.nodes is built in document pre-order: parents come before children.
    return list(tree.nodes)
