// A cached answer: a read of a page that provably did not change since the last read with the
// same options is answered with that read's answer (the host's redacted output), instead of
// capturing and rendering it again.
//
// Why: on a settled small page a read is mostly fixed cost (the walk 3.5–6.5 ms, the AX read,
// the native port's two trips 4–6 ms, the host's render): an agent that reads after every
// step often reads a page its step did not change, and that read can cost one command.
//
// The proof: extension/content/answerwatch.js, a content script in the main frame's isolated world
// (the walker's world), counts every change that could make an answer differ (mutations in
// the document, its shadow roots and same-origin frames; input, focus, scroll, resize, loads,
// style sheets, controls set by script, scroll offsets...); it gives no proof with a frame it
// cannot read, a running animation or a big document. Each read asks it once, after the
// stabilization and before anything is walked: (id, seq) read BEFORE the capture is the
// answer's proof, so a change during the capture makes the next read capture again. A read
// whose proof equals the cached answer's, for the same options, URL, frames and click
// listeners (a script adding one changes no DOM: the router reads them beside the proof,
// walker_ids.js clickListenerSignature), is answered from it (`timings.kept_answer`). Asked with one Runtime.evaluate in the world's known
// context (walker_id_cache.js), or chrome.scripting when the context is not known yet; a
// DOM format's read of a document it walked asks it in its walk's own evaluate
// (walker_capture.js: walkWithProof, given to readProof).
//
// Which reads: redacted ones only (nothing unredacted is ever kept), no screenshot (pixels
// change with no DOM change: video, canvas, the caret), no `compression: "delta"` (its reply
// depends on the host's base, which a cached answer does not move), no page understanding
// (`semantic`, `semantic_text`: each read is a new `revision`, which its handles name). The answer keeps what the
// host said (its snapshot id, `ts`: when the page was read); SnapshotV1's `stabilization` is
// this read's report. Kept in the worker's memory only, a few per tab for a few tabs, dropped
// when the tab navigates or closes; never persisted.

import { SEMANTIC_FORMATS } from '../generated/contract.js';
import { fastPath } from './fast_paths.js';
import { recallContext } from './walker_id_cache.js';

export const MAX_TABS = 4;
export const MAX_KEYS_PER_TAB = 3;
export const PROOF = '(() => { const w = globalThis.__axsnapAnswerWatch; return w ? w.proof() : null; })()';

/** Stable JSON: the same options in any key order give the same text. */
function stable(value) {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().filter((k) => value[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stable(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The key of a read's answer, or null when its answer may not be kept: unredacted, a
 * screenshot, a delta, page understanding. The stabilization options change the wait, not the answer; `reuse`
 * says whether this read may be answered so, not what the answer is.
 */
export function answerKey(options) {
  const o = options ?? {};
  const format = o.format ?? 'snapshot';
  if (!fastPath(o, 'answer_cache')) return null; // an exact read is neither answered nor kept
  if (o.redact === false || o.compression === 'delta') return null;
  if (format === 'som' || o.vision === true) return null;
  // page understanding numbers its reads (`revision`, which its handles name for acting)
  if (SEMANTIC_FORMATS.includes(format)) return null;
  const { stabilize: _wait, reuse: _reuse, exact: _exact, ...rest } = o;
  return stable({ ...rest, format });
}

/** The frames of a tab (flattenFrameTree's shape) as one string: their ids and documents. */
export function framesKey(frames) {
  if (!Array.isArray(frames)) return null;
  return frames.map((f) => `${f.frameId}:${f.loaderId ?? ''}`).sort().join('|');
}

/** [id, seq, status, elements] from the watch, or null. */
export function asProof(value) {
  if (!Array.isArray(value) || typeof value[0] !== 'string' || !Number.isInteger(value[1])) return null;
  return { id: value[0], seq: value[1], status: String(value[2]), elements: value[3] };
}

/**
 * Whether a read's answer carries what went wrong while it was read: a capture step's error
 * (a fallback: the AX or DOM tree read to a bounded depth, a frame not read), a note of the
 * host's, a failed frame, a read the host found incomplete. Such an answer is given once and
 * never kept: the next read may well go right, and a cached answer would say what went wrong for as long as it stood.
 */
export function degraded(capture, result) {
  if (capture?.errors?.length) return true;
  if (result?.notes?.length || result?.errors?.length || result?.incomplete) return true;
  const quality = result?.snapshot?.quality;
  return Boolean(quality?.failures?.length || quality?.frames_failed);
}

/** The stabilization report as the host publishes it (no null fields). */
function published(report) {
  return JSON.parse(JSON.stringify(report ?? {}, (k, v) => (v === null ? undefined : v)));
}

/**
 * Cached answers over injected dependencies: {inject(tabId) → the watch's proof array through
 * chrome.scripting, now() (ms since the epoch)}.
 */
export function createAnswerCache({ inject = injectProof, now = () => Date.now() } = {}) {
  const tabs = new Map(); // tabId -> {world, answers: Map(key -> entry)}
  const lastOptions = new Map(); // tabId -> the options of its last read (lib/reuse/prepare.js)

  /**
   * The proof now, in the main frame's isolated world of `tabId`; null without asking when
   * the tab's main document (`loaderId`: its loaderId, or a promise of it) was found too
   * big for one (waited for only then). `given`: the watch's answer a walk read with it
   * (walkWithProof), taken when it is a proof.
   */
  async function readProof(session, tabId, loaderId = null, given = undefined) {
    // the proof the walk read (walker_capture.js: walkWithProof), when it is one
    const walked = given === undefined ? null : asProof(given);
    if (walked) return walked;
    const tab = tabs.get(tabId);
    if (tab?.bigLoader && (await loaderId) === tab.bigLoader) return null;
    return (await proofInWorld(session, tab?.world)) ?? asProof(await inject(tabId).catch(() => null));
  }

  /** The proof ({id, seq}) the cached answer of `tabId` for `key` was kept under, or null. */
  function expected(tabId, key) {
    const entry = tabs.get(tabId)?.answers.get(key);
    return entry ? { id: entry.id, seq: entry.seq } : null;
  }

  /** Whether the tab's document was found too big for a proof (its answers are not kept;
   * the tab's entry goes when it navigates). */
  function knownBig(tabId) {
    return (tabs.get(tabId)?.bigLoader ?? null) !== null;
  }

  /** Whether a proof is worth asking in the document `loaderId` (not one found too big). */
  function asksProof(tabId, loaderId) {
    const big = tabs.get(tabId)?.bigLoader ?? null;
    return !(big && big === loaderId);
  }

  /**
   * The cached answer of `tabId` for `key` when `proof` (read now) shows no change since it
   * was kept and the tab is at the same URL with the same frames (`here`: {url, frames,
   * listeners}); otherwise null. `here.listeners`: the tab's click listeners read now
   * (walker_ids.js: clickListenerSignature; null: not read), which the proof cannot see.
   */
  function find(tabId, key, proof, here) {
    const entry = tabs.get(tabId)?.answers.get(key);
    if (!entry || proof?.status !== 'ok' || proof.id !== entry.id || proof.seq !== entry.seq) return null;
    if (entry.url !== here.url) return null;
    if (here.frames !== null && framesKey(here.frames) !== entry.frames) return null;
    if (here.listeners !== undefined && (here.listeners === null || here.listeners !== entry.listeners)) return null;
    entry.reads += 1;
    return entry;
  }

  /**
   * The reply's result for a cached answer (after `find`), with this read's stabilization
   * report. The DOM formats' `indices` (index changes since the tab's previous read) are
   * none once the answer was delivered: the page did not change since. A prepared answer's
   * first delivery keeps them (no read saw them yet).
   */
  function answerOf(entry, stabilization) {
    const result = { ...entry.result };
    if (result.snapshot?.stabilization) result.snapshot = { ...result.snapshot, stabilization: published(stabilization) };
    const delivered = !(entry.prepared && entry.reads === 1);
    if (delivered && result.indices) result.indices = { added: [], removed: [] };
    return result;
  }

  /** What the reply's `timings.kept_answer` says. */
  function describe(entry) {
    return {
      since: new Date(entry.since).toISOString(), age_ms: Math.max(0, now() - entry.since),
      reads: entry.reads, ...(entry.prepared ? { prepared: true } : {}),
    };
  }

  /**
   * Keep `result` (the host's answer to a capture that ran after `proof` was read) for `key`.
   * `capture`: the RawCapture (its URL, frames and walker world). `listeners`: the tab's
   * click listeners read before the capture (see find).
   */
  function keep(tabId, key, proof, capture, result, sizes, prepared = false, listeners = undefined) {
    if (!key || !proof) return;
    let tab = tabs.get(tabId);
    if (!tab) {
      tab = { world: null, bigLoader: null, answers: new Map() };
      tabs.set(tabId, tab);
      while (tabs.size > MAX_TABS) tabs.delete(tabs.keys().next().value);
    }
    // where the next proof is asked (one Runtime.evaluate), whether or not this one holds
    if (typeof capture?.walker?.world === 'string') tab.world = capture.walker.world;
    // a big document is not asked again (its proof would only count its elements)
    const main = capture?.frames?.find((f) => !f.parentFrameId)?.loaderId ?? null;
    tab.bigLoader = proof.status === 'too many elements' ? main : null;
    if (proof.status !== 'ok' || !result || degraded(capture, result)) return;
    // answers kept under another proof can no longer be given
    for (const [k, e] of tab.answers) if (e.id !== proof.id || e.seq !== proof.seq) tab.answers.delete(k);
    tab.answers.delete(key);
    tab.answers.set(key, {
      id: proof.id, seq: proof.seq, url: capture?.tab?.url ?? '', frames: framesKey(capture?.frames),
      result, sizes, since: now(), reads: 0, prepared, listeners,
    });
    while (tab.answers.size > MAX_KEYS_PER_TAB) tab.answers.delete(tab.answers.keys().next().value);
  }

  return {
    readProof, expected, asksProof, knownBig, find, answerOf, describe, keep,
    /** Remember the options of a read of `tabId` (a preparation reads with them). */
    noteOptions(tabId, options) {
      lastOptions.delete(tabId);
      lastOptions.set(tabId, options ?? {});
      while (lastOptions.size > 64) lastOptions.delete(lastOptions.keys().next().value);
    },
    lastOptions: (tabId) => lastOptions.get(tabId) ?? null,
    /** Forget the tab's answers (a navigation, a closed tab). */
    drop(tabId) {
      tabs.delete(tabId);
    },
    forget(tabId) {
      tabs.delete(tabId);
      lastOptions.delete(tabId);
    },
  };
}

/** The watch's proof through chrome.scripting (the world's context is not known yet). */
/** The answer watch's proof read in the walker world `world` (one evaluate), or null when
 * that world is gone or gives no proof. */
export async function proofInWorld(session, world) {
  const where = typeof world === 'string' ? recallContext(world, new Set([null])) : null;
  if (!where) return null;
  const reply = await session.send('Runtime.evaluate',
    { expression: PROOF, contextId: where.contextId, returnByValue: true }).catch(() => null);
  return asProof(reply?.result?.value);
}

export async function injectProof(tabId) {
  const [first] = await chrome.scripting.executeScript({
    target: { tabId, frameIds: [0] }, world: 'ISOLATED', injectImmediately: true,
    func: () => { const w = globalThis.__axsnapAnswerWatch; return w ? w.proof() : null; },
  });
  return first?.result ?? null;
}
