"""The ``elements`` output: one JSON record per indexed interactive element.

Keys: index, tagName, text, attributes, rect {x,y,width,height} (main-document CSS px),
center {x,y} (viewport CSS px), xpath (frame-aware: an iframe's XPath prefixes its
document's; ``#shadow-root`` marks a shadow hop), selector (within the element's document;
`` >>> `` crosses a shadow root), isInteractive, reasons, role, name, backendNodeId, frame
(ordinal in RawCapture.frames), inViewport, and value / checked / disabled / secret where
they apply. The element model's facts (pipeline/elements/model.py): role, name, nameSource,
description, states, context, actions.
"""

from __future__ import annotations

from typing import Any


def render_elements(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records themselves, their host-only keys (``_``) taken out in place: a copy of
    each was 15 MB of the 100k-element page's peak. Called after render_domtext, which reads
    those keys."""
    for record in records:
        hidden = [key for key in record if key.startswith("_")]
        for key in hidden:
            del record[key]
    return records
