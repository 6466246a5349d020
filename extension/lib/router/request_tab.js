// Which tab a request names (a tab id, a CDP target id, or the active tab), held for the
// request's life: the tab's debugger attachment is not let go while the request runs, and its
// idle time counts from the request's reply, the longer one after an agent's request
// (session/debugger.js hold, design note 137). The router ends the hold (dispatch).

import { AxError } from '../common/errors.js';

/** Resolve a CDP target id (a Selenium window handle) to a tab id. */
export function tabIdForTarget(targets, targetId) {
  const match = targets.find((t) => t.id === targetId);
  if (!match || typeof match.tabId !== 'number') {
    throw new AxError('tab_not_found', `No tab has the target id ${targetId}.`,
      'Pass the window handle of an open tab.');
  }
  return match.tabId;
}

// axsnap's own page the Python client and the CLI send through (bridge.js; background.js
// gives the worker's direct way in the same sender)
const BRIDGE_PAGE = /^chrome-extension:\/\/[^/]+\/bridge\.html(?:[?#]|$)/;

/**
 * Whether a request is an agent's: an outside agent's (axsnap serve, MCP), an allow-listed
 * extension's, or the Python client's through the bridge page; not a person's in the side
 * panel (`role`: policy.js; `sender`: the chrome.runtime sender, for axsnap's own pages).
 */
export function byAgent(role, sender) {
  return role?.name !== 'self' || BRIDGE_PAGE.test(String(sender?.url ?? ''));
}

/**
 * `{resolveTab(req), guess(targetId)}` over {getTargets(), activeTabId(), debuggers}:
 * `resolveTab` names the request's tab and holds it (`req.held`: the hold's end, once;
 * `req.byAgent`: whose request); `guess` is the tab a target id named at its last lookup
 * (a tab keeps its target while it lives).
 */
export function createTabNames({ getTargets, activeTabId, debuggers }) {
  const targetTabs = new Map(); // target id -> its tab at the last lookup, newest last

  async function named(req) {
    if (req.targetId) {
      const tabId = tabIdForTarget(await getTargets(), req.targetId);
      targetTabs.delete(req.targetId);
      targetTabs.set(req.targetId, tabId);
      while (targetTabs.size > 64) targetTabs.delete(targetTabs.keys().next().value);
      return tabId;
    }
    if (req.tabId !== null && req.tabId !== undefined) return req.tabId;
    const active = await activeTabId();
    if (typeof active !== 'number') throw new AxError('tab_not_found', 'There is no active tab.', 'Focus a tab and retry.');
    return active;
  }

  async function resolveTab(req) {
    const tabId = await named(req);
    req.held ??= debuggers?.hold?.(tabId, { agent: req.byAgent === true }) ?? null;
    return tabId;
  }

  return { resolveTab, guess: (targetId) => targetTabs.get(targetId) };
}
