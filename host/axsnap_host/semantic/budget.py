"""Token budget for the semantic view (``max_tokens``): drop the least useful parts first, and
say what was left out.

What goes first: the content ranking's tail (its least-attended blocks, down to
``KEEP_CONTENT``), then elements from the least useful up (a link in a footer or navigation
before a control in main; no intent's control before one that does an intent; far down the
page before the first screen), then the rest of the content. The page's type, scores,
intents and regions stay: they are what the view is for. Ids that are left out leave the
regions' and intents' lists with their element. Tokens are cl100k counts of the rendered
output (``render``: the JSON, or the text format).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from axsnap_host.pipeline.tokens import count_tokens

KEEP_CONTENT = 8
RESERVE = 48  # tokens for the budget report itself
CHROME_KINDS = {"footer": 3, "navigation": 2, "header": 1, "sidebar": 1}


def _usefulness(element: dict[str, Any], region_kind: dict[str, str], in_intent: set[str]
                ) -> tuple[int, int, int]:
    """Sort key, most useful first."""
    chrome = CHROME_KINDS.get(region_kind.get(element["region"], "main"), 0)
    link = element["type"] == "link"
    return (0 if element["id"] in in_intent else 1, chrome + link, element["bounds"][1])


def _trimmed(result: dict[str, Any], keep: set[str], content: int) -> dict[str, Any]:
    out = dict(result)
    out["elements"] = [e for e in result["elements"] if e["id"] in keep]
    out["content"] = result["content"][:content]
    page = dict(result["page"])
    page["regions"] = [{**r, "elements": [i for i in r["elements"] if i in keep]}
                       for r in page["regions"]]
    page["intents"] = [{**i, "controls": [c for c in i["controls"] if c in keep]}
                       for i in page["intents"]]
    out["page"] = page
    return out


def _largest_fit(low: int, high: int, fits: Callable[[int], bool]) -> int:
    """The largest n in [low, high] with fits(n) (fits is monotone), else low."""
    while low < high:
        mid = (low + high + 1) // 2
        if fits(mid):
            low = mid
        else:
            high = mid - 1
    return low


def fit_semantic(result: dict[str, Any], max_tokens: int,
                 render: Callable[[dict[str, Any]], str],
                 reserve: int = 0) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the result within ``max_tokens`` as ``render`` writes it, the budget report
    ``{max_tokens, tokens_before, tokens, fits, left_out: {elements, content}}``);
    ``reserve``: tokens the caller adds when something is left out (its own note of it)."""
    before = count_tokens(render(result))
    report: dict[str, Any] = {"max_tokens": max_tokens, "tokens_before": before,
                              "tokens": before, "fits": before <= max_tokens,
                              "left_out": {"elements": 0, "content": 0}}
    if before <= max_tokens:
        return result, report
    target = max(1, max_tokens - RESERVE - reserve)
    kinds = {r["id"]: r["kind"] for r in result["page"]["regions"]}
    in_intent = {c for i in result["page"]["intents"] for c in i["controls"]}
    ranked = [e["id"] for e in sorted(result["elements"],
                                      key=lambda e: _usefulness(e, kinds, in_intent))]
    every = set(ranked)
    total_content = len(result["content"])
    floor = min(KEEP_CONTENT, total_content)

    def size(keep_elements: int, content: int) -> int:
        return count_tokens(render(_trimmed(result, set(ranked[:keep_elements]), content)))

    content = _largest_fit(floor, total_content, lambda n: size(len(ranked), n) <= target)
    kept = len(ranked)
    if size(kept, content) > target:
        kept = _largest_fit(0, len(ranked), lambda n: size(n, content) <= target)
    if size(kept, content) > target:
        content = _largest_fit(0, content, lambda n: size(kept, n) <= target)
    trimmed = copy.copy(_trimmed(result, set(ranked[:kept]) if kept < len(ranked) else every,
                                 content))
    report["left_out"] = {"elements": len(ranked) - kept, "content": total_content - content}
    report["tokens"] = count_tokens(render(trimmed))
    report["fits"] = report["tokens"] <= max_tokens
    return trimmed, report


def left_out_line(report: dict[str, Any]) -> str:
    """The text format's last line when something was left out."""
    gone = report["left_out"]
    return (f"left out: {gone['elements']} elements, {gone['content']} content blocks "
            f"(max_tokens {report['max_tokens']}; {report['tokens_before']} tokens whole)")
