// Outside access (axsnap serve / MCP through the native host): off until the person turns it
// on in the side panel; then only the tabs they grant. Pure functions over the stored setting
// (chrome.storage.local "outsideAccess") so node tests cover every rule.

import { AxError } from '../common/errors.js';
import { checkRestricted } from '../session/restricted.js';

export const ACCESS_KEY = 'outsideAccess';
export const ACCESS_LOG_KEY = 'outsideAccessLog';
export const ACCESS_LINK_KEY = 'outsideAccessLink';
export const SCOPES = Object.freeze(['active', 'chosen', 'window']);
export const LOG_LIMIT = 50;

const tabIds = (list) => (Array.isArray(list) ? [...new Set(list.filter((t) => Number.isInteger(t) && t >= 0))] : []);

/** The stored setting, whatever storage holds: {enabled, scope, tabs, windowId, opened}.
 * `opened`: {windowId, tabs} — tabs in other windows that Chrome says a tab of the shared
 * window opened (a popup in a window of its own), shared with that window only. */
export function normalizeAccess(stored) {
  const s = stored && typeof stored === 'object' ? stored : {};
  const o = s.opened && typeof s.opened === 'object' ? s.opened : {};
  return {
    enabled: s.enabled === true,
    scope: SCOPES.includes(s.scope) ? s.scope : 'active',
    tabs: tabIds(s.tabs),
    windowId: Number.isInteger(s.windowId) ? s.windowId : null,
    opened: { windowId: Number.isInteger(o.windowId) ? o.windowId : null, tabs: tabIds(o.tabs) },
  };
}

export function accessOff() {
  return new AxError('access_off', 'Outside access is off in the axsnap side panel.',
    'The person using this browser must open the axsnap side panel and turn on Outside access.');
}

function notGranted(tabId) {
  return new AxError('tab_not_granted', `Tab ${tabId} is not shared with outside agents.`,
    'Ask the person to share it in the axsnap side panel (Outside access), or use a tab from /control/tabs.');
}

/** Whether `tab` ({id, windowId, active}) is granted; `activeTabId`: the focused window's tab. */
export function isGranted(access, tab, activeTabId) {
  if (!access.enabled || !tab) return false;
  if (access.scope === 'chosen') return access.tabs.includes(tab.id);
  if (access.scope === 'window') {
    // the window, and the tabs its tabs opened in windows of their own while it was the one shared
    return access.windowId !== null && (tab.windowId === access.windowId
      || (access.opened?.windowId === access.windowId && (access.opened?.tabs ?? []).includes(tab.id)));
  }
  return tab.id === activeTabId;
}

/** Outside clients never read browser pages, other extensions' pages or axsnap's own. */
export function isRestrictedForOutside(tab) {
  return checkRestricted(tab?.url || tab?.pendingUrl || '', '') !== null;
}

/** Throw access_off, tab_not_granted or restricted_page unless an outside client may read `tab`. */
export function checkGrant(access, tab, activeTabId) {
  if (!access.enabled) throw accessOff();
  if (!isGranted(access, tab, activeTabId)) throw notGranted(tab?.id);
  if (isRestrictedForOutside(tab)) {
    throw new AxError('restricted_page', `Tab ${tab.id} shows a page outside agents may not read.`,
      'Browser pages, the Web Store and extension pages are never served; open a web page.');
  }
}

/** The tabs an outside client may read, as {id, windowId, active, title, url}. */
export function grantedTabs(access, tabs, activeTabId) {
  if (!access.enabled) throw accessOff();
  return tabs
    .filter((tab) => isGranted(access, tab, activeTabId) && !isRestrictedForOutside(tab))
    .map((tab) => ({ id: tab.id, windowId: tab.windowId, active: tab.id === activeTabId,
      title: String(tab.title ?? ''), url: String(tab.url ?? '') }));
}

/** The log with `entry` first, at most LOG_LIMIT entries. */
export function pushLog(log, entry) {
  return [entry, ...(Array.isArray(log) ? log : [])].slice(0, LOG_LIMIT);
}
