// The extension's side of the option contract: rules generated from the host's
// SnapshotOptions (lib/generated/contract.js; tests/unit/test_contract.py keeps it current),
// strictly typed, checked before anything is captured.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

import { ERROR_CODES, FORMATS, ONLY_FOR, OPTIONS } from '../lib/generated/contract.js';
import { optionProblems } from '../lib/router/options_check.js';
import { createRouter } from '../lib/router/router.js';
import { PANEL_FORMATS, requestsFor } from '../panel/options.js';

const OWN = 'egmnfpicaiccfgkfoddjahjnpdmhbkgf';
const AGENT = 'abcdefghijklmnopabcdefghijklmnop';
const NOT_BOOLEANS = ['false', 0, '0', 'off', 'no', 0.0, 1, 'true', null, [], {}];

function router(allowList = []) {
  const calls = [];
  const session = { release() {} };
  const r = createRouter({
    ownId: OWN,
    allowList: async () => allowList,
    debuggers: { acquire: async () => { calls.push('attach'); return session; } },
    stabilize: async () => { calls.push('stabilize'); return { stabilized: true }; },
    capture: async (_s, tabId, options) => { calls.push(['capture', options]); return { tab: { id: tabId }, timings: {} }; },
    native: { request: async (_t, body) => { calls.push(['host', body.options]); return { reply: { ok: true, result: { format: 'snapshot', redacted: body.options.redact !== false, timings: { host_ms: 1 } } }, requestBytes: 1, replyBytes: 1, replyChunks: 1 }; } },
    getTargets: async () => [],
    getTab: async (tabId) => ({ id: tabId, url: 'http://127.0.0.1/' }),
    activeTabId: async () => 1,
  });
  return { r, calls };
}

test('the generated rules know every option and its default', () => {
  for (const name of ['format', 'redact', 'pruned', 'stabilize', 'max_tokens', 'compression', 'focus']) {
    assert.ok(Object.hasOwn(OPTIONS, name), name);
  }
  assert.deepEqual(FORMATS, OPTIONS.format.values);
  assert.equal(OPTIONS.redact.kind, 'boolean');
  assert.equal(OPTIONS.redact.default, true);
  assert.deepEqual([OPTIONS.max_tokens.min, OPTIONS.max_tokens.nullable], [100, true]);
  const defaults = Object.fromEntries(Object.entries(OPTIONS).filter(([, r]) => r.kind !== 'object').map(([k, r]) => [k, r.default]));
  assert.deepEqual(optionProblems(defaults), [], 'every default is valid for the default format');
  for (const [name, formats] of Object.entries(ONLY_FOR)) {
    assert.ok(Object.hasOwn(OPTIONS, name), name);
    for (const format of formats) assert.ok(FORMATS.includes(format), `${name}: ${format}`);
  }
});

for (const value of NOT_BOOLEANS) {
  test(`redact: ${JSON.stringify(value)} is refused before anything is captured, from any sender`, async () => {
    for (const [sender, allowList] of [[{ id: OWN }, []], [{ id: AGENT, url: `chrome-extension://${AGENT}/a.html` }, [AGENT]]]) {
      const { r, calls } = router(allowList);
      const reply = await r.handle({ type: 'snapshot', tabId: 4, options: { redact: value } }, sender);
      assert.equal(reply.ok, false);
      assert.equal(reply.error.code, 'invalid_message', JSON.stringify(reply.error));
      assert.match(reply.error.message, /options\.redact must be a boolean/);
      assert.deepEqual(calls, [], 'nothing attached, stabilized, captured or sent');
    }
  });
}

test('the agent policy decides on the parsed value; own pages may turn redaction off', async () => {
  const agent = router([AGENT]);
  const refused = await agent.r.handle({ type: 'snapshot', tabId: 4, options: { redact: false } },
    { id: AGENT, url: `chrome-extension://${AGENT}/a.html` });
  assert.equal(refused.error.code, 'not_allowed');
  assert.deepEqual(agent.calls, []);
  const own = router();
  const reply = await own.r.handle({ type: 'snapshot', tabId: 4, options: { redact: false } }, { id: OWN });
  assert.equal(reply.ok, true);
  assert.deepEqual(own.calls.at(-1), ['host', { redact: false }], 'the host gets the boolean as sent');
});

test('every option is strictly typed, bounded and named', () => {
  const bad = [
    [{ pruned: 'false' }, /options\.pruned must be a boolean/], [{ vision: 1 }, /options\.vision must be a boolean/],
    [{ include_ax: 'yes' }, /include_ax must be a boolean \(true or false\) or null/],
    [{ stabilize: { quiet_ms: '500' } }, /stabilize\.quiet_ms must be an integer/],
    [{ stabilize: { quiet_ms: 1.5 } }, /must be an integer/], [{ stabilize: { max_wait_ms: 120_001 } }, /≤ 120000/],
    [{ stabilize: { enabled: 'true' } }, /stabilize\.enabled must be a boolean/],
    [{ format: 'outline', max_tokens: 99 }, /max_tokens must be ≥ 100/], [{ format: 'outline', depth: 0 }, /depth must be ≥ 1/],
    [{ format: 'outline', compression: 'delta', delta_max_change: 0 }, /delta_max_change must be > 0/],
    [{ format: 'outline', focus: '' }, /focus must not be empty/], [{ format: 'outline', focus: 'x'.repeat(2001) }, /at most 2000/],
    [{ format: 'pdf' }, /format must be one of snapshot, domtext, elements, som, outline/],
    [{ screenshot_quality: 101 }, /≤ 100/], [{ redcat: false }, /options\.redcat is not an option/],
    [{ stabilize: { quiet: 1 } }, /stabilize\.quiet is not an option/], [{ trace_id: 5 }, /trace_id must be a string/],
    [{ format: 'snapshot', max_tokens: 500 }, /does not use max_tokens \(outline\/semantic\/semantic_text\)/],
    [{ also_formats: 'domtext' }, /also_formats must be a list or null/],
    [{ also_formats: ['pdf'] }, /also_formats\[0\] must be one of snapshot, outline, domtext, elements/],
    [{ also_formats: ['outline', 'domtext', 'elements', 'snapshot'] }, /at most 3 items/],
  ];
  for (const [options, message] of bad) {
    const problems = optionProblems(options);
    assert.equal(problems.length, 1, `${JSON.stringify(options)} → ${JSON.stringify(problems)}`);
    assert.match(problems[0], message);
  }
  const good = [{ redact: false }, { format: 'outline', max_tokens: 100, depth: 1, focus: '0-29', compression: 'delta', delta_max_change: 1 },
    { format: 'som', vision: true, screenshot_format: 'jpeg', screenshot_quality: 0 }, { include_ax: null, trace_id: null },
    // one read of several formats: an option of any of them is accepted
    { format: 'snapshot', scope: 'page', viewport_only: false, also_formats: ['outline', 'domtext'], compact: true }];
  for (const options of good) assert.deepEqual(optionProblems(options), [], JSON.stringify(options));
});

test('every request the panel makes passes the generated rules', () => {
  for (const format of PANEL_FORMATS) {
    if (format !== 'all') assert.ok(FORMATS.includes(format), format);
    for (const extra of [{}, { compact: true, compression: 'delta', max_tokens: 2000, redact: false, vision: false }]) {
      for (const { options } of requestsFor({ format, ...extra })) assert.deepEqual(optionProblems(options), [], JSON.stringify(options));
    }
  }
});

test('every error code the extension raises is one of the host\'s codes', () => {
  const known = new Set(Object.values(ERROR_CODES));
  const root = new URL('..', import.meta.url);
  const files = ['background.js', 'bridge.js', ...['lib', 'panel'].flatMap((dir) => readdirSync(new URL(dir, root), { recursive: true }).filter((f) => f.endsWith('.js') && !f.startsWith('generated')).map((f) => `${dir}/${f}`))];
  let seen = 0;
  for (const file of files) {
    const text = readFileSync(new URL(file, root), 'utf8');
    for (const m of text.matchAll(/(?:AxError|axError)\('([a-z_]+)'|code: '([a-z_]+)'|fallbackCode = '([a-z_]+)'/g)) {
      const code = m[1] ?? m[2] ?? m[3];
      seen += 1;
      assert.ok(known.has(code), `${file}: ${code} is not in models/errors.py ErrorCode`);
    }
  }
  assert.ok(seen > 20, `found ${seen} codes`);
});
