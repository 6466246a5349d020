import assert from 'node:assert/strict';
import { test } from 'node:test';

import { checkGrant, grantedTabs, isGranted, normalizeAccess, pushLog } from '../lib/router/consent.js';

const tabs = [
  { id: 1, windowId: 10, url: 'https://a.example/', title: 'A' },
  { id: 2, windowId: 10, url: 'chrome://settings/', title: 'Settings' },
  { id: 3, windowId: 20, url: 'https://b.example/', title: 'B' },
  { id: 4, windowId: 10, url: 'chrome-extension://egmnfpicaiccfgkfoddjahjnpdmhbkgf/sidepanel.html', title: 'axsnap' },
];

test('outside access is off unless stored as on, and junk is ignored', () => {
  assert.deepEqual(normalizeAccess(undefined), { enabled: false, scope: 'active', tabs: [], windowId: null,
    opened: { windowId: null, tabs: [] } });
  assert.equal(normalizeAccess({ enabled: 'yes' }).enabled, false);
  const a = normalizeAccess({ enabled: true, scope: 'everything', tabs: [3, 3, -1, 'x', 2.5], windowId: '1' });
  assert.deepEqual(a, { enabled: true, scope: 'active', tabs: [3], windowId: null, opened: { windowId: null, tabs: [] } });
});

test('access off refuses every tab with access_off', () => {
  const off = normalizeAccess({ enabled: false, scope: 'window', windowId: 10 });
  assert.throws(() => checkGrant(off, tabs[0], 1), { code: 'access_off' });
  assert.throws(() => grantedTabs(off, tabs, 1), { code: 'access_off' });
});

test('scope active: only the active tab', () => {
  const a = normalizeAccess({ enabled: true, scope: 'active' });
  assert.equal(isGranted(a, tabs[0], 1), true);
  assert.throws(() => checkGrant(a, tabs[2], 1), { code: 'tab_not_granted' });
  assert.deepEqual(grantedTabs(a, tabs, 1).map((t) => t.id), [1]);
});

test('scope chosen: the chosen tabs; scope window: that window', () => {
  const chosen = normalizeAccess({ enabled: true, scope: 'chosen', tabs: [3] });
  assert.deepEqual(grantedTabs(chosen, tabs, 1).map((t) => t.id), [3]);
  assert.throws(() => checkGrant(chosen, tabs[0], 1), { code: 'tab_not_granted' });
  const win = normalizeAccess({ enabled: true, scope: 'window', windowId: 10 });
  assert.deepEqual(grantedTabs(win, tabs, 1).map((t) => t.id), [1], 'browser and extension pages left out');
  assert.throws(() => checkGrant(win, tabs[2], 1), { code: 'tab_not_granted' });
});

test('restricted pages are never served, even when granted; axsnap\'s own pages neither', () => {
  const win = normalizeAccess({ enabled: true, scope: 'window', windowId: 10 });
  assert.throws(() => checkGrant(win, tabs[1], 1), { code: 'restricted_page' });
  assert.throws(() => checkGrant(win, tabs[3], 1), { code: 'restricted_page' });
  try {
    checkGrant(win, tabs[1], 1);
  } catch (err) {
    assert.doesNotMatch(err.message, /settings/, 'the error names the tab, not its page');
  }
});

test('the log keeps the newest entries first, bounded', () => {
  let log = [];
  for (let i = 0; i < 60; i += 1) log = pushLog(log, { at: i });
  assert.equal(log.length, 50);
  assert.equal(log[0].at, 59);
});

test('scope window: a tab its tabs opened in another window while it was shared; not after the window changed', () => {
  const win = normalizeAccess({ enabled: true, scope: 'window', windowId: 10, opened: { windowId: 10, tabs: [3] } });
  assert.deepEqual(grantedTabs(win, tabs, 1).map((t) => t.id), [1, 3]);
  const moved = normalizeAccess({ ...win, windowId: 30 });
  assert.equal(isGranted(moved, tabs[2], 1), false, 'another window shared now: the popups of the one before are not');
  const chosen = normalizeAccess({ ...win, scope: 'chosen', tabs: [] });
  assert.equal(isGranted(chosen, tabs[2], 1), false, 'chosen tabs: only the chosen');
});
