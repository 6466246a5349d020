// Readiness: is the page done reacting? The quiet-window model of stabilize.js (no DOM
// mutation and no input for quiet_ms, at most max_pending_requests requests in flight,
// capped at max_wait_ms), plus the main document's load state and the JavaScript dialogs
// that opened. A watch starts before an action, so the requests the action fires, the
// frames it makes load and the dialogs it opens are seen from their first moment; with
// `settle` the wait ends as soon as the page is provably settled (lib/session/settle.js),
// and the reply says which rule ended it (`ended_by`).

import { AxError } from '../common/errors.js';
import { ACT_LIMITS, DIALOG_SELECTOR, READY_OPTIONS } from '../generated/contract.js';
import { ENDED_BY, readPageClock, SETTLE_MISSES, SETTLED_BY, SETTLED_FRAMES, stabilize } from '../session/stabilize.js';
import { ACTION_REQUEST_GRACE_MS, askSettled } from '../session/settle.js';
import { noteDialogOpen } from './blocked.js';

/** {quiet_ms, max_wait_ms, max_pending_requests}: the defaults of models/act.py ReadyOptions. */
export const READY_DEFAULTS = Object.freeze(Object.fromEntries(
  Object.entries(READY_OPTIONS).map(([key, rule]) => [key, rule.default])));
const WORLD = 'axsnap-act';

/** Readiness options checked with the rules generated from models/act.py ReadyOptions. */
export function checkReady(options, { settle = true } = {}) {
  const out = { ...READY_DEFAULTS, settle };
  if (options === undefined || options === null) return out;
  if (typeof options !== 'object' || Array.isArray(options)) throw new AxError('invalid_message', 'options must be an object', '');
  for (const [key, value] of Object.entries(options)) {
    const rule = READY_OPTIONS[key];
    if (!rule) throw new AxError('invalid_message', `unknown readiness option ${key}`, Object.keys(READY_OPTIONS).join(', '));
    if (rule.kind === 'boolean') {
      if (!(typeof value === 'boolean' || (rule.nullable && value === null))) {
        throw new AxError('invalid_message', `${key} must be true or false`, '');
      }
    } else if (!(Number.isInteger(value) && value >= rule.min && value <= rule.max)) {
      throw new AxError('invalid_message', `${key} must be an integer from ${rule.min} to ${rule.max}`, '');
    }
    out[key] = value ?? out[key];
  }
  return out;
}

const FIRST_REQUESTS = 5; // the requests an act's report names (the rest are counted)
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function readyState(session) {
  try {
    const tree = await session.send('Page.getFrameTree');
    const world = await session.send('Page.createIsolatedWorld', { frameId: tree.frameTree.frame.id, worldName: WORLD });
    const res = await session.send('Runtime.evaluate',
      { expression: 'document.readyState', contextId: world.executionContextId, returnByValue: true });
    return String(res.result?.value ?? '');
  } catch {
    return ''; // between two documents
  }
}

/**
 * Start watching the tab: requests in flight, JavaScript dialogs (answered at once with
 * `dialog`: "accept" | "dismiss", so a dialog never blocks the page or the next step) and
 * navigations of the main frame (`onNavigate`). A page that keeps opening dialogs gets
 * `maxDialogs` answers: the next one is left open, noted for the tab (blocked.js) and told
 * to `onStorm(dialog)`. Returns {dialogs, ready(options), stop()}.
 */
export async function watchPage(session, {
  dialog = 'dismiss', now = () => performance.now(), maxDialogs = ACT_LIMITS.MAX_DIALOGS,
  onNavigate = () => {}, onStorm = () => {}, onWindowOpen = () => {},
} = {}) {
  const inflight = new Set();
  const startedAt = new Map(); // requestId -> when it was sent (the grace a young request holds)
  // when the last young request was answered (finished or failed within its grace): the page
  // renders an answer after it arrives, so the quiet window runs from the answer too
  let answeredAt = -Infinity;
  const watchedFrom = now();
  // what the action set going, for its report: requests (the first few named) and moves of
  // the main frame's history within its document (pushState, a hash)
  const activity = { requests: { started: 0, finished: 0, failed: 0, first: [] }, same_document: 0 };
  const named = new Map(); // requestId -> its entry in activity.requests.first
  const loading = new Set(); // frames loading or asked to navigate (the settle rule waits for them)
  const dialogs = [];
  const accept = dialog === 'accept';
  let storm = null;
  const releaseNetwork = await session.useNetwork().catch(() => null);
  const releasePage = await session.usePage().catch(() => null);
  const off = session.onEvent((method, params, source) => {
    if (method === 'Network.requestWillBeSent') {
      if (!String(params.request?.url ?? '').startsWith('data:')) {
        inflight.add(params.requestId);
        startedAt.set(params.requestId, now());
        if (!named.has(params.requestId)) {
          activity.requests.started += 1;
          if (activity.requests.first.length < FIRST_REQUESTS) {
            const entry = { method: String(params.request?.method ?? ''), url: String(params.request?.url ?? ''),
              type: String(params.type ?? ''), status: null };
            activity.requests.first.push(entry);
            named.set(params.requestId, entry);
          } else named.set(params.requestId, null);
        }
      }
    } else if (method === 'Network.responseReceived') {
      const entry = named.get(params.requestId);
      if (entry) entry.status = Number(params.response?.status) || null;
    } else if (method === 'Network.loadingFinished' || method === 'Network.loadingFailed') {
      if (inflight.has(params.requestId)) activity.requests[method === 'Network.loadingFailed' ? 'failed' : 'finished'] += 1;
      // (one the action set going: sent within the grace of the watch's start, not a poll's later turn)
      const sent = startedAt.get(params.requestId);
      if (sent !== undefined && sent - watchedFrom < ACTION_REQUEST_GRACE_MS && now() - sent < ACTION_REQUEST_GRACE_MS) answeredAt = now();
      inflight.delete(params.requestId);
      startedAt.delete(params.requestId);
    } else if (method === 'Page.frameStartedLoading'
      || (method === 'Page.frameRequestedNavigation' && params.disposition === 'currentTab')) {
      loading.add(params.frameId);
    } else if (method === 'Page.windowOpen' || (method === 'Page.frameRequestedNavigation'
      && (params.disposition === 'newTab' || params.disposition === 'newWindow'))) {
      onWindowOpen(params.url); // a new tab or window (frameRequestedNavigation: newTab, newWindow)
    } else if (method === 'Page.frameStoppedLoading') {
      loading.delete(params.frameId);
    } else if (method === 'Page.javascriptDialogOpening') {
      const seen = { type: String(params.type ?? ''), message: String(params.message ?? '') };
      if (storm || dialogs.length >= maxDialogs) {
        storm = storm ?? seen;
        noteDialogOpen(session.tabId, seen);
        onStorm(seen, dialogs.length);
        return;
      }
      dialogs.push({ ...seen, handled: accept ? 'accepted' : 'dismissed' });
      session.send('Page.handleJavaScriptDialog', { accept }, source?.sessionId).catch(() => {});
    } else if (method === 'Page.navigatedWithinDocument' && !source?.sessionId) {
      activity.same_document += 1;
    } else if (method === 'Page.frameNavigated' && !params.frame?.parentId && !source?.sessionId) {
      onNavigate(params.frame);
    }
  });
  let stopped = false;
  let settledReading = null; // the page clock's reading of the settle check that ended a wait
  let settledPage = null; // the page at the verdict of the wait's first check, when it ended the wait
  let checkAsked = () => {};
  const firstCheck = new Promise((resolve) => { checkAsked = resolve; });
  return {
    dialogs,
    /** Resolves once the first wait started: {asked: whether it asked a settle check at once,
     * answered: a promise settled when that check's answer came (or failed)}. */
    firstCheck,
    /** The page clock's reading (content/readiness.js read()) of the settle check that ended the
     * last wait as settled, or null: the page as it was when the wait ended, its submits with it. */
    get settledReading() { return settledReading; },
    /** The page as the verdict of the wait's first settle check read it ({proof, url, frames}:
     * content/readiness.js pageAtVerdict), when that check ended the last wait as settled with
     * the document loaded and the wait was asked `withProof`; else null. */
    get settledPage() { return settledPage; },
    /** What the action set going: {requests: {started, finished, failed, first}, same_document}. */
    activity() {
      return { ...activity, requests: { ...activity.requests, pending: inflight.size, first: activity.requests.first.map((e) => ({ ...e })) } };
    },
    get storm() { return storm; },
    /** Wait for readiness: {ready, waited_ms, reasons, pending_requests, load, mutations,
     * ended_by[, settled_by]}. `schedule`: the page's schedule counters read before the action
     * (readPageClock), for the settle check's "nothing scheduled" rule. */
    async ready(options = {}, { schedule = null, documentToken = null, withProof = false } = {}) {
      const opts = { ...READY_DEFAULTS, ...options };
      const t0 = now();
      // The requests that hold the quiet window: each young one in flight, and the last young
      // one answered less than quiet_ms ago. Its handler renders after the answer arrives (a
      // response read, then written to the page): a page quiet since the click while the
      // request was slow must not end the wait between the answer and that write (the settle
      // check, asked meanwhile, sees the handler's work).
      const young = () => {
        let n = now() - answeredAt < opts.quiet_ms ? 1 : 0;
        for (const id of inflight) if (now() - (startedAt.get(id) ?? -Infinity) < ACTION_REQUEST_GRACE_MS) n += 1;
        return n;
      };
      // The first settle check is asked beside the clock's first reading, not after its answer
      // (one message less before the check's frames start); used only where the wait would
      // ask it (stabilize.js: the page may be settled by what the extension sees), else dropped.
      // Only for the act's own document (`documentToken`: its clock's token before the input); its
      // answer stands only when the wait's last reading is of that document too (a navigation
      // in between: asked again, of the document there now, without waiting for this one).
      // And only for the reading it was asked beside, the wait's first: when that reading did
      // not let the page be settled (a request in flight), the wait reads again later and asks
      // then, and this answer, given before what came since (the response's handler), is
      // dropped unread (note 146).
      let asked = opts.settle && documentToken ? askSettled(session.tabId, { now, schedule, withProof }) : null;
      settledPage = null;
      asked?.catch(() => {});
      checkAsked({ asked: asked !== null, answered: asked?.then(() => {}, () => {}) ?? null });
      let lastToken = null; // the document of the wait's last reading
      let readings = 0; // the wait's readings of the page clock
      const report = await stabilize(session, { stabilize: { enabled: true, ...opts } }, {
        now, inflight, busy: () => loading.size > 0 || dialogs.length > 0 || storm !== null,
        heldRequests: opts.settle ? young : () => 0,
        readPage: async (tabId) => {
          const reading = await readPageClock(tabId);
          readings += 1;
          lastToken = reading?.token ?? null;
          return reading;
        },
        askSettle: async (tabId, how) => {
          const first = asked && readings === 1 && lastToken === documentToken ? await asked : null;
          asked = null;
          const same = first && first.reading?.token === lastToken;
          // (the page at the verdict only of the first: a capture walked while later ones ran
          // read its listeners before their verdicts, and is checked in full)
          const answer = same ? first : await askSettled(tabId, { ...how, schedule });
          settledReading = answer?.settled ? answer.reading : null;
          // (only when it is the wait's first step, no reading of the page since the check was
          // asked: its verdict is the one the wait ends on at once, never an old answer; and
          // only when the page scheduled nothing since the input: past a floor verdict a timer
          // the page set may still fire, which a capture after readiness would see)
          settledPage = same && answer.settled && answer.by === 'nothing_scheduled' && readings === 1
            ? answer.at ?? null : null;
          return answer;
        },
      });
      if (report[ENDED_BY] !== 'settled') settledReading = null;
      if (report[ENDED_BY] !== 'settled' || report.load_state !== 'complete') settledPage = null;
      // settled: the readiness content script read the document loaded (settle.js mayBeSettled)
      let load = report[ENDED_BY] === 'settled' && report.load_state === 'complete' ? 'complete' : await readyState(session);
      while (load !== 'complete' && now() - t0 < opts.max_wait_ms) {
        await sleep(100);
        load = await readyState(session);
      }
      const reasons = [...report.reasons];
      if (load !== 'complete') reasons.push('loading');
      if (dialogs.length) reasons.push('dialog');
      if (storm) reasons.push('dialog_storm');
      return {
        ready: report.stabilized && load === 'complete',
        waited_ms: Math.round(now() - t0),
        reasons,
        pending_requests: inflight.size,
        load,
        mutations: report.mutations,
        ended_by: load === 'complete' ? report[ENDED_BY] ?? 'quiet_window' : 'deadline',
        ...(load === 'complete' && report[SETTLED_BY] ? { settled_by: report[SETTLED_BY] } : {}),
        ...(load === 'complete' && report[SETTLED_FRAMES] ? { settled_frames: report[SETTLED_FRAMES] } : {}),
        // why settle checks did not end the wait (a loaded renderer's late answer: 'unanswered')
        ...(report[ENDED_BY] !== 'settled' && report[SETTLE_MISSES]?.length ? { settle_misses: [...report[SETTLE_MISSES]] } : {}),
      };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      off();
      if (releaseNetwork) await releaseNetwork();
      // Page.disable is not waited for: the session sends it before any later command (a next
      // act's enable included), and no dialog is answered from here on anyway
      releasePage?.();
    },
  };
}

const FOCUSED = `(() => {
  let el = document.activeElement;
  const inner = (e) => { while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement; return e; };
  el = inner(el);
  try {
    while (el && (el.localName === 'iframe' || el.localName === 'frame') && el.contentDocument) {
      el = inner(el.contentDocument.activeElement);
    }
  } catch (e) { /* a cross-site frame: its <iframe> is what has focus here */ }
  return el && el.localName !== 'body' && el.localName !== 'html' ? el : null;
})()`;

/** The focused element (through shadow roots and same-process frames): {backendNodeId, tag} | null. */
export async function focusedElement(session) {
  try {
    const tree = await session.send('Page.getFrameTree');
    const world = await session.send('Page.createIsolatedWorld', { frameId: tree.frameTree.frame.id, worldName: WORLD });
    const res = await session.send('Runtime.evaluate',
      { expression: FOCUSED, contextId: world.executionContextId, returnByValue: false });
    if (!res.result?.objectId) return null;
    const d = await session.send('DOM.describeNode', { objectId: res.result.objectId });
    return { backendNodeId: d.node.backendNodeId, tag: d.node.localName ?? '' };
  } catch {
    return null;
  }
}

// The in-page dialogs shown (<dialog open>, role dialog/alertdialog, aria-modal), by name:
// its aria-label, the text it is labelled by, its first heading, else its first words.
export const MODALS = `(() => {
  const clip = (t) => { const s = String(t || '').replace(/\\s+/g, ' ').trim(); return s.length > 80 ? s.slice(0, 79) + '…' : s; };
  const out = [];
  for (const d of document.querySelectorAll(${JSON.stringify(DIALOG_SELECTOR)})) {
    if (!d.getClientRects().length || getComputedStyle(d).visibility === 'hidden') continue;
    if (out.some((o) => o.el.contains(d))) continue;
    let name = clip(d.getAttribute('aria-label'));
    if (!name && d.getAttribute('aria-labelledby')) {
      name = clip(d.getAttribute('aria-labelledby').split(/\\s+/).map((id) => document.getElementById(id))
        .filter(Boolean).map((n) => n.textContent).join(' '));
    }
    if (!name) { const h = d.querySelector('h1, h2, h3, h4, h5, h6'); name = clip(h && h.textContent); }
    if (!name) name = clip(d.innerText).slice(0, 60) || 'dialog';
    out.push({ el: d, name });
  }
  return out.map((o) => o.name);
})()`;

/** The names of the in-page dialogs the tab's top document shows now ([] when it cannot tell). */
export async function shownModals(session) {
  try {
    const tree = await session.send('Page.getFrameTree');
    const world = await session.send('Page.createIsolatedWorld', { frameId: tree.frameTree.frame.id, worldName: WORLD });
    const res = await session.send('Runtime.evaluate',
      { expression: MODALS, contextId: world.executionContextId, returnByValue: true });
    return Array.isArray(res.result?.value) ? res.result.value.map(String) : [];
  } catch {
    return [];
  }
}

// the focused element comes back as a node (its backendNodeId, no second command), the names
// of the modals as strings beside it: [element | null, ...names]
const ONE_LEVEL = { serialization: 'deep', maxDepth: 1, additionalParameters: { maxNodeDepth: 0, includeShadowTree: 'none' } };

/**
 * {focus, modals} as focusedElement and shownModals read them, in one evaluate in the isolated
 * world `contextId` of the top document (a walker's world the act already knows: one round trip,
 * not four); else (no context, a context gone) the two reads.
 */
export async function focusAndModals(session, contextId = null) {
  if (Number.isInteger(contextId)) {
    const res = await session.send('Runtime.evaluate', { expression: FOCUS_AND_MODALS, contextId,
      serializationOptions: ONE_LEVEL }).catch(() => null);
    const got = focusAndModalsOf(res && !res.exceptionDetails ? res.result?.deepSerializedValue?.value : null);
    if (got) return got;
  }
  const [focus, modals] = await Promise.all([focusedElement(session), shownModals(session)]);
  return { focus, modals };
}

/** The expression of focusAndModals' one read: [focused element | null, ...modal names]
 * (a walk's evaluate carries it too: walker_capture.js walkWithProof `also`). */
export const FOCUS_AND_MODALS = `[${FOCUSED}, ...${MODALS}]`;

/** {focus, modals} of FOCUS_AND_MODALS's deep-serialized items (one level, nodes as
 * backendNodeIds), or null when they are not its answer. */
export function focusAndModalsOf(items) {
  if (!Array.isArray(items) || items.length < 1) return null;
  const [el, ...names] = items;
  const id = el?.type === 'node' ? el.value?.backendNodeId : null;
  if (el?.type !== 'null' && !Number.isInteger(id)) return null;
  return {
    focus: Number.isInteger(id) ? { backendNodeId: id, tag: el.value?.localName ?? '' } : null,
    modals: names.map((n) => String(n?.value ?? '')),
  };
}
