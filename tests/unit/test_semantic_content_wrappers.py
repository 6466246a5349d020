"""One text in nested wrapper boxes is one block of the content ranking (issue 31, design note
175). A header menu wrapped in three <div>s, each reporting the menu's first words as its own
text (the walker's 120-character skeleton of the links under it), was listed three times, and
a link's three wrappers three more times (the 37th held-out set's saurus-155: six of the first
twelve blocks). A skeleton holding another that starts with its words is a wrapper: the
innermost stands for the text; a block of prose beside them is untouched."""

from __future__ import annotations

from axsnap_host.semantic.content import _candidates
from axsnap_host.semantic.facts import Node, PageFacts

MENU = "Home SPONSOR Information Auctions Community LTBCOIN Rewards Magic Words"
LINK = "P2P Connects Us - Episode 6"
PROSE = ("Have a news tip, need a bitcoin expert, a question, or want to write for our guest "
         "blog? Let us know with the form below.")


def _facts() -> PageFacts:
    rows: list[tuple[int, str, str, tuple[float, float, float, float], list[str], bool]] = [
        (-1, "body", "", (0, 0, 1265, 2000), [], False),
        (0, "div", MENU, (8, 16, 1249, 640), [], False),  # 1: wrapper
        (1, "div", MENU, (8, 16, 1249, 640), [], False),  # 2: wrapper
        (2, "div", MENU, (8, 16, 1249, 466), [], False),  # 3: the menu's own box
        (3, "ul", "", (8, 16, 1249, 432), [], False),
        (4, "a", "Home", (8, 16, 40, 18), ["link"], False),
        (4, "a", "SPONSOR Information Auctions", (8, 40, 200, 18), ["link"], False),
        (0, "div", LINK, (8, 638, 1249, 18), [], False),  # 7: the link's text, once
        (7, "div", LINK, (8, 638, 1249, 18), [], False),  # 8: holds only the link (a control)
        (8, "a", LINK, (8, 638, 187, 17), ["link"], False),
        (0, "p", PROSE, (8, 700, 1249, 40), [], True),
    ]
    nodes = [Node(rid=i, parent=parent, tag=tag, attrs={}, text=text, box=box, reasons=reasons,
                  block=block) for i, (parent, tag, text, box, reasons, block) in enumerate(rows)]
    for node in nodes:
        if node.parent >= 0:
            nodes[node.parent].children.append(node.rid)
    return PageFacts(url="http://127.0.0.1/", title="Contact Us", nodes=nodes,
                     viewport=(1265.0, 757.0), scroll=(0.0, 0.0), page_size=(1265.0, 2000.0),
                     frames=[], semantic_mode=True)


def test_a_text_in_nested_wrappers_is_listed_once_by_its_innermost_box() -> None:
    facts = _facts()
    listed = [n.rid for n in _candidates(facts, [[] for _ in facts.nodes], set())]
    assert listed == [3, 7, 10], listed


def test_a_wrapper_holding_other_words_first_is_kept() -> None:
    # (an outer loose text that begins with words of its own is no wrapper of the one inside)
    facts = _facts()
    facts.nodes[1].text = "Welcome to the show: " + MENU
    facts.nodes[1].children = [2]
    listed = [n.rid for n in _candidates(facts, [[] for _ in facts.nodes], set())]
    assert 3 in listed and 2 not in listed and 10 in listed, listed
