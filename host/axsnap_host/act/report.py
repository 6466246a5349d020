"""Write the ActionResult: what the extension did and saw, plus what the capture taken after
the action shows next to the one taken before it (same tab state, same stable indices).

Everything page-made that reaches the result passes the same redaction as every output:
element records come out of the DOM channel already redacted (a secret field's value is
``[redacted:filled]``), and free text (dialog messages, URL, title) is scrubbed here.
"""

from __future__ import annotations

from typing import Any

from axsnap_host.act.activity import activity_changes
from axsnap_host.act.baseline import elements_before_act, keep_baseline
from axsnap_host.act.page_facts import PageFacts, appeared, page_facts, text_changes
from axsnap_host.act.service import element_ref
from axsnap_host.act.walk_names import record_by_walk_id, walk_element_id
from axsnap_host.models.act import (
    ActError,
    ActionResult,
    Changes,
    Dialog,
    DomChanges,
    ElementRef,
    LiveMessage,
    OpenedTab,
    Readiness,
    TextChange,
)
from axsnap_host.models.capture import RawCapture
from axsnap_host.models.errors import ErrorCode
from axsnap_host.models.wire import ActReportRequest
from axsnap_host.pipeline.dom.elements import build_dom_result
from axsnap_host.pipeline.elements.walker_ids import record_element_id, walk_key
from axsnap_host.pipeline.redaction import scrub_text, scrub_url
from axsnap_host.pipeline.secrets import (
    found_secret_names,
    page_secret_names,
    share_tab_secret_names,
)
from axsnap_host.pipeline.state import TabState
from axsnap_host.render.domtext import element_line

MAX_LINES = 20
COMPARED = ("text", "name", "value", "checked", "disabled", "label")
COMPARED_ATTRS = ("aria-expanded", "aria-selected", "aria-checked", "aria-pressed", "class")


def _scrub(text: str) -> str:
    return scrub_text(str(text or ""))[0]


def _differs(before: dict[str, Any], after: dict[str, Any]) -> bool:
    if any(before.get(k) != after.get(k) for k in COMPARED):
        return True
    a, b = before.get("attributes") or {}, after.get("attributes") or {}
    return any(a.get(k) != b.get(k) for k in COMPARED_ATTRS)


def dom_changes(before: list[dict[str, Any]] | None, after: list[dict[str, Any]],
                added: list[int], removed: list[int]) -> DomChanges:
    old = {r["index"]: r for r in before or ()}
    changed = [r["index"] for r in after if r["index"] in old and _differs(old[r["index"]], r)]
    moved = moved_indices([r["index"] for r in before or ()], [r["index"] for r in after])
    shown = set(added) | set(changed) | set(moved)
    lines = [element_line(r) for r in after if r["index"] in shown][:MAX_LINES]
    return DomChanges(added=added, removed=removed, changed=changed, moved=moved, lines=lines)


def moved_indices(before: list[int], after: list[int]) -> list[int]:
    """The indices in both lists whose place among the others changed: all but a longest
    run kept in the same order (so one card moved to the top is the one that moved)."""
    place = {index: i for i, index in enumerate(before)}
    common = [index for index in after if index in place]
    # longest increasing subsequence of the before-places, in after order (patience sort)
    tails: list[int] = []
    tail_at: list[int] = []
    back = [-1] * len(common)
    for i, index in enumerate(common):
        lo, hi = 0, len(tails)
        while lo < hi:
            mid = (lo + hi) // 2
            if tails[mid] < place[index]:
                lo = mid + 1
            else:
                hi = mid
        if lo == len(tails):
            tails.append(place[index])
            tail_at.append(i)
        else:
            tails[lo] = place[index]
            tail_at[lo] = i
        back[i] = tail_at[lo - 1] if lo else -1
    kept: set[int] = set()
    i = tail_at[-1] if tail_at else -1
    while i >= 0:
        kept.add(common[i])
        i = back[i]
    return [index for index in common if index not in kept]


def _find(records: list[dict[str, Any]], target: dict[str, Any] | None,
          capture: RawCapture | None = None) -> dict[str, Any] | None:
    """The record of ``records`` the act's target names: by its id, or for a walker's id
    (``{frame}-axw{w}``) among records named by backendNodeId, through ``capture``'s walker
    ids (the records built from it: note 148)."""
    if not target:
        return None
    ident = target.get("id")
    for rec in records:
        if ident and record_element_id(rec) == ident:  # (a walker-named record too: note 144)
            return rec
    return record_by_walk_id(records, ident, capture)


def _focus(records: list[dict[str, Any]], focus: dict[str, Any] | None,
           by_walker: RawCapture | None = None) -> ElementRef | None:
    """The focused element's reference; ``by_walker``: named by its walker id, as the act's
    target was (the capture the records were built from says it), else by backendNodeId."""
    if not focus or focus.get("backendNodeId") is None:
        return None
    same = [r for r in records if r.get("backendNodeId") == focus["backendNodeId"]]
    if same:
        ref = element_ref(same[0])
        if by_walker is not None:
            ref.id = walk_element_id(same[0], by_walker) or ref.id
        return ref
    return ElementRef(tag=str(focus.get("tag") or ""))


def _press_seen(target: dict[str, Any] | None) -> bool | None:
    """A checked click's press: seen reaching the target (True) or not seen at all (False)."""
    seen = (target or {}).get("press_seen")
    return seen if isinstance(seen, bool) else None


def _error(request: ActReportRequest, state: TabState) -> ActError | None:
    info = request.error
    if not info:
        return None
    error = ActError.model_validate({k: v for k, v in info.items() if k != "cover"})
    cover = info.get("cover")
    if isinstance(cover, dict):
        rec = None
        # a backendNodeId is its renderer's number: the cover's frame, when said, names it too
        frame = cover.get("frame")
        for r in state.elements or ():
            if r.get("backendNodeId") == cover.get("backendNodeId") and (
                    frame is None or int(r.get("frame") or 0) == frame):
                rec = r
                break
        error.cover = element_ref(rec) if rec else ElementRef(tag=str(cover.get("tag") or ""))
        if not error.cover.label and cover.get("text"):
            error.cover.label = _scrub(str(cover["text"])[:80])
        what = f"[{error.cover.index}] " if error.cover.index else ""
        what += f"<{error.cover.tag}>" + (f" {error.cover.label!r}" if error.cover.label else "")
        took = "took the press" if error.code == ErrorCode.PRESS_MISSED else "covers it"
        error.message = f"{error.message}: {what} {took}"
    return error


def _page_changes(before: PageFacts | None, after: PageFacts, navigated: bool,
                  modals_before: list[str], modals_after: list[str],
                  near: str) -> dict[str, Any]:
    """Modals opened and closed, live messages that appeared, other texts that changed
    nearest ``near`` (an XPath) first (scrubbed page text)."""
    was = PageFacts() if before is None or navigated else before
    if navigated:
        modals_before = []
    said = [f"{kind}\n{text}" for kind, text in after.live]
    new = appeared([f"{kind}\n{text}" for kind, text in was.live], said)
    told = {item.split("\n", 1)[1] for item in new}
    texts = [] if navigated or before is None else [
        TextChange(was=_scrub(a), now=_scrub(b))
        for a, b in text_changes(was.texts, after.texts, near) if b not in told or a]
    return {
        "texts": texts,
        "modals_opened": [_scrub(n) for n in appeared(modals_before, modals_after)],
        "modals_closed": [_scrub(n) for n in appeared(modals_after, modals_before)],
        "messages": [LiveMessage(kind=item.split("\n", 1)[0],
                                 text=_scrub(item.split("\n", 1)[1])) for item in new],
    }


def act_report(request: ActReportRequest, state: TabState) -> dict[str, Any]:
    target = ElementRef.model_validate({k: v for k, v in (request.target or {}).items()
                                        if k in ElementRef.model_fields}) \
        if request.target else None
    error = _error(request, state)
    readiness = Readiness.model_validate(request.readiness) if request.readiness else None
    changes = None
    # an act resolved on the kept baseline compares with its elements (a DOM read since, that
    # it stood across, left the read's as the tab's: act/baseline.py)
    resolved_on = request.before.get("baseline")
    elements_before_act(state, resolved_on if isinstance(resolved_on, str) else None)
    if request.capture is not None:
        before = state.elements
        share_tab_secret_names(request.capture, state.secret_names)
        dom = build_dom_result(request.capture, request.options, state, text=False)
        state.remember_secret_names(found_secret_names(request.capture))
        after = dom["elements"]
        state.elements = after
        names = page_secret_names(request.capture)
        url = scrub_url(request.capture.tab.url, names)[0]
        before_url = scrub_url(str(request.before.get("url") or ""), names)[0]
        loader = (request.capture.frames[0].model_extra or {}).get("loaderId") \
            if request.capture.frames else None
        # a new document: told by the main frame's loader when both are known (a pushState
        # or hash move keeps it: `same_document` says the URL moved), else by the URL
        known = bool(request.before.get("loaderId") and loader)
        navigated = loader != request.before["loaderId"] if known else \
            bool(before_url and url.split("#")[0] != before_url.split("#")[0])
        indices = dom.get("indices") or {}
        record = _find(after, request.target, request.capture)
        # an act given a walker's id (a walker-named read's: node_ids "walker") names the
        # target and the focus in that form too, as it would name them after a default read
        walk_named = walk_key((request.target or {}).get("id")) is not None
        acted_on = record or _find(before or [], request.target) or {}
        dialogs = [Dialog(type=str(d.get("type") or ""), message=_scrub(d.get("message", "")),
                          handled=str(d.get("handled") or "")) for d in request.dialogs]
        facts = page_facts(request.capture)
        keep_baseline(state, request.baseline, request.capture, facts, after)
        changes = Changes(
            navigated=navigated, url=url, title=_scrub(request.capture.tab.title),
            dom=dom_changes(None if navigated else before, after,
                            list(indices.get("added") or []), list(indices.get("removed") or [])),
            dialogs_opened=dialogs,
            focus=_focus(after, request.focus, request.capture if walk_named else None),
            **_page_changes(state.act_before, facts, navigated,
                            list(request.before.get("modals") or []), list(request.modals or []),
                            str(acted_on.get("xpath") or "")),
            value=record.get("value") if record else None,
            **activity_changes(request.activity, names))
        if record is not None and target is not None:
            # its index may be new (a navigation, a re-render)
            target = element_ref(record)
            if walk_named:
                target.id = str((request.target or {}).get("id"))
    names = page_secret_names(request.capture) if request.capture is not None else frozenset()
    opened = [OpenedTab(tabId=int(t["tabId"]), url=scrub_url(str(t.get("url") or ""), names)[0],
                        targetId=t.get("targetId") if isinstance(t.get("targetId"), str) else None)
              for t in request.opened_tabs if isinstance(t.get("tabId"), int)]
    result = ActionResult(ok=error is None, action=request.action, target=target,
                          changes=changes, readiness=readiness, timings=request.timings,
                          error=error, method=request.method, typed_by=request.typed_by,
                          offscreen=bool((request.target or {}).get("offscreen")),
                          through=(request.target or {}).get("through"),
                          press_seen=_press_seen(request.target), opened_tabs=opened)
    return result.model_dump(mode="json")
