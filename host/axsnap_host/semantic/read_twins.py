"""What parts twins the walker never parted, before the read numbers them (ids.py, note 281).

The walker parts the page's twins over the whole document (lib/walker/src/twins.js), but only
the controls its selectors take. A control the host lists by another reason (a grid's cell with
the ``gridcell`` role, an icon a label's click reaches) that shares its id with another in the
read was numbered in the read's order: MLflow's runs grid said each row's "Dataset" and
"Models" cells ``btn_press_space_to_select_this_near_<run>_in_main`` and ``..._2``. Before that
number, two things a person or the page's authors name them by are tried, each only where it
tells every one of the alike apart:

- the header of the column a cell sits in, read by the cell's ``aria-colindex`` in its grid
  (``role=grid``/``treegrid``/``table``): ``..._dataset``, ``..._models``, as a person reads a
  grid; the twins of such a pair sit in one row, so a read holds both or neither;
- the words of the element's own markup name, as the walker's ``own:`` place says them
  (lib/walker/src/twin_own.js, note 278): its ``id``, test id or ``name``, camel case split,
  none with a digit, less the words every twin's name shares (``RadioButtonUncheckedIcon`` and
  ``RadioButtonCheckedIcon`` are ``unchecked`` and ``checked``);
- for twins that show no words, the icon their class names, as the walker's ``lookPlaces``
  says it (twin_own.js, note 300): the last class token not every twin has whose words say
  more than a look (``restack-image`` and ``view-image``: ``restack``, ``view``).
"""

from __future__ import annotations

import re
from collections import deque

from axsnap_host.models.markup_names import CLASS_SHOWN_WORDS, CLASS_STATE_WORDS, OWN_NAME_ATTRS
from axsnap_host.semantic.facts import Node, PageFacts
from axsnap_host.semantic.ids import slug

GRID_ROLES = frozenset({"grid", "treegrid", "table"})
CELL_ROLES = frozenset({"gridcell", "cell", "rowheader"})
CELL_UP = 4  # ancestors looked at for the cell an element is or sits in
GRID_UP = 16  # ancestors looked at for that cell's grid
GRID_NODES = 20_000  # a grid's nodes looked at for its headers
COLUMN_WORDS = 3  # the words of a column's header an id holds (twins_last.js NAME_WORDS)
STATE_WORDS = frozenset(CLASS_STATE_WORDS)
SHOWN_WORDS = frozenset(CLASS_SHOWN_WORDS)


def _grid_heads(grid: Node, facts: PageFacts) -> dict[str, str]:
    """Each column index of ``grid`` and the words of its last header cell with words (the
    header row closest to the data: a group's header row comes before its columns')."""
    heads: dict[str, str] = {}
    todo = deque(grid.children)
    seen = 0
    while todo and seen < GRID_NODES:
        node = facts.nodes[todo.popleft()]
        seen += 1
        index = node.attrs.get("aria-colindex", "")
        if node.attrs.get("role") == "columnheader" and index and (
                words := slug(node.text, COLUMN_WORDS)):
            heads[index] = words
        todo.extend(node.children)
    return heads


def grid_column(node: Node, facts: PageFacts, memo: dict[int, dict[str, str]]) -> str:
    """The words of the header of the grid column ``node`` is or sits in (by the cell's
    ``aria-colindex``), "" outside such a cell. ``memo``: each grid's headers, read once."""
    cell = next((a for a in [node, *facts.ancestors(node)[:CELL_UP]]
                 if a.attrs.get("role") in CELL_ROLES and a.attrs.get("aria-colindex")), None)
    if cell is None:
        return ""
    grid = next((a for a in facts.ancestors(cell)[:GRID_UP]
                 if a.attrs.get("role") in GRID_ROLES), None)
    if grid is None:
        return ""
    if grid.rid not in memo:
        memo[grid.rid] = _grid_heads(grid, facts)
    return memo[grid.rid].get(cell.attrs["aria-colindex"], "")


def own_name(node: Node) -> tuple[str, ...]:
    """The words of the first of the element's own markup names (``OWN_NAME_ATTRS``' order) that has
    words and no digit (a token a script made is no name), camel case split; () when none."""
    for attr in OWN_NAME_ATTRS:
        value = node.attrs.get(attr, "")[:200]
        words = tuple(w for w in (slug(part, 1) for part in re.split(
            r"\W+|_", re.sub(r"([a-z])([A-Z])", r"\1 \2", value))) if w)
        if words and not any(any(c.isdigit() for c in w) for w in words):
            return words
    return ()


LOOK_DOWN = 40  # nodes inside an element looked at for its icon's class
_CAMEL = re.compile(r"[A-Za-z][a-z]+")
_VOWEL = re.compile(r"[aeiouy]", re.IGNORECASE)
_DIGIT = re.compile(r"[0-9]")  # ASCII, as the walker's /\d/ reads one
_CAPITAL = re.compile(r"[A-Z]")  # ASCII, as the walker's /[A-Z]/ reads one


def class_token_words(token: str) -> tuple[str, ...] | None:
    """The words of one class token, as the walker's twin_own.js classTokenWords reads them:
    its parts split at "-" and "_", camel case split, a part holding a digit left out (a letter
    alone is kept: ``social-link--p``, Pinterest's beside ``social-link--fb``); None for
    a token a tool made (a part in mixed case that is no camel-cased words: "hbZSaW")."""
    out: list[str] = []
    for part in re.split(r"[-_]+", token):
        if not part or _DIGIT.search(part):
            continue
        if _CAPITAL.search(part):
            words = re.sub(r"([a-z])([A-Z])", r"\1 \2", part).split(" ")
            if not all(_CAMEL.fullmatch(w) and _VOWEL.search(w) for w in words):
                return None
            out.extend(w.lower() for w in words)
        else:
            out.append(part)
    return tuple(out)


def look_tokens(node: Node, facts: PageFacts) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The element's class tokens and their words (its own class, then the first element
    inside it with a class: its icon), as twin_own.js lookTokens reads them;
    ``read_parts.look_parts`` says twins by them."""
    icon = None
    todo = deque(node.children)
    for _ in range(LOOK_DOWN):
        if not todo:
            break
        inner = facts.nodes[todo.popleft()]
        if inner.attrs.get("class", ""):  # as the walker's [class]:not([class=""])
            icon = inner
            break
        todo.extendleft(reversed(inner.children))
    return class_look_tokens(
        [t for n in (node, icon) if n is not None for t in n.attrs.get("class", "").split()])


def class_look_tokens(tokens: list[str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Those of a control's class tokens that may name it, with their words: a token a tool
    made, one whose words all say a state and one saying on which screens it shows left out
    (twin_own.js classLookTokens; both held to tests/vectors/class_look_words.json)."""
    out = []
    for token in tokens:
        words = class_token_words(token)
        if words and not all(w in STATE_WORDS for w in words) and not any(
                w in SHOWN_WORDS for w in words):
            out.append((token, words))
    return tuple(out)
