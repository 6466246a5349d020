"""Control replies as what a model reads: one header line (tab, format, snapshot id, size
in cl100k tokens: the host's own accounting) and the text itself, or only what changed."""

from __future__ import annotations

import json
from typing import Any

from ..pipeline.tokens import size_of


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
    if delta and delta.get("applied"):
        text = str(delta.get("text") or "(no change)")
        size = delta.get("size") or {}
        parts += [_delta_header(delta), f"{size.get('tokens', size_of(text)['tokens'])} tokens"]
        return " · ".join(parts) + "\n" + text
    if fmt == "outline":
        text = str(result.get("combinedTree") or "")
    elif fmt in ("domtext", "elements", "som"):
        text = str(result.get("domtext") or "")
    else:
        text = json.dumps(result.get("snapshot"), ensure_ascii=False, separators=(",", ":"))
    parts.append(f"{_tokens(result, text)} tokens")
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
