"""What an action names: a DOM text index, an element id, a semantic id, or words.

``12`` or ``"[12]"`` is a DOM text index; ``"0-29"`` an outline/SnapshotV1 element id
(``{frameOrdinal}-{backendNodeId}``), or a node of a whole-page read from the walk
(``"0-axw57"``: a heading, a text run..., found again through the walker's world by the
extension, design note 64); ``"btn_sign_in"`` a semantic id (of the tab's
``format="semantic"`` reads, or of a resolver registered with
:func:`register_semantic_resolver`); one that none named is no words (``stale_element``,
:mod:`.unnamed_ids`) unless it has no id's prefix or the page shows it; anything else is a
plain-language query for :mod:`.resolver`, maybe relational (``'"Reply" near "Kanesha"'``,
``{"query": "Reply", "near": "Kanesha"}``: see :mod:`.relations`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from axsnap_host.act.relations import Relation, split_relation
from axsnap_host.act.unnamed_ids import ID_FORM, id_shaped
from axsnap_host.models.act import RelationalTarget
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.pipeline.elements.walker_ids import WALK_ELEMENT_ID, walk_key

TargetKind = Literal["index", "element_id", "semantic", "query"]
_INDEX = re.compile(r"^\[?(\d{1,9})\]?$")
_ELEMENT_ID = re.compile(r"^(\d{1,4})-(\d{1,12})$")
# an accessibility node with no DOM node (Chromium's {frame}-ax{axNodeId}; the walk's rows of
# no node: a document, generated text, a list marker)
_AX_ID = re.compile(r"^\d{1,4}-ax\d{1,12}$")
_SEMANTIC = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$")
MAX_QUERY = 500
# Python's classes in these patterns and the same sets in a JavaScript RegExp of flag u (every
# code point of this Python's Unicode database alike: tests/unit/test_lookup_forms.py)
_JS_CLASSES = ((r"[^\W_]", r"[\p{L}\p{N}]"), (r"\d", r"\p{Nd}"))

# (state, elements, semantic id) → the element record it names, or None.
SemanticResolver = Callable[[Any, list[dict[str, Any]], str], dict[str, Any] | None]
_semantic_resolvers: list[SemanticResolver] = []


def register_semantic_resolver(resolver: SemanticResolver) -> None:
    """Let semantic ids (``btn_sign_in``) name targets. Called by the semantic package."""
    if resolver not in _semantic_resolvers:
        _semantic_resolvers.append(resolver)


def unregister_semantic_resolver(resolver: SemanticResolver) -> None:
    if resolver in _semantic_resolvers:
        _semantic_resolvers.remove(resolver)


def semantic_resolvers() -> tuple[SemanticResolver, ...]:
    return tuple(_semantic_resolvers)


@dataclass(frozen=True, slots=True)
class Target:
    kind: TargetKind
    raw: str
    index: int | None = None
    frame: int | None = None
    backend_node_id: int | None = None
    relation: Relation | None = None  # a query naming its element by an anchor text
    walk_node: int | None = None  # the walk's id of a node with no backendNodeId (walk_key)

    @property
    def element_id(self) -> str | None:
        if self.frame is not None and self.walk_node is not None:
            return f"{self.frame}-axw{self.walk_node}"
        if self.frame is None or self.backend_node_id is None:
            return None
        return f"{self.frame}-{self.backend_node_id}"


def parse_target(value: str | int | RelationalTarget | dict[str, Any]) -> Target:
    """Classify ``value``; raises ``invalid_message`` for an empty or oversized target."""
    if isinstance(value, dict):
        try:
            value = RelationalTarget.model_validate(value)
        except ValueError as err:
            raise AxsnapError(ErrorCode.INVALID_MESSAGE, f"bad relational target: {err}"[:300],
                              'give {"query": ..., "near": ...} or {"query": ..., '
                              '"inside": ...}') from err
    if isinstance(value, RelationalTarget):
        relation = Relation("near", value.near) if value.near is not None else \
            Relation("in", str(value.inside))
        return Target("query", value.query.strip(), relation=relation)
    if isinstance(value, bool):
        raise AxsnapError(ErrorCode.INVALID_MESSAGE, "a target cannot be a boolean",
                          "name an index (12), an element id ('0-29') or words")
    if isinstance(value, int):
        if value < 0:
            raise AxsnapError(ErrorCode.INVALID_MESSAGE, f"index {value} is negative",
                              "DOM text indices start at 1")
        return Target("index", str(value), index=value)
    text = str(value).strip()
    if not text or len(text) > MAX_QUERY:
        raise AxsnapError(ErrorCode.INVALID_MESSAGE,
                          f"a target must be 1 to {MAX_QUERY} characters",
                          "name an index (12), an element id ('0-29') or a few words")
    match = _INDEX.match(text)
    if match:
        return Target("index", text, index=int(match.group(1)))
    match = _ELEMENT_ID.match(text)
    if match:
        return Target("element_id", text, frame=int(match.group(1)),
                      backend_node_id=int(match.group(2)))
    # a node named by the walker's id ({frame}-axw{w}: an element of a walker-named read, a
    # heading or text run of a read from the walk; the walker's world knows it by w, note 64)
    walked = walk_key(text)
    if walked:
        return Target("element_id", text, frame=walked[0], walk_node=walked[1])
    if _AX_ID.match(text):
        raise AxsnapError(ErrorCode.NOT_ACTIONABLE,
                          f"{text!r} names an accessibility node with no DOM element (a text "
                          "run, a heading, a list...): there is nothing to act on",
                          "act on an element's id ({frame}-{backendNodeId}: its links, "
                          "buttons, fields...), an index, or name the target in words")
    if _SEMANTIC.match(text) or id_shaped(text):
        # looked up as a semantic id; when no read named it, words only if it cannot be an
        # id (no id's prefix: "sign_in") or the page shows it as written (note 162)
        return Target("semantic", text)
    query, near_or_in = split_relation(text)
    return Target("query", query, relation=near_or_in)


def _js_source(pattern: re.Pattern[str]) -> str:
    source = pattern.pattern
    for python, javascript in _JS_CLASSES:
        source = source.replace(python, javascript)
    return source


def lookup_forms() -> dict[str, Any]:
    """The targets the host's lookup may name (an index, an element id, a walk node's id, a
    semantic id: :func:`parse_target`'s kinds but words), as JavaScript RegExp sources (flag
    ``u``) for the extension's ``mayBeLookedUp`` (lib/act/before.js, through the generated
    contract): ``forms`` each match a stripped target; ``id_form`` matches one only when it is
    its own lower case (:func:`.unnamed_ids.id_shaped`)."""
    return {"forms": [_js_source(form) for form in (_INDEX, _ELEMENT_ID, WALK_ELEMENT_ID,
                                                    _SEMANTIC)],
            "id_form": f"^(?:{_js_source(ID_FORM)})$"}
