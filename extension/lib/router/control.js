// Requests from outside agents (axsnap serve → native host → this port): checked against the
// person's consent (consent.js), then run through the router as the outside role
// (policy.js; the rules are models/policy.py's, generated into CALLER_POLICY).
// Every request is logged for the panel (chrome.storage.session), answered or refused.

import { accessOff, checkGrant, grantedTabs } from './consent.js';
import { AxError, toErrorInfo } from '../common/errors.js';
import { CALLER_POLICY } from '../generated/contract.js';
import { outsideRole, pageRefusal } from './policy.js';

const HINT = 'See GET /control/openapi.json of axsnap serve.';
// The router messages an outside agent may send, each run in a granted tab.
const ROUTED_OPS = CALLER_POLICY.outside.types;

/** What the person allowed the serve process they started (its --allow-file-urls, and its
 * --upload-dir check of this request's paths), as serve put it in the params; an HTTP
 * client cannot (the control API's bodies forbid unknown fields). */
function grantsOf(params) {
  return { fileUrls: params.allowFileUrls === true, upload: params.uploadChecked === true };
}

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
 *  request(msg, grants) → the router's reply to a snapshot, act, find or wait_ready message
 *  under the outside role (router.handleOutside), navigate(tabId, url, timeoutMs) → tab,
 *  onLog(entry)}.
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
    const { allowFileUrls: _file, uploadChecked: _upload, ...given } = params;
    const grants = grantsOf(params);
    if (msg.op === 'navigate') {
      const tab = await grantedTab(given, access);
      seen.tab = tab;
      const url = String(given.url ?? '');
      if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) throw invalid('url must be an http(s) URL of a web page');
      const refused = pageRefusal(url, outsideRole(grants));
      if (refused) throw new AxError(refused.code, refused.message, refused.hint);
      const timeoutMs = Number.isInteger(given.timeoutMs) ? Math.min(Math.max(given.timeoutMs, 100), 300_000) : 30_000;
      const loaded = await deps.navigate(tab.id, url, timeoutMs);
      return { ok: true, tabId: tab.id, url: String(loaded?.url ?? url), title: String(loaded?.title ?? '') };
    }
    if (ROUTED_OPS.includes(msg.op)) {
      const tab = await grantedTab(given, access);
      seen.tab = tab;
      // the router checks the page (web pages only) and the message (no redact:false, no
      // upload the person did not allow) under the outside role
      const { tabId: _given, targetId: _target, type: _type, ...rest } = given;
      const reply = await deps.request({ ...rest, type: msg.op, tabId: tab.id }, grants);
      return reply.ok ? { ...reply, tabId: tab.id } : reply;
    }
    throw new AxError('unknown_type', `Unknown control operation ${JSON.stringify(String(msg.op)).slice(0, 40)}.`,
      `Operations: ${CALLER_POLICY.outside_ops.join(', ')}.`);
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
