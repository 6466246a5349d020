"""A tab's last whole-page SnapshotV1 rows, kept so the next read renders only what changed.

After a small change on a big page almost every kept node renders to the row it rendered
before, except for its box: one longer text widens a table column and moves every row
below it (13,980 of 14,524 rows of the 20k bench page after its one-row change). So a row
is kept in two parts: everything but the box (``[depth, id, role, name, …, props]``, its
strings capped, and the JSON text on either side of the box) under the exact inputs it was
made of, and the box, put in fresh every read. A node whose inputs are equal to the last
read's takes the kept row (the same list when the box did not move either); any other is
rendered by :func:`..ax.snapshot.row_of` as on a first read.

The inputs (the key) are everything the scrub, ``row_of``, the suspicious flag and the
string caps read of a node: its depth, role, name, value and state as the pipeline left
them (the secret fields' masks — redact_tree decides those every read from the capture's
secret decisions —, the DOM's value, the cover test and the flag's mark), its DOM node
(backendNodeId, frame ordinal: ``domRef``), whether the DOMSnapshot has its box, whether
that box is laid out, visible and clickable, and its flag; per read, whether redaction is
on and the page URL's parts that ``relative_url`` reads. A kept row is the scrub's output
for an equal input (``scrub_text``/``scrub_url`` are pure), with the count it masked.
State values are keyed with their types (``1``, ``1.0`` and ``True`` are equal in Python,
not in JSON). The rows of a read are shared with the memo: nothing may change a row after
rendering (the renderer applies the flag itself).
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring
from typing import Any
from urllib.parse import SplitResult

from axsnap_host.models.snapshot import NODE_COLUMNS
from axsnap_host.pipeline.ax.redact import scrub_node
from axsnap_host.pipeline.ax.snapshot import row_of, set_prop
from axsnap_host.pipeline.ax.tree import FlatNode
from axsnap_host.pipeline.ax.window_index import DomFacts
from axsnap_host.pipeline.caps import MAX_VALUE, cap_strings

# A read of more kept rows keeps none (the 100k bench page: ~70k rows, tens of MB held
# between reads for a page whose DOMSnapshot is sent whole anyway: dom_bases.MAX_NODES).
MAX_ROWS = 40_000
_BBOX_AT = NODE_COLUMNS.index("bbox")


# json.dumps(value, ensure_ascii=False, separators=(",", ":")) without a new encoder per
# call (snapshot_json's encoding): a list's JSON is "[" + its items' joined by "," + "]"
_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_string = encode_basestring  # what that encoder does with a str


def _kept(key: tuple[Any, ...], row: list[Any], scrubbed: int) -> tuple[Any, ...]:
    """(key, row, its JSON text, where its box's JSON starts in it, where it ends, how many
    pieces its scrub masked): one string a row, the box's JSON put in by slicing."""
    if len(row) <= _BBOX_AT or row[_BBOX_AT] is None:
        return key, row, _encode(row), -1, -1, scrubbed
    depth, nid, role, name = row[:_BBOX_AT]  # an int and three strings (node_row's cells)
    head = f"[{depth:d},{_string(nid)},{_string(role)},{_string(name)},"
    rest = row[_BBOX_AT + 1:]
    box = _encode(row[_BBOX_AT])
    text = head + box + ("," + ",".join(map(_encode, rest)) + "]" if rest else "]")
    return key, row, text, len(head), len(head) + len(box), scrubbed


class RowMemo:
    """node id → the row it rendered to on the tab's last whole-page read, and its inputs."""

    def __init__(self, max_rows: int = MAX_ROWS) -> None:
        self.max_rows = max_rows
        self._context: tuple[str, ...] | None = None
        self._rows: dict[str, tuple[Any, ...]] = {}
        self.reused = 0  # rows of the last read taken from the memo (box put in or not)
        self.scrubbed = 0  # pieces the last read's rows' scrub masked (kept rows' included)
        self._text: str | None = None

    def take_text(self) -> str | None:
        """The JSON text of the rows the last :meth:`render` returned, once (None when no
        render ran since the last take)."""
        text, self._text = self._text, None
        return text

    def __len__(self) -> int:
        return len(self._rows)

    def forget(self) -> None:
        """Hold no rows (a read the memo does not render: a window read, or too many rows)."""
        self._rows, self._context, self._text = {}, None, None

    def render(self, nodes: dict[str, FlatNode], order: list[tuple[str, int]],
               dom: DomFacts, base: SplitResult, flags: dict[str, str], *, scrub: bool
               ) -> list[list[Any]]:
        """The rows of ``order`` (node id, depth), scrubbed (``scrub``: redaction's
        :func:`..ax.redact.scrub_node`, how many pieces it masked in ``scrubbed``), capped and
        flagged; their list's JSON text is :meth:`take_text`. The memo then holds this
        read's rows (none past ``max_rows``)."""
        context = (base.scheme, base.netloc, base.path, base.query, scrub)
        last = self._rows if context == self._context else {}
        kept: dict[str, tuple[Any, ...]] = {}
        rows: list[list[Any]] = []
        texts: list[str] = []
        reused = scrubbed = 0
        for nid, depth in order:
            node = nodes[nid]
            backend = node.backend_id
            box = dom.box(backend, node.frame_id) if backend is not None else None
            bbox = None
            if box is None:
                looks = None
            else:
                bounds, shown, clicks = box
                if bounds is not None:
                    x, y, width, height = bounds
                    bbox = [round(x), round(y), round(width), round(height)]
                looks = (bbox is None, shown, clicks)
            state = node.state
            flag = flags.get(nid) if flags else None
            key = (depth, node.role, node.name, node.value,
                   (tuple(state.items()), tuple(map(type, state.values()))) if state else None,
                   backend, node.frame, looks, flag)
            entry = last.get(nid)
            if entry is not None and entry[0] == key:
                reused += 1
                scrubbed += entry[5]
                if bbox is None or entry[1][_BBOX_AT] == bbox:
                    row, text = entry[1], entry[2]
                else:
                    row = entry[1][:]
                    row[_BBOX_AT] = bbox
                    before, start, end = entry[2], entry[3], entry[4]
                    box = f"[{bbox[0]},{bbox[1]},{bbox[2]},{bbox[3]}]"
                    text = before[:start] + box + before[end:]
                    entry = (key, row, text, start, start + len(box), entry[5])
            else:
                found = scrub_node(node) if scrub else 0  # the key holds the node as it was
                scrubbed += found
                row = row_of(node, depth, box, base)
                if flag is not None:
                    set_prop(row, "suspicious", json.loads(flag))
                entry = _kept(key, row, found)
                if len(entry[2]) > MAX_VALUE:  # else no string in it is over the least cap
                    cap_strings({"row": row})  # as the reply's cap would, string by string
                    entry = _kept(key, row, found)
                text = entry[2]
            kept[nid] = entry
            rows.append(row)
            texts.append(text)
        self._context = context
        self._rows = kept if len(kept) <= self.max_rows else {}
        self.reused, self.scrubbed = reused, scrubbed
        self._text = "[" + ",".join(texts) + "]"
        return rows
