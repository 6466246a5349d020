// Helpers for automation clients on bridge.html. Every call resolves with a JSON string.
// The Python client sends its requests to the worker itself (background.js: axsnapWorker,
// over the worker's DevTools target) and comes here for progress requests, the test
// helpers, and whenever the worker is not running (this page's port starts it).

import { PREPARE_DOCUMENTS_KEY } from './lib/reuse/prepare.js';
import { AGENT_IDLE_KEY } from './lib/session/debugger.js';
import { WORKER_GONE, workerStopped } from './lib/session/worker_stopped.js';

async function call(fn) {
  try {
    const reply = await fn();
    if (reply === undefined) throw new Error('The message port closed before a response was received.');
    return JSON.stringify(reply);
  } catch (e) {
    const message = String(e?.message ?? e);
    // the service worker stopped before it answered: the structured shape every reply has
    if (WORKER_GONE.test(message)) return JSON.stringify(workerStopped(message));
    return JSON.stringify({ ok: false, error: { code: e?.code ?? 'internal_error', message, hint: '' } });
  }
}

// `send` requests travel one long-lived port to the service worker ('axsnap-bridge'), each
// with an id its reply carries: ~1 ms less a request than chrome.runtime.sendMessage with a
// 33 KB reply (0.8 vs 1.8 ms, measured in Chromium 156). The port closes when the worker
// stops: the requests on it are worker_stopped, and the next request opens a new port
// (which starts a new worker).
let bridgePort = null;
const waiting = new Map(); // id -> {port, resolve}
let requestCounter = 0;

function openPort() {
  const port = chrome.runtime.connect({ name: 'axsnap-bridge' });
  port.onMessage.addListener((m) => {
    const entry = waiting.get(m?.id);
    if (!entry) return;
    waiting.delete(m.id);
    entry.resolve(m.reply);
  });
  port.onDisconnect.addListener(() => {
    const detail = chrome.runtime.lastError?.message ?? '';
    if (bridgePort === port) bridgePort = null;
    for (const [id, entry] of waiting) {
      if (entry.port !== port) continue;
      waiting.delete(id);
      entry.resolve(workerStopped(detail));
    }
  });
  return port;
}

function sendOverPort(message) {
  requestCounter += 1;
  const id = requestCounter;
  return new Promise((resolve) => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      bridgePort ??= openPort();
      const port = bridgePort;
      waiting.set(id, { port, resolve });
      try {
        port.postMessage({ id, message });
        return;
      } catch {
        // a port that closed before its disconnect event arrived: the request never left
        waiting.delete(id);
        if (bridgePort === port) bridgePort = null;
      }
    }
    resolve(workerStopped('no port to the service worker'));
  });
}

// Requests started with `start` run over the panel's port ('axsnap-request'), so their
// progress events (stages; parts and AX nodes of a whole-page read) can be polled.
// A client that stops polling (its own deadline ran out) leaves its job behind: the oldest
// jobs beyond MAX_JOBS are dropped, so a long Selenium session does not accumulate them.
const MAX_JOBS = 16;
const jobs = new Map(); // token -> {events, reply, wake}, oldest first
let jobCounter = 0;

function startJob(message) {
  jobCounter += 1;
  const token = `job-${jobCounter}`;
  const job = { events: [], reply: null, wake: null };
  jobs.set(token, job);
  for (const old of jobs.keys()) {
    if (jobs.size <= MAX_JOBS) break;
    jobs.delete(old);
  }
  const port = chrome.runtime.connect({ name: 'axsnap-request' });
  port.onMessage.addListener((m) => {
    if (m?.type === 'progress') job.events.push(m);
    else if (m?.type === 'reply' && !job.reply) {
      job.reply = m.reply;
      port.disconnect();
    }
    job.wake?.();
  });
  port.onDisconnect.addListener(() => {
    void chrome.runtime.lastError;
    job.reply ??= workerStopped();
    job.wake?.();
  });
  port.postMessage(message);
  return { ok: true, token };
}

/**
 * The events since the last poll, and the reply once there is one (the job is then gone).
 * `waitMs`: when there is neither yet, answer at the first event or the reply, or after
 * `waitMs` (a client hears each event as it comes, and the reply at once, without sleeping
 * between polls).
 */
function pollJob(token, waitMs = 0) {
  const job = jobs.get(token);
  if (!job) {
    return { ok: false, error: { code: 'invalid_message', message: `no request ${token}`,
      hint: 'poll a token from start; a finished request is gone after its reply was polled' } };
  }
  if (waitMs > 0 && !job.reply && job.events.length === 0 && !job.wake) {
    return new Promise((resolve) => {
      const answer = () => {
        clearTimeout(timer);
        job.wake = null;
        resolve(takeJob(token, job));
      };
      const timer = setTimeout(answer, Math.min(waitMs, 10_000));
      job.wake = answer;
    });
  }
  return takeJob(token, job);
}

function takeJob(token, job) {
  const events = job.events.splice(0);
  if (!job.reply) return { ok: true, events, done: false };
  jobs.delete(token);
  return { ok: true, events, done: true, reply: job.reply };
}

globalThis.axsnapBridge = {
  /** Start a request whose progress is polled with `poll` (the CLI's progress bar). */
  start: (message) => call(async () => startJob(message)),
  poll: (token, waitMs) => call(async () => pollJob(token, Number(waitMs) || 0)),
  /** Send a message to the service worker ({type:"snapshot",...} or {type:"ping_host"}). */
  send: (message) => call(() => sendOverPort(message)),
  /** An outside agent's request ({id, op, params, client}) as control.js answers it. */
  control: (message) => call(() => chrome.runtime.sendMessage({ type: 'control_local', message })),
  /** CDP targets known to chrome.debugger (maps Selenium window handles to tab ids). */
  targets: () => call(() => chrome.debugger.getTargets()),
  /** Attach chrome.debugger to a tab from this page (tests use it to occupy a tab). */
  attach: (tabId) => call(async () => { await chrome.debugger.attach({ tabId }, '1.3'); return { ok: true }; }),
  detach: (tabId) => call(async () => { await chrome.debugger.detach({ tabId }); return { ok: true }; }),
  /** Turn the worker's preparation of new documents (lib/reuse/prepare.js) on or off for this
   * browser session: a test of a document's own first read turns it off, so no preparation races it. */
  setPreparation: (on) => call(async () => {
    await chrome.storage.session.set({ [PREPARE_DOCUMENTS_KEY]: on !== false });
    return { ok: true, prepareDocuments: on !== false };
  }),
  /** The agents' debugger idle time (ms; null: the default) for this browser session
   * (lib/session/debugger.js AGENT_IDLE_KEY): a test of the idle detach waits no two minutes. */
  setAgentIdle: (ms) => call(async () => {
    if (Number.isInteger(ms) && ms >= 0) await chrome.storage.session.set({ [AGENT_IDLE_KEY]: ms });
    else await chrome.storage.session.remove(AGENT_IDLE_KEY);
    return { ok: true, agentIdleMs: Number.isInteger(ms) && ms >= 0 ? ms : null };
  }),
  extensionId: () => chrome.runtime.id,
};
