"""Fast path ``act_baseline_at_read`` (design note 199): a whole-page DOM read keeps the act's
baseline when the tab has none standing, so the next act by words resolves on it with no
capture of its own before the input.

The exact path: an act with no baseline walks a window grown ``ACT_EXPAND_PX`` past the
viewport (extension/lib/act/route.js domOptions) and the host builds its elements, page facts
and relational anchors from that capture (act/service.py act_resolve). A whole-page read from
the walk (``viewport_only`` false, ``dom_source`` "walk") walks the same records when the
whole page lies inside that window, with one difference in what the host makes of them: it
marks an element clickable by nature, as DOMSnapshot's ``isClickable`` would
(pipeline/elements/clickable_by_nature.py), where the window path marks only click
listeners (note 157: 110 of 441 records differ in ``reasons``; the page facts leave out the
texts of such elements too).

So the read's capture is kept only when
- the read's options build elements as the act's do (a DOM format alone, the walk's records
  named by backendNodeId, redaction as the act's) and its capture is the top document's alone,
  with no error;
- the act's window walk is told exactly from the read's: every record of the walk meets the
  act's window, so that window's walk lists each of them; or the walk reaches past it and
  marked, by the walker's own pruning rules applied with the act's window, what that walk
  writes (the extension asks those marks of a whole-page DOM read: lib/walker/walker_reads.js
  actMarks), and it is cut to that (act/window_cut.py, design note 211; a record the act's
  walk would write otherwise, a frame, a capped walk: nothing is kept);
- joined again without the by-nature rule, the records the act would choose are the read's
  elements, in order, with the same label, each with a reason left: the kept elements are the
  read's records with those reasons (a record left with none, or any other difference: nothing
  is kept), and the page facts are told from that join.

The extension proves the page unchanged from the read to the act as for an act's own baseline
(lib/reuse/act_baseline.js: the read's answer-watch proof and click listeners, read before its
capture, its URL and frames). The kept capture is a copy holding the walk, the frames, the
layout and the tab, without what the read derived from it (its join, freed at the reply); on
a page longer than the act's window, the walk cut to it.
"""

from __future__ import annotations

from typing import Any

from axsnap_host.act.baseline import MAX_TOKEN_CHARS, ActBaseline, carry_over_read
from axsnap_host.act.page_facts import PageFacts, page_facts
from axsnap_host.act.window_cut import ACT_EXPAND_PX, cut_to_act_window
from axsnap_host.models.capture import RawCapture
from axsnap_host.models.fast_paths import fast_path
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.models.wire import SnapshotRequest
from axsnap_host.pipeline.dom.choose import (
    candidates,
    drop_named_labels,
    fold_labels,
    select_interactive,
)
from axsnap_host.pipeline.dom.walker_merge import join
from axsnap_host.pipeline.elements.clickable_by_nature import ClickableByNature
from axsnap_host.pipeline.state import TabState

# the act's capture options (route.js domOptions): what its elements are built with
ACT_OPTIONS = SnapshotOptions(format="elements", viewport_only=True,
                              viewport_expand_px=ACT_EXPAND_PX)
# the read's options that shape its elements: they must be the act's
SHAPING = ("redact", "include_ax", "dom_source", "node_ids", "ax_source", "pruned", "vision",
           "focus")
DOM_FORMATS = frozenset({"domtext", "elements"})
EDGE_PX = 2.0  # a record this close to the window's edge could fall either side of it


def baseline_after_read(state: TabState, held: object, request: SnapshotRequest) -> str | None:
    """After a read (``held``: the tab's elements as held before it): what became of the act's
    baseline, as the reply's timing says it. A read sent with a token comes from a tab whose
    extension holds no baseline that stands: any the host holds goes, and the read's is kept
    when it is the act's own (``act_baseline_at_read``). Else a kept baseline stands across a
    DOM read that matches it (``act_baseline_kept``, act/baseline.py carry_over_read)."""
    if state.elements_held is held:
        return None  # no DOM format: the tab's elements (and any baseline) as they were
    if request.baseline:
        state.act_baseline = None
        return "act_baseline_at_read" if keep_at_read(
            state, request.baseline, request.capture, request.options) else None
    return "act_baseline_kept" if carry_over_read(state, held, request.options) else None


def keep_at_read(state: TabState, token: str | None, capture: RawCapture,
                 options: SnapshotOptions) -> bool:
    """After a whole-page DOM read built ``state.elements`` from ``capture``: keep the act's
    baseline under ``token`` when the read is what the act's own capture would be (module
    doc); whether it was kept."""
    if not token or len(token) > MAX_TOKEN_CHARS \
            or not fast_path(options, "act_baseline_at_read") \
            or not fast_path(options, "act_baseline"):
        return False
    read = state.elements
    if not isinstance(read, list) or not _read_like_act(options, capture):
        return False
    view = act_view(capture, read)
    if view is None:
        return False
    kept, facts, elements = view
    state.act_baseline = ActBaseline(token=token, capture=kept, facts=facts, elements=elements,
                                     read=read)
    return True


def act_view(capture: RawCapture, read: list[dict[str, Any]]
             ) -> tuple[RawCapture, PageFacts, list[dict[str, Any]]] | None:
    """What the act's own capture of the page a whole-page read walked gives, told from that
    read (``capture``, its elements ``read``): the capture kept (the walk cut to the act's
    window, act/window_cut.py, or the walk whole when it lies inside that window), its page
    facts and its elements (the read's records with the act's reasons); None when it cannot
    be told exactly (module doc)."""
    walker = capture.walker or {}
    if (walker.get("options") or {}).get("actMarks"):
        cut = cut_to_act_window(walker, ACT_EXPAND_PX)
        if cut is None:
            return None
        kept = _kept_capture(capture, cut)
    elif _inside_window(walker):
        kept = _kept_capture(capture, walker)
    else:
        return None
    joined = join(kept, by_nature=False)
    chosen, labels = fold_labels(select_interactive(joined, ACT_OPTIONS,
                                                    among=candidates(joined)), joined)
    chosen = drop_named_labels(chosen)
    # the read's elements the act's window lists (a record it writes, in its window): the
    # rest lie outside it, or are held only for what is under them there
    shown = {j.xpath for j in joined if j.rec.get("win")}
    mine = [rec for rec in read if rec.get("xpath") in shown]
    if len(chosen) != len(mine):
        return None
    elements: list[dict[str, Any]] = []
    for (j, reasons), rec in zip(chosen, mine, strict=True):
        if not reasons or j.xpath != rec.get("xpath") \
                or labels.get(j.rid, "") != rec.get("label", ""):
            return None
        elements.append(rec if reasons == rec.get("reasons") else {**rec, "reasons": reasons})
    return kept, page_facts(kept, joined), elements


def _read_like_act(options: SnapshotOptions, capture: RawCapture) -> bool:
    """Whether a read with ``options`` walked and builds the records as the act's capture
    would (but for its window and the by-nature rule)."""
    walker = capture.walker
    return options.format in DOM_FORMATS and not options.also_formats \
        and not options.viewport_only and not capture.errors and walker is not None \
        and all(getattr(options, name) == getattr(ACT_OPTIONS, name) for name in SHAPING) \
        and len(capture.frames) <= 1 and not walker.get("subframes") \
        and capture.dom_snapshot is None \
        and ClickableByNature.applies(walker, False)


def _inside_window(walker: dict[str, Any]) -> bool:
    """Whether every record of a walk meets the act's window (the viewport grown by
    ACT_EXPAND_PX; a record's box ``r`` is the viewport's, walker.js), away from its edge."""
    viewport = walker.get("viewport") or {}
    if "w" not in viewport or "h" not in viewport:
        return False
    e = ACT_EXPAND_PX - EDGE_PX
    w, h = float(viewport["w"]), float(viewport["h"])
    for rec in walker.get("elements") or ():
        if int(rec.get("f") or 0) != 0:
            return False  # a frame's records (same origin): its window is not worked out here
        r = rec.get("r")
        if isinstance(r, list) and len(r) == 4 and not (
                r[0] + r[2] >= -e and r[1] + r[3] >= -e and r[0] <= w + e and r[1] <= h + e):
            return False
    return True


def _kept_capture(capture: RawCapture, walker: dict[str, Any]) -> RawCapture:
    """What the baseline keeps of the read's capture: the walk (``walker``: the read's, or
    it cut to the act's window), frames, layout and tab (the act's resolve asks its anchors
    of it; its report, the URL and document), nothing derived."""
    return RawCapture.model_construct(
        tab=capture.tab, frames=capture.frames, layout=capture.layout,
        device_pixel_ratio=capture.device_pixel_ratio, walker=walker, errors=[],
        dom_snapshot=None, screenshot=None, timings={})
