// The press's own target (issue 32, design note 124 part 3).
//
// The second hit test (press_check.js) asks DevTools where a press at the point would land,
// with the pointer already there; the press goes right after it. A page that changes in that
// gap (a timer firing between the two) takes the press elsewhere, and the act would say
// `ok: true`. So each checked press is watched where it lands: while the move goes, a
// capture listener of the act's isolated world is put on the target's window for exactly the
// press's events (the downs, the releases and the clicks); it records where each went (its
// composed path's first node) and whether the target was still in its document. Its read
// goes right behind it and the page answers that read at the last release (note 134: the
// record comes back with the presses, not one round trip after them); a watch that saw no
// release is read once the presses were answered (the renderer ran their handlers). Nothing is
// written to the page: the listener is the isolated world's, passive, and marked as
// axsnap's own (OWN_MARKER: fill_rule.js counts none of it as the page's). It takes itself
// off at the last release; an act that stopped (its deadline, a refusal) takes it off at once
// (dropPress, through run.js undo). It sets no timer: a document's timer ids are shared by
// its worlds, and readiness's proof that the page scheduled nothing after the input
// (content/readiness.js) would count one (measured: a timer here turned every click's
// readiness from nothing_scheduled to the floor, +40 ms).
//
// What the first press seen says (pressVerdict):
// - it reached the target, its own part or its label (geometry.js REACHES: the hit test's
//   own rule), or the target had left its document (the page re-rendered it: the press went
//   to its twin, as before): `press_seen: true`, as today;
// - it went to something else: `press_missed`, naming what took it. The press is not stopped:
//   a listener the page put on `window` before ours has seen it already, and a press cut
//   half-way (no mouseup, no click, no focus move) is no person's press: the page had it;
// - nothing seen (a page listener on `window` stopped it before ours, or the point fell in
//   another document: a frame's parent drew over it): `press_seen: false`, no failure;
// - the watch could not be put or read (the press navigated the frame away): nothing said.

import { AxError } from '../common/errors.js';
import { REACHES } from './geometry.js';
import { checkBeforePress } from './press_check.js';

export const PRESS_EVENTS = Object.freeze(['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click',
  'auxclick', 'dblclick', 'contextmenu']);

// Called on the node the press is checked against (its own world: the act's), or on a
// document above its frame (nothing there reaches it); `also`: the action's target when the
// press goes through its label. Returns the watch ({finish}); off at the `releases`-th release.
export const PRESS_WATCH = `function (also, releases, types, key) {
  const doc = this.nodeType === 9 ? this : this.ownerDocument;
  const view = doc && doc.defaultView;
  if (!view) return null;
  // found by \`key\` (this world's own global, not the page's): the read at release sent right
  // behind this call, and the read after the presses
  const watches = key ? (globalThis.__axsnapPressWatches = globalThis.__axsnapPressWatches || new Map()) : null;
  const target = this.nodeType === 9 ? null : this; // a document above the target's: none reaches
  const seen = [];
  const ups = { pointerup: 0, mouseup: 0 };
  const opts = { capture: true, passive: true };
  let on = true;
  let gone = null;
  const wentOff = new Promise((resolve) => { gone = resolve; }); // no timer: a promise of this world
  const off = () => {
    if (!on) return;
    on = false;
    for (const type of types) view.removeEventListener(type, listen, opts);
    gone();
  };
  const listen =
    /* axsnap:own-listener */ (event) => {
      if (seen.length < 16) {
        const path = event.composedPath();
        seen.push({ type: event.type, node: path[0] || event.target, connected: !target || target.isConnected });
      }
      if (event.type in ups && ++ups[event.type] === releases) off();
    };
  for (const type of types) view.addEventListener(type, listen, opts);
  const reaches = (hit) => target !== null
    && ((${REACHES}).call(target, hit) || (also ? (${REACHES}).call(also, hit) : false));
  const describe = (node) => {
    const el = node && node.nodeType !== 1 ? node.parentElement : node;
    const text = el ? (el.innerText || el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 80) : '';
    return { tag: (el && el.localName) || '', text, id: (el && el.id) || '' };
  };
  const watch = {
    // the record once the watch went off (its last release, or finish()): asked beside the
    // move, answered as the last release is seen (watchPress)
    async whenOff() {
      await wentOff;
      return watch.finish();
    },
    finish() {
      off();
      if (watches) watches.delete(key); // read: nothing of it kept in this world
      const downs = seen.filter((s) => s.type === 'pointerdown' || s.type === 'mousedown');
      const first = downs[0] || seen.find((s) => /click|contextmenu/.test(s.type)) || seen[0] || null;
      if (!first) return [JSON.stringify({ seen: false, events: seen.length }), null];
      const verdict = { seen: true, by: first.type, reaches: reaches(first.node), replaced: !first.connected };
      if (!verdict.reaches) Object.assign(verdict, describe(first.node));
      return [JSON.stringify(verdict), verdict.reaches ? null : first.node];
    },
  };
  if (watches) watches.set(key, watch);
  return watch;
}`;

const FINISH = 'function () { return this.finish(); }';
// called on the watched node, in its world: the read at release (sent right behind PRESS_WATCH)
// and the read after the presses, the watch found by its key
const OFF_READ = `function (key) {
  const watch = globalThis.__axsnapPressWatches && globalThis.__axsnapPressWatches.get(key);
  return watch ? watch.whenOff() : null;
}`;
const FINISH_BY_KEY = `function (key) {
  const watch = globalThis.__axsnapPressWatches && globalThis.__axsnapPressWatches.get(key);
  return watch ? watch.finish() : null;
}`;
let watchKeys = 0;
const DEEP = Object.freeze({ serialization: 'deep', maxDepth: 1,
  additionalParameters: { maxNodeDepth: 0, includeShadowTree: 'none' } });

/** A command that only takes back what the act put in its own world: sent even once the act
 * stopped (run.js `undo`), else on the session as it is. */
function undo(session, method, params, sessionId) {
  const send = session.undo ?? session.send.bind(session);
  return send(method, params, sessionId);
}

/**
 * Put the watch on the press at `node` (the node the hit test checked: the target or its
 * shown label; `also`: the action's target), for `count` presses, and its read at release
 * right behind it (readAtRelease). Sent at once (beside the move); returns {ready: a promise,
 * settled once it is on or could not be put, node, key, on: whether it is on}. No handle:
 * the watch is found by its key on the node (nothing to release).
 */
export function watchPress(session, node, { also = null, count = 1 } = {}) {
  const watch = { node, key: `w${++watchKeys}-${Date.now()}`, on: false, ready: null };
  const args = [also && also.objectId !== node.objectId ? { objectId: also.objectId } : { value: null },
    { value: count }, { value: PRESS_EVENTS }, { value: watch.key }];
  watch.ready = session.send('Runtime.callFunctionOn', {
    objectId: node.objectId, functionDeclaration: PRESS_WATCH, arguments: args, returnByValue: true,
  }, node.frame.sessionId).then((reply) => {
    watch.on = !reply?.exceptionDetails && reply?.result?.value !== null && reply?.result?.value !== undefined;
  }, () => {});
  readAtRelease(session, watch);
  return watch;
}

/** The command that reads a watch and takes it off: by its handle (a document above the frame),
 * or by its key on the watched node. */
function finishCall(watch, returnByValue = false) {
  const how = watch.key ? { objectId: watch.node.objectId, functionDeclaration: FINISH_BY_KEY, arguments: [{ value: watch.key }] }
    : { objectId: watch.handle, functionDeclaration: FINISH };
  return returnByValue ? { ...how, returnByValue } : { ...how, serializationOptions: DEEP };
}

const WORLD = 'axsnap-act';

/** The watches on the documents above the target's frame, nearest first, each {node: {frame},
 * ordinal, handle, ready}: a press seen in one went to that document, not into the frame. Put
 * on in an isolated world of each (one Page.createIsolatedWorld and one evaluate), beside the
 * move; none for a node of the top document. */
export function watchAbove(session, node, count = 1) {
  const frames = node.frames ?? [];
  const out = [];
  for (let f = node.frame; f?.parentFrameId;) {
    const parent = frames.find((p) => p.frameId === f.parentFrameId);
    if (!parent) break;
    const watch = { node: { frame: parent }, ordinal: frames.indexOf(parent), handle: null, ready: null };
    const expression = `(${PRESS_WATCH}).call(document, null, ${count}, ${JSON.stringify(PRESS_EVENTS)})`;
    watch.ready = session.send('Page.createIsolatedWorld', { frameId: parent.frameId, worldName: WORLD }, parent.sessionId)
      .then((world) => session.send('Runtime.evaluate', { expression, contextId: world.executionContextId }, parent.sessionId))
      .then((reply) => { watch.handle = reply?.exceptionDetails ? null : reply?.result?.objectId ?? null; }, () => {});
    out.push(watch);
    f = parent;
  }
  return out;
}

/** The record in a reply to FINISH or OFF_READ: {seen, reaches, ...[, backendNodeId]} or null. */
function recordOf(reply) {
  const items = reply?.result?.deepSerializedValue?.value;
  if (reply?.exceptionDetails || !Array.isArray(items) || typeof items[0]?.value !== 'string') return null;
  const got = JSON.parse(items[0].value);
  const backendNodeId = items[1]?.value?.backendNodeId;
  return Number.isInteger(backendNodeId) ? { ...got, backendNodeId } : got;
}

/** The watch's read at its last release (note 134), sent right behind its put-on (the same
 * session: the page runs it next, long before any press) on the watched node: the page
 * answers it as the watch goes off at the last release it waits for (its record final then),
 * so the record comes back before the presses' own answers, not one round trip after them.
 * A watch that never saw that release (the page stopped it first, the press went to another
 * document) answers when it is read after the presses (readPress: finish() takes it off). */
function readAtRelease(session, watch) {
  watch.early = { record: undefined };
  watch.early.answered = session.send('Runtime.callFunctionOn', {
    objectId: watch.node.objectId, functionDeclaration: OFF_READ, arguments: [{ value: watch.key }], awaitPromise: true,
    serializationOptions: DEEP,
  }, watch.node.frame.sessionId).then(recordOf, () => null).then((record) => { watch.early.record = record; return record; });
}

/** The first record any of `reads` brings (they bring the same one: the watch is off once one
 * was answered), or null when none does. */
function firstRecord(reads) {
  return new Promise((resolve) => {
    let left = reads.length;
    const none = () => { if (--left === 0) resolve(null); };
    for (const read of reads) read.then((record) => (record ? resolve(record) : none()), none);
  });
}

/** The watch's record, the watch taken off: {seen, reaches, replaced, by, tag, text, id,
 * backendNodeId} or null (not put, or not read: the frame's document went with the press).
 * Read after the presses were answered: the record the read at release brought already, else
 * the watch read now (a read at release still on its way brings the same record). */
export async function readPress(session, watch) {
  await watch.ready;
  if (!watch.handle && !watch.on) return null;
  if (watch.early?.record) return watch.early.record;
  const sessionId = watch.node.frame.sessionId;
  const finishing = session.send('Runtime.callFunctionOn', finishCall(watch), sessionId).then(recordOf);
  const record = await firstRecord(watch.early ? [watch.early.answered, finishing] : [finishing]);
  if (!record) dropPress(session, watch);
  if (watch.handle) undo(session, 'Runtime.releaseObject', { objectId: watch.handle }, sessionId).catch(() => {});
  return record;
}

/** Take the watch off without reading it (the act refused or stopped before the press). */
export function dropPress(session, watch) {
  watch.ready.then(() => {
    if (!watch.handle && !watch.on) return;
    const sessionId = watch.node.frame.sessionId;
    const off = undo(session, 'Runtime.callFunctionOn', finishCall(watch, true), sessionId).catch(() => {});
    if (watch.handle) off.then(() => undo(session, 'Runtime.releaseObject', { objectId: watch.handle }, sessionId)).catch(() => {});
  });
}

/** What the record says (see the top of this file): `press_seen` true, false or null (not
 * read); throws press_missed, naming what took the press (`frame`: the target's frame's
 * ordinal). */
export function pressVerdict(record, frame = 0) {
  if (!record) return null;
  if (!record.seen) return false;
  if (record.reaches || record.replaced) return true;
  const err = new AxError('press_missed', 'The press did not reach the target: the page changed between the last '
    + 'check (the point was clear) and the press', 'The page took that press as a person\'s: read the page again '
    + 'to see what it did, then act.');
  err.cover = { backendNodeId: record.backendNodeId, frame, tag: record.tag ?? '', text: record.text ?? '', id: record.id ?? '' };
  throw err;
}

/** A checked click's press (`recheck`: ownPointFor's; `target`: the action's node; `count`
 * presses): {beforePress (the hit test again, the watches on), drop() (the act stopped before
 * or during the press), seen() (the verdict: press_seen, or throws press_missed)}. The
 * watches (the target's document's, and each document above its frame's) are put on now,
 * beside the move. The target's own watch decides when it saw the press; else a document
 * above that saw it names what took it there; else nothing was seen. */
export function checkedPress(session, recheck, target, count = 1) {
  const own = watchPress(session, recheck.node, { also: target, count });
  const above = watchAbove(session, target, count);
  const all = [own, ...above];
  return {
    async beforePress() {
      await checkBeforePress(session, recheck);
      await Promise.all(all.map((w) => w.ready));
    },
    drop: () => { for (const w of all) dropPress(session, w); },
    async seen() {
      const [mine, ...theirs] = await Promise.all(all.map((w) => readPress(session, w)));
      const i = mine?.seen === false ? theirs.findIndex((r) => r?.seen) : -1;
      if (i >= 0) return pressVerdict(theirs[i], above[i].ordinal);
      return pressVerdict(mine, target.ordinal ?? 0);
    },
  };
}
