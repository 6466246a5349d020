"""Control replies as what a model reads: one header line (tab, format, snapshot id, size
in cl100k tokens: the host's own accounting) and the text itself, or only what changed."""

from __future__ import annotations

import json
from typing import Any

from axsnap_host.pipeline.incomplete import incomplete_line
from axsnap_host.pipeline.tokens import size_of
from axsnap_host.render.act_changes import ENDED_BY, change_lines, readiness_words, target_lines


def _tokens(result: dict[str, Any], text: str) -> int:
    size = result.get("size")
    if isinstance(size, dict) and isinstance(size.get("tokens"), int):
        return int(size["tokens"])
    return size_of(text)["tokens"]


def _delta_header(delta: dict[str, Any]) -> str:
    counts = delta.get("counts") or {}
    full = (delta.get("full_size") or {}).get("tokens")
    return (f"delta against {delta.get('base_snapshot_id')}: +{counts.get('added', 0)} "
            f"-{counts.get('removed', 0)} ~{counts.get('changed', 0)}"
            + (f" (the full output would be {full} tokens)" if full is not None else ""))


def snapshot_text(reply: dict[str, Any]) -> str:
    """The model's text for a snapshot reply of any format."""
    result = reply.get("result") or {}
    fmt = result.get("format", "snapshot")
    parts = [f"tab {reply.get('tabId')}", fmt]
    if result.get("snapshot_id"):
        parts.append(str(result["snapshot_id"]))
    delta = result.get("delta") if isinstance(result.get("delta"), dict) else None
    incomplete = result.get("incomplete") if isinstance(result.get("incomplete"), dict) else None
    if delta and delta.get("applied"):
        text = str(delta.get("text") or "(no change)")
        size = delta.get("size") or {}
        parts += [_delta_header(delta), f"{size.get('tokens', size_of(text)['tokens'])} tokens"]
        if incomplete and (said := incomplete_line(incomplete)):  # the full text's 1st line
            text = said + "\n" + text
        return " · ".join(parts) + "\n" + text
    if fmt == "outline":
        text = str(result.get("combinedTree") or "")
    elif fmt in ("domtext", "elements", "som"):
        text = str(result.get("domtext") or "")
    elif fmt == "semantic_text":
        text = str(result.get("semantic_text") or "")
    else:
        text = json.dumps(result.get("snapshot"), ensure_ascii=False, separators=(",", ":"))
    parts.append(f"{_tokens(result, text)} tokens")
    if incomplete and fmt in ("snapshot", "semantic"):  # JSON: its reasons are inside
        parts.append("INCOMPLETE: parts of the page are missing (see \"incomplete\")")
    if delta and not delta.get("applied") and delta.get("reason"):
        parts.append(f"full output (no delta: {delta['reason']})")
    budget = result.get("budget")
    if isinstance(budget, dict) and budget.get("elided"):
        parts.append(f"budget {budget.get('max_tokens')}: {budget.get('tokens_before')} tokens "
                     "cut down, marker lines say what was left out")
    return " · ".join(parts) + "\n" + text


def tabs_text(reply: dict[str, Any]) -> str:
    tabs = reply.get("tabs") or []
    if not tabs:
        return (f"no tab is shared (scope: {reply.get('scope')}); ask the person to share one "
                "in the axsnap side panel")
    lines = [f"{len(tabs)} tab(s) shared (scope: {reply.get('scope')}):"]
    for tab in tabs:
        mark = " (active)" if tab.get("active") else ""
        lines.append(f"tab {tab.get('id')}{mark} · {tab.get('title') or '(no title)'} · "
                     f"{tab.get('url')}")
    return "\n".join(lines)


def _element(ref: dict[str, Any] | None) -> str:
    if not ref:
        return "(no target)"
    where = f"[{ref['id']}]" if ref.get("id") else (f"[{ref['index']}]"
                                                     if ref.get("index") is not None else "")
    label = f' "{ref["label"]}"' if ref.get("label") else ""
    return f"{where} {ref.get('role') or ref.get('tag') or 'element'}{label}".strip()


def _candidates(items: list[dict[str, Any]]) -> list[str]:
    return [f"  {_element(c)} (score {c.get('score', 0):.2f})" for c in items[:10]]


def act_text(reply: dict[str, Any]) -> str:
    """What the action did: its target, whether it happened, what changed, or why not."""
    result = reply.get("result") or {}
    head = f"tab {reply.get('tabId')} · {result.get('action')} {_element(result.get('target'))}"
    error = result.get("error")
    if not result.get("ok"):
        error = error or {}
        lines = [f"{head} · refused: {error.get('code')}: {error.get('message')}"]
        if error.get("hint"):
            lines.append(f"hint: {error['hint']}")
        if error.get("cover"):
            lines.append(f"covered by {_element(error['cover'])}")
        if error.get("candidates"):
            lines += ["candidates:", *_candidates(error["candidates"])]
        return "\n".join(lines)
    ready = readiness_words(result.get("readiness"))
    lines = [head + " · done" + (f" ({ready})" if ready else "")]
    lines += target_lines(result)
    changes = result.get("changes") or {}
    if changes.get("navigated"):
        lines.append(f"navigated to {changes.get('url')} · {changes.get('title')}")
    dom = changes.get("dom") or {}
    counts = [len(dom.get(k) or []) for k in ("added", "removed", "changed", "moved")]
    if any(counts):
        lines.append("DOM text: +{} -{} ~{} moved {}".format(*counts))
        lines += [f"  {line}" for line in (dom.get("lines") or [])[:40]]
    lines += change_lines(changes)
    requests = changes.get("requests") or {}
    if requests.get("started"):
        lines.append("requests: {} started, {} finished, {} failed, {} pending".format(
            *(requests.get(k, 0) for k in ("started", "finished", "failed", "pending"))))
        lines += [f"  {line}" for line in requests.get("first") or []]
    if changes.get("same_document"):
        lines.append(f"URL changed within the page: {changes.get('url')}")
    if changes.get("value") is not None:
        lines.append(f"value now: {changes['value']}")
    for tab in result.get("opened_tabs") or []:
        lines.append(f"opened tab {tab.get('tabId')} · {tab.get('url')} (act or read there with "
                     f"tab_id={tab.get('tabId')}, or tab switch)")
    lines.append("read the page again with snapshot(delta=true) to see every change")
    return "\n".join(lines)


def find_text(reply: dict[str, Any]) -> str:
    result = reply.get("result") or {}
    matches = result.get("matches") or []
    if result.get("decision") == "not_found" and not matches:
        matches = result.get("nearest") or []
    if result.get("decision") == "not_found":
        lines = [f"tab {reply.get('tabId')} · not_found: nothing matches {result.get('query')!r}"
                 + ("; the nearest:" if matches else "")]
    else:
        lines = [f"tab {reply.get('tabId')} · {result.get('decision')}: {len(matches)} "
                 f"match(es) for {result.get('query')!r}"]
    return "\n".join(lines + _candidates(matches))


def ready_text(reply: dict[str, Any]) -> str:
    result = reply.get("result") or {}
    state = "ready" if result.get("ready") else "not ready"
    reasons = ", ".join(result.get("reasons") or []) or "quiet"
    if result.get("ended_by"):
        reasons += f"; ended by: {ENDED_BY.get(result['ended_by'], result['ended_by'])}"
    return (f"tab {reply.get('tabId')} · {state} after {result.get('waited_ms', 0):.0f} ms "
            f"({reasons}; load: {result.get('load') or '?'}, "
            f"{result.get('pending_requests', 0)} request(s) pending)")


def wait_for_text(reply: dict[str, Any], what: str, gone: bool) -> str:
    result = reply.get("result") or {}
    state = ("gone" if gone else "there") if result.get("matched") else (
        "still there" if gone else "not there")
    return (f"tab {reply.get('tabId')} · {what!r} {state} after "
            f"{result.get('waited_ms', 0):.0f} ms")


def collect_text(reply: dict[str, Any]) -> str:
    result = reply.get("result") or {}
    steps = result.get("steps") or []
    head = (f"tab {reply.get('tabId')} · {result.get('total', 0)} element(s) over "
            f"{len(steps)} scroll(s), stopped: {result.get('stopped')}")
    return head + "\n" + str(result.get("domtext") or "")


def crop_to_mark(data: bytes, legend: dict[str, Any], index: int, fmt: str) -> bytes:
    """The Set-of-Mark image cut to element ``index``'s box (masks stay painted)."""
    import io

    from PIL import Image as PILImage

    from axsnap_host.models.errors import AxsnapError, ErrorCode

    mark = next((m for m in legend.get("marks") or [] if m.get("index") == index), None)
    if mark is None:
        raise AxsnapError(ErrorCode.NOT_FOUND, f"no box [{index}] in the viewport's screenshot",
                          "read the page (domtext) and give an index it shows, or scroll to "
                          "the element first")
    x0, y0, x1, y1 = mark["box"]
    with PILImage.open(io.BytesIO(data)) as image:
        pad = 4
        box = (max(0, x0 - pad), max(0, y0 - pad), min(image.width, x1 + pad),
               min(image.height, y1 + pad))
        out = io.BytesIO()
        image.crop(box).save(out, "JPEG" if fmt == "jpeg" else "PNG")
    return out.getvalue()


def page_log_text(reply: dict[str, Any]) -> str:
    result = reply.get("result") or {}
    logged, failed = result.get("console") or [], result.get("failed_requests") or []
    lines = [f"tab {reply.get('tabId')} · {len(logged)} console message(s), "
             f"{len(failed)} failed request(s)"
             + (f" ({result['dropped']} older left out)" if result.get("dropped") else "")]
    lines += [f"[{entry.get('level')}] {entry.get('text')}" for entry in logged]
    lines += [f"[failed] {entry.get('url')} · {entry.get('text')}" for entry in failed]
    return "\n".join(lines)
