// Service worker: wiring only. Everything here is rebuilt when the worker restarts.

import { axCache } from './lib/ax/ax_cache_read.js';
import { readsWhole } from './lib/ax/ax_window_full.js';
import { dropTree } from './lib/reuse/ax_window_cache.js';
import { forgetWalk } from './lib/walker/walker_worlds.js';
import { dropDomSnapshotBase } from './lib/reuse/dom_snapshot_base.js';
import { capturePage, documentRead, prefetchFrames } from './lib/capture/capture.js';
import { walkWithProof, walksWithProof } from './lib/walker/walker_capture.js';
import { clickListenerSignature } from './lib/walker/walker_ids.js';
import { ACCESS_KEY, ACCESS_LINK_KEY, ACCESS_LOG_KEY, normalizeAccess, pushLog } from './lib/router/consent.js';
import { createControl, historyTab, navigateTab } from './lib/router/control.js';
import { AGENT_IDLE_DETACH_MS, AGENT_IDLE_KEY, DebuggerManager } from './lib/session/debugger.js';
import { NativeClient, replyJson } from './lib/native/native.js';
import { createAnswerCache } from './lib/reuse/answer_cache.js';
import { createActBaselines } from './lib/reuse/act_baseline.js';
import { createPreparer, preparationOn } from './lib/reuse/prepare.js';
import { ALLOW_LIST_KEY, normalizeAllowList } from './lib/router/policy.js';
import { MESSAGE_TYPES, createRouter } from './lib/router/router.js';
import { noteDialogClosed, unlessBlocked } from './lib/act/blocked.js';
import { resolveElement } from './lib/capture/resolve.js';
import { forgetWorld, stabilize } from './lib/session/stabilize.js';

const debuggers = new DebuggerManager(chrome.debugger);
// A worker stopped mid-capture (Chrome stops idle workers) left its debugger sessions
// attached: a new worker detaches them before the tabs could be reported busy for good.
debuggers.reclaimOrphans();
// The agents' idle time, unless this browser session set another (debugger.js AGENT_IDLE_KEY).
const agentIdle = (ms) => debuggers.setAgentIdle(Number.isInteger(ms) && ms >= 0 ? ms : AGENT_IDLE_DETACH_MS);
chrome.storage.session.get(AGENT_IDLE_KEY).then((got) => agentIdle(got?.[AGENT_IDLE_KEY]), () => {});
const native = new NativeClient({
  connect: (name) => chrome.runtime.connectNative(name),
  lastError: () => chrome.runtime.lastError?.message,
  onRequest: (msg) => control.handle(msg),
  onStatus: (msg) => {
    chrome.storage.session.set({ [ACCESS_LINK_KEY]: { linked: msg.linked === true, at: Date.now() } }).catch(() => {});
  },
  onClose: () => {
    // the host went away (killed, crashed, not installed): no link any more; start a new
    // host later while outside access is on, backing off so a missing host is not hammered
    chrome.storage.session.set({ [ACCESS_LINK_KEY]: { linked: false, at: Date.now() } }).catch(() => {});
    hostRetryMs = Math.min(hostRetryMs * 2, 60_000);
    setTimeout(() => keepHostForOutsideAccess(), hostRetryMs);
  },
});
let hostRetryMs = 1000;
const activeTabId = async () => {
  const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  return tab?.id;
};

// A tab an agent is reading (its debugger attachment kept between reads): a document it
// finishes loading is prepared once it settles, so the first read costs a re-read's.
// A read of a page that did not change since the last read with the same options is answered
// from that read's answer (the host's redacted output, in this worker's memory only).
const answerCache = createAnswerCache();
// An act in a loop resolves on the last act's report capture while the page provably did not change.
const actBaselines = createActBaselines({
  clickListeners: clickListenerSignature,
  frames: async (session) => (await prefetchFrames(session))?.frames ?? null,
  tabUrl: async (tabId) => (await chrome.tabs.get(tabId))?.url ?? null,
});
const preparer = createPreparer({
  debuggers, stabilize, capture: capturePage, documentRead, enabled: preparationOn,
  small: readsWhole, // only documents the AX window reads whole (ax_window_full.js)
  // the tab's last read options through the host: the first read is a cached answer
  answer: (session, tabId, stabilization) => router.prepareAnswer(session, tabId, stabilization),
});

const router = createRouter({
  preparation: (tabId) => preparer.outcome(tabId),
  yieldPreparation: (tabId) => preparer.yieldTo(tabId),
  answerCache,
  actBaselines,
  ownId: chrome.runtime.id,
  debuggers,
  native,
  stabilize,
  capture: capturePage,
  prefetchFrames,
  unlessBlocked,
  walkWithProof,
  walksWithProof,
  clickListeners: clickListenerSignature,
  resolve: resolveElement,
  getTargets: () => chrome.debugger.getTargets(),
  getTab: (tabId) => chrome.tabs.get(tabId),
  activeTabId,
  // Read on every external request: the panel may have changed it, the worker may be new.
  allowList: async () => normalizeAllowList((await chrome.storage.local.get(ALLOW_LIST_KEY))[ALLOW_LIST_KEY]),
});

// Outside agents (axsnap serve → native host → this worker), within the panel's consent.
let logWrites = Promise.resolve();
const control = createControl({
  ownId: chrome.runtime.id,
  access: async () => normalizeAccess((await chrome.storage.local.get(ACCESS_KEY))[ACCESS_KEY]),
  activeTabId,
  getTab: (tabId) => chrome.tabs.get(tabId),
  queryTabs: () => chrome.tabs.query({}),
  // as the outside role (policy.js), never as the extension itself
  request: (msg, grants) => router.handleOutside(msg, grants),
  navigate: (tabId, url, timeoutMs) => navigateTab(chrome.tabs, tabId, url, timeoutMs),
  history: (tabId, kind, timeoutMs) => historyTab(chrome.tabs, tabId, kind, timeoutMs),
  openTab: (windowId) => chrome.tabs.create({ url: 'about:blank', active: true, ...(windowId === null ? {} : { windowId }) }),
  focusTab: async (tab) => {
    await chrome.tabs.update(tab.id, { active: true });
    await chrome.windows.update(tab.windowId, { focused: true }).catch(() => {});
  },
  closeTab: (tabId) => chrome.tabs.remove(tabId),
  grantTab: async (tabId) => {
    const access = normalizeAccess((await chrome.storage.local.get(ACCESS_KEY))[ACCESS_KEY]);
    await chrome.storage.local.set({ [ACCESS_KEY]: { ...access, tabs: [...access.tabs, tabId] } });
  },
  grantOpened: async (tabId, windowId) => {
    const access = normalizeAccess((await chrome.storage.local.get(ACCESS_KEY))[ACCESS_KEY]);
    if (access.scope !== 'window' || access.windowId !== windowId) return; // the person moved on
    const kept = access.opened.windowId === windowId ? access.opened.tabs : [];
    await chrome.storage.local.set({ [ACCESS_KEY]: { ...access, opened: { windowId, tabs: [...kept, tabId] } } });
  },
  withSession: async (tabId, fn) => {
    const session = await debuggers.acquire(tabId);
    try {
      return await fn(session);
    } finally {
      session.release();
    }
  },
  onLog: (entry) => {
    // one write at a time, so concurrent requests do not drop each other's entries
    logWrites = logWrites.then(async () => {
      const log = (await chrome.storage.session.get(ACCESS_LOG_KEY))[ACCESS_LOG_KEY];
      await chrome.storage.session.set({ [ACCESS_LOG_KEY]: pushLog(log, entry) });
    }).catch(() => {});
    return logWrites;
  },
});

// While outside access is on, keep the native port open: the host it starts links to
// `axsnap serve` (and the open port keeps this worker alive).
async function keepHostForOutsideAccess() {
  const access = normalizeAccess((await chrome.storage.local.get(ACCESS_KEY))[ACCESS_KEY]);
  if (!access.enabled || native.connected) return;
  native.request('ping', {}, { timeoutMs: 15_000 }).then(() => { hostRetryMs = 1000; }, () => {});
}
keepHostForOutsideAccess();
chrome.runtime.onStartup.addListener(() => keepHostForOutsideAccess());
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'local' && changes[ACCESS_KEY]) keepHostForOutsideAccess();
  if (area === 'session' && changes[AGENT_IDLE_KEY]) agentIdle(changes[AGENT_IDLE_KEY].newValue);
});

chrome.debugger.onDetach.addListener((source, reason) => {
  debuggers.handleDetach(source, reason);
  axCache.drop(source?.tabId); // closed, cancelled or taken over: the next read is a full one
});
chrome.debugger.onEvent.addListener((source, method, params) => debuggers.handleEvent(source, method, params));

chrome.runtime.onMessage.addListener((msg, sender, sendResponse) => {
  // the bridge page's way to axsnapWorker.control (bridge.js), for axsnap's own pages only
  if (msg?.type === 'control_local' && sender?.id === chrome.runtime.id
      && String(sender.url ?? '').startsWith(`chrome-extension://${chrome.runtime.id}/`)) {
    control.handle(msg.message).then(sendResponse);
    return true;
  }
  if (!msg || !MESSAGE_TYPES.includes(msg.type)) return false;
  router.handle(msg, sender).then(sendResponse);
  return true; // the reply comes asynchronously
});

// Agents in other extensions: the same API, for the extensions on the panel's allow-list.
chrome.runtime.onMessageExternal.addListener((msg, sender, sendResponse) => {
  router.handle(msg, sender).then(sendResponse);
  return true;
});

// The bridge page (bridge.js, the Python client's way in) sends its requests over one
// long-lived port: {id, message} in, {id, reply} out, any number at once.
chrome.runtime.onConnect.addListener((port) => {
  if (port.name !== 'axsnap-bridge') return;
  let open = true;
  port.onDisconnect.addListener(() => { open = false; });
  port.onMessage.addListener(async (msg) => {
    const reply = await router.handle(msg?.message, port.sender);
    if (!open) return;
    try {
      port.postMessage({ id: msg?.id, reply });
    } catch {
      open = false; // the bridge page went away mid-request
    }
  });
});

// The Python client's direct way in (browser/worker_bridge.py): `Runtime.evaluate` of
// `axsnapWorker.send(message)` on this worker's own DevTools target, answered with the
// reply's JSON text; the same router call the bridge page's port makes, without the bridge
// page and the port between. Only a DevTools client (which can do anything in this browser
// already) reaches a worker's globals: no page or extension can call it.
const bridgeSender = { id: chrome.runtime.id, url: `chrome-extension://${chrome.runtime.id}/bridge.html` };
globalThis.axsnapWorker = {
  send: async (message) => replyJson(await router.handle(message, bridgeSender)),
  // `axsnap mcp --launch`: its own browser's requests go the way an outside agent's do
  // (control.js: the consent it set, the outside role), as the native host would pass them
  control: async (message) => JSON.stringify(await control.handle(message)),
  targets: async () => JSON.stringify(await chrome.debugger.getTargets()),
  // what the tab's last preparation did (lib/reuse/prepare.js), not taken from the next read
  preparation: async (tabId) => JSON.stringify(preparer.peek(tabId)),
};

// The panel asks over a port to hear the stages as they run: it posts one request and gets
// {type:"progress", stage, state, ms?} messages, then {type:"reply", reply}.
chrome.runtime.onConnect.addListener((port) => {
  if (port.name !== 'axsnap-request') return;
  let open = true;
  port.onDisconnect.addListener(() => { open = false; });
  const post = (message) => {
    if (!open) return;
    try {
      port.postMessage(message);
    } catch {
      open = false; // the panel went away mid-request
    }
  };
  port.onMessage.addListener(async (msg) => {
    const reply = await router.handle(msg, port.sender, { onProgress: (event) => post({ type: 'progress', ...event }) });
    post({ type: 'reply', reply });
  });
});

// The toolbar button opens the side panel (cheap and idempotent: set on every worker start).
chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => {});

// Alt+Shift+S: open the panel on the active tab and ask it to snapshot that tab.
chrome.commands.onCommand.addListener((command, tab) => {
  if (command !== 'snapshot-tab' || !tab?.id) return;
  chrome.sidePanel.open({ tabId: tab.id }).catch(() => {});
  chrome.storage.session.set({ snapshotRequest: { tabId: tab.id, at: Date.now() } }).catch(() => {});
});

chrome.tabs.onUpdated.addListener((tabId, change) => {
  // another document or URL (history.pushState too): its answers are not this page's
  if (change.status === 'loading' || change.url) {
    answerCache.drop(tabId);
    actBaselines.drop(tabId);
  }
  if (change.status === 'complete') preparer.prepare(tabId);
});

/**
 * Everything kept per tab goes with the tab, in one place: the stabilizer's world, the AX
 * cache's tree and the AX window's cached nodes (page text, unredacted), the cached answers, the
 * DOMSnapshot base, the walker's worlds, a dialog's message, the last preparation's outcome;
 * and the host's share (its TabState and raw bases: one forget_tab).
 */
function forgetTab(tabId) {
  forgetWorld(tabId);
  axCache.drop(tabId);
  dropTree(tabId);
  answerCache.forget(tabId);
  actBaselines.drop(tabId);
  dropDomSnapshotBase(tabId);
  forgetWalk(tabId);
  noteDialogClosed(tabId);
  preparer.outcome(tabId); // read and dropped
  if (native.connected) native.request('forget_tab', { tabId }, { timeoutMs: 5000 }).catch(() => {});
}

chrome.tabs.onRemoved.addListener(forgetTab);
