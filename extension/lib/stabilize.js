// Wait until the page is quiet: no DOM mutations for quiet_ms and few requests in flight.
// Mutations are counted by a MutationObserver living in an isolated world, so nothing is
// written to the page's DOM or to globals the page can see.

export const STABILIZE_DEFAULTS = Object.freeze({
  enabled: true, quiet_ms: 500, max_wait_ms: 5000, max_pending_requests: 2,
});
const POLL_MS = 100;
const WORLD_NAME = 'axsnap-stabilize';

const INSTALL_OBSERVER = `(() => {
  const state = globalThis.__axsnapStabilize = { count: 0, last: performance.now(), observer: null };
  state.observer = new MutationObserver((records) => {
    state.count += records.length;
    state.last = performance.now();
  });
  state.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  return true;
})()`;
const READ_OBSERVER = `(() => {
  const s = globalThis.__axsnapStabilize;
  return s ? JSON.stringify({ count: s.count, quiet: performance.now() - s.last }) : 'null';
})()`;
const STOP_OBSERVER = `(() => {
  const s = globalThis.__axsnapStabilize;
  if (s && s.observer) s.observer.disconnect();
  return true;
})()`;

export function stabilizeOptions(options) {
  return { ...STABILIZE_DEFAULTS, ...(options?.stabilize ?? {}) };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function createWorld(session) {
  const tree = await session.send('Page.getFrameTree');
  const world = await session.send('Page.createIsolatedWorld', {
    frameId: tree.frameTree.frame.id, worldName: WORLD_NAME,
  });
  const contextId = world.executionContextId;
  await session.send('Runtime.evaluate', { expression: INSTALL_OBSERVER, contextId, returnByValue: true });
  return contextId;
}

async function readObserver(session, contextId) {
  const res = await session.send('Runtime.evaluate', {
    expression: READ_OBSERVER, contextId, returnByValue: true,
  });
  if (res.exceptionDetails) throw new Error('observer read failed');
  return JSON.parse(res.result.value);
}

/**
 * Wait for a quiet window on the tab behind `session`.
 * Resolves {stabilized, waited_ms, reasons, pending_requests, mutations}; never throws for
 * a page that does not settle (it reports why instead).
 */
export async function stabilize(session, options, { now = () => performance.now() } = {}) {
  const opts = stabilizeOptions(options);
  const report = { stabilized: true, waited_ms: 0, reasons: [], pending_requests: 0, mutations: 0 };
  if (!opts.enabled) {
    report.reasons.push('disabled');
    return report;
  }
  const started = now();
  const inflight = new Set();
  const unsubscribe = session.onEvent((method, params) => {
    if (method === 'Network.requestWillBeSent') {
      if (!String(params.request?.url ?? '').startsWith('data:')) inflight.add(params.requestId);
    } else if (method === 'Network.loadingFinished' || method === 'Network.loadingFailed') {
      inflight.delete(params.requestId);
    }
  });
  let contextId = null;
  let mutationsBefore = 0; // mutations counted by observers lost to a navigation
  let lastState = { count: 0, quiet: 0 };
  let releaseNetwork = null;
  try {
    releaseNetwork = await session.useNetwork().catch(() => {
      report.reasons.push('network_unobserved');
      return null;
    });
    for (;;) {
      try {
        if (contextId === null) contextId = await createWorld(session);
        const state = await readObserver(session, contextId);
        if (state) lastState = state;
      } catch {
        // the document changed under us (navigation): a fresh world, and the clock restarts
        mutationsBefore += lastState.count + 1;
        lastState = { count: 0, quiet: 0 };
        contextId = null;
      }
      const elapsed = now() - started;
      const domQuiet = contextId !== null && lastState.quiet >= opts.quiet_ms;
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
    report.mutations = mutationsBefore + lastState.count;
    if (contextId !== null) {
      await session.send('Runtime.evaluate', { expression: STOP_OBSERVER, contextId }).catch(() => {});
    }
    if (releaseNetwork) await releaseNetwork();
  }
  return report;
}
