"""The lines an act's change report reads as (ActionResult ``changes``, already scrubbed by
the host): dialogs, in-page dialogs opened and closed, messages that appeared, texts that
changed, forms submitted. The CLI's step summary and the MCP act reply both say them."""

from __future__ import annotations

from typing import Any


def target_lines(result: dict[str, Any]) -> list[str]:
    """How the target was reached when not as it stood: scrolled into view first (issue 32:
    "when a target is off-screen, say so in the reply"), clicked through its label."""
    lines = ["the target was out of view: scrolled into view first"] if result.get("offscreen") \
        else []
    if result.get("through") == "label":
        lines.append("clicked through its label (the control itself is hidden or covered)")
    return lines


def change_lines(changes: dict[str, Any], arrow: str = "→") -> list[str]:
    """One line per dialog, in-page dialog, message, changed text and submitted form, in
    that order; ``arrow`` joins a text's was and now."""
    lines = [f"dialog {d.get('type')} {d.get('handled')}: {d.get('message')}"
             for d in changes.get("dialogs_opened") or []]
    lines += [f"dialog opened: {name}" for name in changes.get("modals_opened") or []]
    lines += [f"dialog closed: {name}" for name in changes.get("modals_closed") or []]
    lines += [f"{m.get('kind')}: {m.get('text')}" for m in changes.get("messages") or []]
    for text in changes.get("texts") or []:
        was, now = text.get("was") or "", text.get("now") or ""
        lines.append(f"text: {was!r} {arrow} {now!r}" if was and now else
                     f"text shown: {now!r}" if now else f"text gone: {was!r}")
    for form in changes.get("submitted") or []:
        taken = " (the page's script took it over)" if form.get("prevented") is True else ""
        lines.append(f"form submitted: {form.get('form') or form.get('action') or 'a form'}{taken}")
    return lines


ENDED_BY = {
    "settled": "the page was settled",
    "quiet_window": "quiet for the whole window",
    "deadline": "the deadline: the page was still busy",
    "disabled": "no wait asked",
}
SETTLED_BY = {"nothing_scheduled": "nothing scheduled", "floor": "quiet frames"}


def readiness_words(readiness: dict[str, Any] | None) -> str:
    """How the wait after an action ended, in words: "ready after 40 ms (ended by: the page
    was settled, nothing scheduled, 1 frame)"; "" when no readiness was read. Issue 32 asks
    the reply to say which rule ended the wait; the JSON says it as ``ended_by``."""
    if not readiness or readiness.get("waited_ms") is None:
        return ""
    said = f"{'ready' if readiness.get('ready', True) else 'not ready'} after " \
           f"{float(readiness['waited_ms']):.0f} ms"
    ended = readiness.get("ended_by")
    if not ended:
        return said
    why = [ENDED_BY.get(str(ended), str(ended))]
    if ended == "settled" and readiness.get("settled_by"):
        why.append(SETTLED_BY.get(str(readiness["settled_by"]), str(readiness["settled_by"])))
        frames = readiness.get("settled_frames")
        if frames:
            why.append(f"{frames} frame{'s' if frames != 1 else ''}")
    reasons = [str(r) for r in readiness.get("reasons") or []]
    if ended != "settled" and reasons:
        why.append(", ".join(reasons))
    return f"{said} (ended by: {'; '.join(why)})"
