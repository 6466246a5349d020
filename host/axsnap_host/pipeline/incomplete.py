"""Whether a read is missing part of the page, and the one line every text format opens with.

The extension records each capture step that failed or fell back (``capture.errors``) and
the walker counts where it stopped (``walker.stats``); the host adds what its own budget
left out. :func:`capture_gaps` turns these into reasons (models/incomplete.py); every
format carries them as ``incomplete`` (SnapshotV1: ``quality.incomplete``) and its text
opens with :func:`incomplete_line`, so a model reading only the text knows that what it
does not see may still be on the page. Steps that change no content are not gaps: a
missing screenshot (unless the read is the image), the device pixel ratio, the frames'
order, borders and owners (where content lies, not whether it is there), the layout
metrics, the AX window falling back to the whole page (a bigger read), a DOM tree read in
slices that completed.
"""

from __future__ import annotations

from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.page_status import depth_note
from axsnap_host.pipeline.redaction import scrub_text

# capture steps (extension/lib/capture, walker, ax) whose failure loses no page content
NO_CONTENT_STEPS = frozenset({
    "device_pixel_ratio", "frame_order", "frame_border", "frame_owner", "layout", "ax_window",
    "dom_tree_depth",  # a gap only when the slices were cut short: _slices_cut
})
_FRAME_STEPS = frozenset({"oopif", "walker_frames", "ax_window_root"})
_DETAIL_MAX = 300
MAX_REASONS = 8


def _kind(step: str, message: str) -> str:
    if "did not answer within" in message:
        return "deadline"
    if step == "ax":
        return "ax_failed"
    if step == "ax_depth":
        return "fallback"
    if step in _FRAME_STEPS:
        return "frame_not_read"
    return "step_failed"


def _slices_cut(capture: RawCapture) -> list[str]:
    """Frames whose DOM tree was read in slices that ran out (depth_fallback.truncated)."""
    out = []
    extra = capture.model_extra or {}
    trees = [("main", extra.get("dom_tree"))]
    trees += [(f"frame {frame.frameId}", (frame.model_extra or {}).get("dom_tree"))
              for frame in capture.frames]
    for where, tree in trees:
        fallback = tree.get("depth_fallback") if isinstance(tree, dict) else None
        if isinstance(fallback, dict) and fallback.get("truncated") is True:
            out.append(where)
    return out


def capture_gaps(capture: RawCapture, options: SnapshotOptions) -> list[dict[str, Any]]:
    """The reasons (IncompleteReason dicts) this capture is missing part of the page."""
    reasons: list[dict[str, Any]] = []
    for error in capture.errors:
        if error.step in NO_CONTENT_STEPS:
            continue
        if error.step == "screenshot" and not options.wants_vision:
            continue
        reasons.append({"kind": _kind(error.step, error.message), "step": error.step,
                        "detail": error.message})
    for where in _slices_cut(capture):
        reasons.append({"kind": "fallback", "step": "dom_tree_depth",
                        "detail": f"{where}: the DOM tree was read in slices and the slices "
                                  "ran out: its deepest parts are missing"})
    stats: dict[str, Any] = (capture.walker or {}).get("stats") or {}
    if (deep := depth_note(capture)) is not None:
        reasons.append({"kind": "depth_limit", "detail": deep})
    if stats.get("capped") is True:
        visited = stats.get("visited")
        reasons.append({"kind": "walker_stopped",
                        "detail": f"the walker stopped at its element cap ({visited} elements "
                                  "read): the elements after them are missing"})
    rows = (capture.walker or {}).get("axt")  # an outline read from the walk (ax_tree.js)
    if isinstance(rows, dict) and (rows.get("capped") is True or rows.get("error")):
        stop = "at its row cap" if rows.get("capped") is True else f"on {rows.get('error')}"
        reasons.append({"kind": "walker_stopped",
                        "detail": f"the walker's accessibility rows stopped {stop}: the "
                                  "nodes after them are missing"})
    if capture.stabilization.load_state == "loading":
        reasons.append({"kind": "page_loading",
                        "detail": "the page was still loading when the wait for it ended "
                                  f"({capture.stabilization.waited_ms:.0f} ms)"})
    if options.redact:  # a browser message may quote a URL or a value
        for reason in reasons:
            reason["detail"] = scrub_text(reason["detail"])[0]
    for reason in reasons:
        if len(reason["detail"]) > _DETAIL_MAX:
            reason["detail"] = reason["detail"][:_DETAIL_MAX - 1] + "…"
    return _fold(reasons)


def _fold(reasons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """At most MAX_REASONS: the rest are counted in the last one."""
    if len(reasons) <= MAX_REASONS:
        return reasons
    kept = reasons[:MAX_REASONS - 1]
    rest = reasons[MAX_REASONS - 1:]
    kinds = ", ".join(sorted({r["kind"] for r in rest}))
    kept.append({"kind": rest[0]["kind"], "detail": f"and {len(rest)} more ({kinds})"})
    return kept


def budget_gap(what: str) -> dict[str, Any]:
    """The reason a token budget gives: ``what`` it left out."""
    return {"kind": "budget", "detail": f"the token budget left out {what}"}


def incomplete_fact(reasons: list[dict[str, Any]]) -> dict[str, Any] | None:
    """``{"reasons": [...]}`` (models/incomplete.py), or None for a complete read."""
    return {"reasons": reasons} if reasons else None


def incomplete_line(fact: dict[str, Any]) -> str:
    """The line a text format opens with, or "" when only a budget cut: the budget's own
    marker lines say what it left out, where it did."""
    said = "; ".join(reason["detail"] for reason in fact["reasons"] if reason["kind"] != "budget")
    if not said:
        return ""
    return (f"[Incomplete read: {said}. What is not shown here may still be on the page: "
            "read again, or read the part that is missing.]")
