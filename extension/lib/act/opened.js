// The tabs and popups an action opens (issue 32): a link with target=_blank, window.open, a
// form posted to a new window. The act watches from before its input: the page's own
// Page.windowOpen events say how many it asked for (with rel=noopener too), chrome.tabs
// says which tabs were made with this tab as their opener; the reply names each
// {tabId, url, targetId} (the host scrubs the URL) so the caller can follow it.

// How long the act waits, after readiness, for a tab the page asked for to exist.
export const OPENED_WAIT_MS = 2000;
const POLL_MS = 25;

// The acts' one listener of each tab event (issue 32, an act's CPU): added by the first watch
// and kept for the worker's life, each event handed to the watches running then. A listener
// an act added and removed was an extension API message to the browser each way on every act
// for tabs.onCreated (the first listener of an event is registered with the browser, the last
// one's removal unregistered; tabs.onUpdated has background.js's for the worker's life).
// The same events reach a watch while it runs; a tab made between acts reaches none.
const hubs = new WeakMap(); // tabsApi -> {created: Set, updated: Set}

function tabEvents(tabsApi) {
  let hub = hubs.get(tabsApi);
  if (!hub) {
    hub = { created: new Set(), updated: new Set() };
    const { created, updated } = hub;
    tabsApi?.onCreated?.addListener((tab) => { for (const f of [...created]) f(tab); });
    tabsApi?.onUpdated?.addListener((id, info, tab) => { for (const f of [...updated]) f(id, info, tab); });
    hubs.set(tabsApi, hub);
  }
  return hub;
}

/**
 * Start watching the tabs `tabId` opens. `tabsApi`: chrome.tabs; `targets()`: the debugger's
 * targets (chrome.debugger.getTargets). Returns {onWindowOpen(url), list(), stop()}.
 */
export function watchOpenedTabs(tabId, {
  tabsApi = globalThis.chrome?.tabs,
  targets = () => globalThis.chrome?.debugger?.getTargets?.() ?? Promise.resolve([]),
  now = () => performance.now(),
  sleep = (ms) => new Promise((r) => { setTimeout(r, ms); }),
} = {}) {
  const opened = new Map(); // tabId -> {tabId, url}
  const created = []; // tabs made during the act without an opener (noopener)
  const asked = new Set(); // the URLs the page asked to open in a new window
  const onCreated = (tab) => {
    if (tab?.id === undefined || tab.id === tabId) return;
    const entry = { tabId: tab.id, url: String(tab.pendingUrl || tab.url || '') };
    if (tab.openerTabId === tabId) opened.set(tab.id, entry);
    else created.push(entry);
  };
  const onUpdated = (id, info, tab) => {
    const entry = opened.get(id) ?? created.find((c) => c.tabId === id);
    if (entry && (info?.url || tab?.url)) entry.url = String(info.url || tab.url);
  };
  const events = tabsApi ? tabEvents(tabsApi) : null;
  events?.created.add(onCreated);
  events?.updated.add(onUpdated);
  return {
    /** The page asked for a new window (Page.windowOpen, or a navigation to a new tab). */
    onWindowOpen(url) { asked.add(String(url ?? '')); },
    /** The tabs opened, once as many as the page asked for exist (or after `waitMs`). */
    async list(waitMs = OPENED_WAIT_MS) {
      const t0 = now();
      while (opened.size + created.length < asked.size && now() - t0 < waitMs) await sleep(POLL_MS);
      // a noopener tab has no opener: those made meanwhile stand in for the ones asked for
      const found = [...opened.values(), ...created.slice(0, Math.max(0, asked.size - opened.size))];
      if (!found.length) return [];
      const known = await Promise.resolve(targets()).catch(() => []);
      const out = [];
      for (const entry of found) {
        const target = known.find((t) => t.tabId === entry.tabId && t.type === 'page');
        let url = entry.url || target?.url || '';
        if (!url && tabsApi?.get) {
          const tab = await tabsApi.get(entry.tabId).catch(() => null);
          url = String(tab?.pendingUrl || tab?.url || '');
        }
        if (!url && asked.size === 1 && found.length === 1) [url] = asked; // the URL the page asked for
        out.push({ ...entry, url, targetId: target?.id ?? null });
      }
      return out;
    },
    stop() {
      events?.created.delete(onCreated);
      events?.updated.delete(onUpdated);
    },
  };
}
