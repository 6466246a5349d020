import assert from 'node:assert/strict';
import { test } from 'node:test';

import { watchOpenedTabs } from '../lib/act/opened.js';

function fakeTabs() {
  const listeners = { created: [], updated: [] };
  const event = (list) => ({ addListener: (f) => list.push(f), removeListener: (f) => list.splice(list.indexOf(f), 1) });
  return {
    listeners,
    onCreated: event(listeners.created),
    onUpdated: event(listeners.updated),
    get: async (id) => ({ id, url: `http://x/${id}` }),
    create: (tab) => listeners.created.forEach((f) => f(tab)),
    update: (id, info) => listeners.updated.forEach((f) => f(id, info, { id, ...info })),
  };
}

test('the tabs an act opens are named with their target ids; others are not', async () => {
  const tabs = fakeTabs();
  let t = 0;
  const watch = watchOpenedTabs(7, {
    tabsApi: tabs, now: () => t, sleep: async (ms) => { t += ms; },
    targets: async () => [{ id: 'T8', tabId: 8, type: 'page', url: 'http://x/report' }],
  });
  tabs.create({ id: 9, openerTabId: 3, url: 'http://other/' }); // another tab's child
  tabs.create({ id: 8, openerTabId: 7, pendingUrl: '' });
  tabs.update(8, { url: 'http://x/report?token=abc' });
  watch.onWindowOpen('http://x/report?token=abc');
  assert.deepEqual(await watch.list(), [{ tabId: 8, url: 'http://x/report?token=abc', targetId: 'T8' }]);
  watch.stop();
  assert.equal(tabs.listeners.created.length, 0, 'listeners removed');
});

test('a tab asked for and made without an opener (noopener) is waited for and named', async () => {
  const tabs = fakeTabs();
  let t = 0;
  const watch = watchOpenedTabs(7, { tabsApi: tabs, now: () => t, sleep: async (ms) => { t += ms; if (t === 50) tabs.create({ id: 11 }); },
    targets: async () => [] });
  watch.onWindowOpen('http://x/new');
  watch.onWindowOpen('http://x/new'); // the same open seen twice (windowOpen and a new-tab navigation)
  const found = await watch.list();
  assert.deepEqual(found, [{ tabId: 11, url: 'http://x/11', targetId: null }]);
  assert.ok(t < 2000, 'it stopped waiting once the tab existed');
  assert.deepEqual(await watchOpenedTabs(7, { tabsApi: fakeTabs(), targets: async () => [] }).list(), []);
});
