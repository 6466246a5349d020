// Helpers for automation clients on bridge.html. Every call resolves with a JSON string.

import { WORKER_GONE, workerStopped } from './lib/worker_stopped.js';

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

// Requests started with `start` run over the panel's port ('axsnap-request'), so their
// progress events (stages; parts and AX nodes of a whole-page read) can be polled.
// A client that stops polling (its own deadline ran out) leaves its job behind: the oldest
// jobs beyond MAX_JOBS are dropped, so a long Selenium session does not accumulate them.
const MAX_JOBS = 16;
const jobs = new Map(); // token -> {events, reply}, oldest first
let jobCounter = 0;

function startJob(message) {
  jobCounter += 1;
  const token = `job-${jobCounter}`;
  const job = { events: [], reply: null };
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
  });
  port.onDisconnect.addListener(() => {
    void chrome.runtime.lastError;
    job.reply ??= workerStopped();
  });
  port.postMessage(message);
  return { ok: true, token };
}

/** The events since the last poll, and the reply once there is one (the job is then gone). */
function pollJob(token) {
  const job = jobs.get(token);
  if (!job) {
    return { ok: false, error: { code: 'invalid_message', message: `no request ${token}`,
      hint: 'poll a token from start; a finished request is gone after its reply was polled' } };
  }
  const events = job.events.splice(0);
  if (!job.reply) return { ok: true, events, done: false };
  jobs.delete(token);
  return { ok: true, events, done: true, reply: job.reply };
}

globalThis.axsnapBridge = {
  /** Start a request whose progress is polled with `poll` (the CLI's progress bar). */
  start: (message) => call(async () => startJob(message)),
  poll: (token) => call(async () => pollJob(token)),
  /** Send a message to the service worker ({type:"snapshot",...} or {type:"ping_host"}). */
  send: (message) => call(() => chrome.runtime.sendMessage(message)),
  /** CDP targets known to chrome.debugger (maps Selenium window handles to tab ids). */
  targets: () => call(() => chrome.debugger.getTargets()),
  /** Attach chrome.debugger to a tab from this page (tests use it to occupy a tab). */
  attach: (tabId) => call(async () => { await chrome.debugger.attach({ tabId }, '1.3'); return { ok: true }; }),
  detach: (tabId) => call(async () => { await chrome.debugger.detach({ tabId }); return { ok: true }; }),
  extensionId: () => chrome.runtime.id,
};
