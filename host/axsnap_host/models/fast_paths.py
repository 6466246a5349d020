"""The registry of fast paths: every way a read answers from something kept instead of reading
the page again, the exact path it must equal, what it watches, and the test that holds it to it.

One switch turns them all off: the snapshot option ``exact`` (CLI ``--exact``,
``AXSNAP_EXACT=1``, ``Browser(exact=True)``). A fast path asks before it answers:
``fast_path(options, NAME)`` here, ``fastPath(options, NAME)`` in the extension
(``extension/lib/reuse/fast_paths.js``, over the names generated into contract.js). A name
not listed here is refused at once, and ``tests/unit/test_fast_paths.py`` checks that every
name listed is asked somewhere and every name asked is listed: a fast path cannot be added
without a line here, nor a line kept for one that is gone.

Why one registry: a fast path that answers from a kept state is only right while what it
watches covers every change that alters its answer (issue 26 found nine ways they did not).
Each entry names that set, so a reviewer (and the differential test,
tests/e2e/test_differential_e2e.py, whose mismatches name the fast path that answered) can
check it against the exact path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class FastPath:
    name: str
    side: str  # "extension" or "host"
    where: str  # the module that answers from what it kept
    exact: str  # the path it must equal
    watches: str  # what makes it read again
    test: str  # the test that compares it with the exact path


FAST_PATHS: tuple[FastPath, ...] = (
    FastPath(
        "answer_cache", "extension", "extension/lib/reuse/answer_cache.js (+ prepare.js)",
        "capture + the host's render of the same options",
        "content/answerwatch.js proof: mutations (document, open and closed shadow roots, same-"
        "origin frames), input/focus/scroll/resize/load events, control state, style sheets and"
        " their rules' text, layout; the click listeners; the URL and frames. No proof at all "
        "with animations (document.getAnimations()), custom elements, ElementInternals, slots, "
        "media, closed roots, a rewritten document or a frame it cannot read; never keeps a "
        "reply that carries errors or notes",
        "tests/e2e/test_never_stale_e2e.py"),
    FastPath(
        "ax_window_cache", "extension", "extension/lib/reuse/ax_window_cache.js",
        "Accessibility.getFullAXTree of the main frame, cut to the window",
        "the AX change journal (content/axwatch.js) taken by the walk: 'ok' and no change "
        "since the last read (after a change every node is read again: the window patch is gone)",
        "tests/e2e/test_ax_window_patch_e2e.py, tests/e2e/test_never_stale_e2e.py"),
    FastPath(
        "ax_cache", "extension", "extension/lib/reuse/ax_cache.js, lib/ax/ax_cache_read.js",
        "Accessibility.getFullAXTree of the main frame (scope 'page')",
        "the AX change journal (content/axwatch.js): the changed subtrees are read again",
        "tests/e2e/test_ax_cache_e2e.py, tests/e2e/test_never_stale_e2e.py"),
    FastPath(
        "ax_stream_base", "extension",
        "extension/lib/ax/ax_stream.js -> host native/ax_stream_bases.py",
        "every AX node of the main frame sent whole",
        "the nodes the AX cache holds, compared by object: a changed node is sent",
        "tests/unit/test_ax_stream_bases.py, tests/e2e/test_page_stream_e2e.py"),
    FastPath(
        "early_tree", "host", "host/axsnap_host/native/stream_early.py",
        "the AX tree built when the request comes",
        "the capture's frames equal those the stream's end named",
        "tests/unit/test_stream_early.py, tests/e2e/test_stream_early_e2e.py"),
    FastPath(
        "dom_snapshot_base", "extension",
        "extension/lib/reuse/dom_snapshot_base.js -> host native/dom_snapshot_bases.py",
        "the whole DOMSnapshot sent",
        "every column and string compared with the last one sent",
        "tests/unit/test_dom_snapshot_bases.py, extension/test/dom_snapshot_base.test.mjs"),
    FastPath(
        "walker_world_cache", "extension",
        "extension/lib/walker/walker_capture.js, walker_worlds.js",
        "the walker injected into every frame by chrome.scripting",
        "the document (loaderId) and frames the worlds were made for",
        "extension/test/walker_worlds.test.mjs, tests/e2e/test_small_read_e2e.py"),
    FastPath(
        "walker_id_cache", "extension", "extension/lib/reuse/walker_id_cache.js",
        "every record's backendNodeId taken again",
        "the walker world's token and the element's stable id in it",
        "extension/test/walker_id_cache.test.mjs, tests/e2e/test_small_read_e2e.py"),
    FastPath(
        "act_baseline", "extension",
        "extension/lib/reuse/act_baseline.js -> host act/baseline.py",
        "the capture before an act (readiness, walk) and the host's build of it",
        "content/answerwatch.js proof ('ok', same id and seq) read before the last act's report "
        "capture and again before this act, the tab's URL, its frames (ids and documents), the "
        "click listeners (the host is asked to resolve on it while these are read; its answer "
        "is used only when they stand); on the host, no read rebuilt the tab's elements since "
        "that report. The act's lookup then numbers the frames the check read and looks a top "
        "document's node up in the world the check's proof was read in (resolve.js: any other "
        "answer is asked again in a world made for it)",
        "tests/e2e/test_act_baseline_e2e.py, tests/e2e/test_act_commands_e2e.py, "
        "extension/test/act_baseline.test.mjs, extension/test/act_lookup.test.mjs"),
    FastPath(
        "act_baseline_over_read", "host",
        "host/axsnap_host/act/baseline.py carry_over_read, elements_before_act (the reply's "
        "timings.act_baseline_kept: extension/lib/reuse/act_baseline.js readRendered)",
        "a DOM read drops the kept act baseline: the next act captures the page, the host "
        "builds its elements (the registry's listing moved to them) and resolves on them",
        "the act_baseline's own (the extension's check at the act: proof, URL, frames, click "
        "listeners unchanged since the last act's report capture); on the host, the DOM read "
        "lists every element under the index the baseline gives the same node (frame and "
        "backendNodeId; a record named by the walker's id by the baseline capture's walker "
        "ids, act/walk_names.py), or lists every element of the baseline under its index "
        "among more (a whole-page read, a wider window: the act's window a part of what it "
        "listed), and no other rebuild of the tab's elements since. The act then "
        "resolves words on the baseline's elements, an index first on the read's (the list "
        "the caller saw), and its report compares with the baseline's elements, the "
        "registry's listing set back to theirs",
        "tests/e2e/test_act_words_after_read_e2e.py, tests/unit/test_act_baseline_over_read.py, "
        "tests/e2e/test_act_baseline_e2e.py, tests/unit/test_walk_names.py"),
    FastPath(
        "act_baseline_at_read", "host",
        "host/axsnap_host/act/baseline_at_read.py keep_at_read (asked by native/host.py "
        "_snapshot; the token made by extension/lib/router/router.js baselineAtRead, "
        "lib/reuse/act_baseline.js keep; the reply's timings.act_baseline_at_read)",
        "the act's own capture of its window before the input (readiness, the walk, the "
        "host's build of its elements, page facts and relational anchors on it)",
        "a whole-page DOM read (domtext or elements, viewport_only false, from the walk, "
        "options that build elements as the act's do) of a tab with no act baseline kept "
        "keeps one: its witness is the read's own answer-watch proof and click listeners, read "
        "before its capture; the host keeps the read's top-document capture (no frame) as the "
        "act's own: whole when every record lies inside the act's window (20,000 px past the "
        "viewport), else its walk cut to that window by the walker's own pruning rules, which "
        "a whole-page walk applies with the act's window and marks on each record (act/"
        "window_cut.py, note 211; a record the act's walk would write otherwise: nothing "
        "kept), its elements with "
        "the walk path's by-nature clickable reasons dropped (a record left with no reason, or "
        "a label folded otherwise: nothing kept), the page facts told without them. The next "
        "act's check is the act_baseline's (proof, URL, frames, click listeners unchanged "
        "since the read); on the host, no other rebuild of the tab's elements since",
        "tests/e2e/test_act_baseline_at_read_e2e.py, tests/unit/test_act_baseline_at_read.py, "
        "extension/test/act_baseline.test.mjs, tests/e2e/test_walker_act_marks_e2e.py, "
        "tests/unit/test_act_window_cut.py, extension/test/walker_act_marks.test.mjs"),
    FastPath(
        "act_id_lookup", "host",
        "host/axsnap_host/act/service.py act_lookup (asked by extension/lib/act/route.js "
        "readBefore, lib/act/before.js)",
        "the act's target resolved on the capture before the act (act_resolve with it), and "
        "the box, hit test and watch read once that capture is in hand",
        "nothing kept: an act with no standing baseline whose target is an index the tab's "
        "elements list (the exact resolve looks there first), an element id (the node it "
        "names) or a semantic id of the last semantic read is resolved by that lookup, and "
        "its node looked up, its watch started while the capture before is walked (after "
        "that capture's settle wait, as on the exact path); the input waits for the capture, "
        "which the host resolves exactly behind it; the reply's target is that resolve's. "
        "Words, an index listed elsewhere, a refusal: the exact path (words with no kept "
        "baseline ask the host nothing before that capture: timings.capture_at_once; the "
        "extension drops its baseline token when the host renders a DOM read, act_baseline.js "
        "readRendered). A lookup naming another node than the exact resolve (a read between "
        "them) says timings.id_lookup_differs",
        "tests/e2e/test_act_id_lookup_e2e.py, tests/unit/test_act_id_lookup.py"),
    FastPath(
        "act_early_capture", "extension",
        "extension/lib/act/route.js, lib/act/after.js, lib/reuse/act_baseline.js",
        "the capture after an act taken once its readiness ended",
        "the capture is taken while readiness runs, after the answer watch's proof and the "
        "click listeners were read (a document walked before: the proof in the walk's own "
        "evaluate, walkWithProof, the listeners asked behind it); it stands only when, "
        "readiness over, the proof ('ok', same id and seq), the click listeners, the URL and "
        "the frames are still those. When the wait asks a settle check, the walk goes as it is "
        "asked and the listeners are read once it answered; when its verdict ended the wait, "
        "the page at that verdict (the proof, the URL and the child frames, read in the "
        "verdict's own task: content/readiness.js pageAtVerdict) must be the walk's, one frame "
        "with no frame holder (design note 142)",
        "tests/e2e/test_act_baseline_e2e.py, extension/test/act_baseline.test.mjs, "
        "extension/test/act_after.test.mjs"),
    FastPath(
        "act_listable_ids", "extension",
        "extension/lib/act/route.js readAfter, lib/walker/walker_capture.js",
        "the capture after an act with every walker record's backendNodeId taken",
        "nothing kept: the capture after an act deep-serializes only the records the elements "
        "format can list (a reason to act, an icon, a frame, the root: walker_ids_listable.js) "
        "and gives the click-listener nodes no taken record names theirs through the walker's "
        "tracked ids, as a whole-page walk does; text the elements format never lists goes "
        "without a backendNodeId (a re-rendered inbox: 80 ids taken, not 240)",
        "tests/e2e/test_act_baseline_e2e.py"),
    FastPath(
        "act_point_in_page", "extension",
        "extension/lib/act/point_in_page.js, lib/act/executor.js liveTarget (asked by "
        "lib/reuse/act_baseline.js mayPointInPage)",
        "DOM.getContentQuads, Page.getLayoutMetrics and DOM.getNodeForLocation at the centre "
        "(lib/act/geometry.js earlyPoint)",
        "nothing kept: read in the lookup's own page call, on the node of the top document it "
        "checks: its client rects, the viewport's size and scroll, elementFromPoint on the "
        "node's own root at the point the exact path hit-tests; the hit is taken only when "
        "what is there is the node, inside it, or its label (an element that holds no shadow "
        "root), else DOM.getNodeForLocation answers as before. A frame's node reads as before",
        "tests/e2e/test_act_point_in_page_e2e.py, tests/e2e/test_act_layouts_e2e.py, "
        "extension/test/act_point_in_page.test.mjs, extension/test/act_baseline.test.mjs"),
    FastPath(
        "act_layout_in_walk", "extension",
        "extension/lib/act/layout_in_walk.js, lib/act/after.js, lib/capture/capture.js (asked "
        "by lib/reuse/act_baseline.js mayLayoutInWalk)",
        "Page.getLayoutMetrics beside the capture's walk",
        "nothing kept: the capture after an act reads the layout in the walk's own evaluate "
        "(its walk with the proof, beside the focus and modals): scrollX/scrollY, the "
        "scrolling element's client size and scroll size, as cssLayoutViewport and "
        "cssContentSize; only at a zoom of 1 (devicePixelRatio 1, no pinch) with whole-pixel "
        "scroll, where DevTools' enclosed integer rect is those values, and only when the "
        "capture's walk is that evaluate's; else getLayoutMetrics is asked",
        "tests/e2e/test_act_layout_in_walk_e2e.py, tests/e2e/test_act_commands_e2e.py, "
        "extension/test/act_layout_in_walk.test.mjs"),
    FastPath(
        "act_capture_frames", "extension",
        "extension/lib/act/route.js readBefore, lib/capture/capture.js liveFrames (asked by "
        "lib/reuse/act_baseline.js mayTakeCaptureFrames)",
        "the tab's frames read again for the lookup (Page.getFrameTree, Target.setAutoAttach: "
        "resolve.js frameOfId)",
        "nothing kept: an act with no standing baseline looks its target up on the frames (with "
        "their sessions) of the capture it took before, the one the host resolved the id on, "
        "whose ordinals the id names; siblings are still ordered from the live DOM trees, and a "
        "frame gone since makes the node stale as a frame read again would",
        "tests/e2e/test_act_commands_e2e.py, extension/test/act_baseline.test.mjs, "
        "extension/test/act_lookup.test.mjs"),
    FastPath(
        "settle_nothing_scheduled", "extension",
        "extension/content/readiness.js settleCheck, lib/act/route.js",
        "the settle floor after an act: three quiet frames and 60 ms from its last input",
        "the document's timer, animation-frame and idle-callback id counters (shared by every "
        "script world) read before the act's input and after its first frame (and a second "
        "frame when the element under the pointer is not the one hovered): no id handed out "
        "but the extension's own, the tasks the page queued flushed (two messages), no "
        "activity from the first frame on, no frame in the document",
        "tests/e2e/test_act_baseline_e2e.py, tests/e2e/test_act_settle_proof_e2e.py, "
        "extension/test/settle.test.mjs"),
    FastPath(
        "settle_after_act", "extension",
        "extension/lib/session/act_proof.js, lib/session/stabilize.js (asked by "
        "lib/router/router.js; kept by lib/act/route.js)",
        "a read's settle check (stabilize.settle): frames and a floor of quiet",
        "the page clock's reading (content/readiness.js) from the settle check that ended the "
        "last act's readiness on the tab: the read's first reading is of the same document "
        "(token), counts the same mutation records and activities (mutations, input, a "
        "control's state, a finished subresource, load steps), the document loaded, no frame "
        "the clock cannot watch; the read's own watch has no request in flight nor a frame "
        "loading. Forgotten at the next act's input; the reply's stabilization.settled_by says "
        "act_proof",
        "tests/e2e/test_read_after_act_e2e.py"),
    FastPath(
        "fill_insert_text", "extension", "extension/lib/act/fill_rule.js, lib/act/fill.js",
        "a fill typed key by key (a key down and up per character, each after a check that the "
        "tab still holds the act's document)",
        "the text goes in as one Input.insertText only into an <input> or <textarea> of the top "
        "frame, with no line break, when no listener for keys, input, composition or the "
        "selection is on the field's event path (itself, its ancestors through shadow hosts, "
        "its document, its window: DOMDebugger.getEventListeners), its caret chord (Control+A, "
        "Control+End) then as the key alone with Control held in its mask (no script would see "
        "Control's own key events); else key by key, the rule said in the reply's typed_by",
        "tests/e2e/test_act_fill_insert_e2e.py, extension/test/fill_rule.test.mjs"),
)

NAMES: frozenset[str] = frozenset(path.name for path in FAST_PATHS)


def fast_path(options: Any, name: str) -> bool:
    """Whether fast path ``name`` may answer a read with ``options`` (a SnapshotOptions or
    its dict): not when the read is ``exact``."""
    if name not in NAMES:
        raise KeyError(f"{name!r} is not a registered fast path (models/fast_paths.py)")
    exact = options.get("exact") if isinstance(options, dict) else getattr(options, "exact", False)
    return exact is not True
