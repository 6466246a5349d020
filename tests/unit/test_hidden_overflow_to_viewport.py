"""The DOMSnapshot path's hiding reasons follow CSS's overflow propagation as the walker does
(design note 285): the root's overflow is the viewport's, and so is the body's while the root's
is visible, so a body of height 0 hiding its overflow hides nothing; a box inside it does."""

from __future__ import annotations

from dataclasses import dataclass, field

from axsnap_host.pipeline.hidden import dom_hiding_reasons

HIDES = {"overflow-x": "hidden", "overflow-y": "hidden"}


@dataclass
class Node:
    tag: str
    bounds: tuple[float, float, float, float] | None = (0, 0, 800, 600)
    styles: dict[str, str] = field(default_factory=dict)
    node_type: int = 1


def _chain(root_styles: dict[str, str], box: Node | None = None) -> list[Node]:
    """A button in the body (0 px tall, hiding its overflow) under the root, nearest first."""
    button = Node("button", (10, 10, 80, 24))
    body = Node("body", (0, 0, 800, 0), dict(HIDES))
    inner = [box] if box else []
    return [button, *inner, body, Node("html", (0, 0, 800, 600), root_styles)]


def test_a_body_whose_overflow_is_the_viewports_hides_nothing() -> None:
    assert dom_hiding_reasons(_chain({})) == []
    assert dom_hiding_reasons(_chain({"overflow-x": "visible", "overflow-y": "visible"})) == []


def test_a_body_beside_a_root_that_clips_keeps_its_own_clip() -> None:
    assert dom_hiding_reasons(_chain(dict(HIDES))) == ["zero_size"]


def test_the_root_never_clips_and_a_box_in_the_body_does() -> None:
    root = Node("html", (0, 0, 800, 0), dict(HIDES))
    assert dom_hiding_reasons([Node("button", (10, 10, 80, 24)), root]) == []
    gone = Node("div", (0, 0, 800, 3), dict(HIDES))
    assert dom_hiding_reasons(_chain({}, gone)) == ["tiny_box"]
