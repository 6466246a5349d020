"""A target in a semantic id's form that no semantic read of the tab named (design note 162).

A semantic id (``btn_save``, ``link_for_red_jug_3``, ``btn_登录``: semantic/ids.py) is a
type prefix and lower-case words joined by ``_``. Nobody types words so, and the resolver's
words reading of one ("link for red jug 3") can find another control with ``ok: true``: a
card's title for a swatch id, a neighbour for a typo. So a target of that form that the tab's
semantic reads never named (a typo, an id of another tab or of the page before, an id made
up) is no words: the act answers ``stale_element``, with the ids the reads did name nearest
it (``rapidfuzz``), and acts on nothing. Two ways stay words: a lower-case string joined by
``_`` without an id's prefix (``sign_in``: no id starts so), and the same string shown as
written by an element of the page (a link whose text is ``file_upload``, a field whose
``name`` is ``input_email``), where the words find what the caller read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from rapidfuzz import fuzz, process

from axsnap_host.models.act import ActError, Candidate
from axsnap_host.models.errors import ErrorCode

# The type prefixes semantic ids start with (semantic/ids.py PREFIXES' values, and "el" for
# the rest; a unit test keeps them equal): the act room does not import the semantic room.
ID_PREFIXES = ("btn", "link", "input", "textarea", "checkbox", "radio", "select", "file",
               "img", "video", "tab", "menu", "item", "el")
# A prefix, then one or more words of letters or digits of any script, each after one "_"
# (ids' words: semantic/ids.py slug's [^\W_]+, lower-cased).
ID_FORM = re.compile(rf"(?:{'|'.join(ID_PREFIXES)})(?:_[^\W_]+)+")
NEAREST_IDS = 3


def id_shaped(text: str) -> bool:
    """Whether ``text`` has a semantic id's form: no words a person types."""
    return text == text.lower() and ID_FORM.fullmatch(text) is not None


def _said(rec: dict[str, Any]) -> list[str]:
    attrs = rec.get("attributes") or {}
    return [str(v) for v in (rec.get("label"), rec.get("name"), rec.get("text"),
                             *attrs.values()) if isinstance(v, str | int) and v != ""]


def shown_as_written(text: str, records: list[dict[str, Any]] | None) -> bool:
    """Whether an element of the page says ``text`` as written (case aside): in its label,
    name, text or an attribute's value (``name="input_email"``)."""
    return any(text in said.lower() for rec in records or () for said in _said(rec))


def named_ids(state: Any) -> dict[str, tuple[int, int | None]]:
    """The ids the tab's semantic reads named (semantic.build.SemanticIndex.targets)."""
    targets = getattr(getattr(state, "semantic_index", None), "targets", None)
    return targets if isinstance(targets, dict) else {}


def nearest_ids(ident: str, named: dict[str, tuple[int, int | None]],
                limit: int = NEAREST_IDS) -> list[tuple[str, float]]:
    """The named ids most alike ``ident`` by their characters, best first, scored 0-1."""
    found = process.extract(ident, list(named), scorer=fuzz.ratio, limit=limit)
    return [(str(choice), round(float(score) / 100, 3)) for choice, score, _ in found]


def unnamed_id_error(ident: str, state: Any,
                     ref_of: Callable[[int, int], dict[str, Any]]) -> ActError:
    """``stale_element`` for ``ident``, no read's id: the nearest named ids as candidates
    (each its element, found by ``ref_of(frame, backend)``, with ``semantic_id``)."""
    named = named_ids(state)
    near = nearest_ids(ident, named)
    candidates = []
    for other, score in near:
        frame, backend = named[other]
        ref = ref_of(frame, backend) if backend is not None else {}
        candidates.append(Candidate(**{**ref, "score": score, "semantic_id": other}))
    if near:
        listed = ", ".join(repr(other) for other, _ in near)
        hint = (f"the ids the tab's reads named nearest it: {listed}; use one of them, read "
                'the page again with format="semantic", or name the target in words')
    else:
        hint = ('no semantic read of this page names any id: read it with format="semantic" '
                "and use an id it lists, or name the target in words")
    return ActError(code=ErrorCode.STALE_ELEMENT,
                    message=f"{ident!r} has a semantic id's form but no semantic read of this "
                    "tab named it: nothing was acted on (an id is not taken as words)",
                    hint=hint, candidates=candidates)
