// A whole page's ids take made as its walk reports (issue 33, docs/design/46-early-ids-take.md).
//
// The walker names its run's world through the extension's binding as the run ends
// (walker_ids.js openReporter: Runtime.bindingCalled), before it writes its output as JSON
// and that text crosses the browser to this worker (0.1-1 s on the bench's big pages at load
// 10-15). The walker also lists the run's listable records there (src/listable.js,
// opts.listable), so the take can begin as soon as the binding is heard: the renderer
// deep-serializes its parts, TAKE_AHEAD in flight as takeInParts asks them, while the browser
// carries the walk's output and this worker parses it. When the output is in, the run's take
// (walker_ids.js takeRuns) claims what this one took.
//
// This take picks the records by the walker's own list, the claiming one by the indices this
// worker picks from the output (listableIndices): one rule on the same records, so the same
// list. Each answer carries the list's length, and the claim uses the take only when that is
// the length of its `want` (a subset of the list, so the same records). It is not when an
// earlier read's ids were recalled (walker_id_cache.js): the take here is stopped and every
// part asked as before, which is why no part here hands the run over; a claimed take lets
// it go with one statement after it.

import { freeRunsStatement } from '../reuse/walker_id_cache.js';
import { DEEP, TAKE_AHEAD, TAKE_PART, parseTake } from './walker_ids_listable.js';

const EARLY_GROUP = 'axsnap-walker-ids-early';
let earlySerial = 0;
// run → {result, done, stop}: takes made as their walk reported, not yet claimed
const early = new Map();
const MAX_EARLY_RUNS = 16;
// run → parts its claimed take had (earlyPartsUsed)
const used = new Map();

/** The expression of the part at `at` of `run`'s listed records: [run, listed count,
 * ...elements], or null when the world holds no such run (or it was walked without a list). */
export function earlyTakeExpression(run, at) {
  return `(() => { const s = globalThis.__axsnapWalker; const els = s && s.pending.get(${JSON.stringify(run)});
    const listed = els && els.listed; if (!Array.isArray(listed)) return null;
    return [${JSON.stringify(run)}, listed.length, ...listed.slice(${at}, ${at + TAKE_PART}).map((i) => els[i])]; })()`;
}

/** A part's answer: {listed (the walker's count), nodes (as parseTake reads them)}, or null. */
export function parseEarly(run, reply) {
  const items = reply?.result?.deepSerializedValue?.value;
  if (!Array.isArray(items) || items[1]?.type !== 'number') return null;
  const parsed = parseTake({ result: { deepSerializedValue: { value: [items[0], ...items.slice(2)] } } });
  return parsed && parsed[0] === run ? { listed: items[1].value, nodes: parsed.slice(1) } : null;
}

/**
 * Take `run`'s listed records in its world (`where`: the binding's {contextId, sessionId})
 * over `session`, in parts of TAKE_PART, TAKE_AHEAD in flight. Their objects go to a group of
 * their own, released once the take is claimed or dropped.
 */
export function takeEarly(session, run, where) {
  if (early.has(run) || !Number.isInteger(where?.contextId)) return;
  earlySerial += 1;
  const group = `${EARLY_GROUP}-${earlySerial}`;
  const sessionId = where.sessionId ?? undefined;
  const evaluate = (expression, more = {}) => session.send('Runtime.evaluate',
    { expression, contextId: where.contextId, ...more }, sessionId);
  let stopped = false;
  const asked = [];
  const ask = (k) => {
    asked[k] = evaluate(earlyTakeExpression(run, k * TAKE_PART), { serializationOptions: DEEP, objectGroup: group })
      .then((reply) => parseEarly(run, reply), () => null);
  };
  for (let k = 0; k < TAKE_AHEAD; k++) ask(k);
  const result = (async () => {
    const nodes = [];
    let listed = Infinity;
    let k = 0;
    for (; k * TAKE_PART < listed; k++) {
      const got = await asked[k];
      if (!got || stopped) return null;
      listed = got.listed;
      if ((k + TAKE_AHEAD) * TAKE_PART < listed && !asked[k + TAKE_AHEAD]) ask(k + TAKE_AHEAD);
      for (const node of got.nodes) nodes.push(node);
    }
    return { listed, nodes, parts: k };
  })();
  const release = () => session.send('Runtime.releaseObjectGroup', { objectGroup: group }, sessionId).catch(() => {});
  const done = (claimed) => {
    stopped = true;
    release();
    // claimed: the run's elements are let go (a take that did not match leaves them to the take after it)
    if (claimed) evaluate(freeRunsStatement([run])).catch(() => {});
  };
  early.set(run, { result, done });
  while (early.size > MAX_EARLY_RUNS) dropEarly([early.keys().next().value]);
}

/** The take made as `run`'s walk reported (takeInParts' `pre`), or null: {result (resolves to
 * {listed, nodes, parts} or null), done(claimed, parts)}. */
export function claimEarly(run) {
  const got = early.get(run);
  if (!got) return null;
  early.delete(run);
  return {
    result: got.result,
    done: (claimed, parts = 0) => {
      got.done(claimed);
      if (!claimed) return;
      used.set(run, parts);
      while (used.size > MAX_EARLY_RUNS) used.delete(used.keys().next().value);
    },
  };
}

/** Stop and forget the takes of `runs` no read claimed (a walk given up on). */
export function dropEarly(runs) {
  for (const run of runs) {
    const got = early.get(run);
    if (!got) continue;
    early.delete(run);
    got.done(false);
  }
}

/** How many parts the claimed takes of `runs` had (forgotten once told). */
export function earlyPartsUsed(runs) {
  let n = 0;
  for (const run of runs) {
    n += used.get(run) ?? 0;
    used.delete(run);
  }
  return n;
}
