"""Plain records shared by the reference collector, the peers' parsers and the scoring."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class RefElement:
    """One visible interactive element of the page, as the reference sees it."""

    frame_id: str
    path: str  # element-child indices from the frame's document, "s" = open shadow root
    backend_node_id: int | None
    tag: str
    role: str
    name: str
    rect: tuple[float, float, float, float]  # x, y, w, h in main-frame viewport pixels
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True)
class ToolItem:
    """One interactive item in a tool's output: an id when the tool gives one, else role+name."""

    role: str
    name: str = ""
    backend_node_id: int | None = None


@dataclass
class Reference:
    elements: list[RefElement]
    viewport: tuple[float, float]  # width, height of the main frame's viewport
    element_count: int = 0  # elements in the page (documents + open shadow roots)
    listeners: int = 0  # click listeners on elements
    unmapped: int = 0  # reference elements whose backendNodeId could not be found
    notes: list[str] = field(default_factory=list)
    # parts of controls (options, labels of controls, built-in parts of inputs): a tool
    # listing them is neither right nor wrong — they are left out of its precision
    neutral: list[RefElement] = field(default_factory=list)
    neutral_ids: set[int] = field(default_factory=set)
    tags: dict[int, str] = field(default_factory=dict)  # backendNodeId → tag, every element

    def in_window(self, expand_px: float | None) -> list[RefElement]:
        """Elements intersecting the viewport grown by ``expand_px`` (None = the whole page)."""
        if expand_px is None:
            return list(self.elements)
        width, height = self.viewport
        kept = []
        for element in self.elements:
            x, y, w, h = element.rect
            if (y + h > -expand_px and y < height + expand_px
                    and x + w > -expand_px and x < width + expand_px):
                kept.append(element)
        return kept
