// A whole page's ids take begun as its walk reports (issue 33, docs/design/46-early-ids-take.md).
//
// The walker names its run's world through the extension's binding as the run ends
// (walker_ids.js openReporter: Runtime.bindingCalled), before it writes its output as JSON
// and that text crosses the browser to this worker (0.3-1 s on a 100k-element page). The
// walker also lists the run's listable records there (src/listable.js, opts.listable), so the
// first TAKE_AHEAD parts of the take can be asked as soon as the binding is heard: the
// renderer deep-serializes them while the browser carries the walk's output and this worker
// parses it. The take then goes on as before (walker_ids_listable.js takeInParts), its first
// parts already answered or under way.
//
// The early parts pick the records by the walker's own list, the later ones by the indices
// this worker picks from the output (listableIndices): one rule on the same records, so the
// same list. Each early answer carries the list's length and is used only when it is the
// length of the take's `want` (it is not when an earlier read's ids were recalled: then the
// early answers are dropped and every part is asked as before). Early parts never hand the
// run over: a take whose parts were all early lets it go with the next walk (deferFree).

import { deferFree } from '../reuse/walker_id_cache.js';
import { DEEP, TAKE_AHEAD, TAKE_PART } from './walker_ids_listable.js';

const EARLY_GROUP = 'axsnap-walker-ids-early';
let earlySerial = 0;
// run → {parts, release}: early parts asked, not yet claimed by the run's take
const early = new Map();
const MAX_EARLY_RUNS = 16;
// run → early parts its take used (earlyPartsUsed)
const used = new Map();

/** The expression of the early part at `at` of `run`'s listed records: [run, listed count,
 * ...elements], or null when the world holds no such run (or it was walked without a list). */
export function earlyTakeExpression(run, at) {
  return `(() => { const s = globalThis.__axsnapWalker; const els = s && s.pending.get(${JSON.stringify(run)});
    const listed = els && els.listed; if (!Array.isArray(listed)) return null;
    return [${JSON.stringify(run)}, listed.length, ...listed.slice(${at}, ${at + TAKE_PART}).map((i) => els[i])]; })()`;
}

/** An early answer as takeInParts reads a part's ({result: the items without the count}),
 * with `listed`: the walker's count; null when it is not one. */
export function parseEarly(reply) {
  const items = reply?.result?.deepSerializedValue?.value;
  if (!Array.isArray(items) || items[0]?.type !== 'string' || items[1]?.type !== 'number') return null;
  return { listed: items[1].value, reply: { result: { deepSerializedValue: { value: [items[0], ...items.slice(2)] } } } };
}

/**
 * Ask the first TAKE_AHEAD parts of `run`'s listed records in its world (`where`: the
 * binding's {contextId, sessionId}) over `session`. Their objects go to a group of their own,
 * released once the take has read them (or dropEarly).
 */
export function takeEarly(session, run, where) {
  if (early.has(run) || !Number.isInteger(where?.contextId)) return;
  earlySerial += 1;
  const group = `${EARLY_GROUP}-${earlySerial}`;
  const sessionId = where.sessionId ?? undefined;
  const parts = [];
  for (let k = 0; k < TAKE_AHEAD; k++) {
    const asked = session.send('Runtime.evaluate', {
      expression: earlyTakeExpression(run, k * TAKE_PART), contextId: where.contextId,
      serializationOptions: DEEP, objectGroup: group,
    }, sessionId);
    asked.catch(() => {}); // read (or its failure met) by the take, or dropped unread
    parts.push(asked);
  }
  const release = () => session.send('Runtime.releaseObjectGroup', { objectGroup: group }, sessionId).catch(() => {});
  early.set(run, { parts, release });
  while (early.size > MAX_EARLY_RUNS) dropEarly([early.keys().next().value]);
}

/**
 * The early parts of `run` for its take of `want` (takeInParts' `pre`), or null. `world`: the
 * run's world (a take whose parts were all early lets the run go with its next walk).
 */
export function claimEarly(run, world) {
  const got = early.get(run);
  if (!got) return null;
  early.delete(run);
  return {
    ...got, parse: parseEarly, handOver: () => deferFree(world, run),
    used: (n) => { used.set(run, n); while (used.size > MAX_EARLY_RUNS) used.delete(used.keys().next().value); },
  };
}

/** Forget the early parts of `runs` no take claimed (a walk given up on), releasing them. */
export function dropEarly(runs) {
  for (const run of runs) {
    const got = early.get(run);
    if (!got) continue;
    early.delete(run);
    got.release();
  }
}

/** How many early parts the takes of `runs` used (forgotten once told). */
export function earlyPartsUsed(runs) {
  let n = 0;
  for (const run of runs) {
    n += used.get(run) ?? 0;
    used.delete(run);
  }
  return n;
}
