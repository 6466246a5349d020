// Requests from outside agents (axsnap serve → native host → this port): checked against the
// person's consent (consent.js), then run through the same router as the panel's requests.
// Every request is logged for the panel (chrome.storage.session), answered or refused.

import { accessOff, checkGrant, grantedTabs } from './consent.js';
import { AxError, toErrorInfo } from './errors.js';
import { checkRestricted } from './restricted.js';

const HINT = 'See GET /control/openapi.json of axsnap serve.';
// The act loop's messages (router.js ACT_TYPES), run in a granted tab like a snapshot.
const ACT_OPS = Object.freeze(['act', 'find', 'wait_ready']);

function invalid(message) {
  return new AxError('invalid_message', message, HINT);
}

/**
 * Load `url` in `tabId` and resolve with the tab once it finished loading.
 * `tabsApi`: chrome.tabs (update, onUpdated).
 */
export function navigateTab(tabsApi, tabId, url, timeoutMs) {
  return new Promise((resolve, reject) => {
    let started = false;
    const finish = () => {
      clearTimeout(timer);
      tabsApi.onUpdated.removeListener(onUpdated);
    };
    const timer = setTimeout(() => {
      finish();
      reject(new AxError('timeout', `The tab did not finish loading within ${timeoutMs} ms.`,
        'The page may still be loading: snapshot it anyway, or navigate again.'));
    }, timeoutMs);
    function onUpdated(id, info, tab) {
      if (id !== tabId) return;
      if (info.status === 'loading') started = true;
      if (info.status === 'complete' && started) {
        finish();
        resolve(tab);
      }
    }
    tabsApi.onUpdated.addListener(onUpdated);
    Promise.resolve(tabsApi.update(tabId, { url })).catch(() => {
      finish();
      reject(new AxError('tab_not_found', `Tab ${tabId} could not be navigated.`, 'Pick an open tab.'));
    });
  });
}

/**
 * deps: {access() → normalized setting, activeTabId(), getTab(id), queryTabs(),
 *  snapshot(msg) → the router's reply to a snapshot, act, find or wait_ready message,
 *  navigate(tabId, url, timeoutMs) → tab, onLog(entry)}.
 */
export function createControl(deps) {
  async function grantedTab(params, access) {
    if (params.tabId !== undefined && params.tabId !== null && !(Number.isInteger(params.tabId) && params.tabId >= 0)) {
      throw invalid('tabId must be a non-negative integer');
    }
    const active = await deps.activeTabId();
    const tabId = params.tabId ?? active;
    if (!access.enabled) throw accessOff();
    if (!Number.isInteger(tabId)) throw new AxError('tab_not_found', 'There is no active tab.', 'Focus a tab and retry.');
    let tab;
    try {
      tab = await deps.getTab(tabId);
    } catch {
      throw new AxError('tab_not_found', `Tab ${tabId} does not exist.`, 'Use a tab from /control/tabs.');
    }
    checkGrant(access, tab, active);
    return tab;
  }

  async function run(msg, access, seen) {
    const params = msg.params && typeof msg.params === 'object' ? msg.params : {};
    if (msg.op === 'tabs') {
      const tabs = grantedTabs(access, await deps.queryTabs(), await deps.activeTabId());
      return { ok: true, scope: access.scope, tabs };
    }
    if (msg.op === 'snapshot') {
      const tab = await grantedTab(params, access);
      seen.tab = tab;
      const options = params.options ?? {};
      if (options && typeof options === 'object' && options.redact === false) {
        throw new AxError('not_allowed', 'Outside agents cannot turn redaction off.',
          'Send options without redact:false; secrets are masked in every output.');
      }
      // Outside agents read web pages only: never axsnap's own (the panel shows unredacted
      // runs), nor browser or other extensions' pages.
      const refused = checkRestricted(tab.url || tab.pendingUrl || '', deps.ownId ?? '', false);
      if (refused) throw new AxError(refused.code, refused.message, refused.hint);
      const reply = await deps.snapshot({ type: 'snapshot', tabId: tab.id, options });
      return reply.ok ? { ...reply, tabId: tab.id } : reply;
    }
    if (msg.op === 'navigate') {
      const tab = await grantedTab(params, access);
      seen.tab = tab;
      const url = String(params.url ?? '');
      if (!/^https?:\/\//i.test(url) || checkRestricted(url, '')) {
        throw invalid('url must be an http(s) URL of a web page');
      }
      const timeoutMs = Number.isInteger(params.timeoutMs) ? Math.min(Math.max(params.timeoutMs, 100), 300_000) : 30_000;
      const loaded = await deps.navigate(tab.id, url, timeoutMs);
      return { ok: true, tabId: tab.id, url: String(loaded?.url ?? url), title: String(loaded?.title ?? '') };
    }
    if (ACT_OPS.includes(msg.op)) {
      const tab = await grantedTab(params, access);
      seen.tab = tab;
      const refused = checkRestricted(tab.url || tab.pendingUrl || '', deps.ownId ?? '', false);
      if (refused) throw new AxError(refused.code, refused.message, refused.hint);
      const { tabId: _given, targetId: _target, type: _type, ...rest } = params;
      const reply = await deps.snapshot({ ...rest, type: msg.op, tabId: tab.id });
      return reply.ok ? { ...reply, tabId: tab.id } : reply;
    }
    throw new AxError('unknown_type', `Unknown control operation ${JSON.stringify(String(msg.op)).slice(0, 40)}.`,
      'Operations: tabs, snapshot, navigate, act, find, wait_ready.');
  }

  /** Answer one control message ({id, op, params, client}); always resolves with {ok, ...}. */
  async function handle(msg) {
    const at = Date.now();
    const seen = {};
    let reply;
    try {
      reply = await run(msg, await deps.access(), seen);
    } catch (err) {
      reply = { ok: false, error: toErrorInfo(err) };
    }
    const client = msg.client && typeof msg.client === 'object' ? msg.client : {};
    try {
      await deps.onLog?.({
        at,
        op: String(msg.op ?? '?').slice(0, 20),
        // what it was: the format read or the action done (never the value typed)
        format: msg.op === 'snapshot' ? String(msg.params?.options?.format ?? 'snapshot')
          : msg.op === 'act' ? String(msg.params?.action ?? '?').slice(0, 20) : undefined,
        tabId: seen.tab?.id ?? (Number.isInteger(msg.params?.tabId) ? msg.params.tabId : null),
        tabTitle: seen.tab ? String(seen.tab.title ?? '').slice(0, 120) : '',
        client: String(client.name ?? '?').slice(0, 80),
        ok: reply.ok === true,
        code: reply.ok ? undefined : reply.error?.code,
        ms: Date.now() - at,
      });
    } catch {
      // the log is for the panel: never fail a request over it
    }
    return reply;
  }

  return { handle };
}
