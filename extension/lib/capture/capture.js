// Capture one tab into a RawCapture (see host/axsnap_host/models/capture.py). The extension
// captures raw CDP results; the host decides what to keep.
//
// Per format: "snapshot" and "outline" take the AX tree of every frame and DOMSnapshot
// (whole page); the DOM channel ("domtext", "elements", "som") takes neither by default:
// the in-page walker reads the window and its records are resolved on their own
// (walker_capture.js), so the cost follows the window, not the page. With
// viewport_only: false it walks the whole page and takes DOMSnapshot for the join.

import { streamsAx } from '../ax/ax_stream.js';
import { thinAXNodes } from '../ax/ax_thin.js';
import { readMainFrameAx } from '../ax/ax_cache_read.js';
import { captureAxWindow, walkerSteps, windowScoped } from '../ax/ax_window.js';
import { AxError } from '../common/errors.js';
import { readOwnerBorders } from './frameborders.js';
import { ownerFramePositions } from './frameorder.js';
import { Navigated, watchMainDocument } from '../session/navwatch.js';
import { fastPath } from '../reuse/fast_paths.js';
import { captureScreenshot } from './screenshot.js';
import { SETTLED_AT_ONCE } from '../session/stabilize.js';
import { DOM_ROW_FIELDS, axFramePositions, flattenDomTree, framePositions, orderFrames } from './domtree.js';
import { collectFrames, flattenFrameTree, frameOwners } from './frames.js';
import { captureDomSnapshots, captureOutlineTrees, fullAXTree } from './chromium_trees.js';
import { elapsed, timed } from './timed.js';
import { DOM_FORMATS, DOM_SNAPSHOT_STYLES, SEMANTIC_FORMATS } from '../generated/contract.js';
import {
  axTreeWalkOptions, captureWalker, resolvesIds, walksAxTree, walksWholePage,
} from '../walker/walker_capture.js';
import { pageFacts } from './page_facts.js';

export const CAPTURE_VERSION = 1;
// The computed styles DOMSnapshot reports, generated from models/capture.py.
export { DOM_SNAPSHOT_STYLES };
const DPR_WORLD = 'axsnap-capture';

async function devicePixelRatio(session, frameId) {
  const world = await session.send('Page.createIsolatedWorld', { frameId, worldName: DPR_WORLD });
  const res = await session.send('Runtime.evaluate', {
    expression: 'window.devicePixelRatio', contextId: world.executionContextId, returnByValue: true,
  });
  const value = Number(res?.result?.value);
  return Number.isFinite(value) && value > 0 ? value : 1;
}

const flatTree = ({ root, ...rest }) => ({ fields: DOM_ROW_FIELDS, rows: flattenDomTree(root), ...rest });

// Formats read from the walker's records: the DOM channel (DOM_FORMATS: domtext, elements, som)
// and page understanding (semantic, semantic_text).
const WALKER_FORMATS = new Set([...DOM_FORMATS, ...SEMANTIC_FORMATS]);

/** Whether the read renders format `fmt`: its own, or one of its also_formats (one read). */
export const asksFormat = (options, fmt) => (options?.format ?? 'snapshot') === fmt
  || (Array.isArray(options?.also_formats) && options.also_formats.includes(fmt));

/** One read of the whole page for an AX format and a DOM channel format (also_formats):
 * the walker's records of the whole page join the AX read. */
const alsoWalks = (options) => !WALKER_FORMATS.has(options?.format ?? 'snapshot')
  && DOM_FORMATS.some((fmt) => asksFormat(options, fmt));

/** The vision channel: format "som", or a DOM channel format with options.vision. */
export function wantsScreenshot(options) {
  const format = options?.format ?? 'snapshot';
  return format === 'som' || (options?.vision === true && WALKER_FORMATS.has(format));
}

/** The full AX tree costs seconds on big pages: by default only the AX-based format waits on it. */
export function wantsAxTree(options) {
  if (typeof options?.include_ax === 'boolean') return options.include_ax;
  return !WALKER_FORMATS.has(options?.format ?? 'snapshot');
}

async function layoutMetrics(session, errors) {
  try {
    return await session.send('Page.getLayoutMetrics');
  } catch (e) {
    errors.push({ step: 'layout', message: e?.message ?? String(e) });
    return {};
  }
}

/** Whether the format's DOMSnapshot needs every node's DOM rects (see SNAPSHOT_PARAMS). */
export const wantsDomRects = (options) => asksFormat(options, 'outline');

const MAX_READ_TABS = 256;
const readDocuments = new Map(); // tabId -> the main frame's loaderId of its last capture

/** Whether a capture of `tabId` has read the document `loaderId` (lib/reuse/prepare.js asks). */
export function documentRead(tabId, loaderId) {
  return loaderId !== null && readDocuments.get(tabId) === loaderId;
}

/** The tab's frames asked ahead (the router, beside the stabilization): {frames, timings, errors}. */
export function prefetchFrames(session) {
  const timings = {};
  const errors = [];
  return collectFrames(session, timings, errors).then((frames) => ({ frames, timings, errors }));
}

/** The frames asked ahead, when the stabilization did not wait (SETTLED_AT_ONCE) or they
 * came after it (`fresh`: the walk with the proof told them); else null. */
async function framesAhead(early, stabilization, timings, errors) {
  if (!early) return null;
  const got = await early.catch(() => null);
  if (!got?.frames?.length || (got.fresh !== true && stabilization?.[SETTLED_AT_ONCE] !== true)) return null;
  Object.assign(timings, got.timings);
  errors.push(...got.errors);
  timings.frames_ahead = 1;
  return got.frames;
}

let capturesTaken = 0;

async function captureOnce(session, tabId, options, stabilization, openStream, early = null, walked = null) {
  // Numbered: a read of several formats (also_formats) shows it took one capture.
  const timings = { capture_count: ++capturesTaken };
  const errors = [];
  const t0 = performance.now();
  const frames = await framesAhead(early, stabilization, timings, errors)
    ?? await collectFrames(session, timings, errors);
  readDocuments.delete(tabId);
  readDocuments.set(tabId, frames[0]?.loaderId ?? null);
  while (readDocuments.size > MAX_READ_TABS) readDocuments.delete(readDocuments.keys().next().value);
  // A step can hang while the page navigates (navwatch.js): give up on this document as soon
  // as the main frame holds another one.
  const watch = watchMainDocument(session, frames[0]?.loaderId);
  // The whole page's AX nodes go to the host in parts as they arrive (ax_stream.js).
  const stream = openStream && !walksAxTree(options) && streamsAx(options, windowScoped(options))
    ? openStream() : null;
  try {
    return await Promise.race([
      captureDocument(session, tabId, options, stabilization, { frames, timings, errors, t0, watch, stream, walked }),
      watch.navigated,
    ]);
  } catch (e) {
    stream?.drop();
    throw e;
  } finally {
    watch.stop();
  }
}

/**
 * Each frame's full AX tree, thinned into frame.axNodes or sent to `stream` in parts. The
 * main frame's goes through the tab's AX cache (ax_cache_read.js): a repeated read
 * refetches what the page changed; `frame.ax_source` says which. `onAsked()`: the main
 * frame's AX commands are on their way (the caller sends the DOMSnapshot after them).
 */
function readFrameTrees(session, tabId, frames, errors, stream, timings, onAsked = () => {}, options = {}) {
  const cached = fastPath(options, 'ax_cache') && frames[0] && !frames[0].parentFrameId && !frames[0].out_of_process
    ? frames[0] : null;
  if (!cached) onAsked();
  return Promise.all(frames.map(async (frame) => {
    let ax;
    let entry = null;
    try {
      if (frame === cached) {
        const read = await readMainFrameAx(session, tabId, frame, () => fullAXTree(session, frame, errors), onAsked);
        ax = { nodes: read.nodes };
        entry = read.entry;
        frame.ax_source = read.source;
        if (read.details.reason) frame.ax_cache_reason = read.details.reason;
        for (const [key, value] of Object.entries(read.details)) {
          if (typeof value === 'number') timings[`ax_cache_${key}`] = value;
        }
      } else {
        ax = await fullAXTree(session, frame, errors);
      }
    } catch (e) {
      frame.axNodes = [];
      frame.captured = false;
      frame.error = e?.message ?? String(e);
      errors.push({ step: 'ax', message: `frame ${frame.frameId}: ${frame.error}` });
      return;
    }
    // a part that cannot reach the host fails the capture (host_* errors). The cached main
    // frame goes as a delta on what the host kept of the last read the host served.
    if (stream) {
      const sent = stream.send(frame.frameId, ax.nodes ?? [], fastPath(options, 'ax_stream_base') ? entry?.sent ?? null : null);
      if (entry && sent) stream.onAccepted.push((id) => { entry.sent = { id, ...sent }; });
    }
    frame.axNodes = stream ? [] : thinAXNodes(ax.nodes ?? []);
    frame.captured = true;
    frame.error = null;
  }));
}

/**
 * A whole-page outline from the walk: each frame says where its AX nodes came from (the
 * walker's rows, RawCapture.walker.axt), none travel as CDP nodes.
 */
function axTreeFrames(frames, walker, timings) {
  for (const frame of frames) {
    Object.assign(frame, { axNodes: [], captured: true, error: null, ax_source: 'walk' });
  }
  const ms = walker?.axt?.ms;
  if (typeof ms === 'number') timings.ax_walk_ms = ms;
}

async function captureDocument(session, tabId, options, stabilization,
  { frames, timings, errors, t0, watch, stream, walked = null }) {
  const mainLoader = frames[0]?.loaderId;
  const sessionOf = new Map(frames.map((f) => [f.frameId, f.sessionId]));

  // Snapshot and outline read the whole page three ways (AX trees, DOMSnapshot, the DOM
  // tree): started together, the calls overlap in the browser and in the extension's parsing
  // of each reply (about 15% less capture time on 20k elements than one after the other).
  // A whole-page outline from the walk (ax_source "walk") is read as a whole-page DOM read is:
  // the walker's records with the listable ones' ids, plus its AX rows (ax_tree.js).
  const axWalk = walksAxTree(options);
  const dom = WALKER_FORMATS.has(options?.format) || axWalk;
  const domOptions = axWalk ? axTreeWalkOptions(options) : options;
  // The AX formats' default scope reads the window only (ax_window.js): no DOMSnapshot, no
  // full AX tree; the walker's records are the DOM facts.
  let scoped = !axWalk && windowScoped(options);
  let windowWalker = null;
  // The AX formats' frame owners and layout metrics depend on nothing read here: asked now,
  // they overlap the walker and AX reads instead of adding their round trips after them.
  const axSide = dom ? null : {
    owners: timed(timings, 'frame_owner_ms', () => frameOwners(session, frames, sessionOf, errors)),
    layout: timed(timings, 'layout_ms', () => layoutMetrics(session, errors)),
  };
  // The last check that the main frame still holds the document read (with the tab's url
  // and title), asked once nothing else is to be read: when the AX window is the last read
  // (at most one child frame: no frame order to ask after it), as soon as its commands are
  // sent (the session answers in order), so its round trip overlaps theirs.
  // A walk with the proof (walker_capture.js: walkWithProof) whose listener read was
  // answered off the root object kept from the last read proves the document itself: the
  // walk ran in the world of that document and the object dies with it, so no frame tree
  // is asked (`proven`); the tab (a browser call, no renderer task) is asked at once.
  let closing = null;
  let proven = false;
  let tabAsked = null;
  const tabRead = () => {
    tabAsked ??= chrome.tabs.get(tabId).catch(() => null);
    return tabAsked;
  };
  const finalCheck = () => {
    closing ??= Promise.all([
      proven ? null : timed(timings, 'frame_tree_ms', () => session.send('Page.getFrameTree')),
      tabRead(),
    ]);
    closing.catch(() => {});
    return closing;
  };
  if (walked) tabRead();
  const axIsLast = frames.filter((f) => f.parentFrameId).length <= 1 && !wantsScreenshot(options);
  if (scoped) {
    windowWalker = await captureAxWindow(session, tabId, options, frames, errors, timings,
      () => { if (axIsLast) finalCheck(); });
    if (!windowWalker) {
      scoped = false;
      errors.push({ step: 'ax_window', message: 'the walker could not run in this page: read the whole page' });
    }
  }
  // The AX trees are asked first: the renderer answers in order, so they arrive (and are
  // streamed to the host) while it still computes the DOMSnapshot.
  // Frames in other processes answer in parallel; one renderer serializes its own anyway.
  // The main frame's read first arms or takes the AX cache's journal (ax_cache_read.js): the
  // DOMSnapshot waits until its AX commands are sent, so the renderer still answers them first.
  let axAsked = () => {};
  const asked = new Promise((resolve) => { axAsked = resolve; });
  const axRead = scoped || axWalk || !wantsAxTree(options) ? null
    : timed(timings, 'ax_ms', () => readFrameTrees(session, tabId, frames, errors, stream, timings, axAsked, options));
  if (axRead) await Promise.race([asked, axRead.catch(() => {})]);
  const rects = wantsDomRects(options);
  const snapshotRead = dom || scoped ? null
    : captureDomSnapshots(session, [...frames], sessionOf, timings, errors, rects);
  // A whole-page AX read describes each element as the window read does (the element
  // model: names from labels, states, the row or card a control sits in): the walker walks
  // the whole page, and the host joins its records to the DOMSnapshot (walker_merge.py).
  // After the DOMSnapshot: the renderer runs one at a time anyway, and the tab answers a
  // command between them (act/blocked.js counts a tab that answers none as blocked).
  // One read for an AX format and the DOM channel (also_formats): the same walk, its records
  // whole (the DOM channel reads their attributes and text), as a DOM read of the page is.
  const alsoDom = alsoWalks(options);
  const pageWalker = dom || scoped ? null
    : snapshotRead.catch(() => null).then(() => timed(timings, 'walker_ms',
      () => captureWalker(tabId, { ...options, viewport_only: false, ...(alsoDom ? { format: 'domtext' } : {}) },
        session, frames, errors)))
      .then((walk) => (alsoDom ? walk : pageFacts(walk)))
      .catch((e) => { errors.push({ step: 'walker', message: e?.message ?? String(e) }); return null; });
  // Without DOM rects the host places frames by their owners' borders: read once the
  // owners are known, while the renderer computes the DOMSnapshot.
  const send = (method, params, sessionId) => session.send(method, params, sessionId);
  const bordersRead = snapshotRead && !rects ? axSide.owners.then(() => timed(timings, 'frame_border_ms',
    () => readOwnerBorders(send, frames, sessionOf, errors))) : null;
  const treeRead = asksFormat(options, 'outline') && !scoped && !axWalk
    ? timed(timings, 'dom_tree_ms', () => captureOutlineTrees(session, [...frames], options, errors)) : null;
  if (!scoped && !axRead) {
    for (const frame of frames) Object.assign(frame, { axNodes: [], captured: false, error: 'not requested' });
  }
  await axRead;

  watch.check();
  let domTree = null;
  let focus = null;
  let domSnapshot = null;
  let layout = {};
  let walker = null;
  if (dom) {
    // The DOM channel reads the window: the walker's records are resolved on their own
    // (walker_ids.js), no DOMSnapshot. Independent steps overlap their round trips.
    // When nothing is read after the walker's ids (no frame order, no DOMSnapshot, no
    // screenshot), the last check goes out with the click-listener read, not after it: it
    // checks the document the walk and the take read, and the listeners are read off that
    // document's own root element (walker_ids.js), so they cannot come from another one. A
    // walk in the cached world of the main document (walker_capture.js: walkCachedWorld) proves
    // its document itself (a context dies with its document): the check goes out with it.
    const walkerIsLast = axIsLast && resolvesIds(domOptions);
    // (a walk with the proof waits: its listener read may prove the document, see `proven`)
    const lastCheck = (walk) => { if (walkerIsLast && walk?.stats?.with_proof !== 1) finalCheck(); };
    // The act's capture after reads its layout in the walk's own evaluate (fast path
    // act_layout_in_walk, act/layout_in_walk.js): taken when this walk is that one, else asked.
    const inWalk = walked?.layout ?? null;
    [, layout, walker] = await Promise.all([
      timed(timings, 'frame_owner_ms', () => frameOwners(session, frames, sessionOf, errors)),
      inWalk ? null : timed(timings, 'layout_ms', () => layoutMetrics(session, errors)),
      timed(timings, 'walker_ms', () => captureWalker(tabId, domOptions, session, frames, errors, null,
        lastCheck, lastCheck, walked)
        .catch((e) => { errors.push({ step: 'walker', message: e?.message ?? String(e) }); return null; })),
    ]);
    walkerSteps(walker, timings);
    if (inWalk) {
      const got = walker?.stats?.with_proof === 1 ? await inWalk : null;
      if (got) timings.layout_in_walk = 1;
      layout = got ?? await timed(timings, 'layout_ms', () => layoutMetrics(session, errors));
    }
    if (axWalk) axTreeFrames(frames, walker, timings);
    // 1: the walk went with the cached answer's proof (walker_capture.js: walkWithProof)
    if (walker?.stats?.with_proof === 1) timings.walker_with_proof = 1;
    proven = closing === null && walker?.stats?.with_proof === 1 && walker.stats.ids?.root_kept === 1;
    if (proven) timings.document_proven = 1;
    // Frame ordinals follow document order, as the outline's and SnapshotV1's do.
    if (frames.filter((f) => f.parentFrameId).length > 1) {
      const positions = await timed(timings, 'frame_order_ms', () => ownerFramePositions(send, frames, sessionOf, errors));
      frames.splice(0, frames.length, ...orderFrames(frames, positions));
    }
    // The whole page (viewport_only: false) is joined to a DOMSnapshot instead, unless the
    // walk gave its listable records their ids (dom_source "walk": walker_ids_listable.js).
    if (!resolvesIds(domOptions) && !walksWholePage(domOptions)) {
      [domSnapshot] = await Promise.all([
        captureDomSnapshots(session, frames, sessionOf, timings, errors, wantsDomRects(domOptions)),
        timed(timings, 'frame_border_ms', () => readOwnerBorders(send, frames, sessionOf, errors)),
      ]);
    }
  } else {
    await axSide.owners;
    walker = windowWalker;
    if (asksFormat(options, 'outline') && !scoped) {
      ({ domTree, focus } = await treeRead);
      // Outline ids number child frames in document order: put out-of-process ones in place.
      const ordered = orderFrames(frames, framePositions([domTree?.root, ...frames.map((f) => f.dom_tree?.root)]));
      frames.splice(0, frames.length, ...ordered);
      // Sent flat: a deep page nests deeper than serialization can recurse.
      if (domTree) domTree = flatTree(domTree);
      for (const frame of frames) if (frame.dom_tree) frame.dom_tree = flatTree(frame.dom_tree);
    } else if ((scoped || stream) && frames.filter((f) => f.parentFrameId).length > 1) {
      // The window's AX nodes do not place the frames it did not reach: their owners do
      // (the DOM channel's order), so ids match the whole-page read's.
      const positions = await timed(timings, 'frame_order_ms', () => ownerFramePositions(send, frames, sessionOf, errors));
      frames.splice(0, frames.length, ...orderFrames(frames, positions));
    } else if (wantsAxTree(options)) {
      // Frame ordinals (node ids "1-57") follow document order, as the outline's do.
      const ordered = orderFrames(frames, axFramePositions(frames));
      frames.splice(0, frames.length, ...ordered);
    }
    // Every frame's AX nodes are sent, the frames are final (owners, order): the host builds
    // the AX tree now, while the renderer still computes the DOMSnapshot (ax_stream.js).
    stream?.end(frames, fastPath(options, 'early_tree'));
    domSnapshot = snapshotRead ? await snapshotRead : null;
    await bordersRead;
    layout = await axSide.layout;
    if (pageWalker) walker = await pageWalker;
  }

  watch.check();
  // The walker read the page's ratio already; only without it ask over CDP.
  let dpr = Number(walker?.dpr) > 0 ? Number(walker.dpr) : null;
  if (dpr === null) {
    try {
      dpr = await timed(timings, 'dpr_ms', () => devicePixelRatio(session, frames[0].frameId));
    } catch (e) {
      dpr = 1;
      errors.push({ step: 'device_pixel_ratio', message: e?.message ?? String(e) });
    }
  }

  // After the walker, so the picture shows the page its rects were measured on. Never
  // throws: a failed screenshot is {ok:false, reason} and the DOM text is served anyway.
  let screenshot = null;
  watch.check();
  if (wantsScreenshot(options)) {
    screenshot = await timed(timings, 'screenshot_ms', () => captureScreenshot(tabId,
      (method, params) => session.send(method, params), { ...options, device_pixel_ratio: dpr }));
    if (!screenshot?.ok) errors.push({ step: 'screenshot', message: screenshot?.reason ?? 'no screenshot' });
  }

  const [after, tab] = await finalCheck();
  if (!proven && flattenFrameTree(after)[0]?.loaderId !== mainLoader) throw new Navigated();

  timings.capture_ms = elapsed(t0);
  const captured = {
    capture_version: CAPTURE_VERSION,
    tab: { id: tabId, url: tab?.url ?? frames[0]?.url ?? '', title: tab?.title ?? '' },
    frames: frames.map(({ sessionId, ...frame }) => frame), // session ids are ephemeral
    dom_snapshot: domSnapshot,
    dom_snapshot_styles: [...DOM_SNAPSHOT_STYLES],
    layout,
    device_pixel_ratio: dpr,
    stabilization,
    timings,
    errors,
    walker,
    screenshot,
    ...(asksFormat(options, 'outline') ? { dom_tree: domTree, focus } : {}),
    ...(stream ? { ax_stream: stream.ref() } : {}),
  };
  // the frames with their sessions, numbered as sent: this request's own lookups take them
  // (act/route.js: the ids the host resolves on this capture name these frames); not enumerable,
  // so never sent nor copied
  Object.defineProperty(captured, 'liveFrames', { value: frames });
  return captured;
}

/**
 * Capture the tab behind `session`. A main-frame navigation during the capture restarts it
 * once; a second one fails with page_navigated. `frames`: the frame tree asked ahead;
 * `walked`: the walk asked with the cached answer's proof (walker_capture.js: walkWithProof).
 */
export async function capturePage(session, tabId, options, stabilization,
  { openStream, frames = null, walked = null } = {}) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return await captureOnce(session, tabId, options, stabilization, openStream, attempt === 0 ? frames : null,
        attempt === 0 ? walked : null);
    } catch (e) {
      if (!(e instanceof Navigated)) throw e;
    }
  }
  throw new AxError('page_navigated', 'The page navigated twice while it was being captured.',
    'Wait for the page to finish loading, then retry.');
}
