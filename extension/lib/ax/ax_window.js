// The AX formats' default scope ("viewport"): the accessibility nodes of the window only.
//
// Accessibility.getFullAXTree serializes every node of a frame (about 4 s through CDP on
// the 20k-element bench page, 40 s on 100k) and DOMSnapshot lists the whole page too; an
// agent reads one screen. So, as the DOM channel does, the in-page walker finds the
// elements in the window (viewport grown by viewport_expand_px) and resolves their
// backendNodeIds (walker_capture.js, walker_ids.js); then, per frame session, the window's
// AX nodes in three rounds of Accessibility.getPartialAXTree (ax_window_partial.js): every
// walked element, the text holders' StaticText children, orphans' ancestors. (The AX-side
// alternative for children, Accessibility.getChildAXNodes, needs Accessibility.enable, and
// disabling it again costs 150–370 ms on 20k–100k elements; queryAXTree answers nothing for
// an ignored root and costs 2.4 ms a call on 100k elements, five partial reads.)
// Measured over CDP on the bench pages (pipelined, steady state): 66 window elements in
// 25–32 ms on 20k and 100k elements, where getFullAXTree takes 3.8 s / 40 s; with
// fetchRelatives on every element 90 / 347 ms (each ancestor lists all its children).
// The renderer's AX object cache is built on a document's first AX request (≈1 s on 20k)
// and kept: every read after the first costs the window.
//
// The host reads the nodes as it reads getFullAXTree's (a node list per frame, links by
// childIds from the root) and the walker's records as the DOM facts (bbox, visibility,
// clicks, attributes) in place of a DOMSnapshot.

import { thinAXNodes } from './ax_thin.js';
import { readsWhole, textOwners, windowSubset } from './ax_window_full.js';
import {
  dropTree, journalOption, keepNodes, keepTree, cachedNodes, cachedPatch, cachedTree, cachedWhole,
} from '../reuse/ax_window_cache.js';
import { partialWindowNodes } from './ax_window_partial.js';
import { captureWalker } from '../walker/walker_capture.js';
import { walkCarriage } from '../walker/walker_carriage.js';
import { fastPath } from '../reuse/fast_paths.js';

export { mergeNodes, orphanNodes } from './ax_window_partial.js';

export const SCOPES = Object.freeze(['viewport', 'page']);

/**
 * Whether an AX format reads the window (default) rather than the whole page. An outline
 * with `focus` names a subtree wherever it lies: it reads the page.
 */
export function windowScoped(options) {
  const format = options?.format ?? 'snapshot';
  if (format === 'outline' && options?.focus) return false;
  return (format === 'snapshot' || format === 'outline') && (options?.scope ?? 'viewport') === 'viewport';
}

/**
 * Per CDP frame id: the walked elements' backendNodeIds, the frame's <html> and the
 * elements whose children (text) are wanted. `walker`: captureWalker's output (ids resolved).
 */
export function windowTargets(walker) {
  const byFrame = new Map();
  const runs = [walker, ...(walker?.subframes ?? []).map((sf) => sf.result)].filter(Boolean);
  for (const run of runs) {
    for (const rec of run.elements ?? []) {
      const frameId = run.frames?.[rec.f]?.frameId;
      if (!frameId || !Number.isInteger(rec.b)) continue;
      let target = byFrame.get(frameId);
      if (!target) {
        const size = run.frames?.[rec.f]?.n;
        byFrame.set(frameId, target = { ids: new Set(), html: null, expand: new Set(), size: Number.isInteger(size) ? size : null });
      }
      target.ids.add(rec.b);
      if (rec.s === 'html' && target.html === null) target.html = rec.b;
      // Text holders: their text nodes are AX StaticText the walk does not report. (Text
      // inside a control is its name, which the control's node carries.)
      if (rec.tx !== undefined && !rec.c) target.expand.add(rec.b);
    }
  }
  return byFrame;
}

/** A small document: its whole AX tree in one command, cut to the window (ax_window_full.js). */
async function frameWindowNodesWhole(session, frame, target, errors, steps, early) {
  const t0 = performance.now();
  const asked = early.get(frame.frameId);
  if (asked) steps.early_frames = (steps.early_frames ?? 0) + 1;
  const ax = await (asked ?? session.send('Accessibility.getFullAXTree', { frameId: frame.frameId }, frame.sessionId));
  const nodes = windowSubset(ax?.nodes ?? [], target);
  frame.text_owners = textOwners(nodes, target);
  steps.whole_ms = Math.round(((steps.whole_ms ?? 0) + performance.now() - t0) * 10) / 10;
  steps.requests = (steps.requests ?? 0) + 1;
  steps.whole_frames = (steps.whole_frames ?? 0) + 1;
  return nodes;
}

async function frameWindowNodes(session, frame, target, errors, steps, early, lastSent = () => {}, cached = null) {
  if (readsWhole(target.size)) {
    // a failure here (a tree too deep to serialize) falls back to the per-element read
    // (its one command is sent before the call returns; the rare fallback's commands then
    // follow the caller's check, which the navigation watcher backs)
    const whole = frameWindowNodesWhole(session, frame, target, errors, steps, early).catch(() => null);
    lastSent();
    const nodes = await whole;
    if (nodes) return nodes;
  }
  return partialWindowNodes(session, frame, target, errors, steps, lastSent, cached);
}

/** The cached nodes of the main frame as partialWindowNodes takes them (records → their ids). */
function cachedWindow(cached, walker) {
  if (!cached) return null;
  const byBackend = new Map();
  const byId = new Map();
  for (const node of cached.nodes) {
    if (Number.isInteger(node?.backendDOMNodeId) && !byBackend.has(node.backendDOMNodeId)) byBackend.set(node.backendDOMNodeId, node);
    if (typeof node?.nodeId === 'string' && !byId.has(node.nodeId)) byId.set(node.nodeId, node);
  }
  const backendOf = (i) => walker?.elements?.[i]?.b;
  const dirty = new Set(cached.dirty.map(backendOf).filter(Number.isInteger));
  const above = new Set((cached.above ?? []).map(backendOf).filter(Number.isInteger));
  return { byBackend, byId, dirty, above };
}

/** The walker's own steps, for the capture's timings (where a read's fixed cost goes). */
export function walkerSteps(walker, timings) {
  const stats = walker?.stats ?? {};
  if (Number.isFinite(stats.inject_ms)) timings.walker_inject_ms = stats.inject_ms;
  // of it: the injection, the walk, its JSON text, the text's trip, its parse (walkCarriage)
  for (const [part, ms] of Object.entries(walkCarriage(walker) ?? {})) timings[`walker_carry_${part}_ms`] = ms;
  if (Number.isInteger(stats.walker_sources)) timings.walker_sources = stats.walker_sources;
  // 1: the cached walker ran over CDP in its known world (walker_capture.js: walkCachedWorld)
  if (stats.kept_world === 1) timings.walker_kept_world = 1;
  if (Number.isInteger(stats.in_worlds)) timings.walker_in_worlds = stats.in_worlds; // over CDP
  if (Number.isFinite(stats.elapsed_ms)) timings.walker_walk_ms = Math.round(stats.elapsed_ms * 10) / 10;
  // of the walk: the positioned boxes' scan of the whole document, the AX journal's take,
  if (Number.isFinite(stats.scan_ms)) timings.walker_scan_ms = stats.scan_ms;
  if (Number.isFinite(stats.journal_ms)) timings.walker_journal_ms = stats.journal_ms;
  // the page's tally, semantic formats only (design note 263)
  if (Number.isFinite(stats.tally_ms)) timings.walker_tally_ms = stats.tally_ms;
  if (Number.isFinite(stats.ids_ms)) timings.walker_ids_ms = stats.ids_ms;
  for (const [step, ms] of Object.entries(stats.ids?.ms ?? {})) timings[`walker_ids_${step}_ms`] = ms;
  // records whose backendNodeId came from an earlier read of the same document, and taken
  if (Number.isInteger(stats.ids?.cached)) timings.walker_ids_cached = stats.ids.cached;
  if (Number.isInteger(stats.ids?.resolved)) timings.walker_ids_resolved = stats.ids.resolved;
  // click-listener nodes no taken record named, resolved one by one, and those that were records
  if (stats.ids?.listener_nodes) timings.walker_ids_listener_nodes = stats.ids.listener_nodes;
  if (stats.ids?.listener_nodes) timings.walker_ids_listener_nodes_marked = stats.ids.listener_nodes_marked;
  // of those, the ones resolved one by one (the others named by the rows' take: walker_ids_rows.js rowNodeIds)
  if (stats.ids?.listener_nodes) timings.walker_ids_listener_nodes_resolved = stats.ids.listener_nodes_resolved;
  // and of those, the ones the walker never reported: no record, nothing marked (design note 87)
  if (stats.ids?.listener_nodes) timings.walker_ids_listener_nodes_unreported = stats.ids.listener_nodes_unreported;
  // and the ones left unresolved as roots of the walk's hidden subtrees (no record: design note 117)
  if (stats.ids?.listener_nodes) timings.walker_ids_listener_nodes_hidden = stats.ids.listener_nodes_hidden;
  // and the ones whose tracked ids were asked as the walk reported (walker_listeners_early.js)
  if (stats.ids?.listener_nodes_early) timings.walker_ids_listener_nodes_early = stats.ids.listener_nodes_early;
  // a whole page's take: its parts asked as the walk reported, before its output came (walker_ids_early.js)
  if (Number.isInteger(stats.ids?.early_parts)) timings.walker_ids_early_parts = stats.ids.early_parts;
  // a whole page named by the walker's ids (design note 144): 1, and the runs whose listable
  // records were taken after all, for the listener step (walker_ids_listable.js walkerIdsWant)
  if (stats.ids?.walker_ids === 1) timings.walker_ids_named_by_walker = 1;
  if (Number.isInteger(stats.ids?.listed_taken)) timings.walker_ids_listed_taken = stats.ids.listed_taken;
  // a rows walk's other nodes (walker_ids_rows.js): their ids learnt, the rows left out as the
  // host lifts them, that take's ms, of which the custom elements' and user-agent parts' asks
  // (walker_custom_roles.js)
  if (Number.isInteger(stats.ids?.rows)) timings.walker_ids_rows = stats.ids.rows;
  if (Number.isInteger(stats.ids?.rows_lifted)) timings.walker_ids_rows_lifted = stats.ids.rows_lifted;
  if (Number.isFinite(stats.ids?.rows_ms)) timings.walker_ids_rows_ms = stats.ids.rows_ms;
  if (Number.isFinite(stats.ids?.custom_ms)) timings.walker_ids_custom_ms = stats.ids.custom_ms;
  // of a whole page's take step (walker_ids.js takeRuns): the wait on the click nodes that pick
  // a read named by the walker's ids its way (of it, on the document's listeners read ahead and
  // on its hidden roots' take), and on the records' take; the click nodes and hidden roots counted
  for (const key of ['pick', 'pick_listeners', 'pick_hidden', 'records']) {
    if (Number.isFinite(stats.ids?.[`${key}_ms`])) timings[`walker_ids_${key}_ms`] = stats.ids[`${key}_ms`];
  }
  for (const key of ['pick_clicks', 'pick_hidden']) {
    if (Number.isInteger(stats.ids?.[key])) timings[`walker_ids_${key}`] = stats.ids[key];
  }
  // worlds found through the contexts earlier reads learned (no binding installed for them)
  if (Number.isInteger(stats.ids?.contexts_kept)) timings.walker_ids_contexts_kept = stats.ids.contexts_kept;
}

/**
 * Fill `frames[].axNodes` with the window's AX nodes and return the walker output (the
 * host's DOM facts for these nodes). Frames the walk did not reach stay empty and say so.
 * Returns null, touching no frame, when the walker could not run.
 */
export async function captureAxWindow(session, tabId, options, frames, errors, timings, onSent = () => {}) {
  const t0 = performance.now();
  // A small document's whole AX tree needs only the walk's element count, not the records'
  // ids: the main frame's is asked as soon as the walk returns, the other frames' as soon as
  // the ids name their frames (before the listener read), so both overlap the ids step.
  const early = new Map(); // frameId -> the getFullAXTree reply on its way
  const patched = new Set(); // frameIds read node by node over cached nodes: no whole tree asked
  const steps = {};
  const ask = (frame) => {
    if (!frame || early.has(frame.frameId) || patched.has(frame.frameId)) return;
    const asked = session.send('Accessibility.getFullAXTree', { frameId: frame.frameId }, frame.sessionId);
    // From the ask to the reply: the renderer's own time for the whole tree (note 263). The ids
    // take asked after it waits behind it in the session, so without this the tree's time
    // showed as the ids take's and `whole_ms` (counted from the ids' end) as a millisecond.
    const askedAt = performance.now();
    asked.then(() => {
      steps.whole_asked_ms = Math.round(((steps.whole_asked_ms ?? 0) + performance.now() - askedAt) * 10) / 10;
    }, () => {}); // a failure is met where the reply is read
    early.set(frame.frameId, asked);
  };
  // exact: no journal taken, so no tree is answered from (the kept one, and the journal since
  // it, stand for the next normal read)
  const keeps = fastPath(options, 'ax_window_cache');
  // The main frame's tree kept from the last read stands when the walk's journal says the
  // page did not change since (ax_window_cache.js): not asked again.
  let cachedFrames = 0;
  // A bigger document's main frame: the journal taken by the walk, and its cached nodes.
  let windowJournal = null;
  let cachedMain = null;
  const onWalked = (out) => {
    const journal = out?.axJournal ?? null;
    if (out) delete out.axJournal; // the extension's, not the host's
    if (!keeps) return; // exact: the cached tree neither answers nor goes (the next read's)
    const main = frames[0];
    if (!main || main.parentFrameId || !journal) {
      cachedTree(tabId, main, null); // no journal (a big document, a frame): nothing cached
      return;
    }
    if (!readsWhole(out?.frames?.[0]?.n)) {
      windowJournal = journal;
      cachedMain = cachedNodes(tabId, main, journal);
      return;
    }
    // After a change (or over a window's cached nodes), the changed records' nodes only: the
    // per-node read over the kept ones (ax_window_partial.js), as a bigger document's.
    const patch = cachedWhole(tabId, main) && journal.changed === 0 ? null : cachedPatch(tabId, main, journal);
    const nodes = patch ? null : cachedTree(tabId, main, journal);
    if (patch) {
      windowJournal = journal;
      cachedMain = patch;
      patched.add(main.frameId);
    } else if (nodes) {
      early.set(main.frameId, Promise.resolve({ nodes }));
      cachedFrames += 1;
    } else {
      ask(main);
      early.get(main.frameId).then((ax) => keepTree(tabId, main, journal, ax?.nodes), () => {});
    }
    // The walk reached every frame (one walker frame per frame document: as many as the tab
    // has) and each is small: every frame's tree is asked now, before the ids name them.
    const walked = [out, ...(out.subframes ?? []).map((sf) => sf.result)].flatMap((run) => run?.frames ?? []);
    if (walked.length === frames.length && walked.every((wf) => readsWhole(wf.n))) frames.forEach(ask);
  };
  const byId = new Map(frames.map((f) => [f.frameId, f]));
  // The patched main frame's read starts as soon as the ids name its records (before the
  // listener read), as a whole tree would have been asked then: {read, sent}.
  let patchRead = null;
  const readPatch = (frame, target, out) => {
    let told = () => {};
    const sent = new Promise((resolve) => { told = resolve; });
    steps.patched_frames = (steps.patched_frames ?? 0) + 1;
    const read = partialWindowNodes(session, frame, target, errors, steps, told, cachedWindow(cachedMain, out));
    read.catch(() => {}); // met where the reply is read
    return { read, sent };
  };
  const onTaken = (out) => {
    const main = frames[0];
    const target = patched.has(main?.frameId) && !patchRead ? windowTargets(out).get(main.frameId) : null;
    if (target) patchRead = readPatch(main, target, out);
    for (const run of [out, ...(out?.subframes ?? []).map((sf) => sf.result)]) {
      for (const wf of run?.frames ?? []) if (wf.frameId && readsWhole(wf.n)) ask(byId.get(wf.frameId));
    }
  };
  const walker = await captureWalker(tabId, {
    ...options, viewport_only: true, hiding_facts: true,
    ...(keeps ? { ax_journal: journalOption(tabId, frames[0]) } : {}),
  }, session, frames, errors, onWalked, onTaken)
    .catch((e) => { errors.push({ step: 'walker', message: e?.message ?? String(e) }); return null; });
  timings.walker_ms = Math.round((performance.now() - t0) * 10) / 10;
  walkerSteps(walker, timings);
  // No walk (a page the extension cannot script, such as its own): the caller reads the page.
  if (!walker?.elements?.length) return null;
  const targets = windowTargets(walker);
  const t1 = performance.now();
  // Once every frame's last AX command is on its way, `onSent()`: the session answers in
  // order, so a command sent then is answered after all of this read's.
  let reading = frames.length;
  const sent = () => {
    reading -= 1;
    if (reading === 0) onSent();
  };
  if (!reading) onSent();
  await Promise.all(frames.map(async (frame) => {
    const target = targets.get(frame.frameId);
    frame.scope = 'viewport';
    let told = false;
    const lastSent = () => {
      if (!told) sent();
      told = true;
    };
    if (!target) {
      Object.assign(frame, { axNodes: [], captured: true, error: null, window_elements: 0 });
      lastSent();
      return;
    }
    try {
      const isMain = frame === frames[0] && windowJournal !== null;
      let nodes;
      if (patched.has(frame.frameId)) {
        patchRead ??= readPatch(frame, target, walker);
        patchRead.sent.then(lastSent);
        nodes = await patchRead.read;
      } else {
        nodes = await frameWindowNodes(session, frame, target, errors, steps, early, lastSent,
          isMain ? cachedWindow(cachedMain, walker) : null);
      }
      if (isMain) keepNodes(tabId, frame, windowJournal, nodes);
      frame.axNodes = thinAXNodes(nodes);
      frame.captured = true;
      frame.error = null;
      frame.window_elements = target.ids.size;
    } catch (e) {
      // the journal moved on with this read: nodes kept before it no longer stand
      if (frame === frames[0] && windowJournal !== null) dropTree(tabId);
      frame.axNodes = [];
      frame.captured = false;
      frame.error = e?.message ?? String(e);
      errors.push({ step: 'ax', message: `frame ${frame.frameId}: ${frame.error}` });
    } finally {
      lastSent();
    }
  }));
  timings.ax_ms = Math.round((performance.now() - t1) * 10) / 10;
  if (cachedFrames) timings.ax_kept_frames = cachedFrames; // trees not read again: the page had not changed
  for (const [name, value] of Object.entries(steps)) timings[`ax_${name}`] = value;
  return walker;
}
