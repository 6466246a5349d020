import assert from 'node:assert/strict';
import { test } from 'node:test';

import { checkRestricted } from '../lib/session/restricted.js';

const OWN = 'egmnfpicaiccfgkfoddjahjnpdmhbkgf';

test('browser-internal pages are refused with a message and a hint', () => {
  for (const url of [
    'chrome://version', 'chrome://settings/', 'CHROME://extensions', 'devtools://devtools/bundled/inspector.html',
    'view-source:https://example.com/', 'about:settings', 'chrome-untrusted://terminal/', 'edge://flags',
    'chrome-search://local-ntp/', 'about:version',
  ]) {
    const refused = checkRestricted(url, OWN);
    assert.ok(refused, url);
    assert.equal(refused.code, 'restricted_page');
    assert.ok(refused.message.length > 10);
    assert.ok(refused.hint.length > 10);
  }
});

test("other extensions' pages are refused, our own are not", () => {
  assert.equal(checkRestricted('chrome-extension://abcdefghijklmnopabcdefghijklmnop/page.html', OWN).code, 'restricted_page');
  assert.equal(checkRestricted(`chrome-extension://${OWN}/sidepanel.html`, OWN), null);
});

test('the web store is refused', () => {
  assert.equal(checkRestricted('https://chromewebstore.google.com/detail/x/abc', OWN).code, 'restricted_page');
  assert.equal(checkRestricted('https://chrome.google.com/webstore/category/extensions', OWN).code, 'restricted_page');
  assert.equal(checkRestricted('https://chrome.google.com/search', OWN), null);
});

test('ordinary pages and about:blank are allowed', () => {
  for (const url of ['http://127.0.0.1:8000/a.html', 'https://example.com/', 'file:///tmp/x.html',
    'about:blank', 'data:text/html,<p>x', '']) {
    assert.equal(checkRestricted(url, OWN), null, url);
  }
});
