import assert from 'node:assert/strict';
import { test } from 'node:test';

import { optionsSummary } from '../panel/form.js';
import { DEFAULTS, normalizeOptions, requestsFor } from '../panel/options.js';
import { runSnapshot } from '../panel/run.js';

test('stored options are completed and clamped to the host\'s bounds', () => {
  assert.deepEqual(normalizeOptions(undefined), { ...DEFAULTS, stabilize: { ...DEFAULTS.stabilize } });
  const o = normalizeOptions({ format: 'bogus', max_tokens: '50', compression: 'delta', redact: 'no',
    stabilize: { quiet_ms: '250', max_wait_ms: 999_999, enabled: false } });
  assert.equal(o.format, 'all');
  assert.equal(o.max_tokens, 100);
  assert.equal(o.compression, 'delta');
  assert.equal(o.redact, true, 'only a real false turns redaction off');
  assert.deepEqual(o.stabilize, { enabled: false, quiet_ms: 250, max_wait_ms: 120_000 });
  assert.equal(normalizeOptions({ max_tokens: '' }).max_tokens, null);
  assert.equal(normalizeOptions({ max_tokens: 'abc' }).max_tokens, null);
});

test('"everything" makes four requests; only the first waits for a quiet page', () => {
  const reqs = requestsFor({ ...DEFAULTS, compact: true, compression: 'delta', max_tokens: 2000, viewport_only: false });
  assert.deepEqual(reqs.map((r) => r.part), ['snapshot', 'dom', 'outline', 'page']);
  assert.deepEqual(reqs[3].options, { format: 'semantic', viewport_only: false, redact: true,
    stabilize: { ...DEFAULTS.stabilize, enabled: false } });
  assert.deepEqual(requestsFor({ format: 'semantic' }).map((r) => r.options.format), ['semantic']);
  assert.deepEqual(reqs[0].options, { format: 'snapshot', redact: true, stabilize: { enabled: true, quiet_ms: 500, max_wait_ms: 5000 } });
  assert.equal(reqs[1].options.format, 'som');
  assert.equal(reqs[1].options.viewport_only, false);
  assert.equal(reqs[1].options.stabilize.enabled, false);
  assert.deepEqual(reqs[2].options, { format: 'outline', compact: true, compression: 'delta', max_tokens: 2000, redact: true,
    stabilize: { enabled: false, quiet_ms: 500, max_wait_ms: 5000 } });
});

test('single formats send only what concerns them', () => {
  assert.deepEqual(requestsFor({ format: 'domtext', vision: false }).map((r) => r.options.format), ['domtext']);
  const [outline] = requestsFor({ format: 'outline' });
  assert.equal('max_tokens' in outline.options, false);
  assert.equal(outline.options.stabilize.enabled, true);
  const [snap] = requestsFor({ format: 'snapshot', redact: false });
  assert.equal(snap.options.redact, false);
  assert.equal('vision' in snap.options, false);
});

test('the options summary names what the next run does', () => {
  assert.equal(optionsSummary(normalizeOptions({})), 'everything · viewport · image · redacted');
  assert.equal(optionsSummary(normalizeOptions({ format: 'outline', compact: true, compression: 'delta', max_tokens: 500, redact: false })),
    'outline · compact · delta · ≤500 tokens · UNREDACTED');
});

test('a run sends the parts in order and stops at the first failure', async () => {
  const sent = [];
  const send = async (msg, onEvent) => {
    sent.push(msg.options.format);
    onEvent({ stage: 'capture', state: 'start' });
    if (msg.options.format === 'som') return { ok: false, error: { code: 'page_navigated', message: 'moved', hint: 'wait' } };
    return { ok: true, result: { format: msg.options.format, snapshot: { tab: { url: 'http://a/', title: 'A' } } }, timings: {} };
  };
  const events = [];
  const run = await runSnapshot({ tabId: 7, options: normalizeOptions({ redact: false }), send, onProgress: (i, e) => events.push([i, e.stage]), now: () => 1000 });
  assert.deepEqual(sent, ['snapshot', 'som']);
  assert.deepEqual(Object.keys(run.parts), ['snapshot']);
  assert.equal(run.error.code, 'page_navigated');
  assert.equal(run.errorPart, 'dom');
  assert.equal(run.unredacted, true);
  assert.equal(run.title, 'A');
  assert.deepEqual(events, [[0, 'capture'], [1, 'capture']]);
});
