// DOM channel: run the in-page walker (walker.js) in the tab and return its output for
// RawCapture.walker.
//
// The walker is injected into every frame the extension can reach (allFrames), in the
// ISOLATED world (it never touches the page's own JS world and writes nothing to the
// page). The top frame's run descends into open and closed shadow roots
// (chrome.dom.openOrClosedShadowRoot) and same-origin iframes (contentDocument); a frame
// that its parent can reach answers {covered:true} at once; a cross-origin frame walks
// itself and comes back in `subframes`, which the host stitches under its <iframe>
// (pipeline/walker_merge.py).
//
// Then walker_ids.js gives the records their backendNodeIds and click listeners over CDP
// (the walker runs with `track`, keeping its elements in its isolated world for that).
//
// Options: SnapshotOptions.viewport_only / viewport_expand_px → the walker's
// viewportOnly / expandPx. Needs the "scripting" permission and host access to the page
// (the manifest's host_permissions).

import { fastPath } from '../reuse/fast_paths.js';
import { DeadlineError, withDeadline } from '../session/deadline.js';
import { DOM_FORMATS, INSTRUCTION_TRIGGERS, PRUNE_TABLES, WALKER_WIRE } from '../generated/contract.js';
import { axsnapWalk } from './walker.js';
import { freeRunsStatement, recallContext, takeUnfreed } from '../reuse/walker_id_cache.js';
import { loadWalkIdFloor, rememberRowsWalk, walkIdFloor } from './walker_ax_nodes.js';
import { dropEarly, earlyPartsUsed, takeEarly } from './walker_ids_early.js';
import { listenersAsReported } from './walker_listeners_early.js';
import {
  listenerSignature, listenersAhead, listenersWhen, openReporter, resolveWalkerIds, topListenersAhead,
} from './walker_ids.js';
import { forgetWalk, rememberWalk, walkInWorlds } from './walker_worlds.js';
import { actMarks, isCssFocus, listableIds, resolvesIds, semanticWalk, walksWholePage } from './walker_reads.js';
import { ALONG_GROUP, DEEP, alongExpression, parseAlong, splitAlso, withAlsoExpression } from './walker_take_along.js';
import { ROWS_RUN } from './walker_ids_rows.js';
import { epochMs, parseCarried } from './walker_carriage.js';

// which walk a read asks for (the capture, the router and the tests read them here)
export { axTreeWalkOptions, isCssFocus, listableIds, resolvesIds, walksAxTree, walksWholePage } from './walker_reads.js';

export const WALKER_MAX_NODES = 200000;
export const WALKER_MAX_DEPTH = 256;
// The walk of every frame, and of the top frame alone when that did not answer (a 100k-node
// page walks in ~6 s; a frame that never finishes loading never answers).
export const WALK_ALL_FRAMES_MS = 20_000;
export const WALK_TOP_FRAME_MS = 30_000;
// A walk that also writes the document as AX rows (opts.axTree, ax_tree.js) does about four
// times the work a node: a 100k-element page walked in ~10 s at load 10, past 20 s at load 20.
const AX_TREE_WALK_SCALE = 3;
const walkDeadline = (opts, ms) => (opts.axTree ? ms * AX_TREE_WALK_SCALE : ms);

const round = (ms) => Math.round(ms * 10) / 10;

/** The walker's options for a read's `options`. */
export function walkerOptions(options) {
  return {
    viewportOnly: options?.viewport_only !== false,
    expandPx: Number(options?.viewport_expand_px) || 0,
    maxNodes: WALKER_MAX_NODES, maxDepth: WALKER_MAX_DEPTH,
    track: true,
    idFloor: walkIdFloor(), // a new document's ids above every id listed before (walker_ax_nodes.js)
    // Semantic mode also records why text is hidden (hx, font size, colours): the AX formats'
    // window read flags hidden instructions from it, and takes no page tally (walker_reads.js).
    ...semanticWalk(options),
    hold: resolvesIds(options) || walksWholePage(options),
    ...(actMarks(options) ? { actMarks: actMarks(options) } : {}), // what the act's window walk writes (note 211)
    // a whole page's listable records, listed by the walker as its run ends (walker_ids_early.js)
    // (node_ids "walker", 'frames': the same walk, its hidden roots held for the listener step)
    ...(listableIds(options) === true || listableIds(options) === 'frames' ? { listable: true } : {}),
    // named by the walker's ids: the output says which records it listed (src/records.js)
    ...(listableIds(options) === 'frames' ? { sendListed: true } : {}),
    // a whole-page outline from the walk (walksAxTree): the document as AX rows too, and
    // the rows of the element a CSS focus selects (an id or XPath the host finds itself)
    // (with the words an instruction needs: the rows that have one carry their hiding facts,
    // src/ax_hiding.js, so the host flags hidden instructions as from a DOMSnapshot's styles)
    ...(options?.ax_tree === true || options?.ax_tree === 'boxes'
      ? { axTree: options.ax_tree, axHideWords: INSTRUCTION_TRIGGERS } : {}),
    // formats that print only what the host's prune keeps: no id taken of a row they never
    // print (src/printed_rows.js, src/listable.js rowsWanted)
    ...((options?.ax_tree === true || options?.ax_tree === 'boxes') && options?.ax_said === true
      ? { axSaid: { tables: PRUNE_TABLES, triggers: INSTRUCTION_TRIGGERS } } : {}),
    ...((options?.ax_tree === true || options?.ax_tree === 'boxes') && isCssFocus(options?.focus)
      ? { axFocus: options.focus } : {}),
    // SnapshotV1 and the outline alone from the walk: records without what neither reads (src/lean.js)
    ...(options?.ax_tree && options?.lean_records === true ? { leanRecords: WALKER_WIRE.LEAN } : {}),
    // the AX window read: take or arm the main frame's AX change journal (ax_window_cache.js)
    ...(options?.ax_journal ? { axJournal: options.ax_journal } : {}),
  };
}

/**
 * Walk the tab (every frame) and, with a CDP `session`, resolve the records' backendNodeIds
 * and click listeners. `frames`: the capture's frames; step failures go to `errors`.
 * `onSent()`: called once a walk that proves its document is sent (the cached world's: a
 * context lives and dies with its document), so a caller's last document check may go with it.
 * `walked`: the walk the router asked with the cached answer's proof (walkWithProof), used when
 * the frames show it walked the document they hold.
 */
export async function captureWalker(tabId, options, session = null, frames = [], errors = [], onWalked = null,
  onTaken = null, onSent = null, walked = null) {
  await loadWalkIdFloor(); // a restarted worker's floor, read once
  const opts = walkerOptions(options);
  // The extension's isolated worlds are named after it (their execution context name).
  const worldName = globalThis.chrome?.runtime?.getManifest?.().name ?? 'axsnap';
  let reporter = null;
  let asReported = null;
  const heard = []; // runs whose take began as they reported
  // exact: the walker injected afresh into every frame, every record's id taken again
  const useWorldCache = fastPath(options, 'walker_world_cache');
  const useIdCache = fastPath(options, 'walker_id_cache');
  // A document this worker walked before keeps its walker's worlds, and their contexts are
  // known (walker_id_cache.js): no binding to learn them. A new frame's world is found late.
  if (session && opts.hold && (!useWorldCache || !hasWalker(tabId, frames[0]?.loaderId ?? null))) {
    // a whole page's take begins as each run reports (walker_ids_early.js)
    // (a rows walk's nodes too, behind its records: walker_ids_rows.js)
    // (none when only the records that place a frame are taken: node_ids "walker", note 144)
    // (named by the walker's ids, no rows: a one-frame page's listener step, walker_listeners_early.js)
    asReported = listableIds(options) === 'frames' && frames.length === 1 && !opts.axTree
      ? listenersAsReported(session) : null;
    const onReport = opts.listable && listableIds(options) === true ? (run, where) => {
      for (const key of opts.axTree ? [run, run + ROWS_RUN] : [run]) {
        heard.push(key);
        takeEarly(session, key, where);
      }
    } : asReported?.onReport ?? null;
    reporter = await openReporter(session, worldName, frames.map((f) => f.sessionId), onReport).catch((e) => {
      errors.push({ step: 'walker_ids', message: e?.message ?? String(e) });
      return null;
    });
    if (reporter) opts.report = reporter.name;
  }
  const loaderId = frames[0]?.loaderId ?? null;
  try {
    // A re-read walks in the known worlds over CDP: a one-frame document in its one world
    // (walkCachedWorld), the same frames in the worlds the last read walked in (walker_worlds.js).
    const cached = !useWorldCache ? null : await walkCachedWorld(session, tabId, frames, opts, loaderId, onSent, walked)
      ?? (session && opts.hold && !reporter
        ? await walkInWorlds(session, tabId, frames, KEEP_AS, opts, (root) => listenersAhead(session, root))
          .catch(() => null) : null);
    const out = cached?.out ?? await walkFrames(tabId, opts, errors, loaderId);
    onWalked?.(out); // the walk is known before its ids: a caller may start what needs only that
    // a read that kept no root (a document's first): its listener read sent now, beside the take
    const begun = asReported?.claim(out?.run) ?? null;
    const ahead = cached?.ahead ?? begun?.ahead ?? (session && opts.hold && out?.run ? topListenersAhead(session) : null);
    if (session && opts.hold) {
      const t1 = performance.now();
      const inFrames = (frameIds, func, args) => inject({ tabId, frameIds }, func, args);
      out.stats.ids = await resolveWalkerIds(session, inFrames, out, frames, worldName, errors, reporter, onTaken,
        ahead, useIdCache, listableIds(options), cached?.along ?? null, begun);
      out.stats.ids_ms = round(performance.now() - t1);
      if (heard.length) out.stats.ids.early_parts = earlyPartsUsed(heard); // asked as the walk reported
      keepWorld(tabId, loaderId, frames, out);
      if (out.stats.ids.worlds === 1 + (out.subframes?.length ?? 0)) rememberWalk(tabId, frames, out);
      else forgetWalk(tabId);
      // the worlds whose rows name the read's nodes without ids (walker_ax_nodes.js)
      // (and of a read named by the walker's own ids: its records' ids are {frame}-axw{w}, note 144)
      if (opts.axTree || listableIds(options) === 'frames') rememberRowsWalk(tabId, out);
    }
    return out;
  } finally {
    // not awaited: the binding's removal is no part of this read's result, and the session
    // runs it before any later command (CDP keeps one session's commands in order)
    reporter?.close();
    dropEarly(heard); // the early parts no take claimed (a walk given up on)
    asReported?.drop(); // (and such listener steps)
  }
}

// injectImmediately: a frame whose document never finishes loading (<iframe
// src="javascript:void(0)">, common for ad slots) would otherwise hold the injection forever.
const inject = (target, func, args) => chrome.scripting.executeScript({
  target, world: 'ISOLATED', func, args, injectImmediately: true,
});

/** inject, each frame's JSON text parsed (opts.json; {noWalker} comes as it is): walker_carriage.js. */
async function injectJson(target, func, args) {
  const sent = epochMs();
  const results = await inject(target, func, args);
  parseCarried(results, sent, epochMs());
  return results;
}

/** A short hash of a text (FNV-1a, 32 bits, hex): names this build's walker. */
export function sourceTag(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

// The name the walker keeps itself under in a document's isolated world: another build of
// the extension (a reload leaves old worlds in open documents) keeps another one.
export const KEEP_AS = `__axsnapWalk_${sourceTag(axsnapWalk.toString())}`;

/** Injected instead of the walker where a document keeps it: runs the cached walker, or says
 * it has none (a new document: the caller injects the walker itself there). */
export function runCachedWalker(keepAs, opts) {
  const walk = globalThis[keepAs];
  return typeof walk === 'function' ? walk(opts) : { v: 1, noWalker: true };
}

const MAX_WALKER_TABS = 256;
// tab → the main frame's loaderId when this worker last walked it: the document that keeps
// the walker. Another loaderId is another document (a navigation): it gets the source at
// once, without first asking for a cached walker it cannot have.
const walkerDocuments = new Map();

/** Whether the main frame of `tabId` holds the document (`loaderId`) this worker walked last. */
export function hasWalker(tabId, loaderId) {
  return loaderId !== null && walkerDocuments.get(tabId) === loaderId;
}

/**
 * Run the walker in `target`'s frames: the cached walker where the main document was walked
 * before (`loaderId`: its loader now), the walker's source in the frames that do not keep
 * it. Results in the injection's order.
 */
async function injectWalker(tabId, target, opts, loaderId = null) {
  // json: each frame's output as its JSON text (walk.js asJson), parsed here (carry: the
  // page's clock beside it, for the carriage's parts: walker_carriage.js)
  const walkerOpts = { ...opts, keepAs: KEEP_AS, json: true, carry: true };
  if (loaderId === null || walkerDocuments.get(tabId) !== loaderId) {
    const results = await injectJson(target, axsnapWalk, [walkerOpts]);
    walkerDocuments.delete(tabId);
    if (loaderId !== null) walkerDocuments.set(tabId, loaderId);
    while (walkerDocuments.size > MAX_WALKER_TABS) walkerDocuments.delete(walkerDocuments.keys().next().value);
    return { results, injected: (results ?? []).length };
  }
  const results = await injectJson(target, runCachedWalker, [KEEP_AS, walkerOpts]);
  const missing = (results ?? []).filter((r) => r.result?.noWalker).map((r) => r.frameId);
  if (!missing.length) return { results, injected: 0 };
  const more = await injectJson({ tabId, frameIds: missing }, axsnapWalk, [walkerOpts]);
  const byFrame = new Map((more ?? []).map((r) => [r.frameId, r]));
  return {
    results: results.map((r) => (r.result?.noWalker ? byFrame.get(r.frameId) : r)).filter(Boolean),
    injected: missing.length,
  };
}

// tab → {loaderId, world, documentId, root}: the main frame's walker world in the document
// this worker walked last, once that world's execution context is known (walker_id_cache.js),
// and its root element's backendNodeId (the click listeners are read off it).
const worldCache = new Map();

/** Remember the top frame's world of a walk whose ids were resolved, when the tab has no
 * other frame (the only case walkCachedWorld serves). */
function keepWorld(tabId, loaderId, frames, out) {
  worldCache.delete(tabId);
  if (loaderId === null || frames.length !== 1 || typeof out.world !== 'string') return;
  if (!recallContext(out.world, new Set([null]))) return;
  const { sessionId: _session, ...frame } = frames[0];
  worldCache.set(tabId, {
    loaderId, world: out.world, documentId: out.documentId ?? null, root: out.elements?.[0]?.b ?? null,
    frame: { frameId: frame.frameId, parentFrameId: null, url: frame.url ?? '', name: frame.name ?? '', loaderId },
  });
  while (worldCache.size > MAX_WALKER_TABS) worldCache.delete(worldCache.keys().next().value);
}

/**
 * A re-read of a one-frame document this worker walked: the cached walker run over CDP in its
 * known world (one Runtime.evaluate) instead of chrome.scripting, whose trip through the
 * browser to every frame costs 2–4 ms more than the walk's own on the realistic bench pages.
 * The same function in the same world with the same options: the same output (the host gets
 * JSON either way). Returns {out, ahead} (`ahead`: the listener read sent behind the walk),
 * or null (nothing ran) when the tab has other frames, another document, or the world's
 * context is gone: the caller injects the walker. `withProof`: walkWithProof's walk, taken when it
 * ran in this world.
 */
async function walkCachedWorld(session, tabId, frames, opts, loaderId, onSent = null, withProof = null) {
  if (!session || frames.length !== 1 || !hasWalker(tabId, loaderId)) return null;
  const cached = worldCache.get(tabId);
  const where = cached?.loaderId === loaderId ? recallContext(cached.world, new Set([null])) : null;
  if (!where) return null;
  // the walk sent with the proof, in this very world of this document: its output stands
  const early = withProof?.cached === cached ? await withProof.reply : null;
  if (early?.out) {
    // no onSent: the capture's last check waits for the listener read, whose kept root
    // object may prove the document (capture.js)
    early.out.stats.with_proof = 1;
    return { out: early.out, ahead: early.ahead, along: early.along };
  }
  const t0 = performance.now();
  const args = JSON.stringify({ ...opts, keepAs: KEEP_AS });
  // a JSON string: CDP's by-value return of the records costs 2–3 ms more on 70 of them
  // the runs of earlier reads no take handed over are let go first (walker_id_cache.js)
  const walked = session.send('Runtime.evaluate', {
    expression: `${freeRunsStatement(takeUnfreed(cached.world))} JSON.stringify(globalThis[${JSON.stringify(KEEP_AS)}](${args}))`,
    contextId: where.contextId, returnByValue: true,
  }).catch(() => null);
  // the click listeners right behind the walk (walker_ids.js), answered after it
  const ahead = opts.hold ? listenersAhead(session, cached.root) : null;
  onSent?.();
  const reply = await withDeadline(walked, walkDeadline(opts, WALK_TOP_FRAME_MS), 'walker in the top frame');
  let out = null;
  try {
    out = reply && !reply.exceptionDetails ? JSON.parse(reply.result?.value) : null;
  } catch {
    out = null;
  }
  if (!cachedWorldOutput(out, cached, t0)) {
    worldCache.delete(tabId);
    return null;
  }
  return { out, ahead };
}

/** A cached world's walk (parsed) in walkFrames' shape, or false when it is not one. */
function cachedWorldOutput(out, cached, t0) {
  if (!out || typeof out !== 'object' || out.world !== cached.world || !Array.isArray(out.elements)) return false;
  out.subframes = [];
  out.stats = {
    ...(out.stats ?? {}), inject_ms: round(performance.now() - t0), all_frames: true, frames_injected: 1,
    walker_sources: 0, subframes_walked: 0, kept_world: 1,
  };
  out.documentId = cached.documentId;
  return true;
}

/**
 * A read's walk sent with the cached answer's proof (lib/reuse/answer_cache.js) in one
 * Runtime.evaluate, in the cached world of the tab's one-frame document, before the read's
 * frames are known: the page's watch gives the proof, and unless it equals `expect` (the cached
 * answer's {id, seq}: the read is that answer, nothing is walked) the cached walker runs in
 * the same task, so the walk reads the page the proof describes. Why: a read after a change
 * pays one round trip for the proof and the walk together, beside the frame tree (not the
 * proof's and then the walk's, after the frame tree). The capture uses the walk only when its frames show the same one
 * frame with the document of that world (walkCachedWorld); a world lives as long as its
 * document, so a reply proves the document. `askProof(loaderId)`: false for a document known
 * too big for a proof (none asked). Returns null (nothing sent: no cached world, or the format
 * does not resolve ids) or {cached, reply}: `reply` resolves to {proof, asked, out, ahead,
 * frames} (`out`: the walk in walkFrames' shape, or null; `ahead`: its click-listener read,
 * sent as the walk returns; `frames`: the tab's frames when the window has no child frame,
 * the world's main frame with the document's URL now, else null), or null when the world
 * did not answer. A world that answers proves its document (the same loaderId), and a
 * window with no child frame has no other frame, in this process or another: such a read
 * asks no frame tree and attaches to no frame (the router, capture.js). `also` (with
 * `listenersBehind`, when the walk's elements go along: an expression of an array, the act's
 * focus and modals): read in the walk's evaluate right after it; `also` then resolves to its
 * deep-serialized items, or null (the caller asks them itself).
 */
export function walkWithProof(session, tabId, options, {
  expect = null, askProof = () => true, listenersBehind = false, also = null, listenersAt = null,
} = {}) {
  const cached = session ? cachedWorldFor(tabId, options) : null;
  const where = cached ? recallContext(cached.world, new Set([null])) : null;
  if (!where) return null;
  const opts = walkerOptions(options);
  const asked = askProof(cached.loaderId) === true;
  // the act's capture after: its listable records' elements taken in the walk's own task
  // (walker_take_along.js), deep-serialized; else the walk's text by value
  const along = listenersBehind && opts.hold && listableIds(options) === 'window';
  const t0 = performance.now();
  const walk = proofWalkExpression(KEEP_AS, opts, expect, asked, takeUnfreed(cached.world), along);
  const sent = session.send('Runtime.evaluate', {
    expression: along && also ? withAlsoExpression(walk, also) : walk,
    contextId: where.contextId, ...(along ? { serializationOptions: DEEP, objectGroup: ALONG_GROUP } : { returnByValue: true }),
  });
  if (along) {
    sent.finally(() => session.send('Runtime.releaseObjectGroup', { objectGroup: ALONG_GROUP }).catch(() => {}))
      .catch(() => {});
  }
  // `listenersBehind` (the capture after an act, whose witness reads the listeners right behind
  // the walk anyway): the one listener read for both, the witness's signature and the ids' marks
  // (`listenersAt`: a promise, the read sent once it settles instead: walker_listeners.js)
  const behind = !listenersBehind || !opts.hold ? null
    : listenersAt ? listenersWhen(session, cached.root, listenersAt) : listenersAhead(session, cached.root);
  // `also` (an expression of an array, read in the walk's task after it): its items, or null
  const split = along && also ? sent.then((r) => (r && !r.exceptionDetails ? splitAlso(r) : null), () => null) : null;
  const reply = (split ? split.then((got) => got?.reply ?? null) : sent).then((r) => {
    const answer = r && !r.exceptionDetails ? (along ? parseAlong(r) : { text: r.result?.value, along: null }) : null;
    const got = answer ? JSON.parse(answer.text) : null;
    if (!got || typeof got !== 'object') return null;
    const out = got.out && cachedWorldOutput(got.out, cached, t0) ? got.out : null;
    // No child frame: the tab's one frame is the world's, its URL now. Told by three
    // counts, each blind somewhere: window.length (not a frame in a shadow tree, an embed, a
    // fenced frame), the watch's frame holders (the main document and its shadow roots, but
    // a closed root on a non-custom element; only with an "ok" proof), the walk's records (an
    // iframe in the window, in any shadow root).
    const holders = Array.isArray(got.p) && got.p[2] === 'ok' ? got.p[4] : null;
    const framed = out?.elements?.some((r) => r.fr !== undefined || r.xo === 1) ?? false;
    const frames = got.n === 0 && holders === 0 && !framed && typeof got.u === 'string'
      ? [{ ...cached.frame, url: got.u }] : null;
    // The click listeners as soon as the walk is known (walker_ids.js), off the kept root.
    // Not sent behind the walk: a cached answer would leave the renderer a listener read (and
    // the layout read) to answer for nothing, 0.5-0.7 ms more a kept read at load 5-6, and
    // a read after a change gained nothing by it (the renderer is the one to wait for).
    const ahead = behind ?? (out && opts.hold ? listenersAhead(session, cached.root) : null);
    return { proof: got.p ?? null, asked, out, ahead, frames, along: out ? answer.along : null };
  }).catch(() => null);
  const listeners = behind ? behind.promise.then((got) => listenerSignature(got.listeners), () => null) : null;
  return { cached, reply, contextId: where.contextId, ...(listeners ? { listeners } : {}),
    ...(split ? { also: split.then((got) => got?.also ?? null) } : {}) };
}

/** The cached world a DOM read of `tabId` with `options` walks in with its proof
 * (walkWithProof), or null: no one-frame document walked with its context known. */
function cachedWorldFor(tabId, options) {
  if (!DOM_FORMATS.includes(options?.format) || !resolvesIds(options)) return null;
  const cached = worldCache.get(tabId);
  if (!cached || !hasWalker(tabId, cached.loaderId)) return null;
  return recallContext(cached.world, new Set([null])) ? cached : null;
}

/** Whether a DOM read of `tabId` with `options` will walk with its proof: its frames then
 * come from that walk (the router asks no frame tree ahead). */
export function walksWithProof(tabId, options) {
  return cachedWorldFor(tabId, options) !== null;
}

/** The expression of walkWithProof: the watch's proof, then the cached walker unless the proof
 * is `expect`'s (or it is not `asked`: no proof), as one JSON string {p, n, u, out?} (`n`:
 * the window's child frames, `u`: the document's URL). `free`: runs of earlier reads to let
 * go first (walker_id_cache.js: deferFree). `along`: a walk's text comes with its listable
 * elements (walker_take_along.js takeAlong). */
export function proofWalkExpression(keepAs, opts, expect, asked, free = [], along = false) {
  const same = expect ? `p && p[0] === ${JSON.stringify(expect.id)} && p[1] === ${Number(expect.seq)} && p[2] === 'ok'`
    : 'false';
  return `(() => { ${freeRunsStatement(free)} const w = globalThis.__axsnapAnswerWatch; const p = ${asked} && w ? w.proof() : null;
    const n = window.length; const u = document.URL;
    if (${same}) return JSON.stringify({ p, n, u });
    const walk = globalThis[${JSON.stringify(keepAs)}];
    const out = typeof walk === 'function' ? walk(${JSON.stringify({ ...opts, keepAs })}) : null;
    return ${along ? alongExpression('JSON.stringify({ p, n, u, out })', 'out') : 'JSON.stringify({ p, n, u, out })'}; })()`;
}

/** Run the walker in every frame it can reach; the top frame's result with `subframes`. */
async function walkFrames(tabId, opts, errors = [], loaderId = null) {
  const t0 = performance.now();
  let results;
  let injected = 0;
  let allFrames = true;
  try {
    ({ results, injected } = await withDeadline(injectWalker(tabId, { tabId, allFrames: true }, opts, loaderId),
      walkDeadline(opts, WALK_ALL_FRAMES_MS), 'walker in every frame'));
  } catch (e) {
    // One frame refusing injection (an error page, a restricted URL) or never answering
    // must not cost the top frame: fall back to it alone (it walks same-origin frames).
    allFrames = false;
    if (e instanceof DeadlineError) {
      errors.push({ step: 'walker_frames', message: `${e.message}: only the top frame was walked (cross-origin frames are missing)` });
    }
    ({ results, injected } = await withDeadline(injectWalker(tabId, { tabId, frameIds: [0] }, opts, loaderId),
      walkDeadline(opts, WALK_TOP_FRAME_MS), 'walker in the top frame'));
  }
  const first = (results ?? []).find((r) => r.frameId === 0);
  if (!first) throw new Error('walker: no result from the top frame');
  if (first.error) throw new Error(`walker: ${first.error.message ?? first.error}`);
  const out = first.result;
  if (!out || typeof out !== 'object') throw new Error('walker: empty result');
  out.subframes = (results ?? [])
    .filter((r) => r.frameId !== 0 && r.result && typeof r.result === 'object' && !r.result.covered)
    .map((r) => ({ frameId: r.frameId, documentId: r.documentId ?? null, result: r.result }));
  out.stats = {
    ...(out.stats ?? {}),
    inject_ms: round(performance.now() - t0),
    all_frames: allFrames,
    frames_injected: (results ?? []).length,
    walker_sources: injected, // frames that got the walker's source (the rest ran a cached one)
    subframes_walked: out.subframes.length,
  };
  out.documentId = first.documentId ?? null;
  return out;
}
