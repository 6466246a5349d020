// axsnap DOM-channel walker, the entry of its modules: scripts/build_walker.mjs bundles this
// folder with esbuild into lib/walker/walker.js, one self-contained function (axsnapWalk)
// whose body holds every module and calls walk(opts, axsnapWalk). Edit here, then rebuild
// (docs/design/32-walker-modules.md).
//
// axsnapWalk is injected with chrome.scripting.executeScript({func: axsnapWalk, world: 'ISOLATED'})
// and must therefore reference nothing outside its own body (no imports, no closures).
// With opts.keepAs it keeps itself in that world, and later reads of the document run the
// kept function instead of injecting the source again (walker_capture.js). The
// same source runs in a plain page for tests (Selenium strips the `export`); there
// chrome.dom is absent and only open shadow roots are reachable.
//
// It reports facts, not verdicts: the host (pipeline/walker_merge.py, pipeline/elements.py)
// decides what is interactive and visible. The page cannot see backendNodeIds or event
// listeners: the extension adds them to the records afterwards (walker_ids.js: `b`, `k`),
// and the host can still join records to a DOMSnapshot on the frame-aware XPath.
//
// It never writes to the page: no attributes, no overlays, no expandos; only reads
// (getComputedStyle, getBoundingClientRect, elementFromPoint, chrome.dom). With
// opts.track (the extension) it keeps state in its own isolated world's globalThis, which
// the page cannot see: a stable id per reported element (a WeakMap) and, with opts.hold,
// the run's reported elements themselves, which the extension then resolves to
// backendNodeIds over CDP (walker_ids.js). Plain-page runs (tests, fixture recording)
// leave both off. opts.idFloor: the least id the world gives from now on (records.js
// trackState: the extension's floor, design note 65).
//
// Cost (viewport-only): an element whose box misses the window is not walked into unless
// something under it can still paint there: its visible overflow reaches the window (its
// scroll size beyond its client size, unclipped), or it is an ancestor of a fixed/absolute
// box that reaches the window (such boxes escape their ancestors' boxes and overflow), or
// it has no box at all (display:contents). A pruned subtree costs one
// getBoundingClientRect and four layout reads at its root; computed style is read only for
// elements that are walked, and by one lazy pass per document that reads `position` of
// every element (about 1 µs each in an isolated world) to find the escaping boxes. That
// pass enters open shadow roots and the closed roots of custom elements; a closed root on a
// built-in element (asking chrome.dom about every div and span doubles the pass) is only
// seen when the walk reaches its host.
//
// Output (compact; keys are short because a big page gives tens of thousands of records):
//   {v:1, url, title, viewport:{w,h}, scroll:{x,y,w,h}, dpr,
//    frames:[{url, parent, owner, ox, oy, n}], // walker frame 0 = the document walked first;
//                                              // n: elements in that frame's document
//    elements:[record...],                     // pre-order; a record's parent comes before it
//    [captureWalker adds subframes:[{frameId, documentId, result}] — runs in cross-origin
//     frames, frame-local coordinates; the host stitches them under their <iframe>]
//    stats:{visited, emitted, elapsed_ms, capped (node cap hit), depth_capped (subtrees cut
//           at the depth cap), hidden_subtrees (display:none / opacity:0, not walked),
//           offscreen_subtrees (boxes outside the window whose content cannot reach it,
//           not walked), outside_window (elements walked but outside the window, not
//           reported), frames_skipped (iframes whose document is not reachable:
//           cross-origin), positioned (fixed/absolute boxes reaching the window, found by
//           the scan), scan_ms (that scan), max_depth, elements_total (elements of
//           this document's light DOM), tally_ms? (semantic mode: the page's tally,
//           unless opts.tally is false), act_ms? (opts.actMarks: telling the marks after
//           the walk), act_scan?: 1 (the act's own scan ran for them: act_marks.js)},
//    with track: world (this isolated world's token), alive (ids of elements reported by
//    earlier runs in this world that are still connected), and with hold: run (this run's
//    token: the extension takes its elements with it), reported?: true (the run was
//    reported through opts.report, the extension's binding), and with opts.sendListed
//    (a read named by the walker's ids) listed: the indices of the records listable.js
//    lists, ascending}
// record: {p: parent record in the flat tree or -1, f: frame, s: flat-tree step ("div[2]";
//          "html" for a frame's root) — the chain of `s` over `p` is the join key the host
//          also computes from DOMSnapshot, which lists the flat (composed) tree: a shadow
//          host's shadow-root children, a slot's assigned elements;
//          d?: DOM XPath step where it differs ("#shadow-root/span", a slotted element's
//          step among its host's children), dp?: DOM parent record where it differs (slotted
//          elements: the host) — the chain of (d||s) over (dp||p) is the displayed XPath;
//          r:[x,y,w,h] (CSS px, top-level viewport coordinates), vis:1|0, hid?: "visibility"|"size", win?:1 (in the expanded window), inv?:1 (in the
//          viewport), top?:1|0 (centre not covered; absent = not checked), cb?: what covers it when top is 0
//          ("div#overlay": the positioned box over it), ptr?:1 (own
//          cursor:pointer) | 2 (inherited from the parent), c?:[reason...] (why it may be
//          interactive; "label": a <label> of an enabled form control), a?:{attr:value},
//          tx?: text (a label's: without its controls' text), val?: current value, filled?:1|0
//          (password fields: the value itself is never read out), ptx?: the parent's text
//          (short parents only; a re-render signature hint), w?: stable id in this world
//          (track only; same element, same id, for its life), idu?:1 (its id resolves to
//          it in its root), sr?:1 (walked into its shadow root), fr?: walker frame index of the
//          document it owns (iframes), xo?:1 (an iframe whose document is cross-origin) with
//          co:[x,y] (its content-box origin, top-level viewport coordinates), scr?: 1|2|3
//          (a scroll container: overflow auto/scroll with more content than box on x: 1,
//          y: 2, both: 3), ro?: the role Chromium's AX tree gives it and an?: its accessible
//          name (opts.axRoles only, elements kept for their role: ax_facts.js),
//          am?: 1|2|3|4 (opts.actMarks, a whole-page walk only: how a walk of the window
//          grown actMarks px past the viewport writes it, records.js ACT_*; design notes 211, 229)}
//   axt?: {rows, ms, capped?, next?, joins?, h?} (opts.axTree: the document as accessibility
//         rows, ax_tree.js; with track, next: the world's next id; joins: the text rows that go
//         on a run of inline text, ax_runs.js; h: the hiding facts of the rows whose name has
//         an instruction's word, ax_hiding.js; ce: the rows of custom elements whose
//         ElementInternals may name them, ax_tree.js mayHaveInternals; pp: the rows of the
//         <select>s' popups; dt: the rows of date and time fields)
import { finishActMarks } from './act_marks.js';
import { axTreeRows } from './ax_tree.js';
import { asJson } from './json_text.js';
import { markDirty, takeJournal } from './journal.js';
import { leanRecords } from './lean.js';
import { finishTracking, trackState } from './records.js';
import { beginRun, run } from './run.js';
import { pageTally } from './tally.js';
import { visit } from './visit.js';

/** One walk of the current document with `opts`; `self` is the walker function itself,
 * which opts.keepAs keeps in this world. With opts.json the output comes as its JSON text. */
export function walk(opts, self) {
  const json = opts && opts.json === true;
  const started = json ? epochMs() : 0;
  const result = walkDocument(opts, self);
  if (!json) return result;
  const walked = epochMs();
  const text = asJson(result);
  // opts.carry (walker_capture.js): the page's clock beside the text, never in it (no reply
  // reads them): when the walk began and ended and when its text was written, so the worker
  // splits the walk's carriage into its parts (design note 225)
  return opts.carry === true ? [text, [started, walked, epochMs()]] : text;
}

// A clock the worker shares: the page's time origin and its monotonic clock since, in ms.
function epochMs() {
  return performance.timeOrigin + performance.now();
}

function walkDocument(opts, self) {
  const t0 = performance.now();
  // opts.keepAs (the extension): keep this very function in this isolated world under that
  // name, so the next read of the document runs it without its source injected again
  // (walker_capture.js). The page cannot see the extension's world.
  if (opts && typeof opts.keepAs === 'string' && opts.keepAs.startsWith('__axsnapWalk_')) {
    globalThis[opts.keepAs] = self;
  }
  // The extension's one-off binding (walker_ids.js): called once at the end to name this
  // world's execution context; its global is dropped at once, whatever happens next.
  let report = null;
  if (opts && typeof opts.report === 'string') {
    report = globalThis[opts.report];
    try { delete globalThis[opts.report]; } catch (e) { report = null; }
  }
  if (window !== window.top) {
    // A frame whose parent document is reachable (same origin) is walked from there.
    let covered = false;
    try { covered = window.frameElement !== null; } catch (e) { covered = false; }
    if (covered) return { v: 1, covered: true, url: document.URL };
  }
  beginRun(opts);
  const o = run.opts;
  const stats = run.stats;
  run.track = o.track === true ? trackState(o.idFloor) : null;
  run.outEls = run.track && o.hold === true ? [] : null;
  // a whole page's DOM read: the hidden subtrees' roots held too (records.js skipHidden)
  run.hiddenEls = run.outEls && o.listable === true ? [] : null;

  run.frames.push({ url: document.URL, parent: -1, owner: -1, ox: 0, oy: 0,
    n: document.getElementsByTagName('*').length });
  const html = document.documentElement;
  // opts.actMarks: the act's window over the document (act_marks.js)
  const topAct = run.actWin ? { win: run.actWin, doc: document, ox: 0, oy: 0 } : null;
  if (topAct) run.actDocs.set(document, topAct);
  try {
    if (html) {
      visit(html, html.nodeName.toLowerCase(), 'html', null, null,
        { f: 0, ox: 0, oy: 0, depth: 0, fw: { w: run.vw, h: run.vh }, frameCovered: false,
          win: run.win, doc: document, act: topAct, actOut: null });
    }
    if (topAct) finishActMarks();  // each record's `am`, told from what the walk read
  } catch (e) {
    stats.error = String((e && e.message) || e);  // keep what was walked
  }
  const journal = opts && opts.axJournal ? takeJournal(opts.axJournal) : null;
  const se = document.scrollingElement || document.documentElement;
  const topWin = run.topWin;
  const result = {
    v: 1,
    url: document.URL,
    title: document.title,
    name: window.name,
    top: window === window.top,
    viewport: { w: run.vw, h: run.vh },
    scroll: { x: Math.round(topWin.scrollX), y: Math.round(topWin.scrollY),
      w: se ? se.scrollWidth : 0, h: se ? se.scrollHeight : 0 },
    dpr: topWin.devicePixelRatio || 1,
    options: { viewportOnly: run.viewportOnly, expandPx: run.expand,
      ...(run.actMarks ? { actMarks: run.actMarks } : {}) },
    frames: run.frames,
    elements: run.out,
    stats,
  };
  // The page's tally (tally.js): the whole document's shape, which only the host's page type
  // reads (semantic/facts.py). The AX window read walks in semantic mode for its hiding facts
  // alone and asks no tally (opts.tally false: walker_reads.js semanticWalk, design note 263).
  if (run.semantic && run.tally && window === window.top) {
    const began = performance.now();
    try { result.tally = pageTally(); } catch (e) { stats.tally_error = String((e && e.message) || e); }
    stats.tally_ms = Math.round((performance.now() - began) * 10) / 10;
  }
  // opts.axTree: the document's accessibility rows (ax_tree.js), before the tracking's
  // end so the rows name the tracked ids of this run's records
  if (run.axTree) result.axt = axTreeRows(document);
  if (run.track) finishTracking(result, report);
  const axJournal = journal && journal.reply;
  if (axJournal && journal.self && run.outEls) markDirty(journal);
  if (axJournal) result.axJournal = axJournal;
  stats.scan_ms = Math.round(stats.scan_ms * 10) / 10;
  if (axJournal) stats.journal_ms = Math.round(journal.ms * 10) / 10; // the take or the arming
  // The page's size, to say how much a window read left out (light DOM of this document).
  stats.elements_total = document.getElementsByTagName('*').length;
  // opts.leanRecords: the records cut to what SnapshotV1 and the outline read (lean.js), after
  // every step above has read them whole; not on Chrome's error page (the host reads its text)
  const lean = o.leanRecords;
  if (lean && typeof lean.FIELD === 'string' && !document.URL.startsWith('chrome-error:')) {
    result.elements = leanRecords(run.out, lean);
    result[lean.FIELD] = 1;
  }
  stats.elapsed_ms = Math.round((performance.now() - t0) * 10) / 10;
  return result;
}
