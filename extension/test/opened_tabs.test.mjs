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
  tabs.create({ id: 12, openerTabId: 7, url: 'http://x/later' }); // after the act: not its
  tabs.update(8, { url: 'http://x/elsewhere' });
  assert.deepEqual(await watch.list(), [{ tabId: 8, url: 'http://x/report?token=abc', targetId: 'T8' }]);
});

test('acts share one listener of each tab event: no listener added or removed an act', async () => {
  const tabs = fakeTabs();
  const targets = async () => [];
  const first = watchOpenedTabs(7, { tabsApi: tabs, targets });
  first.stop();
  const added = { created: tabs.listeners.created.length, updated: tabs.listeners.updated.length };
  assert.deepEqual(added, { created: 1, updated: 1 });
  let t = 0;
  const now = () => t;
  const sleep = async (ms) => { t += ms; };
  for (let i = 0; i < 3; i++) {
    const watch = watchOpenedTabs(7, { tabsApi: tabs, targets, now, sleep });
    tabs.create({ id: 20 + i, openerTabId: 7, url: `http://x/${i}` });
    watch.onWindowOpen(`http://x/${i}`);
    // each watch sees the tab made while it runs, and only that one
    assert.deepEqual(await watch.list(), [{ tabId: 20 + i, url: `http://x/${i}`, targetId: null }]);
    watch.stop();
    assert.deepEqual({ created: tabs.listeners.created.length, updated: tabs.listeners.updated.length }, added);
  }
  // two watches at once (acts of two tabs) each see their own tab's
  const a = watchOpenedTabs(7, { tabsApi: tabs, targets, now, sleep });
  const b = watchOpenedTabs(8, { tabsApi: tabs, targets, now, sleep });
  tabs.create({ id: 30, openerTabId: 8, url: 'http://x/b' });
  b.onWindowOpen('http://x/b');
  assert.deepEqual(await b.list(), [{ tabId: 30, url: 'http://x/b', targetId: null }]);
  assert.deepEqual(await a.list(), []); // it asked for no window
  a.stop();
  b.stop();
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
