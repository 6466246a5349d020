"""What two act results that should agree are compared on: each without what differs between
two runs of the same acts (the timings, the readiness wait, and backendNodeIds: an element id
is "<frame>-<backendNodeId>"); and the two runs themselves, fast and exact, in either order."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from axsnap_host.models.act import ActionResult

Run = TypeVar("Run")


def comparable(result: ActionResult, *, also_without: tuple[str, ...] = ()) -> Any:
    """``result`` as JSON without its timings, readiness, ids and the fields ``also_without``."""
    data = result.model_dump(mode="json", exclude={"timings", "readiness", *also_without})

    def scrub(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: scrub(v) for k, v in value.items() if k != "id"}
        if isinstance(value, list):
            return [scrub(v) for v in value]
        return value

    return scrub(data)


def exact_and_fast(run: Callable[[bool], Run], first: str) -> tuple[Run, Run]:
    """``run(exact)`` once exact and once with the fast paths on, ``first`` ("exact" or
    "fast") first, so neither order's kept state can favour one path; (exact, fast)."""
    order = (True, False) if first == "exact" else (False, True)
    runs = {exact: run(exact) for exact in order}
    return runs[True], runs[False]


def settled_or_quiet(result: ActionResult) -> bool:
    """Whether an act's readiness ended on a settle check. Under load (a renderer answering a
    settle check past its second, which is dropped, or giving its first reading after the quiet
    window is over) the same wait ends on its quiet window, ready: both are correct, so a test
    asserts its outcome either way, the settle rule's proof when it settled, and that some act
    of its several settled (design note 157; ``settle_misses`` says why one did not)."""
    readiness = result.readiness
    assert result.ok and readiness is not None, result.error
    assert readiness.ended_by in ("settled", "quiet_window") and readiness.ready, readiness
    return readiness.ended_by == "settled"
