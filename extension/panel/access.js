// The side panel's "Outside access" section: the consent for axsnap serve / MCP clients
// (chrome.storage.local "outsideAccess"), the link state and the request log (session).

import { ACCESS_KEY, ACCESS_LINK_KEY, ACCESS_LOG_KEY, normalizeAccess } from '../lib/router/consent.js';

const SHOWN = 10;

/** One log line: when, what, which tab, who, and how it ended. */
export function describeEntry(entry) {
  const when = new Date(entry.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const what = entry.format ? `${entry.op} (${entry.format})` : entry.op;
  const tab = entry.tabId === null || entry.tabId === undefined ? ''
    : ` — tab ${entry.tabId}${entry.tabTitle ? ` “${entry.tabTitle}”` : ''}`;
  const end = entry.ok ? 'served' : `refused: ${entry.code ?? 'error'}`;
  return `${when} — ${what}${tab} — ${entry.client} — ${end}`;
}

/** What the status line says about the link and the last client. */
export function describeLink(link, log) {
  const last = Array.isArray(log) && log.length ? log[0] : null;
  const linked = link?.linked ? 'axsnap serve is connected.' : 'axsnap serve is not connected.';
  return last ? `${linked} Last client: ${last.client}.` : linked;
}

/** The tabs in windows of their own that a tab of the shared window opened (popups), shared
 * with it while that window is the one shared (consent.js `opened`); none in any other scope. */
export function sharedPopups(access) {
  if (!access?.enabled || access.scope !== 'window' || access.windowId === null) return [];
  return access.opened?.windowId === access.windowId ? [...(access.opened.tabs ?? [])] : [];
}

/** Wire the section; `$` finds elements by id. */
export function setupAccess($) {
  let access = normalizeAccess(null);

  async function save(next) {
    access = normalizeAccess(next);
    await chrome.storage.local.set({ [ACCESS_KEY]: access });
    render();
  }

  /** A list of shared tabs, each with its "Stop sharing" button; `unshare` saves without it. */
  async function renderTabList(list, tabIds, unshare) {
    const items = await Promise.all(tabIds.map(async (tabId) => {
      const tab = await chrome.tabs.get(tabId).catch(() => null);
      const item = document.createElement('li');
      const name = document.createElement('span');
      name.textContent = tab ? `${tab.title || tab.url || 'tab'} (tab ${tabId})` : `tab ${tabId} (closed)`;
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.className = 'small-button';
      remove.textContent = 'Stop sharing';
      remove.setAttribute('aria-label', `Stop sharing tab ${tabId}`);
      remove.addEventListener('click', () => unshare(tabId));
      item.append(name, ' ', remove);
      return item;
    }));
    list.replaceChildren(...items);
  }

  function renderTabs() {
    renderTabList($('outside-tabs'), access.tabs,
      (tabId) => save({ ...access, tabs: access.tabs.filter((t) => t !== tabId) }));
    const popups = sharedPopups(access);
    $('outside-opened').hidden = popups.length === 0;
    renderTabList($('outside-opened-tabs'), popups, (tabId) => save({
      ...access, opened: { ...access.opened, tabs: access.opened.tabs.filter((t) => t !== tabId) },
    }));
  }

  function render() {
    $('outside-enabled').checked = access.enabled;
    for (const radio of document.querySelectorAll('input[name="outside-scope"]')) {
      radio.checked = radio.value === access.scope;
      radio.disabled = !access.enabled;
    }
    $('outside-chosen').hidden = access.scope !== 'chosen';
    $('outside-share').disabled = !access.enabled;
    renderTabs();
  }

  async function renderLog() {
    const session = await chrome.storage.session.get([ACCESS_LOG_KEY, ACCESS_LINK_KEY]);
    const log = Array.isArray(session[ACCESS_LOG_KEY]) ? session[ACCESS_LOG_KEY] : [];
    $('outside-status').textContent = describeLink(session[ACCESS_LINK_KEY], log);
    const list = $('outside-log');
    list.replaceChildren(...log.slice(0, SHOWN).map((entry) => {
      const item = document.createElement('li');
      item.textContent = describeEntry(entry);
      return item;
    }));
    $('outside-log-empty').hidden = log.length > 0;
  }

  $('outside-enabled').addEventListener('change', (event) => save({ ...access, enabled: event.target.checked }));
  for (const radio of document.querySelectorAll('input[name="outside-scope"]')) {
    radio.addEventListener('change', async () => {
      if (!radio.checked) return;
      const win = await chrome.windows.getLastFocused().catch(() => null);
      save({ ...access, scope: radio.value, windowId: radio.value === 'window' ? win?.id ?? null : access.windowId });
    });
  }
  $('outside-share').addEventListener('click', async () => {
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    if (tab?.id !== undefined) save({ ...access, tabs: [...access.tabs, tab.id] });
  });
  chrome.storage.onChanged.addListener((changes, area) => {
    if (area === 'session' && (changes[ACCESS_LOG_KEY] || changes[ACCESS_LINK_KEY])) renderLog();
    if (area === 'local' && changes[ACCESS_KEY]) {
      access = normalizeAccess(changes[ACCESS_KEY].newValue);
      render();
    }
  });

  return (async () => {
    access = normalizeAccess((await chrome.storage.local.get(ACCESS_KEY))[ACCESS_KEY]);
    render();
    await renderLog();
  })();
}
