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
    return [{k: v for k, v in r.items() if not k.startswith("_")} for r in records]
