// DOM channel, after the walker: backendNodeIds and click listeners for its records only.
//
// The page sees neither. DOMSnapshot has both but lists the whole page (a second or more
// on 20k elements) when the default DOM text reads one viewport, so:
// - the walker (run with `track`) leaves each run's reported elements in the extension's
//   isolated world of its frame. A one-off Runtime binding, installed in those worlds,
//   names each run's execution context (Runtime.bindingCalled): the walker calls it where
//   its world already existed, a second, tiny injection where the walk created the world
//   (a document's first capture). Runtime.enable would list the contexts too, but it first
//   replays the page's stored console messages: 150–400 ms on a page that logged 1,000
//   objects. Then one Runtime.evaluate per world takes the run's elements, deep-serialized:
//   every node comes back with its backendNodeId and loaderId (→ the CDP frameId); an
//   element an earlier read of the same world already resolved is not taken again
//   (walker_id_cache.js: a settled page's second read deep-serializes nothing);
// - one DOMDebugger.getEventListeners over the document (its root element, depth -1,
//   pierce) lists the nodes with the listeners that make DOMSnapshot's isClickable (click,
//   mousedown, mouseup, DOMActivate): a few milliseconds even on 100k elements.
// Records gain `b` (backendNodeId) and `k:1` (click listener); walker frames gain
// `frameId`. Out-of-process frames (another renderer) answer over their own CDP session:
// the binding is installed there too, the bindingCalled event names the session, and the
// take and the listener read go to it (backendNodeIds are per renderer, so listeners are
// matched within one session only).

import {
  deferFree, forgetContext, recallContext, recallIds, rememberContext, rememberIds,
} from '../reuse/walker_id_cache.js';
import { claimEarly } from './walker_ids_early.js';
import {
  CLICK_LISTENER_TYPES, DEEP, applyListeners, listableIndices, markListenerNodes, parseTake, takeInParts,
} from './walker_ids_listable.js';

export { CLICK_LISTENER_TYPES, applyListeners, parseTake };

const OBJECT_GROUP = 'axsnap-walker-ids';
// Each read takes its elements into a group of its own: two reads of a tab may overlap (a
// preparation and a read), and the release of a shared group would free the other's objects.
let takeSerial = 0;
const BINDING_PREFIX = '__axsnapWorld_';
const CONTEXT_WAIT_MS = 1000;

/** The expression that hands over (and forgets, unless `keep`) the first of `runs` this world
 * holds: its elements, or only those at the record indices `want` (the others' ids are known). */
export function takeExpression(runs, want = null, keep = false) {
  const pick = want === null ? 'els' : `${JSON.stringify(want)}.map((i) => els[i])`;
  return `(() => { const s = globalThis.__axsnapWalker; if (!s) return null;
    for (const r of ${JSON.stringify(runs)}) {
      const els = s.pending.get(r);
      if (els) { ${keep ? '' : 's.pending.delete(r); '}return [r, ...${pick}]; }
    }
    return null; })()`;
}

/** Write backendNodeIds into a run's records and CDP frame ids into its frames. `indices`:
 * the record of each node (default: the records in order). */
export function applyIds(result, nodes, frameByLoader, indices = null) {
  const records = result.elements ?? [];
  let resolved = 0;
  for (let k = 0; k < nodes.length; k++) {
    const i = indices ? indices[k] : k;
    if (!(i < records.length)) break;
    const node = nodes[k];
    if (node.backendNodeId === null) continue;
    records[i].b = node.backendNodeId;
    resolved += 1;
    const frame = result.frames?.[records[i].f];
    const frameId = frameByLoader.get(node.loaderId);
    if (frame && frameId && !frame.frameId) frame.frameId = frameId;
  }
  return resolved;
}

// The root element's object, per (tab, session, backendNodeId), in no object group (so no
// read's release frees it): a re-read of the document asks the listeners at once, without
// resolving the root again. backendNodeIds are never reused within a renderer, and an object
// dies with its document (the listener read then fails, and the root is resolved afresh).
// In no group for a second reason: DOMDebugger.getEventListeners wraps every listener's
// handler function as a remote object of the asking object's group, and only then; off an
// object in no group it lists the same listeners (type, node, script position) without them.
// Measured on the act-pace inbox (80 listeners): 39 kB → 12 kB a reply, 5.9 → 1.4 ms a read,
// and a kept group no longer grows by 80 handler objects a read.
const MAX_ROOTS = 16;
const roots = new Map();

async function rootObject(session, backendNodeId, sessionId, fresh) {
  const key = `${session.tabId}/${sessionId ?? ''}/${backendNodeId}`;
  if (!fresh && roots.has(key)) return { objectId: roots.get(key), kept: true };
  const node = await session.send('DOM.resolveNode', { backendNodeId }, sessionId);
  const objectId = node?.object?.objectId;
  if (!objectId) throw new Error('the root element did not resolve');
  keepRoot(key, objectId);
  return { objectId, kept: false };
}

/**
 * Click-type listeners of the whole document, read off its root element. The node is
 * resolved in the page's main world (DOM.resolveNode: no script runs): asking from an
 * isolated world's object wraps the page's handlers there, and Chromium 156's renderer
 * then crashed on the next navigation.
 */
async function documentListeners(session, backendNodeId, sessionId = undefined) {
  const ask = async (fresh) => {
    const root = await rootObject(session, backendNodeId, sessionId, fresh);
    const reply = await session.send('DOMDebugger.getEventListeners',
      { objectId: root.objectId, depth: -1, pierce: true }, sessionId).catch((e) => {
      if (root.kept) return null; // the kept object is gone: resolve the root again
      throw e;
    });
    return reply ? { reply, kept: root.kept } : null;
  };
  const got = (await ask(false)) ?? await ask(true);
  // kept: read off the object an earlier read kept, which dies with its document, so the
  // document was still the one that read found (capture.js: the last check needs no tree)
  return { listeners: got?.reply?.listeners ?? [], kept: got?.kept === true };
}

// The top document's root element per tab, as its last walk resolved it: the cached answers'
// listener check (clickListenerSignature) asks off its kept object.
const topRoots = new Map(); // tabId -> backendNodeId

/** The click-type listeners of a listener list as one string (which node, which type). */
export function listenerSignature(listeners) {
  const types = new Set(CLICK_LISTENER_TYPES);
  return listeners.filter((l) => types.has(l.type)).map((l) => `${l.backendNodeId}:${l.type}`)
    .sort().join(',');
}

/**
 * The tab's click-type listeners now (its top document and same-process frames), as
 * listenerSignature's string; null when they could not be read. A listener added by a script
 * changes no DOM and fires no event, so the cached answers' proof cannot see it: a cached answer
 * stands only while this string is the one read before its capture (router.js). Off the kept
 * root object (one command) when a walk or an earlier check resolved it; else the root asked
 * of the main world and kept the same way (a document's reads may all be cached answers, which
 * walk nothing).
 */
export async function clickListenerSignature(session) {
  const tabId = session.tabId;
  const root = topRoots.get(tabId);
  if (root !== undefined) {
    const got = await documentListeners(session, root).catch(() => null);
    if (got) return listenerSignature(got.listeners);
    if (topRoots.get(tabId) === root) topRoots.delete(tabId); // its document is gone
  }
  const found = await session.send('Runtime.evaluate',
    { expression: 'document.documentElement' }).catch(() => null);
  const objectId = found?.result?.objectId;
  if (!objectId) return null;
  const [reply, described] = await Promise.all([
    session.send('DOMDebugger.getEventListeners', { objectId, depth: -1, pierce: true }).catch(() => null),
    session.send('DOM.describeNode', { objectId }).catch(() => null),
  ]);
  const backendNodeId = described?.node?.backendNodeId;
  if (Number.isInteger(backendNodeId)) {
    keepRoot(`${tabId}//${backendNodeId}`, objectId);
    keepTopRoot(tabId, backendNodeId);
  }
  return reply ? listenerSignature(reply.listeners ?? []) : null;
}

function keepRoot(key, objectId) {
  roots.delete(key);
  roots.set(key, objectId);
  while (roots.size > MAX_ROOTS) roots.delete(roots.keys().next().value);
}

function keepTopRoot(tabId, backendNodeId) {
  topRoots.delete(tabId);
  topRoots.set(tabId, backendNodeId);
  while (topRoots.size > MAX_ROOTS) topRoots.delete(topRoots.keys().next().value);
}

/**
 * The tab's click listeners asked now, off the root element `backendNodeId` whose object a
 * read kept (null when none is kept). A re-read sends this right behind its walk
 * (walker_capture.js: walkCachedWorld), so the renderer answers it after the walk with no round
 * trip between them; the listeners do not depend on the walk's output, only on the document.
 */
export function listenersAhead(session, backendNodeId) {
  if (!Number.isInteger(backendNodeId) || !roots.has(`${session.tabId}//${backendNodeId}`)) return null;
  const promise = documentListeners(session, backendNodeId);
  promise.catch(() => {}); // read (or its failure reported) by readListeners
  return { root: backendNodeId, promise };
}

/**
 * Injected into the frames that walked: report each pending run through the binding `name`
 * (which names this world's execution context), then drop the binding's global. A world
 * without the binding (a frame whose session refused it) drops its runs, which nobody will
 * take. Returns the runs reported.
 */
export function reportRuns(name, runs) {
  const report = globalThis[name];
  const state = globalThis.__axsnapWalker;
  const called = [];
  if (!state) return called;
  for (const run of runs) {
    if (!state.pending.has(run)) continue;
    if (typeof report === 'function') {
      report(run);
      called.push(run);
    } else {
      state.pending.delete(run);
    }
  }
  try { delete globalThis[name]; } catch (e) { /* a leftover global in our own world */ }
  return called;
}

function waitUntil(done, ms, setWake) {
  if (done()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    setWake(() => {
      if (!done()) return;
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * A one-off Runtime binding in the extension's worlds (context name `worldName`) of the tab
 * and of the child sessions `sessionIds` (out-of-process frames): each call reports a run
 * token and, in the event, the caller's execution context and session. Installed only in
 * worlds that exist when it is added. `contexts`: run → {contextId, sessionId};
 * `onReport(run, where)` hears each as it comes; `wait(runs)` resolves once those runs have
 * reported (or after CONTEXT_WAIT_MS); `close()` removes it. A child session that refuses the binding only loses its frames' ids.
 */
export async function openReporter(session, worldName, sessionIds = [], onReport = null) {
  const name = BINDING_PREFIX + Math.random().toString(36).slice(2);
  const contexts = new Map();
  const children = [...new Set(sessionIds.filter(Boolean))];
  const heard = new Set([null, ...children]);
  let wake = () => {};
  const off = session.onEvent((method, params, source) => {
    const sessionId = source?.sessionId ?? null;
    if (method !== 'Runtime.bindingCalled' || params?.name !== name || !heard.has(sessionId)) return;
    contexts.set(params.payload, { contextId: params.executionContextId, sessionId });
    onReport?.(params.payload, contexts.get(params.payload));
    wake();
  });
  const binding = { name, executionContextName: worldName };
  try {
    await session.send('Runtime.addBinding', binding);
  } catch (e) {
    off();
    throw e;
  }
  const added = await Promise.all(children.map((child) => session.send('Runtime.addBinding', binding, child)
    .then(() => child, () => null)));
  return {
    name,
    contexts,
    wait: (runs) => waitUntil(() => runs.every((run) => contexts.has(run)), CONTEXT_WAIT_MS, (fn) => { wake = fn; }),
    close: async () => {
      off();
      await Promise.all([undefined, ...added.filter(Boolean)].map((child) => session
        .send('Runtime.removeBinding', { name }, child).catch(() => {})));
    },
  };
}

/**
 * run → {contextId, sessionId} of the worlds the walk itself created (a document's first
 * capture): a fresh binding, called by a second, tiny injection into `frameIds`.
 */
export async function reportLate(session, inject, frameIds, runs, worldName, sessionIds = []) {
  const reporter = await openReporter(session, worldName, sessionIds);
  try {
    const results = await inject(frameIds, reportRuns, [reporter.name, runs]);
    await reporter.wait((results ?? []).flatMap((r) => (Array.isArray(r?.result) ? r.result : [])));
    return reporter.contexts;
  } finally {
    await reporter.close();
  }
}

/** run → {contextId, sessionId}: from the walk's own reports, the contexts kept for its
 * worlds by earlier reads (walker_id_cache.js), and for the rest late reports. */
async function runContexts(session, inject, runs, worldName, reporter, sessionIds, stats) {
  const contexts = new Map();
  if (reporter) {
    await reporter.wait(runs.filter((r) => r.result.reported).map((r) => r.result.run));
    // only this walk's runs: the binding also hears the runs of a walk given up on (every
    // frame's walk past its deadline, then the top frame's alone), which have no result here
    const ours = new Set(runs.map((r) => r.result.run));
    for (const [run, where] of reporter.contexts) if (ours.has(run)) contexts.set(run, where);
  }
  const sessions = new Set([null, ...sessionIds.filter(Boolean)]);
  for (const r of runs) {
    if (contexts.has(r.result.run)) continue;
    const kept = recallContext(r.result.world, sessions);
    if (kept) {
      contexts.set(r.result.run, kept);
      stats.contexts_kept += 1;
    }
  }
  const late = runs.filter((r) => !contexts.has(r.result.run));
  if (late.length) {
    const frameIds = [...new Set(late.map((r) => r.frameId))];
    const reported = await reportLate(session, inject, frameIds, late.map((r) => r.result.run), worldName, sessionIds);
    for (const [run, where] of reported) contexts.set(run, where);
  }
  for (const r of runs) if (contexts.has(r.result.run)) rememberContext(r.result.world, contexts.get(r.result.run));
  return contexts;
}

/** Take each run's elements from its world, but those whose ids are known from an earlier
 * read of the same world (walker_id_cache.js); returns {resolved, cached} record counts. */
async function takeRuns(session, contexts, byRun, frameByLoader, errors, took, useIdCache, group, listable) {
  let cached = 0;
  const taken = await Promise.allSettled([...contexts].map(async ([run, { contextId, sessionId }]) => {
    const result = byRun.get(run);
    // useIdCache false (an exact read, lib/reuse/fast_paths.js 'walker_id_cache'): take them all
    const recalled = useIdCache ? recallIds(result, frameByLoader)
      : { want: (result.elements ?? []).map((_, i) => i), filled: 0 };
    const { filled } = recalled; // dom_source "walk": only the listable records (walker_ids_listable.js)
    const want = listable ? listableIndices(result, recalled.want) : recalled.want;
    cached += filled;
    if (!want.length) {
      // nothing to learn: the run's elements are let go by the next walk in this world
      // (walker_id_cache.js: deferFree), not by a command of their own
      deferFree(result.world, run);
      return filled;
    }
    const all = want.length === (result.elements ?? []).length;
    took.add(sessionId ?? null);
    const send = (expression) => session.send('Runtime.evaluate', {
      expression, contextId, serializationOptions: DEEP, objectGroup: group,
    }, sessionId ?? undefined).catch((e) => {
      forgetContext(result.world); // the next read finds the world again
      throw e;
    });
    // a whole page's listable records in parts, the last one handing the run over
    // (perhaps taken as the walk reported: walker_ids_early.js)
    const parsed = listable ? await takeInParts(run, want, send, takeExpression, parseTake, claimEarly(run))
      : parseTake(await send(takeExpression([run], all ? null : want)));
    if (!parsed || parsed[0] !== run) {
      forgetContext(result.world);
      return filled;
    }
    const nodes = parsed.slice(1);
    rememberIds(result, want, nodes);
    return filled + applyIds(result, nodes, frameByLoader, all ? null : want);
  }));
  let resolved = 0;
  for (const s of taken) {
    if (s.status === 'fulfilled') resolved += s.value;
    else errors.push({ step: 'walker_ids', message: s.reason?.message ?? String(s.reason) });
  }
  return { resolved, cached };
}

/**
 * Click listeners, read per CDP session (backendNodeIds are per renderer): the tab's off the
 * top document's root (depth -1 and pierce cover its same-process frames), an out-of-process
 * frame's off the root of each run taken in it. Returns {clickable, listeners}. `listable`:
 * the take's group when it took the listable records only (unmatched listener nodes: their
 * records asked in their world, walker_ids_listable.js).
 */
async function readListeners(session, walker, byRun, contexts, errors, ahead = null, listable = null) {
  const stats = { clickable: 0, listeners: 0, root_kept: 0 };
  const groups = new Map(); // sessionId (null: the tab) → {roots, results}
  for (const [run, result] of byRun) {
    const sessionId = contexts.get(run)?.sessionId ?? null;
    if (!groups.has(sessionId)) groups.set(sessionId, { roots: [], results: [] });
    const group = groups.get(sessionId);
    group.results.push(result);
    const root = result.elements?.[0]?.b;
    if (sessionId !== null && root !== undefined) group.roots.push(root);
  }
  const top = walker.elements?.[0]?.b;
  if (top === undefined) {
    // (a whole-page walk that reported nothing has nothing to list: no listeners wanted)
    const message = 'the top document was not resolved';
    if (!listable || walker.elements?.length) errors.push({ step: 'walker_listeners', message });
    groups.delete(null);
  } else {
    groups.get(null)?.roots.push(top);
    keepTopRoot(session.tabId, top);
  }
  await Promise.all([...groups].map(async ([sessionId, { roots, results }]) => {
    try {
      const lists = await Promise.all(roots.map((root) => (sessionId === null && ahead?.root === root
        ? ahead.promise : documentListeners(session, root, sessionId ?? undefined))));
      if (sessionId === null && lists.at(-1)?.kept) stats.root_kept = 1; // the top root, pushed last
      const found = applyListeners(results, lists.flatMap((got) => got.listeners));
      for (const [run, result] of listable && found.unmatched.size ? byRun : []) {
        if ((contexts.get(run)?.sessionId ?? null) !== sessionId) continue;
        found.clickable += await markListenerNodes(session, contexts.get(run), result, found.unmatched, listable, errors);
      }
      stats.clickable += found.clickable;
      stats.listeners += found.listeners;
    } catch (e) {
      errors.push({ step: 'walker_listeners', message: e?.message ?? String(e) });
    }
  }));
  return stats;
}

/**
 * Resolve the walker's records in place: `walker` and its `subframes` (each with the
 * chrome.scripting `frameId` it ran in). `frames`: the capture's frames (frameId, loaderId,
 * sessionId); `reporter`: the binding the walk reported through (openReporter), if any;
 * `onTaken(walker)`: called once the ids are in (before the listener read); `ahead`: the top
 * document's listeners already asked (listenersAhead); `listable`: take only the listable
 * records' ids (dom_source "walk"). Returns stats; failures go to `errors` and leave records
 * without `b`/`k` (the host then has no backendNodeIds or listeners for them, and keeps serving).
 */
export async function resolveWalkerIds(session, inject, walker, frames, worldName, errors, reporter = null,
  onTaken = null, ahead = null, useIdCache = true, listable = false) {
  const stats = { resolved: 0, cached: 0, clickable: 0, listeners: 0, worlds: 0, contexts_kept: 0, ms: {} };
  // true: the host then tells DOMSnapshot's isClickable from the records (clickable_by_nature.py)
  if (listable) stats[listable === true ? 'listable' : 'listable_window'] = 1;
  let mark = performance.now();
  const lap = (step) => {
    const now = performance.now();
    stats.ms[step] = Math.round((now - mark) * 10) / 10;
    mark = now;
  };
  const runs = [{ frameId: 0, result: walker }, ...(walker.subframes ?? [])].filter((r) => r.result?.run);
  if (!runs.length) return stats;
  const byRun = new Map(runs.map((r) => [r.result.run, r.result]));
  const frameByLoader = new Map(frames.map((f) => [f.loaderId, f.frameId]));
  const sessionIds = frames.map((f) => f.sessionId);
  const took = new Set(); // sessions a take was sent in (null: the tab's)
  takeSerial += 1;
  const group = `${OBJECT_GROUP}-${takeSerial}`;
  try {
    let contexts = new Map();
    try {
      contexts = await runContexts(session, inject, runs, worldName, reporter, sessionIds, stats);
    } catch (e) {
      errors.push({ step: 'walker_ids', message: e?.message ?? String(e) });
    }
    stats.worlds = contexts.size;
    lap('contexts');
    Object.assign(stats, await takeRuns(session, contexts, byRun, frameByLoader, errors, took, useIdCache, group, listable));
    lap('take');
    onTaken?.(walker); // the records know their frames now: a caller may start what needs only that
    if (listable) for (const { sessionId } of contexts.values()) took.add(sessionId ?? null);
    Object.assign(stats, await readListeners(session, walker, byRun, contexts, errors, ahead, listable ? group : null));
    lap('listeners');
  } finally {
    // not awaited: the session runs the release before any later command (CDP keeps one
    // session's commands in order), so the next read's objects are never the ones released.
    // Only where a take went: nothing else puts objects in the group.
    for (const sessionId of took) {
      session.send('Runtime.releaseObjectGroup', { objectGroup: group }, sessionId ?? undefined).catch(() => {});
    }
  }
  return stats;
}
