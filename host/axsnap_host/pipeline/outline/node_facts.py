"""What the outline reads of every kept node's element: its tag and its URL (a link's
href or an image's src, made absolute).

``DomIndex.get`` builds a whole DomInfo (every attribute, the computed styles, bounds,
visibility) and keeps it for the read; on a whole page of 72k kept nodes those cost ~5 s
and their memory, for two strings. :func:`tag_and_attrs` reads the same values off the
DOMSnapshot columns the same way ``DomIndex._build`` does (tag lower-cased, "" for
non-elements; attribute names lower-cased, the last of a repeated name wins), and nothing else.
"""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import urljoin

from axsnap_host.pipeline import page_memos
from axsnap_host.pipeline.ax.tree import FlatNode, FlatTree
from axsnap_host.pipeline.ax.window_index import DomFacts
from axsnap_host.pipeline.dom.index import ELEMENT_NODE, DomIndex

LINK_TAGS = frozenset({"a", "area"})
IMAGE_TAGS = frozenset({"img"})
_URL_ATTRS = frozenset({"href", "src"})


def node_url(node: FlatNode, dom: DomFacts, tree: FlatTree) -> str | None:
    """Absolute URL of a link (href) or image (src, not inline data)."""
    facts = node_tag_attrs(dom, node.backend_id, node.frame_id, _URL_ATTRS)
    tag, attrs = facts if facts is not None else ("", {})
    base = tree.frames[node.frame].url if node.frame < len(tree.frames) else ""
    if tag in LINK_TAGS and attrs.get("href"):
        return absolute_url(base, attrs["href"])
    if tag in IMAGE_TAGS and attrs.get("src"):
        src = attrs["src"]
        return None if src.startswith("data:") else absolute_url(base, src)
    if node.role == "link" and isinstance(node.state.get("url"), str):
        return str(node.state["url"])
    return None


def absolute_url(base: str, href: str) -> str:
    href = href.strip()
    if href.lower().startswith(("javascript:", "data:")):
        return href.split(":", 1)[0].lower() + ":"
    try:
        return _urljoin(base, href)
    except ValueError:
        return href


# A page's links repeat (node's fs.html: 433 different hrefs in 2,384 links): each pair
# joined once. urljoin is a pure function of its two strings.
_urljoin = lru_cache(maxsize=4096)(urljoin)
page_memos.register(_urljoin.cache_clear)  # its pairs are the page's URLs (note 82)


def node_tag_attrs(dom: DomFacts, backend_id: int | None, frame_id: str | None,
                   names: frozenset[str] = frozenset()) -> tuple[str, dict[str, str]] | None:
    """(tag, the attributes among ``names``) of a node, as ``dom.get`` gives them; from a
    DOMSnapshot without building its DomInfo."""
    if isinstance(dom, DomIndex):
        return tag_and_attrs(dom, backend_id, frame_id, names)
    return dom.tag_attrs(backend_id, frame_id, names)


def tag_and_attrs(dom: DomIndex, backend_id: int | None, frame_id: str | None,
                  names: frozenset[str]) -> tuple[str, dict[str, str]] | None:
    """(tag, the attributes among ``names``) of a node, as ``dom.get`` would give them;
    None when the DOMSnapshot does not have it."""
    where = dom.locate(backend_id, frame_id)
    if where is None:
        return None
    raw = dom.raw_document(where[0])
    node_index = where[1]
    tag = raw.string(raw.column("nodeName", node_index, -1)).lower()
    if raw.column("nodeType", node_index, 0) != ELEMENT_NODE:
        tag = ""
    attrs: dict[str, str] = {}
    if names:
        raw_attrs = raw.column("attributes", node_index, None) or []
        for i in range(0, len(raw_attrs) - 1, 2):
            name = raw.string(raw_attrs[i]).lower()
            if name in names:
                attrs[name] = raw.string(raw_attrs[i + 1])
    return tag, attrs
