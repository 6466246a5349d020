"""The lines an act's change report reads as (ActionResult ``changes``, already scrubbed by
the host): dialogs, in-page dialogs opened and closed, messages that appeared, texts that
changed, forms submitted. The CLI's step summary and the MCP act reply both say them."""

from __future__ import annotations

from typing import Any


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
