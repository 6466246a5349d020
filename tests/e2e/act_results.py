"""What two act results that should agree are compared on: each without what differs between
two runs of the same acts (the timings, the readiness wait, and backendNodeIds: an element id
is "<frame>-<backendNodeId>")."""

from __future__ import annotations

from typing import Any

from axsnap_host.models.act import ActionResult


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
