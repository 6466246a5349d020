// The act's capture after: the ids take of its listable records in the walk's own evaluate
// (issue 32, docs/design/76-act-work-under-load.md).
//
// The capture after an act walks the page's one frame in its cached world with the answer
// watch's proof (walker_capture.js walkWithProof), then takes the listable records' elements
// deep-serialized for their backendNodeIds (walker_ids.js takeRuns): a second evaluate, sent
// once the walk's output has crossed to this worker (11-15 ms on the re-rendered inbox at load
// 10). Here the walk's evaluate hands over those elements itself, in the same renderer task:
// its answer is [the walk's JSON text, run, the record indices taken as JSON, ...elements],
// deep-serialized as a take is (DEEP). takeRuns then uses them when they hold every record it
// wants (its own rule on the same records: listable and not known to walker_id_cache.js), and
// asks as before otherwise. Not a kept answer: the same elements of the same walk, read in the
// walk's task rather than one round trip later; an exact read (no act_listable_ids) walks as
// before.
//
// Which elements go along: the listable records' (src/listable.js, the rule takeRuns applies)
// that no earlier walk of this world handed along (a WeakSet in the extension's world; the
// worker's id cache holds those). The worker may know fewer (a restarted worker, an id cache
// started over): then the take is asked as before.

import { listable } from './src/listable.js';
import { DEEP, parseTake } from './walker_ids_listable.js';

export { DEEP };

// the evaluate's result object (its elements' ids are read from the answer): released at once
export const ALONG_GROUP = 'axsnap-walk-take-along';

/** In the walker's world, after its walk: [text, run, indices as JSON, ...elements] of the
 * listable records no walk of this world handed along before, or `text` alone when the
 * world holds no elements for the walk's run. `isListable`: src/listable.js's rule. */
export function takeAlong(text, out, isListable) {
  const state = globalThis.__axsnapWalker;
  const els = state && out && typeof out.run === 'string' ? state.pending.get(out.run) : null;
  if (!els || !Array.isArray(out.elements)) return text;
  const given = globalThis.__axsnapTakenAlong ?? (globalThis.__axsnapTakenAlong = new WeakSet());
  const at = [];
  for (let i = 0; i < out.elements.length; i++) {
    const el = els[i];
    if (!el || given.has(el) || !isListable(out.elements[i])) continue;
    given.add(el);
    at.push(i);
  }
  return [text, out.run, JSON.stringify(at), ...at.map((i) => els[i])];
}

/** The expression returning `textExpression`'s value with the walk's listable elements
 * (takeAlong); `out`: the name the walk's output has in that expression's scope. */
export function alongExpression(textExpression, out) {
  return `(${takeAlong})(${textExpression}, ${out}, ${listable})`;
}

/** A walk evaluate's answer, deep-serialized: {text (the walk's JSON text), along ({run, at,
 * nodes}: the elements taken with it, or null)}, or null when it is neither. */
export function parseAlong(reply) {
  const items = reply?.result?.deepSerializedValue?.value;
  if (reply?.result?.type === 'string') return { text: reply.result.value, along: null };
  if (!Array.isArray(items) || items[0]?.type !== 'string') return null;
  const text = items[0].value;
  let at = null;
  try {
    at = JSON.parse(items[2]?.value);
  } catch {
    at = null;
  }
  const taken = parseTake({ result: { deepSerializedValue: { value: [items[1], ...items.slice(3)] } } });
  if (!Array.isArray(at) || !taken || taken.length !== at.length + 1) return { text, along: null };
  return { text, along: { run: taken[0], at, nodes: taken.slice(1) } };
}

/** [run, ...nodes] of the records `want` of `run` when `along` took each of them, else null. */
export function pickAlong(along, run, want) {
  if (!along || along.run !== run) return null;
  const byIndex = new Map(along.at.map((i, k) => [i, along.nodes[k]]));
  const nodes = [];
  for (const i of want) {
    const node = byIndex.get(i);
    if (!node) return null;
    nodes.push(node);
  }
  return [run, ...nodes];
}

/** `expression` (a walk's answer: text, or takeAlong's array) with `also`'s items after it
 * (an expression of an array read in the same task: the act's focus and modals), then their
 * count: [...answer, ...also, also.length], each item serialized as the answer's are. */
export function withAlsoExpression(expression, also) {
  return `(() => { const r = ${expression}; const a = ${also};
    return [...(Array.isArray(r) ? r : [r]), ...a, a.length]; })()`;
}

/** A withAlsoExpression answer split: {reply (the walk's answer as parseAlong takes it), also
 * (the deep-serialized items of `also`)}, or null when it is not one. */
export function splitAlso(reply) {
  const items = reply?.result?.deepSerializedValue?.value;
  const count = Array.isArray(items) ? items[items.length - 1]?.value : null;
  if (!Number.isInteger(count) || count < 0 || items.length < count + 2) return null;
  const answer = items.slice(0, items.length - 1 - count);
  const also = items.slice(answer.length, items.length - 1);
  const walk = answer.length === 1 && answer[0]?.type === 'string'
    ? { result: { type: 'string', value: answer[0].value } }
    : { result: { deepSerializedValue: { value: answer } } };
  return { reply: walk, also };
}
