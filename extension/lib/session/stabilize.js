// Wait until the page is quiet: no DOM mutations for quiet_ms and few requests in flight.
//
// Two clocks, the warm one first:
// - The readiness content script (extension/content/readiness.js, declared in the manifest) watches
//   every main-frame document from its navigation on. When it answers, a page that has been
//   quiet for quiet_ms is read at once (`source: "navigation"`), and one that is not is
//   waited on with the same clock: the quiet window runs from the navigation, not the request.
// - Otherwise (a tab loaded before the extension, a page where content scripts do not run,
//   a page too busy to answer) an observer is installed in an isolated world at the request
//   (`source: "request"`). It outlives the request: the next snapshot of the same document
//   reads how long the page has already been quiet. It stops itself after OBSERVER_IDLE_MS
//   without a read and dies with its document. A world is found again by its context id
//   (kept per tab in this module) and recognised by a random token, so a reused id that now
//   names another context is never trusted.
// Neither writes to the page's DOM or to globals the page can see. Requests in flight are
// watched over CDP from the request on with both clocks (a request started before it and
// still pending is not seen); the report says which clock spoke and for how long it had
// watched (`observed_since_ms`).

import { readPageClock } from './page_clock.js';
import { askSettled, mayBeSettled } from './settle.js';
import { forgetActProof, nothingSinceProof, proofMissed } from './act_proof.js';

/** Which rule ended the wait ('settled', 'quiet_window', 'deadline', 'disabled'), on the
 * report as a symbol: a capture's stabilization report keeps its own fields; an act's
 * readiness says it (lib/act/readiness.js). */
export const ENDED_BY = Symbol('endedBy');

function endedBy(report, rule) {
  Object.defineProperty(report, ENDED_BY, { value: rule, writable: true, configurable: true, enumerable: false });
}

/** Which settle rule proved the page settled ('nothing_scheduled': the page scheduled nothing
 * since the action, 'floor': the frames and the floor; content/readiness.js settleCheck),
 * beside ENDED_BY 'settled'. */
export const SETTLED_BY = Symbol('settledBy');
// with SETTLED_BY nothing_scheduled: the frames the check waited (1 when the hover stayed)
export const SETTLED_FRAMES = Symbol('settledFrames');

/** The settle checks of the wait that did not end it, in order (at most MAX_SETTLE_MISSES):
 * 'unanswered' (no answer within settle.js SETTLE_TIMEOUT_MS: a loaded renderer), else what the
 * check found unsettled ('activity', 'idle', 'fonts', ... joined by '+'). An act's readiness
 * says them (`settle_misses`): why a wait that could settle ended on its quiet window. */
export const SETTLE_MISSES = Symbol('settleMisses');
const MAX_SETTLE_MISSES = 4;

function missed(report, why) {
  if (!report[SETTLE_MISSES]) Object.defineProperty(report, SETTLE_MISSES, { value: [], enumerable: false });
  if (report[SETTLE_MISSES].length < MAX_SETTLE_MISSES) report[SETTLE_MISSES].push(why);
}

/** Set (true) on a report whose page was quiet at its first reading, or not waited on: what
 * was read while the reading was asked is as good as what is read after it (the router's
 * frame tree, asked beside the stabilization). A symbol: the report sent on never shows it. */
export const SETTLED_AT_ONCE = Symbol('settledAtOnce');

/** Mark `report` (not enumerable: the report's own fields are its contract). */
function settledAtOnce(report, value) {
  Object.defineProperty(report, SETTLED_AT_ONCE, { value, writable: true, configurable: true, enumerable: false });
}

export const STABILIZE_DEFAULTS = Object.freeze({
  enabled: true, quiet_ms: 500, max_wait_ms: 5000, max_pending_requests: 2, settle: false,
});
export const OBSERVER_IDLE_MS = 300_000;
const POLL_MS = 100;
const WORLD_NAME = 'axsnap-stabilize';
const MAX_WATCH_WORLDS = 64;
// User (or agent) input that restarts the quiet clock. Not click/mousedown/mouseup: the
// walker reads those listeners (lib/walker/walker_ids.js) and must see only the page's own.
export const ACTIVITY_EVENTS = Object.freeze(['pointerdown', 'keydown', 'input', 'change', 'submit', 'wheel', 'scroll']);

const watchWorlds = new Map(); // tabId -> {contextId, token}

/** Starts the observer in a fresh world; `token` names this observer. Input counts as
 * activity too (not as a mutation): a click whose effect is still on its way over the
 * network must restart the quiet clock, as it would for a first read. */
function installObserver(token) {
  return `(() => {
  const state = globalThis.__axsnapStabilize = { token: ${JSON.stringify(token)}, count: 0,
    born: performance.now(), last: performance.now(), observer: null, expiry: 0, stop: null };
  state.observer = new MutationObserver((records) => {
    state.count += records.length;
    state.last = performance.now();
  });
  state.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const touch = /* axsnap:own-listener */ () => { state.last = performance.now(); };
  const inputs = ${JSON.stringify(ACTIVITY_EVENTS)};
  const how = { capture: true, passive: true };
  // on the window, which the document's events pass first (a read of the document's listeners
  // lists every world's, a window's only its handle's: content/readiness.js readinessListeners)
  const on = document.defaultView ?? document;
  for (const type of inputs) on.addEventListener(type, touch, how);
  state.stop = () => {
    state.observer.disconnect();
    state.observer = null;
    for (const type of inputs) on.removeEventListener(type, touch, how);
  };
  return true;
})()`;
}

/** {count, quiet, since} of the observer named `token` (and its idle timer restarted), or null. */
function readObserver(token) {
  return `(() => {
  const s = globalThis.__axsnapStabilize;
  if (!s || s.token !== ${JSON.stringify(token)} || !s.observer) return 'null';
  clearTimeout(s.expiry);
  s.expiry = setTimeout(s.stop, ${OBSERVER_IDLE_MS});
  const at = performance.now();
  return JSON.stringify({ count: s.count, quiet: at - s.last, since: at - s.born });
})()`;
}

/** The observer's script as evaluated, with a token of the real one's shape: the act's fill rule
 * finds its key and input listener by position in it (lib/act/fill_rule.js, OWN_MARKER), so a
 * fill right after a read on a page too busy to answer the content script's clock is not typed
 * key by key because of axsnap's own listener. */
export function observerScriptShape() {
  return installObserver(newToken());
}

function newToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function keepWorld(tabId, world) {
  watchWorlds.delete(tabId);
  watchWorlds.set(tabId, world);
  for (const oldest of watchWorlds.keys()) {
    if (watchWorlds.size <= MAX_WATCH_WORLDS) break;
    watchWorlds.delete(oldest);
  }
}

/** Forget the world and the act's proof kept for `tabId` (tests; a closed tab). */
export function forgetWorld(tabId) {
  watchWorlds.delete(tabId);
  forgetActProof(tabId);
}

export function stabilizeOptions(options) {
  return { ...STABILIZE_DEFAULTS, ...(options?.stabilize ?? {}) };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function createWorld(session) {
  const tree = await session.send('Page.getFrameTree');
  const created = await session.send('Page.createIsolatedWorld', {
    frameId: tree.frameTree.frame.id, worldName: WORLD_NAME,
  });
  const world = { contextId: created.executionContextId, token: newToken() };
  await session.send('Runtime.evaluate', {
    expression: installObserver(world.token), contextId: world.contextId, returnByValue: true,
  });
  return world;
}

/** The observer's {count, quiet}; null when `world` no longer holds it. Throws when the
 * context is gone (navigation). */
async function readWorld(session, world) {
  const res = await session.send('Runtime.evaluate', {
    expression: readObserver(world.token), contextId: world.contextId, returnByValue: true,
  });
  if (res.exceptionDetails) throw new Error('observer read failed');
  return JSON.parse(res.result.value);
}

/** The observer kept from an earlier request on this tab, with its first reading. */
async function reuseWorld(session) {
  const world = watchWorlds.get(session.tabId);
  if (!world) return null;
  const state = await readWorld(session, world).catch(() => null);
  if (!state) {
    watchWorlds.delete(session.tabId);
    return null;
  }
  return { world, state };
}

export { mergeReadings, PAGE_CLOCK_TIMEOUT_MS, READINESS_MESSAGE, readPageClock } from './page_clock.js';

/** Wait on the content script's clock, from its first reading `first`. Returns the
 * mutations counted during the wait (over every document the tab held). */
async function waitOnPageClock(tabId, opts, first, { readPage, inflight, now, started, report, settle, held }) {
  let base = first.count; // mutations before this request are not this request's
  let mutations = 0;
  let unanswered = false; // the last reading got no answer in time
  // Frames of another origin whose clocks did not answer (page_clock.js `frames_unanswered`):
  // silent at the first reading, or after they answered in this wait, they are busy, and the
  // page is not quiet (a frame in a long task cannot answer); frames never heard after the
  // first reading (one that never answers at all) leave the page to the main frame's clock.
  let framesHeard = false;
  const withFrames = (next, atFirst, last) => {
    if (next.frames_unreadable > 0 && next.frames_unanswered !== true) framesHeard = true;
    if (next.frames_unanswered !== true || !(atFirst || framesHeard)) return { reading: next, silent: false };
    // their mutations are not lost from the count: the last reading's, when it counted them
    const count = last && last.token === next.token ? Math.max(next.count, last.count) : next.count;
    return { reading: { ...next, quiet: 0, count }, silent: true };
  };
  let { reading, silent: firstSilent } = withFrames(first, true, null);
  unanswered = firstSilent;
  const take = (next) => {
    if (next && next.token !== reading.token) { // another document: its clock, from 0
      mutations += reading.count - base;
      base = 0;
    }
    const heard = next ? withFrames(next, false, reading) : null;
    unanswered = !next || heard.silent;
    reading = heard?.reading ?? { ...reading, quiet: 0 }; // no answer (navigating, busy): not quiet
  };
  for (let fresh = true; ; fresh = false) {
    if (!fresh) {
      settledAtOnce(report, false);
      take(await readPage(tabId));
    }
    const elapsed = now() - started;
    const domQuiet = reading.quiet >= opts.quiet_ms;
    // a page seen mutating during this wait is reported so, even when a busy renderer left its
    // last reading unanswered: 'page_unanswered' is for a page never seen to change
    const seenMutating = mutations + reading.count - base > 0;
    // fast path settle_after_act: the last act's readiness proved this document settled and
    // its clock saw nothing since (act_proof.js); the read's own watch as for a settle check.
    // Asked before the quiet window, so a page quiet for longer than it (a loaded machine's
    // slow turn between the act and the read) still says the proof that ended the wait.
    if (fresh && opts.settle && settle?.proof && mayBeSettled(inflight, settle.busy, reading)
      && held() === 0 && nothingSinceProof(settle.proof, reading)) {
      endedBy(report, 'settled');
      Object.defineProperty(report, SETTLED_BY, { value: 'act_proof', configurable: true, enumerable: false });
      break;
    }
    // a proof kept that the read's first reading did not stand on: the report says why, with
    // both counts (a mismatch after a settled act is diagnosable from the reply alone)
    if (fresh && opts.settle && settle?.proof) {
      const watch = [...(inflight.size > 0 || held() > 0 ? ['requests'] : []), ...(settle.busy() ? ['busy'] : [])];
      report.act_proof_missed = proofMissed(settle.proof, reading, watch);
    }
    if (settled(report, opts, elapsed, domQuiet, inflight.size, held(), unanswered && !seenMutating)) break;
    // an act's wait: the page may be settled long before the quiet window is over
    if (opts.settle && settle && mayBeSettled(inflight, settle.busy, reading)) {
      settledAtOnce(report, false);
      const check = await settle.ask(tabId);
      if (check) {
        take(check.reading);
        if (check.settled && mayBeSettled(inflight, settle.busy, reading)) {
          endedBy(report, 'settled');
          Object.defineProperty(report, SETTLED_BY, { value: check.by === 'nothing_scheduled' ? check.by : 'floor', configurable: true, enumerable: false });
          if (Number.isInteger(check.frames)) Object.defineProperty(report, SETTLED_FRAMES, { value: check.frames, configurable: true, enumerable: false });
          break;
        }
        missed(report, check.settled ? 'watch' : (check.why ?? []).join('+') || 'unsettled');
        continue; // the check took two frames: read again at once
      }
      missed(report, 'unanswered');
    }
    await sleep(Math.min(POLL_MS, Math.max(0, opts.max_wait_ms - elapsed)));
  }
  report.quiet_for_ms = Math.round(reading.quiet);
  if (reading.load_state) report.load_state = reading.load_state;
  return mutations + reading.count - base;
}

/**
 * Wait for a quiet window on the tab behind `session`.
 * Resolves {stabilized, waited_ms, reasons, pending_requests, mutations, source,
 * observed_since_ms, quiet_for_ms, quiet_at_start[, load_state]} (`quiet_at_start`: the page
 * was quiet and idle at the clock's first reading, so no quiet window was waited); never throws for a page that does not
 * settle (it reports why instead). `readPage(tabId)` replaces the content-script query
 * (tests).
 */
export async function stabilize(session, options, {
  now = () => performance.now(), inflight: seen = null, readPage = readPageClock,
  busy = () => false, askSettle = askSettled, heldRequests = () => 0, actProof = () => null,
} = {}) {
  const opts = stabilizeOptions(options);
  const report = { stabilized: true, waited_ms: 0, reasons: [], pending_requests: 0, mutations: 0 };
  if (!opts.enabled) {
    report.reasons.push('disabled');
    settledAtOnce(report, true);
    endedBy(report, 'disabled');
    return report;
  }
  const started = now();
  // A caller that watched the network since before this call (an action's readiness) hands
  // over the requests already in flight.
  const inflight = seen ?? new Set();
  const unsubscribe = session.onEvent((method, params) => {
    if (method === 'Network.requestWillBeSent') {
      if (!String(params.request?.url ?? '').startsWith('data:')) inflight.add(params.requestId);
    } else if (method === 'Network.loadingFinished' || method === 'Network.loadingFailed') {
      inflight.delete(params.requestId);
    }
  });
  let world = null;
  let base = 0; // the observer's count when this request started reading it
  let mutationsBefore = 0; // mutations counted by observers lost to a navigation
  let lastState = { count: 0, quiet: 0, since: 0 };
  let releaseNetwork = null;
  let onPageClock = false;
  try {
    releaseNetwork = await session.useNetwork().catch(() => {
      report.reasons.push('network_unobserved');
      return null;
    });
    const warm = await readPage(session.tabId);
    if (warm) {
      onPageClock = true;
      settledAtOnce(report, true); // until a second reading is needed (waitOnPageClock)
      report.source = 'navigation';
      report.observed_since_ms = Math.round(warm.since);
      report.mutations = await waitOnPageClock(session.tabId, opts, warm,
        { readPage, inflight, now, started, report, held: heldRequests,
          settle: { busy, ask: (tabId) => askSettle(tabId, { now }),
            // (a read's, when settle_after_act may answer it: lib/router/router.js, act_proof.js)
            proof: opts.settle ? actProof(session.tabId) : null } });
      // which settle rule ended the wait, on the report ('act_proof': settle_after_act)
      if (report[ENDED_BY] === 'settled' && report[SETTLED_BY]) report.settled_by = report[SETTLED_BY];
      report.quiet_at_start = report[ENDED_BY] === 'quiet_window' && report[SETTLED_AT_ONCE] === true;
      return report;
    }
    report.source = 'request';
    const kept = await reuseWorld(session);
    if (kept) {
      ({ world } = kept);
      base = kept.state.count;
      lastState = kept.state;
    }
    report.observed_since_ms = Math.round(kept?.state.since ?? 0);
    let passes = 0;
    for (let first = Boolean(kept); ; first = false) {
      passes += 1;
      try {
        if (world === null) {
          world = await createWorld(session);
          base = 0;
        }
        if (!first) {
          const state = await readWorld(session, world);
          if (!state) throw new Error('observer gone');
          lastState = state;
        }
      } catch {
        // the document changed under us (navigation): a fresh world, and the clock restarts
        mutationsBefore += lastState.count - base + 1;
        lastState = { count: 0, quiet: 0, since: 0 };
        base = 0;
        world = null;
      }
      const elapsed = now() - started;
      const domQuiet = world !== null && lastState.quiet >= opts.quiet_ms;
      if (settled(report, opts, elapsed, domQuiet, inflight.size, heldRequests())) {
        // quiet at the kept observer's first reading: no quiet window was waited
        report.quiet_at_start = passes === 1 && report[ENDED_BY] === 'quiet_window';
        break;
      }
      await sleep(Math.min(POLL_MS, Math.max(0, opts.max_wait_ms - elapsed)));
    }
  } finally {
    unsubscribe();
    report.waited_ms = Math.round(now() - started);
    report.pending_requests = inflight.size;
    if (!onPageClock) {
      report.mutations = mutationsBefore + lastState.count - base;
      report.quiet_for_ms = Math.round(lastState.quiet);
      if (world !== null) keepWorld(session.tabId, world);
    }
    if (releaseNetwork) await releaseNetwork();
  }
  return report;
}

// One poll's verdict, for both clocks: quiet enough (DOM and network), or out of time (the
// report then says what was still busy). Returns whether the wait is over.
// `unanswered`: the page's clock gave no answer at the last reading (a renderer too busy to
// answer in PAGE_CLOCK_TIMEOUT_MS, a navigation): not quiet, but not seen to mutate either,
// and the report says which.
function settled(report, opts, elapsed, domQuiet, pending, held = 0, unanswered = false) {
  const networkQuiet = pending <= opts.max_pending_requests && held === 0;
  if (domQuiet && networkQuiet) {
    endedBy(report, 'quiet_window');
    return true;
  }
  if (elapsed < opts.max_wait_ms) return false;
  endedBy(report, 'deadline');
  report.stabilized = false;
  if (!domQuiet) report.reasons.push(unanswered ? 'page_unanswered' : 'dom_mutations');
  if (!networkQuiet) report.reasons.push('network_pending');
  report.reasons.push('max_wait');
  return true;
}
