// The side panel's outside-access section: which popups it lists as shared with a window.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { describeEntry, sharedPopups } from '../panel/access.js';
import { normalizeAccess } from '../lib/router/consent.js';

const windowShared = (opened) => normalizeAccess({ enabled: true, scope: 'window', windowId: 7, opened });

test('the popups a shared window opened are listed with it', () => {
  assert.deepEqual(sharedPopups(windowShared({ windowId: 7, tabs: [41, 42] })), [41, 42]);
});

test('popups another window opened, or kept from an earlier scope, are not listed', () => {
  assert.deepEqual(sharedPopups(windowShared({ windowId: 8, tabs: [41] })), []);
  const chosen = normalizeAccess({ enabled: true, scope: 'chosen', tabs: [3], windowId: 7,
    opened: { windowId: 7, tabs: [41] } });
  assert.deepEqual(sharedPopups(chosen), []);
  const off = normalizeAccess({ enabled: false, scope: 'window', windowId: 7, opened: { windowId: 7, tabs: [41] } });
  assert.deepEqual(sharedPopups(off), []);
  assert.deepEqual(sharedPopups(normalizeAccess(null)), []);
});

test('a request line says what, which tab, who and how it ended', () => {
  const line = describeEntry({ at: 0, op: 'snapshot', format: 'outline', tabId: 5, tabTitle: 'Inbox',
    client: 'mcp', ok: false, code: 'tab_not_granted' });
  assert.match(line, /snapshot \(outline\) — tab 5 “Inbox” — mcp — refused: tab_not_granted$/);
});
