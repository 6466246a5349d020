// Requests from outside agents (axsnap serve → native host → this port): checked against the
// person's consent (consent.js), then run through the router as the outside role
// (policy.js; the rules are models/policy.py's, generated into CALLER_POLICY).
// Every request is logged for the panel (chrome.storage.session), answered or refused.

import { accessOff, checkGrant, grantedTabs, isGranted } from './consent.js';
import { AxError, toErrorInfo } from '../common/errors.js';
import { CALLER_POLICY } from '../generated/contract.js';
import { outsideRole, pageRefusal } from './policy.js';
import { evaluateInPage, pageLog, waitFor } from './outside_page.js';

const HINT = 'See GET /control/openapi.json of axsnap serve.';
// The router messages an outside agent may send, each run in a granted tab.
const ROUTED_OPS = CALLER_POLICY.outside.types;

/** What the person allowed the serve process they started (its --allow-file-urls, and its
 * --upload-dir check of this request's paths), as serve put it in the params; an HTTP
 * client cannot (the control API's bodies forbid unknown fields). */
function grantsOf(params) {
  return { fileUrls: params.allowFileUrls === true, upload: params.uploadChecked === true };
}

const timeoutOf = (params) => (Number.isInteger(params.timeoutMs) ? Math.min(Math.max(params.timeoutMs, 100), 300_000) : 30_000);

function invalid(message) {
  return new AxError('invalid_message', message, HINT);
}

/**
 * Load `url` in `tabId` and resolve with the tab once it finished loading.
 * `tabsApi`: chrome.tabs (update, onUpdated).
 */
export function navigateTab(tabsApi, tabId, url, timeoutMs) {
  return loadInTab(tabsApi, tabId, () => tabsApi.update(tabId, { url }), timeoutMs);
}

/** Go back, forward or reload `tabId` (`kind`) and resolve with the tab once it loaded. */
export function historyTab(tabsApi, tabId, kind, timeoutMs) {
  const start = { back: () => tabsApi.goBack(tabId), forward: () => tabsApi.goForward(tabId),
    reload: () => tabsApi.reload(tabId) }[kind];
  return loadInTab(tabsApi, tabId, start, timeoutMs, `Tab ${tabId} has no page to go ${kind} to.`);
}

/** Run `start` (a navigation of `tabId`) and resolve with the tab once it finished loading. */
export function loadInTab(tabsApi, tabId, start, timeoutMs, failed = `Tab ${tabId} could not be navigated.`) {
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
    Promise.resolve().then(start).catch(() => {
      finish();
      reject(new AxError('navigation_failed', failed, 'Pick an open tab, or load a URL.'));
    });
  });
}

/**
 * deps: {access() → normalized setting, activeTabId(), getTab(id), queryTabs(),
 *  request(msg, grants) → the router's reply to a snapshot, act, find, wait_ready or
 *  scroll_and_collect message under the outside role (router.handleOutside),
 *  navigate(tabId, url, timeoutMs) → tab, history(tabId, kind, timeoutMs) → tab,
 *  openTab(windowId|null) → tab, focusTab(tab), closeTab(tabId), grantTab(tabId) (add a tab
 *  the agent opened to a 'chosen' grant), grantOpened(tabId, windowId) (share a tab a tab of
 *  the shared window `windowId` opened in another window), withSession(tabId, fn(session)) (the tab's debugger
 *  session), onLog(entry)}.
 */
export function createControl(deps) {
  /** The tab `params.tabId` names (default: the active tab when shared, else the one shared
   * tab), if granted; `read` false: also when it shows a page no agent may read (navigating
   * away from a browser page reads nothing of it). */
  async function grantedTab(params, access, { read = true } = {}) {
    if (params.tabId !== undefined && params.tabId !== null && !(Number.isInteger(params.tabId) && params.tabId >= 0)) {
      throw invalid('tabId must be a non-negative integer');
    }
    if (!access.enabled) throw accessOff();
    const active = await deps.activeTabId();
    let tabId = params.tabId ?? null;
    if (tabId === null) {
      // the active tab when it is shared, else the one shared tab when there is one
      const shared = (await deps.queryTabs()).filter((t) => isGranted(access, t, active));
      tabId = shared.some((t) => t.id === active) || shared.length !== 1 ? active : shared[0].id;
    }
    if (!Number.isInteger(tabId)) throw new AxError('tab_not_found', 'There is no active tab.', 'Focus a tab and retry.');
    let tab;
    try {
      tab = await deps.getTab(tabId);
    } catch {
      throw new AxError('tab_not_found', `Tab ${tabId} does not exist.`, 'Use a tab from /control/tabs.');
    }
    if (read) checkGrant(access, tab, active);
    else if (!isGranted(access, tab, active)) checkGrant(access, tab, active);
    return tab;
  }

  /** A granted tab showing a page the outside role may read (policy.js pageRefusal). */
  async function webTab(params, access, grants, seen) {
    const tab = await grantedTab(params, access);
    seen.tab = tab;
    const refused = pageRefusal(tab.url || tab.pendingUrl || '', outsideRole(grants));
    if (refused) throw new AxError(refused.code, refused.message, refused.hint);
    return tab;
  }

  /** open (a new tab, granted to this agent, loading `url`), switch (focus a granted tab) or
   * close (a granted tab). */
  async function tabOp(params, access, grants, seen) {
    if (params.action === 'open') {
      if (!access.enabled) throw accessOff();
      const url = String(params.url ?? 'about:blank');
      const refused = pageRefusal(url, outsideRole(grants));
      if (refused) throw new AxError(refused.code, refused.message, refused.hint);
      const windowId = access.scope === 'window' ? access.windowId : null;
      const tab = await deps.openTab(windowId);
      seen.tab = tab;
      if (access.scope === 'chosen') await deps.grantTab(tab.id);
      const loaded = url === 'about:blank' ? tab : await deps.navigate(tab.id, url, timeoutOf(params));
      return { ok: true, tabId: tab.id, url: String(loaded?.url ?? url), title: String(loaded?.title ?? '') };
    }
    if (params.action !== 'switch' && params.action !== 'close') throw invalid('action must be open, switch or close');
    if (!Number.isInteger(params.tabId)) throw invalid(`${params.action} needs a tabId from tabs`);
    const tab = await grantedTab(params, access, { read: false });
    seen.tab = tab;
    if (params.action === 'switch') await deps.focusTab(tab);
    else await deps.closeTab(tab.id);
    return { ok: true, tabId: tab.id, url: String(tab.url ?? ''), title: String(tab.title ?? '') };
  }

  /** A tab or popup an act in a shared tab opened (a target=_blank link, window.open) is
   * shared too when the person shares chosen tabs, as a tab the agent opens with `tab open`
   * is: the reply tells the agent to act there, and `tab_not_granted` answered it (issue 32:
   * new tabs can be followed); with a window shared, a popup it opened in a window of its own
   * is shared with that window. Only a tab Chrome says the shared tab opened. */
  async function shareOpened(opened, tab, access) {
    if (!['chosen', 'window'].includes(access.scope) || !Array.isArray(opened)) return;
    for (const entry of opened) {
      const made = Number.isInteger(entry?.tabId) ? await deps.getTab(entry.tabId).catch(() => null) : null;
      if (!made || made.openerTabId !== tab.id) continue;
      if (access.scope === 'chosen' && !access.tabs.includes(made.id)) await deps.grantTab(made.id);
      // a shared window: a popup it opened in a window of its own (note 96's "Left")
      if (access.scope === 'window' && !isGranted(access, made, null)) await deps.grantOpened(made.id, access.windowId);
    }
  }

  async function run(msg, access, seen) {
    const params = msg.params && typeof msg.params === 'object' ? msg.params : {};
    if (msg.op === 'tabs') {
      const tabs = grantedTabs(access, await deps.queryTabs(), await deps.activeTabId());
      return { ok: true, scope: access.scope, tabs };
    }
    const { allowFileUrls: _file, uploadChecked: _upload, allowEvaluate: _evaluate, ...given } = params;
    const grants = grantsOf(params);
    if (msg.op === 'navigate') {
      const tab = await grantedTab(given, access, { read: false });
      seen.tab = tab;
      const url = String(given.url ?? '');
      if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) throw invalid('url must be an http(s) URL of a web page');
      const refused = pageRefusal(url, outsideRole(grants));
      if (refused) throw new AxError(refused.code, refused.message, refused.hint);
      const loaded = await deps.navigate(tab.id, url, timeoutOf(given));
      return { ok: true, tabId: tab.id, url: String(loaded?.url ?? url), title: String(loaded?.title ?? '') };
    }
    if (ROUTED_OPS.includes(msg.op)) {
      const tab = await grantedTab(given, access);
      seen.tab = tab;
      // the router checks the page (web pages only) and the message (no redact:false, no
      // upload the person did not allow) under the outside role
      const { tabId: _given, targetId: _target, type: _type, ...rest } = given;
      const reply = await deps.request({ ...rest, type: msg.op, tabId: tab.id }, grants);
      if (msg.op === 'act' && reply.ok) await shareOpened(reply.result?.opened_tabs, tab, access);
      return reply.ok ? { ...reply, tabId: tab.id } : reply;
    }
    if (msg.op === 'history') {
      const tab = await grantedTab(given, access, { read: false });
      seen.tab = tab;
      if (!['back', 'forward', 'reload'].includes(given.kind)) throw invalid('kind must be back, forward or reload');
      const loaded = await deps.history(tab.id, given.kind, timeoutOf(given));
      return { ok: true, tabId: tab.id, url: String(loaded?.url ?? ''), title: String(loaded?.title ?? '') };
    }
    if (msg.op === 'tab') return tabOp(given, access, grants, seen);
    if (msg.op === 'wait_for') {
      const tab = await webTab(given, access, grants, seen);
      const hasText = typeof given.text === 'string' && given.text.length > 0;
      const hasSelector = typeof given.selector === 'string' && given.selector.length > 0;
      if (hasText === hasSelector) throw invalid('give text or selector (one of them)');
      const timeoutMs = Number.isInteger(given.timeout_ms) ? Math.min(Math.max(given.timeout_ms, 0), 120_000) : 10_000;
      const spec = { ...(hasText ? { text: given.text } : { selector: given.selector }), gone: given.gone === true, timeout_ms: timeoutMs };
      const result = await deps.withSession(tab.id, (session) => waitFor(session, spec));
      return { ok: true, tabId: tab.id, result };
    }
    if (msg.op === 'page_log') {
      const tab = await webTab(given, access, grants, seen);
      const limit = Number.isInteger(given.limit) ? given.limit : 50;
      const result = await deps.withSession(tab.id, (session) => pageLog(session, limit));
      return { ok: true, tabId: tab.id, result };
    }
    if (msg.op === 'evaluate') {
      if (params.allowEvaluate !== true) {
        throw new AxError('not_allowed', 'Evaluating scripts is off for outside agents.',
          'The person can allow it: axsnap serve --allow-evaluate (or axsnap mcp --launch --allow-evaluate).');
      }
      const tab = await webTab(given, access, grants, seen);
      if (typeof given.expression !== 'string' || !given.expression) throw invalid('expression must be a non-empty string');
      const result = await deps.withSession(tab.id, (session) => evaluateInPage(session, given.expression, timeoutOf(given)));
      return { ok: true, tabId: tab.id, result };
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
