"""The host's side of acting: ``act_resolve`` (which element) and ``act_report`` (what
changed), and ``collect_step`` (scroll-and-collect), each on the tab's state.

Ids resolve exactly, on the capture the caller last saw: a DOM text index through that
capture's records to its backendNodeId and frame, an element id as it is. Whether that node
is still alive is the extension's check (``stale_element`` otherwise). Words resolve on the
fresh capture the request carries.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from axsnap_host.act.baseline import kept_baseline
from axsnap_host.act.page_facts import page_facts
from axsnap_host.act.relations import decide_related, find_anchors, place, text_holders
from axsnap_host.act.resolver import Decision, Scored, decide, display_label, rank
from axsnap_host.act.targets import Target, parse_target, semantic_resolvers
from axsnap_host.act.unnamed_ids import id_shaped, shown_as_written, unnamed_id_error
from axsnap_host.models.act import (
    HISTORY_ACTIONS,
    TARGETLESS,
    ActError,
    ActMessage,
    Candidate,
    CollectMessage,
    ElementRef,
    FindMessage,
    FindResult,
)
from axsnap_host.models.capture import RawCapture
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.models.fast_paths import fast_path
from axsnap_host.models.wire import ActResolveRequest
from axsnap_host.pipeline.dom.elements import build_dom_result
from axsnap_host.pipeline.elements.walker_ids import by_walk_id, record_element_id
from axsnap_host.pipeline.state import TabState


def element_ref(rec: dict[str, Any] | None, element_id: str | None = None) -> ElementRef:
    if rec is None:
        return ElementRef(id=element_id)
    return ElementRef(id=record_id(rec), index=rec.get("index"), role=str(rec.get("role") or ""),
                      label=display_label(rec), tag=str(rec.get("tagName") or ""))


def record_id(rec: dict[str, Any]) -> str | None:
    """``{frame}-{backendNodeId}``, or ``{frame}-axw{walkId}`` for a record named by the
    walker's id (node_ids "walker", design note 144)."""
    return record_element_id(rec)


def candidate(s: Scored) -> Candidate:
    return Candidate(**element_ref(s.record).model_dump(), score=s.score)


def locator(rec: dict[str, Any] | None, element_id: str | None) -> dict[str, Any]:
    """What the extension needs to find the live node, plus how the result names it."""
    ref = element_ref(rec, element_id).model_dump()
    ref["secret"] = bool(rec and rec.get("secret"))
    ref["disabled"] = bool(rec and rec.get("disabled"))
    return ref


class Refusal(Exception):
    """The target resolves to no single element; carries the ActError to report."""

    def __init__(self, error: ActError) -> None:
        super().__init__(error.code)
        self.error = error


def _by_index(records: list[dict[str, Any]] | None, index: int) -> dict[str, Any] | None:
    for rec in records or ():
        if rec.get("index") == index:
            return rec
    return None


def _by_id(records: list[dict[str, Any]] | None, frame: int, backend: int) -> dict[str, Any] | None:
    for rec in records or ():
        if rec.get("backendNodeId") == backend and int(rec.get("frame") or 0) == frame:
            return rec
    return None


def decide_query(target: Target, records: list[dict[str, Any]], capture: RawCapture,
                 action: str | None) -> tuple[list[Scored], Decision]:
    """The resolver's ranking of ``target``'s words and its decision, placed against the
    anchor text when the target is relational. No visible anchor text: ``not_found``."""
    ranked = rank(target.raw, records, action)
    relation = target.relation
    if relation is None:
        return ranked, decide(ranked, target.raw)
    anchors = find_anchors(capture, relation.anchor)
    if not anchors:
        raise Refusal(ActError(code=ErrorCode.NOT_FOUND,
                               message=f"no visible text says {relation.anchor!r}",
                               hint="name the anchor by text the page shows"))
    placed = [p.scored for p in place(ranked, anchors)]
    return placed + [s for s in ranked if s not in placed], decide_related(
        ranked, anchors, relation.kind)


def describe(target: Target) -> str:
    relation = target.relation
    if relation is None:
        return target.raw
    return f'{target.raw} {relation.kind} "{relation.anchor}"'


def resolve_target(target: Target, previous: list[dict[str, Any]] | None,
                   state: TabState, action: str | None,
                   capture: RawCapture | None = None,
                   current: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The locator of ``target`` (``current``: the elements of the page as it is, the tab's
    by default); raises :class:`Refusal` when there is none."""
    current = (state.elements if current is None else current) or []
    if target.kind == "index":
        assert target.index is not None
        rec = _by_index(previous, target.index) or _by_index(current, target.index)
        if rec is not None and record_id(rec) is not None:
            return locator(rec, None)
        if 0 < target.index < state.dom_registry.next_index:
            raise Refusal(ActError(
                code=ErrorCode.STALE_ELEMENT,
                message=f"element [{target.index}] is no longer on the page (gone or hidden)",
                hint="take a new DOM text and use an index from it"))
        raise Refusal(ActError(code=ErrorCode.NOT_FOUND,
                               message=f"no element has the index [{target.index}]",
                               hint="use an index from the tab's last DOM text"))
    if target.kind == "element_id" and target.walk_node is not None:
        # the extension finds its node (note 64); a DOM record named so says its flags (note 144)
        assert target.frame is not None
        rec = (by_walk_id(current, target.frame, target.walk_node)
               or by_walk_id(previous, target.frame, target.walk_node))
        return locator(rec, target.element_id)
    if target.kind == "element_id":
        assert target.frame is not None and target.backend_node_id is not None
        rec = (_by_id(current, target.frame, target.backend_node_id)
               or _by_id(previous, target.frame, target.backend_node_id))
        return locator(rec, target.element_id)
    if target.kind == "semantic":
        found = _semantic(target.raw, state, current, previous)
        if found is not None:
            return found
        unnamed_id(target.raw, state, current, previous)
    if capture is None:
        capture = RawCapture.model_validate({})
    _, decision = decide_query(target, current, capture, action)
    if decision.outcome == "unique" and decision.best is not None:
        return {**locator(decision.best.record, None), "score": decision.best.score}
    candidates = [candidate(s) for s in decision.candidates]
    if decision.outcome == "ambiguous":
        raise Refusal(ActError(
            code=ErrorCode.AMBIGUOUS_TARGET,
            message=f"{len(candidates)} elements match {describe(target)!r} about equally well",
            hint="name one of the candidates by its index or id, or say more",
            candidates=candidates))
    what = f" that can take {action!r}" if action else ""
    raise Refusal(ActError(code=ErrorCode.NOT_FOUND,
                           message=f"no element{what} matches {describe(target)!r}",
                           hint="the nearest are listed; take a new snapshot if the page "
                           "changed", candidates=candidates))


_MESSAGES: dict[str, type[ActMessage | FindMessage | CollectMessage]] = {
    "act": ActMessage, "find": FindMessage, "scroll_and_collect": CollectMessage,
}


def validate_message(raw: dict[str, Any]) -> ActMessage | FindMessage | CollectMessage:
    """The caller's message, checked against its model; ``invalid_message`` otherwise."""
    kind = _MESSAGES.get(str(raw.get("type")))
    if kind is None:
        raise AxsnapError(ErrorCode.INVALID_MESSAGE, f"cannot resolve for {raw.get('type')!r}",
                          "act_resolve carries an act, find or scroll_and_collect message")
    for key in ("target", "to", "query"):
        if isinstance(raw.get(key), bool):
            raise AxsnapError(ErrorCode.INVALID_MESSAGE,
                              f"{key} is a boolean ({str(raw[key]).lower()}); targets are "
                              "strictly typed",
                              "name an index (12), an element id ('0-29') or words")
    try:
        return kind.model_validate(raw)
    except ValidationError as err:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'message'}: {e['msg']}"[:160]
            for e in err.errors(include_input=False, include_url=False)[:3])
        schema = f"schemas/api/{raw.get('type')}_message.schema.json"
        raise AxsnapError(ErrorCode.INVALID_MESSAGE, f"bad {raw.get('type')} message: {problems}",
                          f"see {schema}") from err


def _semantic(ident: str, state: TabState, current: list[dict[str, Any]],
              previous: list[dict[str, Any]] | None) -> dict[str, Any] | None:
    """The locator of a semantic id from the tab's last semantic read (or a registered
    resolver); None when no read names it (then :func:`unnamed_id` refuses a target in an
    id's form, and anything else is taken as words)."""
    index = getattr(state.semantic_index, "targets", None)
    if isinstance(index, dict) and ident in index:
        frame, backend = index[ident]
        if backend is None:
            raise Refusal(ActError(code=ErrorCode.STALE_ELEMENT,
                                   message=f"{ident!r} has no live node to act on",
                                   hint='read the page again with format="semantic"'))
        rec = _by_id(current, frame, backend) or _by_id(previous, frame, backend)
        return locator(rec, f"{frame}-{backend}")
    for resolver in semantic_resolvers():
        rec = resolver(state, current, ident)
        if rec is not None:
            return locator(rec, None)
    return None


def unnamed_id(ident: str, state: TabState, current: list[dict[str, Any]],
               previous: list[dict[str, Any]] | None) -> None:
    """Raises :class:`Refusal` (``stale_element``, nothing acted on) for a semantic id no read
    of the tab named, unless it can be words: no id's prefix, or shown as written by an
    element of the page (note 162)."""
    if id_shaped(ident) and not shown_as_written(ident, current):
        raise Refusal(unnamed_id_error(ident, state, lambda frame, backend: element_ref(
            _by_id(current, frame, backend) or _by_id(previous, frame, backend),
            f"{frame}-{backend}").model_dump()))


def _find_by_semantic_id(message: FindMessage, state: TabState) -> FindResult | None:
    """find's answer for a query in a semantic id's form, as an act resolves it: the element
    a read named so (unique), ``not_found`` with the nearest named ids for an id no read
    named (never words), None for words (note 162)."""
    target = parse_target(message.query)
    if target.kind != "semantic":
        return None
    current = state.elements or []
    try:
        found = _semantic(target.raw, state, current, None)
        if found is None:
            unnamed_id(target.raw, state, current, None)
            return None
    except Refusal as refusal:
        return FindResult(query=target.raw, decision="not_found", matches=[],
                          nearest=refusal.error.candidates[: message.limit])
    ref = {k: found.get(k) for k in ("id", "index", "role", "label", "tag")}
    return FindResult(query=target.raw, decision="unique",
                      matches=[Candidate(**ref, score=1.0, semantic_id=target.raw)])


def _looked_up(target: Target, previous: list[dict[str, Any]] | None,
               state: TabState) -> dict[str, Any] | None:
    """The locator ``resolve_target`` gives ``target`` from what no capture changes: an index
    the elements the tab last built list (looked up there first on every path), an element id
    (the node it names), a semantic id of the last semantic read; None for anything whose
    answer a fresh capture could change (words, an index listed only elsewhere, a refusal)."""
    if target.kind == "index":
        rec = _by_index(previous, target.index or 0)
        return locator(rec, None) if rec is not None and record_id(rec) is not None else None
    if target.kind == "element_id" and target.walk_node is not None:
        assert target.frame is not None
        return locator(by_walk_id(previous, target.frame, target.walk_node), target.element_id)
    if target.kind == "element_id":
        assert target.frame is not None and target.backend_node_id is not None
        return locator(_by_id(previous, target.frame, target.backend_node_id),
                       target.element_id)
    index = getattr(state.semantic_index, "targets", None)
    if target.kind == "semantic" and isinstance(index, dict) and target.raw in index:
        frame, backend = index[target.raw]
        return None if backend is None else locator(_by_id(previous, frame, backend),
                                                    f"{frame}-{backend}")
    return None


def act_lookup(message: ActMessage | FindMessage | CollectMessage,
               state: TabState) -> dict[str, Any]:
    """Fast path act_id_lookup: an act's target (and ``to``) by a lookup on the tab's kept
    elements, nothing in the tab's state changed; the extension then walks the page before
    the input as the exact path does and has that capture resolved (``act_resolve`` with it),
    whose answer the reply takes. The node is the one the exact resolve names: the same id,
    or the same index looked up first in the same list. ``lookup_missed`` otherwise."""
    if not isinstance(message, ActMessage) or message.target is None \
            or message.action in HISTORY_ACTIONS:
        return {"lookup_missed": True}
    try:
        found = _looked_up(parse_target(message.target), state.elements, state)
        to = _looked_up(parse_target(message.to), state.elements, state) \
            if message.to is not None else None
    except AxsnapError:
        return {"lookup_missed": True}
    if found is None or (message.to is not None and to is None):
        return {"lookup_missed": True}
    return {"lookup": {"target": found, "to": to}, "message": message.model_dump(mode="json")}


def act_resolve(request: ActResolveRequest, state: TabState) -> dict[str, Any]:
    message = validate_message(request.message)
    previous = state.elements
    capture = request.capture
    kept = None
    current = None
    # fast path act_id_lookup: an id needs no capture to name its node (answered beside the
    # baseline's resolve: the extension takes it when the baseline does not stand)
    looked = act_lookup(message, state) \
        if capture is None and request.lookup and fast_path(request.options, "act_id_lookup") \
        else {}
    if capture is None:
        # fast path act_baseline: the last act's report capture, the page unchanged since
        kept = kept_baseline(state, request.baseline) \
            if isinstance(message, ActMessage) and fast_path(request.options, "act_baseline") \
            else None
        if kept is None:
            return {"baseline_gone": True, **looked}
        capture = kept.capture
        # (after a DOM read it stood across, the tab's elements stay the read's until the
        # act's report: this answer is used only when the extension's check shows it stands)
        current = kept.elements
    else:
        dom = build_dom_result(capture, request.options, state, text=False)
        state.elements = dom["elements"]
    page = {"message": message.model_dump(mode="json")}
    if isinstance(message, FindMessage):
        query = str(message.query)
        by_id = _find_by_semantic_id(message, state)
        if by_id is not None:
            return by_id.model_dump(mode="json")
        try:
            ranked, decision = decide_query(parse_target(message.query), state.elements or [],
                                            capture, None)
        except Refusal:
            ranked, decision = [], Decision("not_found", None, [])
        matches = [candidate(s) for s in ranked[: message.limit] if s.score > 0]
        if decision.outcome == "not_found" and isinstance(message.query, str):
            # words no element says but the page shows: the elements of the row holding them
            held = text_holders(state.elements or [], find_anchors(capture, query))
            if held:
                decision = Decision("unique" if len(held) == 1 else "ambiguous", held[0], held)
                matches = [candidate(s) for s in held[: message.limit]]
        # nothing matches: the nearest few, as an act's not_found lists them (never matches)
        near = [candidate(s) for s in decision.candidates[: message.limit]] \
            if decision.outcome == "not_found" else []
        return FindResult(query=query, decision=decision.outcome, matches=matches,
                          nearest=near).model_dump(mode="json")
    action = message.action if isinstance(message, ActMessage) else None
    if isinstance(message, ActMessage):
        state.act_before = kept.facts if kept is not None else page_facts(capture)
    if isinstance(message, ActMessage) and message.action in HISTORY_ACTIONS \
            and (message.target is not None or message.value is not None):
        error = ActError(code=ErrorCode.INVALID_MESSAGE,
                         message=f"{message.action} moves the tab in its history: it takes "
                         "no target and no value",
                         hint=f"send the action alone: {{\"action\": \"{message.action}\"}}")
        return {"target": None, "to": None, "error": error.model_dump(mode="json"), **page}
    if message.target is None:
        if isinstance(message, ActMessage) and message.action not in TARGETLESS:
            error = ActError(code=ErrorCode.INVALID_MESSAGE,
                             message=f"{message.action} needs a target",
                             hint="name the element: an index, an element id or words")
            return {"target": None, "to": None, "error": error.model_dump(mode="json"), **page}
        return {"target": None, "to": None, "error": None, **page}
    try:
        found = resolve_target(parse_target(message.target), previous, state, action,
                               capture, current)
        to = None
        if isinstance(message, ActMessage) and message.to is not None:
            to = resolve_target(parse_target(message.to), previous, state, None,
                                capture, current)
    except Refusal as refusal:
        return {"target": None, "to": None, "error": refusal.error.model_dump(mode="json"),
                **page}
    except AxsnapError as err:
        error = ActError(code=err.code, message=err.message, hint=err.hint)
        return {"target": None, "to": None, "error": error.model_dump(mode="json"), **page}
    return {"target": found, "to": to, "error": None, **page, **looked}
