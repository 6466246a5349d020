// The whole-page DOM channel read from the walk alone (SnapshotOptions.dom_source "walk",
// issue 33, docs/design/40-whole-page-from-the-walk.md): no DOMSnapshot.
//
// walker_ids.js learns a record's backendNodeId by deep-serializing its element, about
// 150-240 µs a record on a whole page: node fs.html's 14,075 records took 2.1-3.3 s, where
// the DOMSnapshot they would replace took 1.5 s. But DOM text lists only the records that can
// act (2,594 of those 14,075), and only a listed record is ever acted on by its index. So:
// - the take asks for the listable records only (`listableIndices`): those the walker gave a
//   reason to act (`c`), icons (`ic`, a listener near them makes them a target), and what
//   the host needs to place frames (each document's root, iframes);
// - the click listeners, read off the document's root as for the window, name nodes by
//   backendNodeId; a node whose record was not taken is resolved in the walker's own world
//   and asked its tracked id (`w`), which names its record (`markListenerNodes`). The record
//   gains `k` and, known now, `b`.

import { listable } from './src/listable.js';

export { listable };

export const CLICK_LISTENER_TYPES = Object.freeze(['click', 'mousedown', 'mouseup', 'DOMActivate']);

/** Mark records whose node has a click-type listener; `unmatched`: the listener nodes no
 * record's `b` names. */
export function applyListeners(results, listeners) {
  const types = new Set(CLICK_LISTENER_TYPES);
  const clickable = new Set(listeners.filter((l) => types.has(l.type)).map((l) => l.backendNodeId));
  let marked = 0;
  const unmatched = new Set(clickable);
  for (const result of results) {
    for (const rec of result.elements ?? []) {
      if (rec.b !== undefined && clickable.has(rec.b)) {
        rec.k = 1;
        marked += 1;
        unmatched.delete(rec.b);
      }
    }
  }
  return { clickable: marked, listeners: clickable.size, unmatched };
}

/** The record indices of `want` (indices into result.elements) that are listable. */
export function listableIndices(result, want) {
  const records = result?.elements ?? [];
  return want.filter((i) => listable(records[i]));
}

/** The indices of the records of `result` that place a frame (a document's root, an
 * iframe): all a read named by the walker's own ids takes (node_ids "walker", note 144). */
export function frameIndices(result) {
  const records = result?.elements ?? [];
  const out = [];
  for (let i = 0; i < records.length; i++) {
    const rec = records[i];
    if (rec?.p === -1 || rec?.s === 'html' || rec?.fr !== undefined || rec?.xo === 1) out.push(i);
  }
  return out;
}

// A listener node no taken record names is resolved on its own (design notes 110, 117; one
// command each, sent all at once); a record's id is taken in parts of a deep serialization
// (note 129). A read named by the walker's ids (note 144) that would resolve more listener
// nodes than its listable records, weighed, takes the listable records' ids after all, for the
// listener step only: the elements keep the walker's ids, and the marks are the same either
// way (note 167). One resolve weighed 5 records taken (note 144, node-fs quiet); measured side
// by side the two cost about the same a node (note 213: rust-simd's resolves 0.17-0.43 ms a
// node, rustdoc u8's take 0.22-0.79 ms a record, loaded), and on u8 the weight of 5 took 9,200
// records' ids to spare fewer than 2,400 resolves.
export const TAKE_PER_RESOLVE = 5;
// The weight below MAX_LISTENER_NODES click nodes, for every read named by the walker's ids:
// SnapshotV1 and the outline (their output the same either way: note 167, 213), DOM text and
// elements (their `walker_unjoined` counts only the ids every way learns: note 225).
export const TAKE_PER_RESOLVE_BELOW_CAP = 1;

/** Whether a read named by the walker's ids takes its `listed` listable records' ids (the
 * listed way) for `nodes` click nodes to resolve (the hidden roots among them left out; null:
 * not known). Past MAX_LISTENER_NODES such nodes the other way may leave nodes unmarked that
 * the listed way marks (the cap on the nodes resolved), so there the weight is note 144's, as
 * before. The cap counts the nodes to resolve, not the hidden roots (markListenerNodes counts
 * them out before it cuts), so neither does the choice of weight: rust-wrapping's 7,486 click
 * nodes are 4,613 past its 2,873 hidden roots, and weighed 5 they took its 21,357 listable
 * records' ids for 247 resolves (note 243). */
export function takesListed(nodes, listed) {
  if (!Number.isInteger(nodes)) return false;
  const weight = nodes <= MAX_LISTENER_NODES ? TAKE_PER_RESOLVE_BELOW_CAP : TAKE_PER_RESOLVE;
  return nodes * weight > listed;
}

/** The records a read named by the walker's ids takes in `result` (`every`: its indices):
 * those that place a frame, or every listable one when `clickNodeCount` listener nodes
 * (the document's, read ahead, but the hidden roots among them: those cost no resolve; null:
 * not known) would cost more to resolve (takesListed). */
export function walkerIdsWant(result, every, clickNodeCount) {
  const listed = listableIndices(result, every);
  if (!takesListed(clickNodeCount, listed.length)) return frameIndices(result);
  listed.listed = true; // (said in the read's stats: walker_ids_listed)
  return listed;
}

// The listable records of a whole page are taken this many at a time: one deep serialization
// of 8k records took 2.3-2.6 s at load 22 (generated 20k page), and a renderer that answers
// no command for 3 s is a busy page to the act/blocked.js watch; a part of 1,000 takes
// ~0.3 s there, and the renderer answers other commands between parts.
export const TAKE_PART = 1000;
// Parts asked before the one before them is answered: the renderer serializes a part while
// the browser and this worker carry and parse the one before (a part's answer is ~0.3 MB of
// JSON through chrome.debugger), so neither waits for the other. Two in flight: a command
// of another caller waits behind two parts at most.
export const TAKE_AHEAD = 2;

// A deep serialization of each element taken: the node with its backendNodeId and loaderId.
export const DEEP = Object.freeze({
  serialization: 'deep', maxDepth: 1, additionalParameters: { maxNodeDepth: 0, includeShadowTree: 'none' },
});

/** [run, {backendNodeId, loaderId}...] from a deep-serialized take, or null. */
export function parseTake(reply) {
  const items = reply?.result?.deepSerializedValue?.value;
  if (!Array.isArray(items) || items[0]?.type !== 'string') return null;
  return [items[0].value, ...items.slice(1).map((item) => ({
    backendNodeId: Number.isInteger(item?.value?.backendNodeId) ? item.value.backendNodeId : null,
    loaderId: item?.value?.loaderId ?? null,
  }))];
}

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

/**
 * [run, ...nodes] of `want`'s elements taken in parts of TAKE_PART (the last part hands the
 * run over), or null when the world no longer holds the run. `send(expression)`: the
 * evaluate in the run's world; `takeExpression`: this module's. The parts go in order on
 * one session (the renderer runs them in that order), TAKE_AHEAD at a time. `pre`: the take
 * begun as the walk reported (walker_ids_early.js claimEarly), used when it took `want`'s
 * records, else dropped and every part asked here.
 */
export async function takeInParts(run, want, send, takeExpression, parse = parseTake, pre = null) {
  const early = pre ? await pre.result : null;
  if (pre) pre.done(early?.listed === want.length, early?.parts);
  if (early?.listed === want.length) return [run, ...early.nodes];
  const starts = [];
  for (let at = 0; at < want.length; at += TAKE_PART) starts.push(at);
  const ask = (k) => {
    const at = starts[k];
    const asked = send(takeExpression([run], want.slice(at, at + TAKE_PART), k < starts.length - 1));
    asked.catch(() => {}); // a part left unread after an earlier one failed is not an error
    return asked;
  };
  const inFlight = [];
  for (let k = 0; k < Math.min(TAKE_AHEAD, starts.length); k++) inFlight.push(ask(k));
  const nodes = [];
  for (let k = 0; k < starts.length; k++) {
    const answer = await inFlight.shift();
    if (k + TAKE_AHEAD < starts.length) inFlight.push(ask(k + TAKE_AHEAD));
    const parsed = parse(answer);
    if (!parsed || parsed[0] !== run) return null;
    for (let i = 1; i < parsed.length; i++) nodes.push(parsed[i]);
  }
  return [run, ...nodes];
}

// The pending key of a run's hidden subtrees' roots (src/records.js's HIDDEN_RUN, the walker's
// side of it): `hr` on the run's output says how many it holds.
export const HIDDEN_RUN = ':hidden';
// Their ids are taken (a deep serialization, ~50 µs a node) before the listener nodes are
// resolved (~250 µs a node, one command each: design notes 110, 117) when there are at most
// this many of them a node to resolve, and the nodes to resolve are this many or more (fewer
// cost less than the take's round trip can win: google's 31 are none of its 124 roots).
export const HIDDEN_PER_RESOLVE = 4;
export const HIDDEN_MIN_NODES = 64;

/** The backendNodeIds of the `count` roots of `run`'s hidden subtrees its world holds
 * (src/records.js skipHidden), deep-serialized in parts into `group` (the last part hands them
 * over): a Set, or null when the world no longer holds them. */
export async function takeHiddenRoots(session, run, contextId, sessionId, count, group) {
  const key = run + HIDDEN_RUN;
  const send = (expression) => session.send('Runtime.evaluate', {
    expression, contextId, serializationOptions: DEEP, objectGroup: group,
  }, sessionId ?? undefined);
  const want = Array.from({ length: count }, (_, i) => i);
  const parsed = await takeInParts(key, want, send, takeExpression, parseTake).catch(() => null);
  if (!parsed || parsed[0] !== key) return null;
  return new Set(parsed.slice(1).map((node) => node.backendNodeId).filter(Number.isInteger));
}

/** Whether taking `held` hidden roots' ids may pay against `nodes` listener nodes to resolve. */
export function hiddenRootsPay(held, nodes) {
  return Number.isInteger(held) && held > 0 && nodes >= HIDDEN_MIN_NODES && held <= HIDDEN_PER_RESOLVE * nodes;
}

/** The distinct nodes of `listeners` with a click-type listener (backendNodeIds, in the
 * listeners' order), but those of `except` (a Set of backendNodeIds: the hidden roots
 * markListenerNodes leaves unresolved). */
export function clickNodeIds(listeners, except = null) {
  const types = new Set(CLICK_LISTENER_TYPES);
  const nodes = new Set((listeners ?? []).filter((l) => types.has(l.type)).map((l) => l.backendNodeId));
  if (except) for (const backendNodeId of except) nodes.delete(backendNodeId);
  return nodes;
}

/** How many clickNodeIds there are. */
export function clickNodes(listeners, except = null) {
  return clickNodeIds(listeners, except).size;
}

// At most this many listener nodes are resolved one by one in a read; a page past it keeps
// the rest unmarked and says so in the capture's errors.
export const MAX_LISTENER_NODES = 5000;

/** In the walker's world: the tracked id of each element given, -1 for one it never reported. */
export function trackedIdsOf(...els) {
  const state = globalThis.__axsnapWalker;
  return els.map((el) => (state && state.ids.get(el)) ?? -1);
}

/**
 * Mark `k` (and `b`) on the records of `result` whose node is one of `backendIds` (click-type
 * listener nodes no taken record matched), asking in the run's world `contextId` over
 * `sessionId`; objects go to `group` (released with the take's). `known`: backendNodeId → the
 * node's row id (walker_ids_rows.js rowNodeIds: the rows' take named it), which is what the
 * world would answer for it (a record's tracked id, or a negative id: no record); only the
 * others are resolved one by one. Returns {marked, resolved, unreported, hidden}: unreported, the
 * resolved nodes the walker never reported (no record, no row: -1), which marking leaves as
 * they were (on rustdoc the hidden `a.anchor`s; design note 87). `hiddenRoots()`: the
 * backendNodeIds of the roots of the subtrees the run left out as hidden (a Set, or null), no
 * record of the run (src/records.js skipHidden): a listener node among them is left as it is
 * without a resolve (`hidden` counts them); asked only when the nodes to resolve are many and
 * the roots few against them (HIDDEN_MIN_NODES, HIDDEN_PER_RESOLVE). `early`: a Map (or its
 * promise) backendNodeId → the tracked id the node's world answered as the walk reported
 * (walker_listeners_early.js): those nodes are marked by it, not resolved again (`early`
 * counts them in the answer).
 */
export async function markListenerNodes(session, { contextId, sessionId }, result, backendIds, group, errors,
  known = new Map(), hiddenRoots = null, early = null) {
  const ids = [...backendIds].filter(Number.isInteger);
  if (!ids.length || !Number.isInteger(contextId)) return { marked: 0, resolved: 0, unreported: 0 };
  const byTracked = new Map();
  (result.elements ?? []).forEach((rec) => { if (Number.isInteger(rec.w)) byTracked.set(rec.w, rec); });
  let marked = 0;
  const mark = (w, backendNodeId) => {
    const rec = byTracked.get(w);
    if (!rec) return;
    rec.k = 1;
    rec.b = backendNodeId;
    marked += 1;
  };
  for (const backendNodeId of ids) if (known.has(backendNodeId)) mark(known.get(backendNodeId), backendNodeId);
  let asked = ids.filter((backendNodeId) => !known.has(backendNodeId));
  let hidden = 0;
  // (and before the cap cuts: a hidden root resolved marks nothing, so counting the roots out
  // only keeps the cap from cutting a node that would mark: takesListed counts them out too)
  if (hiddenRoots && (hiddenRootsPay(result.hr, asked.length)
    || (asked.length > MAX_LISTENER_NODES && Number.isInteger(result.hr) && result.hr > 0))) {
    const roots = await hiddenRoots();
    if (roots) {
      const before = asked.length;
      asked = asked.filter((backendNodeId) => !roots.has(backendNodeId));
      hidden = before - asked.length;
    }
  }
  // the cap is on the nodes to resolve, the hidden roots left out (walker_listeners_early.js)
  if (asked.length > MAX_LISTENER_NODES) {
    errors.push({ step: 'walker_listeners', message: `${asked.length} click listener nodes: the first ${MAX_LISTENER_NODES} matched` });
    asked.length = MAX_LISTENER_NODES;
  }
  // the nodes whose tracked ids were asked as the walk reported (walker_listeners_early.js)
  const before = early ? await early : null;
  let unreported = 0;
  let told = 0;
  if (before?.size) {
    const left = [];
    for (const backendNodeId of asked) {
      if (!before.has(backendNodeId)) { left.push(backendNodeId); continue; }
      const w = before.get(backendNodeId);
      mark(w, backendNodeId);
      if (w === -1) unreported += 1;
      told += 1;
    }
    asked = left;
  }
  const said = told ? { early: told } : {};
  if (!asked.length) return { marked, resolved: 0, unreported, hidden, ...said };
  const tracked = await trackedIdsByNode((method, params) => session.send(method, params, sessionId ?? undefined),
    contextId, asked, group);
  for (const [backendNodeId, w] of tracked) {
    mark(w, backendNodeId);
    if (w === -1) unreported += 1;
  }
  return { marked, resolved: asked.length, unreported, hidden, ...said };
}

/**
 * The tracked id of each node of `ids` (backendNodeIds) in the walker's world `contextId`
 * (trackedIdsOf: -1 for one it never reported): a Map, without the nodes that did not
 * resolve. Each node is resolved into the world on its own (DOM.resolveNode, its object in
 * `group`), then one call asks them all. `send(method, params)`: over the world's session.
 */
export async function trackedIdsByNode(send, contextId, ids, group) {
  const objects = await Promise.all(ids.map((backendNodeId) => send('DOM.resolveNode',
    { backendNodeId, executionContextId: contextId, objectGroup: group }).then((r) => r?.object?.objectId ?? null, () => null)));
  const found = objects.map((objectId, k) => [objectId, ids[k]]).filter(([objectId]) => objectId);
  const out = new Map();
  if (!found.length) return out;
  const reply = await send('Runtime.callFunctionOn', {
    functionDeclaration: trackedIdsOf.toString(), objectId: found[0][0], returnByValue: true,
    arguments: found.map(([objectId]) => ({ objectId })),
  });
  const tracked = reply?.result?.value;
  if (Array.isArray(tracked)) tracked.forEach((w, k) => out.set(found[k][1], w));
  return out;
}
