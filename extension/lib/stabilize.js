// Wait until the page is quiet: no DOM mutations for quiet_ms and few requests in flight.
// Mutations are counted by a MutationObserver living in an isolated world, so nothing is
// written to the page's DOM or to globals the page can see.
//
// The observer outlives the request: the next snapshot of the same document reads how long
// the page has already been quiet instead of starting the clock again, so an agent reading
// a tab that settled while it was thinking pays no quiet window (a first read of a document
// still waits quiet_ms, since nobody watched it before). The observer stops itself after
// OBSERVER_IDLE_MS without a read, and dies with its document on navigation. A world is
// found again by its context id (kept per tab in this module: losing it on a worker
// restart only costs one fresh world) and recognised by a random token, so a reused id
// that now names another context is never trusted.

export const STABILIZE_DEFAULTS = Object.freeze({
  enabled: true, quiet_ms: 500, max_wait_ms: 5000, max_pending_requests: 2,
});
export const OBSERVER_IDLE_MS = 300_000;
const POLL_MS = 100;
const WORLD_NAME = 'axsnap-stabilize';
const MAX_KEPT_WORLDS = 64;
// User (or agent) input that restarts the quiet clock. Not click/mousedown/mouseup: the
// walker reads those listeners (lib/walker_ids.js) and must see only the page's own.
export const ACTIVITY_EVENTS = Object.freeze(['pointerdown', 'keydown', 'input', 'change', 'submit', 'wheel', 'scroll']);

const keptWorlds = new Map(); // tabId -> {contextId, token}

/** Starts the observer in a fresh world; `token` names this observer. Input counts as
 * activity too (not as a mutation): a click whose effect is still on its way over the
 * network must restart the quiet clock, as it would for a first read. */
function installObserver(token) {
  return `(() => {
  const state = globalThis.__axsnapStabilize = { token: ${JSON.stringify(token)}, count: 0,
    last: performance.now(), observer: null, expiry: 0, stop: null };
  state.observer = new MutationObserver((records) => {
    state.count += records.length;
    state.last = performance.now();
  });
  state.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const touch = () => { state.last = performance.now(); };
  const inputs = ${JSON.stringify(ACTIVITY_EVENTS)};
  const how = { capture: true, passive: true };
  for (const type of inputs) document.addEventListener(type, touch, how);
  state.stop = () => {
    state.observer.disconnect();
    state.observer = null;
    for (const type of inputs) document.removeEventListener(type, touch, how);
  };
  return true;
})()`;
}

/** {count, quiet} of the observer named `token` (and its idle timer restarted), or null. */
function readObserver(token) {
  return `(() => {
  const s = globalThis.__axsnapStabilize;
  if (!s || s.token !== ${JSON.stringify(token)} || !s.observer) return 'null';
  clearTimeout(s.expiry);
  s.expiry = setTimeout(s.stop, ${OBSERVER_IDLE_MS});
  return JSON.stringify({ count: s.count, quiet: performance.now() - s.last });
})()`;
}

function newToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function keepWorld(tabId, world) {
  keptWorlds.delete(tabId);
  keptWorlds.set(tabId, world);
  for (const oldest of keptWorlds.keys()) {
    if (keptWorlds.size <= MAX_KEPT_WORLDS) break;
    keptWorlds.delete(oldest);
  }
}

/** Forget the world kept for `tabId` (tests; a closed tab). */
export function forgetWorld(tabId) {
  keptWorlds.delete(tabId);
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
  const world = keptWorlds.get(session.tabId);
  if (!world) return null;
  const state = await readWorld(session, world).catch(() => null);
  if (!state) {
    keptWorlds.delete(session.tabId);
    return null;
  }
  return { world, state };
}

/**
 * Wait for a quiet window on the tab behind `session`.
 * Resolves {stabilized, waited_ms, reasons, pending_requests, mutations}; never throws for
 * a page that does not settle (it reports why instead).
 */
export async function stabilize(session, options, { now = () => performance.now(), inflight: seen = null } = {}) {
  const opts = stabilizeOptions(options);
  const report = { stabilized: true, waited_ms: 0, reasons: [], pending_requests: 0, mutations: 0 };
  if (!opts.enabled) {
    report.reasons.push('disabled');
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
  let lastState = { count: 0, quiet: 0 };
  let releaseNetwork = null;
  try {
    releaseNetwork = await session.useNetwork().catch(() => {
      report.reasons.push('network_unobserved');
      return null;
    });
    const kept = await reuseWorld(session);
    if (kept) {
      ({ world } = kept);
      base = kept.state.count;
      lastState = kept.state;
    }
    for (let first = Boolean(kept); ; first = false) {
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
        lastState = { count: 0, quiet: 0 };
        base = 0;
        world = null;
      }
      const elapsed = now() - started;
      const domQuiet = world !== null && lastState.quiet >= opts.quiet_ms;
      const networkQuiet = inflight.size <= opts.max_pending_requests;
      if (domQuiet && networkQuiet) break;
      if (elapsed >= opts.max_wait_ms) {
        report.stabilized = false;
        if (!domQuiet) report.reasons.push('dom_mutations');
        if (!networkQuiet) report.reasons.push('network_pending');
        report.reasons.push('max_wait');
        break;
      }
      await sleep(Math.min(POLL_MS, Math.max(0, opts.max_wait_ms - elapsed)));
    }
  } finally {
    unsubscribe();
    report.waited_ms = Math.round(now() - started);
    report.pending_requests = inflight.size;
    report.mutations = mutationsBefore + lastState.count - base;
    if (world !== null) keepWorld(session.tabId, world);
    if (releaseNetwork) await releaseNetwork();
  }
  return report;
}
