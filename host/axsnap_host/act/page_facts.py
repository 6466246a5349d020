"""What an act's report compares beyond the interactive lines: what the status, alert and
log regions, aria-live regions and toasts say (the walker's ``live``/``ltx``), before the
action (the resolve capture) and after it (the report capture). The in-page dialogs shown
are read by the extension itself (lib/act/readiness.js shownModals).

Everything here is page text: the report scrubs it like every other free text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.dom.elements import live_texts
from axsnap_host.pipeline.dom.walker_merge import join


@dataclass(slots=True)
class PageFacts:
    live: list[tuple[str, str]] = field(default_factory=list)  # (kind, text) said now


def page_facts(capture: RawCapture) -> PageFacts:
    return PageFacts(live=live_texts(join(capture)))


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
