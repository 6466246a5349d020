"""Twins the walker never parted, said before the read numbers them (``ids.py``, notes 281, 300).

The walker parts the page's twins over the whole document (lib/walker/src/twins.js), but only
the controls its selectors take and only within a group alike in label, class and row. Twins
the read still holds alike are said, before the read numbers them, by the first of these that
tells every one of them apart (``read_twins.py`` reads each from the page):

- the header of the grid column each sits in (``..._dataset``, ``..._models``);
- the words of its own markup name, less those every twin's shares (``..._unchecked``);
- for twins that show no words, the icon their class names (``look_parts``: Substack's two
  buttons over each picture, ``restack-image`` and ``view-image``, ``..._restack`` and
  ``..._view``), as the walker's twin_own.js lookParts says it of the twins it numbers.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import TYPE_CHECKING

from axsnap_host.models.markup_names import CLASS_LOOK_WORDS

if TYPE_CHECKING:
    from axsnap_host.semantic.ids import Placed

OWN_WORDS = 4  # the words of an own name an id holds (lib/walker/src/twin_own.js WORDS)
LOOK_WORDS = 3  # the words of a class an id holds (twin_own.js LOOK_WORDS)
LOOK = frozenset(CLASS_LOOK_WORDS)
# (a box one types in: its class says how it is drawn, or a state typing changes, "ql-blank")
FIELDS = ("input", "textarea", "select")

Tokens = tuple[tuple[str, tuple[str, ...]], ...]


def part_in_read(items: Sequence[Placed], ids: list[str]) -> None:
    """Twins alike that the walker never parted (a control its selectors do not take, or
    twins of two groups it read apart) are said, before the read numbers them, by their grid
    column's header, else their own markup name, else, all showing no words and none a field,
    the icon their class names, where one of these parts every one."""
    alike: dict[str, list[int]] = defaultdict(list)
    for i, value in enumerate(ids):
        alike[value].append(i)
    for value, same in alike.items():
        if len(same) < 2 or any(items[i].number for i in same):
            continue
        columns = [items[i].column for i in same]
        parts = columns if all(columns) and len(set(columns)) == len(same) else own_parts(
            [items[i].own for i in same])
        if not parts and all(items[i].ordinal_only and not items[i].base.startswith(FIELDS)
                             for i in same):
            parts = ["_".join(p.split()) for p in look_parts([items[i].look for i in same])]
        for i, part in zip(same, parts, strict=False):
            ids[i] = f"{value}_{part}"


def own_parts(names: list[tuple[str, ...]]) -> list[str]:
    """Each twin's own name less the words all share (OWN_WORDS at most); [] unless they part
    every one."""
    if not names or any(not n for n in names):
        return []
    common = set(names[0]).intersection(*map(set, names[1:]))
    parts = ["_".join([w for w in n if w not in common][:OWN_WORDS]) for n in names]
    return parts if all(parts) and len(set(parts)) == len(parts) else []


def look_parts(tokens: list[Tokens]) -> list[str]:
    """The words each twin's class names it by, from its class tokens (read_twins.py
    look_tokens): the last token with a word of more than one letter that is no look's and not
    among every twin's words (``restack-image`` beside ``view-image``: ``restack``), those
    words of it (LOOK_WORDS at most); [] unless they part every twin."""
    if not tokens:
        return []
    every = set.intersection(*({w for _, words in own for w in words} for own in tokens))

    def named(word: str) -> bool:
        return word not in LOOK and word not in every

    parts = []
    for own in tokens:
        pick = next((words for _, words in reversed(own)
                     if any(len(w) > 1 and named(w) for w in words)), None)
        if pick is None:
            return []
        parts.append(" ".join([w for w in pick if named(w)][:LOOK_WORDS]))
    return parts if len(set(parts)) == len(parts) else []
