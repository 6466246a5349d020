import assert from 'node:assert/strict';
import { test } from 'node:test';

import { createControl, navigateTab } from '../lib/router/control.js';
import { createRouter } from '../lib/router/router.js';

const OWN = 'egmnfpicaiccfgkfoddjahjnpdmhbkgf';

function setup(access, { tabs, active = 1, routed = false } = {}) {
  const all = tabs ?? [
    { id: 1, windowId: 10, url: 'https://a.example/', title: 'A' },
    { id: 3, windowId: 20, url: 'https://b.example/', title: 'B' },
  ];
  const calls = { snapshot: [], navigate: [], log: [], grants: [], attached: [] };
  const getTab = async (id) => {
    const tab = all.find((t) => t.id === id);
    if (!tab) throw new Error('No tab with id');
    return tab;
  };
  // routed: the real router (as the outside role) over a debugger that records attaches
  const router = routed ? createRouter({
    ownId: OWN, getTab, activeTabId: async () => active,
    debuggers: { acquire: async (tabId) => { calls.attached.push(tabId); throw new Error('no debugger in this test'); } },
  }) : null;
  const control = createControl({
    access: async () => access,
    activeTabId: async () => active,
    getTab,
    queryTabs: async () => all,
    request: async (msg, grants) => {
      calls.snapshot.push(msg);
      calls.grants.push(grants);
      return router ? router.handleOutside(msg, grants) : { ok: true, result: { format: 'outline' }, timings: {}, sizes: {} };
    },
    navigate: async (tabId, url) => { calls.navigate.push([tabId, url]); return { url, title: 'T' }; },
    onLog: async (entry) => { calls.log.push(entry); },
  });
  return { control, calls };
}

const on = { enabled: true, scope: 'active', tabs: [], windowId: null };

test('a granted snapshot runs through the router with the tab id and is logged', async () => {
  const { control, calls } = setup(on);
  const reply = await control.handle({ id: 'c1', op: 'snapshot', params: { options: { format: 'outline' } }, client: { name: 'mcp-test' } });
  assert.equal(reply.ok, true);
  assert.equal(reply.tabId, 1);
  assert.deepEqual(calls.snapshot, [{ type: 'snapshot', tabId: 1, options: { format: 'outline' } }]);
  assert.equal(calls.log[0].client, 'mcp-test');
  assert.equal(calls.log[0].format, 'outline');
  assert.equal(calls.log[0].ok, true);
});

test('refusals never reach the page: off, not granted, redaction off, unknown tab, bad URLs', async () => {
  const off = setup({ ...on, enabled: false });
  assert.equal((await off.control.handle({ id: 'a', op: 'snapshot', params: {} })).error.code, 'access_off');
  assert.equal((await off.control.handle({ id: 'b', op: 'tabs' })).error.code, 'access_off');
  const { control, calls } = setup(on, { routed: true });
  assert.equal((await control.handle({ id: 'c', op: 'snapshot', params: { tabId: 3 } })).error.code, 'tab_not_granted');
  assert.equal((await control.handle({ id: 'd', op: 'snapshot', params: { options: { redact: false } } })).error.code, 'not_allowed');
  assert.equal((await control.handle({ id: 'e', op: 'snapshot', params: { tabId: 99 } })).error.code, 'tab_not_found');
  assert.equal((await control.handle({ id: 'f', op: 'navigate', params: { url: 'javascript:alert(1)' } })).error.code, 'restricted_page');
  assert.equal((await control.handle({ id: 'g', op: 'rm -rf' })).error.code, 'unknown_type');
  for (const url of ['file:///etc/passwd', 'chrome://settings/', 'devtools://devtools/bundled/inspector.html',
    `chrome-extension://${OWN}/sidepanel.html`, 'data:text/html,<b>x</b>', 'javascript:alert(1)', 'view-source:https://a.example/']) {
    const reply = await control.handle({ id: 'u', op: 'navigate', params: { url } });
    assert.equal(reply.error.code, 'restricted_page', url);
    assert.ok(reply.error.hint, url);
  }
  assert.equal(calls.navigate.length, 0);
  assert.deepEqual(calls.attached, [], 'nothing attached to a tab');
  assert.equal(off.calls.log[0].code, 'access_off');
});

test('file: pages: refused unless serve says the person allowed them (--allow-file-urls)', async () => {
  const fileTab = [{ id: 1, windowId: 10, url: 'file:///etc/passwd', title: 'passwd' }];
  const { control, calls } = setup(on, { tabs: fileTab, routed: true });
  const refused = await control.handle({ id: 's', op: 'snapshot', params: {} });
  assert.equal(refused.error.code, 'restricted_page');
  assert.deepEqual(calls.attached, [], 'refused before attaching');
  const allowed = await control.handle({ id: 's2', op: 'snapshot', params: { allowFileUrls: true } });
  assert.notEqual(allowed.error?.code, 'restricted_page');
  assert.deepEqual(calls.attached, [1], 'the person allowed it: read');
  assert.deepEqual(calls.grants.at(-1), { fileUrls: true, upload: false });
  const nav = await control.handle({ id: 'n', op: 'navigate', params: { url: 'file:///tmp/x.html', allowFileUrls: true } });
  assert.equal(nav.ok, true);
});

test('upload from outside: refused unless serve checked the paths against the folder the person chose', async () => {
  const { control, calls } = setup(on, { routed: true });
  const params = { action: 'upload', target: '0-5', value: ['/etc/passwd'] };
  const refused = await control.handle({ id: 'u', op: 'act', params });
  assert.equal(refused.error.code, 'not_allowed');
  assert.match(refused.error.hint, /--upload-dir/);
  assert.deepEqual(calls.attached, []);
  const checked = await control.handle({ id: 'u2', op: 'act', params: { ...params, uploadChecked: true } });
  assert.notEqual(checked.error?.code, 'not_allowed');
  assert.deepEqual(calls.snapshot.at(-1), { type: 'act', tabId: 1, action: 'upload', target: '0-5', value: ['/etc/passwd'] },
    'the grant is not part of the message');
});

test('tabs lists only granted tabs with the scope', async () => {
  const { control } = setup({ ...on, scope: 'chosen', tabs: [3] });
  const reply = await control.handle({ id: 't', op: 'tabs' });
  assert.deepEqual(reply, { ok: true, scope: 'chosen', tabs: [{ id: 3, windowId: 20, active: false, title: 'B', url: 'https://b.example/' }] });
});

test('navigate loads an http(s) URL in a granted tab', async () => {
  const { control, calls } = setup(on);
  const reply = await control.handle({ id: 'n', op: 'navigate', params: { url: 'https://c.example/' } });
  assert.deepEqual(reply, { ok: true, tabId: 1, url: 'https://c.example/', title: 'T' });
  assert.deepEqual(calls.navigate, [[1, 'https://c.example/']]);
});

test('navigateTab resolves when the tab finished loading, and times out otherwise', async () => {
  const listeners = new Set();
  const tabsApi = {
    onUpdated: { addListener: (f) => listeners.add(f), removeListener: (f) => listeners.delete(f) },
    update: async (tabId, { url }) => {
      setTimeout(() => {
        for (const f of [...listeners]) f(tabId, { status: 'loading' }, {});
        for (const f of [...listeners]) f(tabId, { status: 'complete' }, { id: tabId, url, title: 'Done' });
      }, 5);
    },
  };
  const tab = await navigateTab(tabsApi, 7, 'https://x.example/', 1000);
  assert.equal(tab.title, 'Done');
  assert.equal(listeners.size, 0, 'listener removed');
  const stuck = { onUpdated: tabsApi.onUpdated, update: async () => {} };
  await assert.rejects(navigateTab(stuck, 7, 'https://x.example/', 20), { code: 'timeout' });
  assert.equal(listeners.size, 0);
});

test('act, find and wait_ready run in the granted tab; the log names the action, never the value', async () => {
  const { control, calls } = setup(on);
  const reply = await control.handle({ id: 'a1', op: 'act', client: { name: 'x' },
    params: { tabId: 1, targetId: 'T', action: 'fill', target: '0-5', value: 'hunter2' } });
  assert.equal(reply.ok, true);
  assert.deepEqual(calls.snapshot[0], { type: 'act', tabId: 1, action: 'fill', target: '0-5', value: 'hunter2' });
  assert.equal(calls.log[0].format, 'fill');
  assert.doesNotMatch(JSON.stringify(calls.log), /hunter2/);
  await control.handle({ id: 'a2', op: 'find', params: { query: 'Sign in' } });
  assert.deepEqual(calls.snapshot[1], { type: 'find', tabId: 1, query: 'Sign in' });
  const refused = await control.handle({ id: 'a3', op: 'wait_ready', params: { tabId: 3 } });
  assert.equal(refused.error.code, 'tab_not_granted');
  assert.equal(calls.snapshot.length, 2);
});

test("outside agents cannot snapshot axsnap's own pages (the panel as a tab), other extensions', file: or data:", async () => {
  for (const url of [`chrome-extension://${OWN}/sidepanel.html`, 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/x.html', 'chrome://settings/',
    'file:///etc/passwd', 'data:text/html,secret']) {
    const { control, calls } = setup({ ...on, scope: 'all' }, { tabs: [{ id: 1, windowId: 10, url, title: 'P' }], routed: true });
    const reply = await control.handle({ id: 'own', op: 'snapshot', params: { tabId: 1 } });
    assert.equal(reply.ok, false, url);
    assert.equal(reply.error.code, 'restricted_page', url);
    assert.deepEqual(calls.attached, [], 'refused before attaching');
  }
});

// The control's deps for a tab 1 whose click opens `openedTabs`, over `tabs`.
function actingControlDeps(access, tabs, openedTabs, grants) {
  return {
    access: async () => access,
    activeTabId: async () => 1,
    getTab: async (id) => tabs.find((t) => t.id === id) ?? Promise.reject(new Error('No tab')),
    queryTabs: async () => tabs,
    request: async () => ({ ok: true, result: { ok: true, action: 'click', opened_tabs: openedTabs } }),
    ...grants,
  };
}

test('a tab an act opened in a chosen shared tab is shared too; no other tab is (issue 32)', async () => {
  const tabs = [
    { id: 1, windowId: 10, url: 'https://a.example/', title: 'A' },
    { id: 5, windowId: 10, url: 'https://a.example/report', title: 'R', openerTabId: 1 },
    { id: 6, windowId: 10, url: 'https://bank.example/', title: 'Bank' },
  ];
  const granted = [];
  const make = (access) => createControl(actingControlDeps(access, tabs, [
    { tabId: 5, url: 'https://a.example/report' }, { tabId: 6, url: 'https://bank.example/' },
    { tabId: 9, url: '' }], { grantTab: async (id) => { granted.push(id); } }));
  const chosen = { enabled: true, scope: 'chosen', tabs: [1], windowId: null };
  const reply = await make(chosen).handle({ id: 'o1', op: 'act', params: { tabId: 1, action: 'click', target: 'Report' } });
  assert.equal(reply.ok, true);
  assert.deepEqual(granted, [5], 'the tab the shared tab opened; not one it did not open, nor one gone');
  await make({ ...chosen, tabs: [1, 5] }).handle({ id: 'o2', op: 'act', params: { tabId: 1, action: 'click', target: 'Report' } });
  assert.deepEqual(granted, [5], 'already shared: not added twice');
  await make({ ...chosen, scope: 'active' }).handle({ id: 'o3', op: 'act', params: { tabId: 1, action: 'click', target: 'Report' } });
  assert.deepEqual(granted, [5], 'the active tab scope follows focus: nothing to add');
});

test('a popup an act opened in a window of its own from a shared window is shared with it; no other window is (issue 32)', async () => {
  const tabs = [
    { id: 1, windowId: 10, url: 'https://a.example/', title: 'A' },
    { id: 5, windowId: 11, url: 'https://a.example/pop', title: 'Pop', openerTabId: 1 },
    { id: 6, windowId: 12, url: 'https://bank.example/', title: 'Bank' },
    { id: 7, windowId: 10, url: 'https://a.example/tab', title: 'T', openerTabId: 1 },
  ];
  const granted = [];
  const make = (access) => createControl(actingControlDeps(access, tabs, [
    { tabId: 5, url: '' }, { tabId: 6, url: '' }, { tabId: 7, url: '' }], {
    grantTab: async () => { throw new Error('not a chosen grant'); },
    grantOpened: async (id, windowId) => { granted.push([id, windowId]); },
  }));
  const win = { enabled: true, scope: 'window', tabs: [], windowId: 10, opened: { windowId: null, tabs: [] } };
  const reply = await make(win).handle({ id: 'w1', op: 'act', params: { tabId: 1, action: 'click', target: 'Pop' } });
  assert.equal(reply.ok, true);
  assert.deepEqual(granted, [[5, 10]], 'the popup it opened; not a window it did not open, nor a tab in the window already');
});
