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
//   mousedown, mouseup, DOMActivate): a few milliseconds even on 100k elements
//   (walker_listeners.js).
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
  CLICK_LISTENER_TYPES, DEEP, HIDDEN_RUN, applyListeners, clickNodes, hiddenRootsPay, listableIndices,
  parseTake, takeExpression, takeHiddenRoots, takeInParts, walkerIdsWant,
} from './walker_ids_listable.js';
import { dropRowIds, takeRowIds } from './walker_ids_rows.js';
import { readCustomRoles, readDateParts, readPopupIds } from './walker_custom_roles.js';
import { readListeners } from './walker_listeners.js';
import { pickAlong } from './walker_take_along.js';

export { CLICK_LISTENER_TYPES, applyListeners, parseTake, takeExpression };
export { clickListenerSignature, listenerSignature, listenersAhead, listenersWhen, topListenersAhead } from './walker_listeners.js';

const OBJECT_GROUP = 'axsnap-walker-ids';
// Each read takes its elements into a group of its own: two reads of a tab may overlap (a
// preparation and a read), and the release of a shared group would free the other's objects.
let takeSerial = 0;
const BINDING_PREFIX = '__axsnapWorld_';
const CONTEXT_WAIT_MS = 1000;
const round1 = (ms) => Math.round(ms * 10) / 10;

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
 * read of the same world (walker_id_cache.js), then a rows walk's other nodes
 * (walker_ids_rows.js); returns {resolved, cached} record counts and, for a rows walk,
 * `rows` (the row nodes' ids learnt) and `rows_ms` (that take's time). */
async function takeRuns(session, contexts, byRun, frameByLoader, errors, took, useIdCache, group, listable, along,
  clicks = async () => null) {
  let cached = 0;
  let listedRuns = 0; // runs named by the walker's ids whose listable records were taken (walkerIdsWant)
  let rows = 0;
  let rowsMs = 0; // (runs in parallel: the sum of each run's)
  // a rows walk's take ran: its time can read 0 ms when the walk's early take had it all (the
  // worker's clock ticks coarsely), so that is no sign of whether it ran
  let rowsWalk = false;
  let tookAlong = 0; // records whose elements the walk handed over (walker_take_along.js)
  // the take's wait split (ms, the sum of each run's, as rows_ms): on the clicks that pick the
  // way (walkerIdsWant), then on the records' take (its parts, or the one made as the walk reported)
  const wait = { pick: 0, records: 0 };
  const custom = { asked: 0, named: 0, unasked: 0, ua: 0, ms: 0 };
  const taken = await Promise.allSettled([...contexts].map(async ([run, { contextId, sessionId }]) => {
    const result = byRun.get(run);
    // a whole page takes the listable records' ids only (walker_ids_listable.js), and the id
    // cache fills no other record's either: a record an earlier window read took stays
    // without an id here, as in an exact read (a walk node's id would else follow the reads
    // before it: design note 65)
    // (a read named by the walker's own ids: the records that place a frame only, note 144)
    const every = (result.elements ?? []).map((_, i) => i);
    const p0 = performance.now();
    const counted = listable === 'frames' ? await clicks(run, sessionId) : null;
    wait.pick += performance.now() - p0;
    const only = listable === true ? listableIndices(result, every)
      : listable === 'frames' ? walkerIdsWant(result, every, counted?.nodes ?? null) : null;
    if (only?.listed) listedRuns += 1; // (named by the walker's ids, taken for the listeners)
    // useIdCache false (an exact read, lib/reuse/fast_paths.js 'walker_id_cache'): take them all
    const recalled = useIdCache ? recallIds(result, frameByLoader, only) : { want: only ?? every, filled: 0 };
    const { filled } = recalled; // 'window' (ids_of listable): the listable ones of those left
    const want = listable && !only ? listableIndices(result, recalled.want) : recalled.want;
    cached += filled;
    const send = (expression) => {
      took.add(sessionId ?? null);
      return session.send('Runtime.evaluate', {
        expression, contextId, serializationOptions: DEEP, objectGroup: group,
      }, sessionId ?? undefined).catch((e) => {
        forgetContext(result.world); // the next read finds the world again
        throw e;
      });
    };
    // a rows walk's other nodes, once its records' ids are known (walker_ids_rows.js)
    // (a failed take leaves the rows their walk ids, said in the errors)
    const rowIds = async (n) => {
      const t0 = performance.now();
      try {
        // (awaited first: `rows += await …` would read `rows` before the wait, and the runs
        // taken at once would each write over the others' count)
        const learnt = await takeRowIds(run, result, send, takeExpression, listable === 'frames');
        rows += learnt ?? 0;
        if (learnt !== null) rowsWalk = true;
      } catch (e) {
        rowsWalk = true;
        errors.push({ step: 'walker_row_ids', message: e?.message ?? String(e) });
      }
      // then the custom elements only Chromium's tree names (walker_custom_roles.js)
      const c0 = performance.now();
      const read = await readCustomRoles(result, (method, params) => session.send(method, params, sessionId ?? undefined))
        .catch((e) => { errors.push({ step: 'walker_custom_roles', message: e?.message ?? String(e) }); return null; });
      if (read) for (const key of ['asked', 'named', 'unasked']) custom[key] += read[key];
      const popups = await readPopupIds(result, (method, params) => session.send(method, params, sessionId ?? undefined))
        .catch((e) => { errors.push({ step: 'walker_custom_roles', message: e?.message ?? String(e) }); return null; });
      if (popups !== null) custom.ua += popups;
      const dates = await readDateParts(result, (method, params) => session.send(method, params, sessionId ?? undefined))
        .catch((e) => { errors.push({ step: 'walker_custom_roles', message: e?.message ?? String(e) }); return null; });
      if (dates !== null) custom.ua += dates;
      if (read || popups !== null || dates !== null) custom.ms += performance.now() - c0;
      if (listable === 'frames') dropRowIds(result); // (named by the walker's ids: note 154)
      rowsMs += performance.now() - t0;
      return n;
    };
    if (!want.length) {
      // nothing to learn: the run's elements are let go by the next walk in this world
      // (walker_id_cache.js: deferFree), not by a command of their own
      deferFree(result.world, run);
      return rowIds(filled);
    }
    const all = want.length === (result.elements ?? []).length;
    // the elements the walk's own evaluate handed over, when they are every one wanted
    // (walker_take_along.js); the run's elements are then let go by the next walk, as above
    const alongside = pickAlong(along, run, want);
    if (alongside) {
      deferFree(result.world, run);
      tookAlong += want.length;
    }
    // a whole page's listable records in parts, the last one handing the run over
    // (perhaps taken as the walk reported: walker_ids_early.js)
    const r0 = performance.now();
    const parsed = alongside ?? (listable ? await takeInParts(run, want, send, takeExpression, parseTake, claimEarly(run))
      : parseTake(await send(takeExpression([run], all ? null : want))));
    wait.records += performance.now() - r0;
    if (!parsed || parsed[0] !== run) {
      forgetContext(result.world);
      return filled;
    }
    const nodes = parsed.slice(1);
    rememberIds(result, want, nodes);
    return rowIds(filled + applyIds(result, nodes, frameByLoader, all ? null : want));
  }));
  let resolved = 0;
  for (const s of taken) {
    if (s.status === 'fulfilled') resolved += s.value;
    else errors.push({ step: 'walker_ids', message: s.reason?.message ?? String(s.reason) });
  }
  const alongStats = tookAlong ? { with_walk: tookAlong } : {};
  if (listable) Object.assign(alongStats, { pick_ms: round1(wait.pick), records_ms: round1(wait.records) });
  if (listedRuns) alongStats.listed_taken = listedRuns;
  if (!rowsWalk) return { resolved, cached, ...alongStats };
  const out = { resolved, cached, ...alongStats, rows, rows_ms: round1(rowsMs) };
  if (custom.asked || custom.unasked || custom.ua) {
    Object.assign(out, { custom: custom.named, custom_asked: custom.asked, custom_unasked: custom.unasked,
      ua_fields: custom.ua, custom_ms: round1(custom.ms) });
  }
  return out;
}

/**
 * Resolve the walker's records in place: `walker` and its `subframes` (each with the
 * chrome.scripting `frameId` it ran in). `frames`: the capture's frames (frameId, loaderId,
 * sessionId); `reporter`: the binding the walk reported through (openReporter), if any;
 * `onTaken(walker)`: called once the ids are in (before the listener read); `ahead`: the top
 * document's listeners already asked (listenersAhead); `listable`: take only the listable
 * records' ids (dom_source "walk"), 'frames' those that place a frame only (node_ids "walker"); `begun`: the
 * top run's listener step begun as the walk reported (walker_listeners_early.js). Returns stats; failures go to `errors` and leave records
 * without `b`/`k` (the host then has no backendNodeIds or listeners for them, and keeps serving).
 */
export async function resolveWalkerIds(session, inject, walker, frames, worldName, errors, reporter = null,
  onTaken = null, ahead = null, useIdCache = true, listable = false, along = null, begun = null) {
  const stats = { resolved: 0, cached: 0, clickable: 0, listeners: 0, worlds: 0, contexts_kept: 0, ms: {} };
  // true: the host then tells DOMSnapshot's isClickable from the records (clickable_by_nature.py)
  // ('frames': a whole page named by the walker's own ids, design note 144)
  const whole = listable === true || listable === 'frames';
  if (listable) stats[whole ? 'listable' : 'listable_window'] = 1;
  if (listable === 'frames') stats.walker_ids = 1;
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
  const hiddenTakes = new Map(); // run → its hidden roots' take (takeHiddenRoots)
  let hiddenTake = null;
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
    // the hidden subtrees' roots of a whole page's runs (src/records.js skipHidden), taken once
    // for the listener step (walker_ids_listable.js markListenerNodes)
    hiddenTake = whole ? (run, { contextId, sessionId }, count) => {
      if (!hiddenTakes.has(run)) {
        const own = () => {
          if (!hiddenTake) return null; // the read is done
          took.add(sessionId ?? null);
          return takeHiddenRoots(session, run, contextId, sessionId, count, group);
        };
        // (taken as the walk reported, when they were: walker_listeners_early.js)
        hiddenTakes.set(run, begun?.run === run ? begun.hidden.then((roots) => (roots === undefined ? own() : roots))
          : own());
      }
      return hiddenTakes.get(run);
    } : null;
    // sent as soon as the top document's listeners are known (read ahead, beside the take)
    // when the roots may pay against them (its click nodes are the most there are to resolve):
    // the renderer serializes them behind the take's parts, not after the take's answer
    if (hiddenTake && ahead) {
      ahead.promise.then((got) => {
        if (!hiddenTake) return; // the read is done
        const nodes = clickNodes(got?.listeners);
        for (const [run, where] of contexts) {
          const hr = byRun.get(run)?.hr;
          if ((where.sessionId ?? null) === null && hiddenRootsPay(hr, nodes)) hiddenTake(run, where, hr);
        }
      }, () => {});
    }
    // a read named by the walker's ids: the top document's click nodes, read ahead, say whether
    // resolving them one by one costs more than taking the listable records (walkerIdsWant);
    // the roots of hidden subtrees among them are never resolved (markListenerNodes), so when
    // their take pays (sent above) it is awaited and they are counted out (rustdoc's u8: 1,411);
    // the two waits are said in the stats (pick_listeners_ms, pick_hidden_ms: note 251)
    const clicks = async (run, sessionId) => {
      if (run !== walker.run || (sessionId ?? null) !== null || !ahead) return null;
      const t0 = performance.now();
      const got = await ahead.promise.catch(() => null);
      stats.pick_listeners_ms = round1(performance.now() - t0);
      if (!got) return null;
      const hr = byRun.get(run)?.hr;
      const total = clickNodes(got.listeners);
      Object.assign(stats, { pick_clicks: total, pick_hidden: hr ?? 0 });
      if (!hiddenTake || !hiddenRootsPay(hr, total)) return { nodes: total };
      const t1 = performance.now();
      const roots = await hiddenTake(run, contexts.get(run), hr);
      stats.pick_hidden_ms = round1(performance.now() - t1);
      return { nodes: clickNodes(got.listeners, roots) };
    };
    Object.assign(stats, await takeRuns(session, contexts, byRun, frameByLoader, errors, took, useIdCache, group, listable,
      along, clicks));
    lap('take');
    onTaken?.(walker); // the records know their frames now: a caller may start what needs only that
    // (a session whose unmatched listener nodes are resolved into the group gets its release:
    // none when every click node was a record, as after an act whose walk handed its elements
    // along, so no release of an empty group is sent; note 135)
    const { listener_nodes_ms: nodesMs, ...heard } = await readListeners(session, walker, byRun, contexts, errors,
      ahead, listable ? group : null, hiddenTake, listable ? took : null, begun);
    Object.assign(stats, heard);
    lap('listeners');
    // of which the unmatched listener nodes' resolves (walker_ids_listable.js markListenerNodes)
    if (nodesMs !== undefined) stats.ms.listener_nodes = nodesMs;
  } finally {
    hiddenTake = null;
    begun?.release();
    // the hidden roots no step took are let go by the next walk in their world; their count
    // was the worker's alone (the host never reads it)
    for (const [run, result] of byRun) {
      if (result.hr === undefined) continue;
      if (!hiddenTakes.has(run)) deferFree(result.world, run + HIDDEN_RUN);
      delete result.hr;
    }
    // not awaited: the session runs the release before any later command (CDP keeps one
    // session's commands in order), so the next read's objects are never the ones released.
    // Only where a take went: nothing else puts objects in the group.
    for (const sessionId of took) {
      session.send('Runtime.releaseObjectGroup', { objectGroup: group }, sessionId ?? undefined).catch(() => {});
    }
  }
  return stats;
}
