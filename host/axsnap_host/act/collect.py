"""Scroll-and-collect, host side: merge the DOM channel's elements across scrolls.

Each step's capture goes through the DOM channel as any DOM text does (same tab state, so
the same stable indices); an element is new to the collection when its index is. Indices
are stable for an element's life in the tab, so the merge has no duplicates and loses
nothing that scrolled away.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from axsnap_host.act.service import validate_message
from axsnap_host.act.wording import normalize
from axsnap_host.models.wire import CollectStepRequest
from axsnap_host.pipeline.dom.elements import build_dom_result
from axsnap_host.pipeline.state import TabState
from axsnap_host.render.domtext import element_line

MAX_COLLECTIONS = 4


@dataclass(slots=True)
class Collection:
    records: dict[int, dict[str, Any]] = field(default_factory=dict)
    header: str = ""


def _matches(records: list[dict[str, Any]], until: str | None) -> bool:
    if not until:
        return False
    wanted = normalize(until)
    return any(wanted in normalize(f"{r.get('text') or ''} {r.get('name') or ''}")
               for r in records)


def collect_step(request: CollectStepRequest, state: TabState) -> dict[str, Any]:
    runs = state.collections
    if request.step == 0 or request.collection not in runs:
        runs[request.collection] = Collection()
        while len(runs) > MAX_COLLECTIONS:
            runs.pop(next(iter(runs)))
    run: Collection = runs[request.collection]
    out: dict[str, Any] = {"added": 0, "total": len(run.records), "matched": False}
    if request.message is not None:
        out["message"] = validate_message(request.message).model_dump(mode="json")
    if request.capture is not None:
        dom = build_dom_result(request.capture, request.options, state)
        state.elements = dom["elements"]
        new = [r for r in dom["elements"] if r["index"] not in run.records]
        for rec in new:
            run.records[rec["index"]] = rec
        run.header = dom["domtext"].split("\nInteractive Elements:\n", 1)[0].rstrip("\n")
        out.update(added=len(new), total=len(run.records), matched=_matches(new, request.until))
    if request.finish:
        records = [run.records[i] for i in sorted(run.records)]
        lines = [run.header, "", "Interactive Elements:", *(element_line(r) for r in records)]
        out.update(elements=records, domtext="\n".join(lines).lstrip("\n") + "\n")
        runs.pop(request.collection, None)
    return out
