import assert from 'node:assert/strict';
import { test } from 'node:test';

import { checkAgentMessage, checkSender, isExtensionId, normalizeAllowList, parseAllowList } from '../lib/router/policy.js';
import { createRouter } from '../lib/router/router.js';

const OWN = 'egmnfpicaiccfgkfoddjahjnpdmhbkgf';
const AGENT = 'ffmggmhlffiobcicpghhjfkdfpffifmi';
const STRANGER = 'lkfgnmhfofhnkhnkjggcpgjfbjcccgik';

test('extension ids are 32 letters a–p', () => {
  assert.ok(isExtensionId(AGENT));
  for (const bad of ['', AGENT.toUpperCase(), `${AGENT}a`, 'z'.repeat(32), 42, null]) assert.ok(!isExtensionId(bad), String(bad));
});

test('the allow-list field accepts ids and extension URLs, reports the rest', () => {
  const { ids, invalid } = parseAllowList(`${AGENT}\n chrome-extension://${STRANGER}/page.html, ${AGENT.toUpperCase()}  nope`);
  assert.deepEqual(ids, [AGENT, STRANGER]);
  assert.deepEqual(invalid, ['nope']);
  assert.deepEqual(parseAllowList(''), { ids: [], invalid: [] });
  assert.deepEqual(normalizeAllowList([AGENT, AGENT, 'x', 3]), [AGENT]);
  assert.deepEqual(normalizeAllowList('not a list'), []);
});

test('own pages and allowed extensions pass; strangers, web pages and content scripts do not', () => {
  assert.equal(checkSender({ id: OWN, url: `chrome-extension://${OWN}/sidepanel.html` }, OWN), 'self');
  assert.equal(checkSender({ id: OWN }, OWN), 'self');
  assert.equal(checkSender({ id: AGENT, url: `chrome-extension://${AGENT}/agent.html` }, OWN, [AGENT]), 'agent');
  assert.equal(checkSender({ id: AGENT }, OWN, [AGENT]), 'agent'); // its service worker
  const refused = [
    [{ id: STRANGER, url: `chrome-extension://${STRANGER}/x.html` }, [AGENT]],
    [{ id: AGENT, url: 'https://evil.example/' }, [AGENT]], // the agent's content script
    [{ id: AGENT, url: `chrome-extension://${STRANGER}/x.html` }, [AGENT]],
    [{ id: OWN, url: 'https://evil.example/' }, []],
    [{ url: 'https://evil.example/' }, [AGENT]],
    [undefined, [AGENT]],
  ];
  for (const [sender, list] of refused) {
    assert.throws(() => checkSender(sender, OWN, list), (e) => e.code === 'not_allowed' && e.hint.length > 0, JSON.stringify(sender));
  }
  assert.throws(() => checkSender({ id: STRANGER }, OWN, [AGENT]), (e) => e.hint.includes(STRANGER));
});

test('agents may not turn redaction off', () => {
  checkAgentMessage({ type: 'snapshot', options: { format: 'outline' } });
  checkAgentMessage({ type: 'ping_host' });
  assert.throws(() => checkAgentMessage({ type: 'snapshot', options: { redact: false } }), (e) => e.code === 'not_allowed');
});

function deps(allowList) {
  const session = { release() {} };
  return {
    ownId: OWN,
    allowList: async () => allowList,
    debuggers: { acquire: async () => session },
    stabilize: async () => ({ stabilized: true }),
    capture: async (_s, tabId) => ({ tab: { id: tabId }, timings: {} }),
    native: { request: async () => ({ reply: { ok: true, result: { format: 'snapshot', timings: { host_ms: 1 } } }, requestBytes: 1, replyBytes: 1, replyChunks: 1 }) },
    getTargets: async () => [],
    getTab: async (tabId) => ({ id: tabId, url: 'http://127.0.0.1/' }),
    activeTabId: async () => 1,
  };
}

test('the router reads the allow-list for other extensions only', async () => {
  const agent = { id: AGENT, url: `chrome-extension://${AGENT}/agent.html` };
  const allowed = await createRouter(deps([AGENT])).handle({ type: 'snapshot', tabId: 4 }, agent);
  assert.equal(allowed.ok, true, JSON.stringify(allowed));
  const refused = await createRouter(deps([])).handle({ type: 'snapshot', tabId: 4 }, agent);
  assert.equal(refused.error.code, 'not_allowed');
  const unredacted = await createRouter(deps([AGENT])).handle({ type: 'snapshot', tabId: 4, options: { redact: false } }, agent);
  assert.equal(unredacted.error.code, 'not_allowed');
  let asked = false;
  const own = deps([]);
  own.allowList = async () => { asked = true; return []; };
  const mine = await createRouter(own).handle({ type: 'snapshot', tabId: 4, options: { redact: false } }, { id: OWN });
  assert.equal(mine.ok, true);
  assert.equal(asked, false);
});

test('agents read web pages only and cannot upload; axsnap itself reads file: pages', async () => {
  const agent = { id: AGENT, url: `chrome-extension://${AGENT}/agent.html` };
  for (const url of ['file:///etc/passwd', 'data:text/html,x', 'chrome://settings/']) {
    const d = deps([AGENT]);
    d.getTab = async (tabId) => ({ id: tabId, url });
    const refused = await createRouter(d).handle({ type: 'snapshot', tabId: 4 }, agent);
    assert.equal(refused.error.code, 'restricted_page', url);
  }
  const local = deps([]);
  local.getTab = async (tabId) => ({ id: tabId, url: 'file:///tmp/page.html' });
  assert.equal((await createRouter(local).handle({ type: 'snapshot', tabId: 4 }, { id: OWN })).ok, true);
  const upload = await createRouter(deps([AGENT])).handle(
    { type: 'act', tabId: 4, action: 'upload', target: '0-5', value: ['/etc/passwd'] }, agent);
  assert.equal(upload.error.code, 'not_allowed');
});

test('the message types agents may send are the generated policy (models/policy.py)', async () => {
  const { CALLER_POLICY } = await import('../lib/generated/contract.js');
  const { AGENT_TYPES, pageRefusal, outsideRole } = await import('../lib/router/policy.js');
  assert.deepEqual(AGENT_TYPES, CALLER_POLICY.agent.types);
  assert.equal(pageRefusal('https://a.example/', outsideRole()), null);
  assert.equal(pageRefusal('file:///etc/passwd', outsideRole()).code, 'restricted_page');
  assert.equal(pageRefusal('file:///etc/passwd', outsideRole({ fileUrls: true })), null);
  assert.equal(pageRefusal('javascript:alert(1)', outsideRole({ fileUrls: true })).code, 'restricted_page');
});
