// Service worker: wiring only. Everything here is rebuilt when the worker restarts.

import { capturePage } from './lib/capture.js';
import { DebuggerManager } from './lib/debugger.js';
import { NativeClient } from './lib/native.js';
import { ALLOW_LIST_KEY, normalizeAllowList } from './lib/policy.js';
import { createRouter } from './lib/router.js';
import { resolveElement } from './lib/resolve.js';
import { forgetWorld, stabilize } from './lib/stabilize.js';

const debuggers = new DebuggerManager(chrome.debugger);
const native = new NativeClient({
  connect: (name) => chrome.runtime.connectNative(name),
  lastError: () => chrome.runtime.lastError?.message,
});

const router = createRouter({
  ownId: chrome.runtime.id,
  debuggers,
  native,
  stabilize,
  capture: capturePage,
  resolve: resolveElement,
  getTargets: () => chrome.debugger.getTargets(),
  getTab: (tabId) => chrome.tabs.get(tabId),
  activeTabId: async () => {
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    return tab?.id;
  },
  // Read on every external request: the panel may have changed it, the worker may be new.
  allowList: async () => normalizeAllowList((await chrome.storage.local.get(ALLOW_LIST_KEY))[ALLOW_LIST_KEY]),
});

chrome.debugger.onDetach.addListener((source, reason) => debuggers.handleDetach(source, reason));
chrome.debugger.onEvent.addListener((source, method, params) => debuggers.handleEvent(source, method, params));

chrome.runtime.onMessage.addListener((msg, sender, sendResponse) => {
  if (!msg || !['snapshot', 'ping_host', 'resolve'].includes(msg.type)) return false;
  router.handle(msg, sender).then(sendResponse);
  return true; // the reply comes asynchronously
});

// Agents in other extensions: the same API, for the extensions on the panel's allow-list.
chrome.runtime.onMessageExternal.addListener((msg, sender, sendResponse) => {
  router.handle(msg, sender).then(sendResponse);
  return true;
});

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

// The host keeps per-tab state (index registry), and stabilize keeps the tab's observer;
// drop both when the tab goes away.
chrome.tabs.onRemoved.addListener((tabId) => {
  forgetWorld(tabId);
  if (native.connected) native.request('forget_tab', { tabId }, { timeoutMs: 5000 }).catch(() => {});
});
