"""What an act's report compares beyond the interactive lines: what the status, alert and
log regions, aria-live regions and toasts say (the walker's ``live``/``ltx``), and the
page's other visible texts (a counter "1 selected", a row's status), before the action (the
resolve capture) and after it (the report capture). The in-page dialogs shown are read by
the extension itself (lib/act/readiness.js shownModals).

Everything here is page text: the report scrubs it like every other free text.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.dom.elements import live_texts
from axsnap_host.pipeline.dom.walker_merge import Joined, joined_records

MAX_TEXTS = 6  # text changes reported, nearest the element acted on first


@dataclass(slots=True)
class PageFacts:
    live: list[tuple[str, str]] = field(default_factory=list)  # (kind, text) said now
    texts: list[tuple[str, str]] = field(default_factory=list)  # (xpath, text): not controls


def page_facts(capture: RawCapture, joined: list[Joined] | None = None) -> PageFacts:
    """The page's facts in ``capture`` (``joined``: its records as joined, when not the
    read's own join: act/baseline_at_read.py)."""
    if joined is None:
        joined = joined_records(capture)
    texts = [(j.xpath, " ".join(str(j.rec["tx"]).split())) for j in joined
             if j.rec.get("tx") and j.rec.get("vis") and not j.rec.get("c")
             and not j.rec.get("ic") and not j.clickable]
    return PageFacts(live=live_texts(joined), texts=texts)


def text_changes(before: list[tuple[str, str]], after: list[tuple[str, str]],
                 near: str) -> list[tuple[str, str]]:
    """(was, now) for the texts that appeared, went or changed: compared by what they say,
    so a text that only moved (a row inserted above it) is no change; a text gone and one
    come at the same XPath are one change ("0 selected" → "1 selected"); a block whose
    child's text changed is said by the child. Nearest the XPath
    ``near`` first (the longest shared path), then in document order; at most MAX_TEXTS."""
    new = Counter(t for _, t in after) - Counter(t for _, t in before)
    gone = Counter(t for _, t in before) - Counter(t for _, t in after)
    before_at: dict[str, str] = {}
    for xpath, text in before:
        before_at.setdefault(xpath, text)
    after_at: dict[str, str] = {}
    for xpath, text in after:
        after_at.setdefault(xpath, text)
    out: list[tuple[str, str, str]] = []  # (xpath, was, now)
    for xpath, text in after:  # where a new text is, preferably where it was not before
        if new[text] > 0 and before_at.get(xpath) != text:
            new[text] -= 1
            was = before_at.get(xpath, "")
            if was and gone[was] > 0:
                gone[was] -= 1
            else:
                was = ""
            out.append((xpath, was, text))
    paired = {xpath for xpath, _, _ in out}
    for xpath, text in before:
        if gone[text] > 0 and after_at.get(xpath) != text and xpath not in paired:
            gone[text] -= 1
            out.append((xpath, text, ""))
    # a block's text holds its children's: the innermost says what changed
    out = [c for c in out if not any(o[0].startswith(f"{c[0]}/") for o in out)]
    steps = near.split("/")
    out.sort(key=lambda c: -_shared(steps, c[0].split("/")))
    return [(was, now) for _, was, now in out[:MAX_TEXTS]]


def _shared(a: list[str], b: list[str]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def appeared(before: list[str], after: list[str]) -> list[str]:
    """The items of ``after`` that ``before`` did not have (counted: a second "Saved" too)."""
    left = list(before)
    out = []
    for item in after:
        if item in left:
            left.remove(item)
        else:
            out.append(item)
    return out
