// prepare.js: a tab being read gets its next small document prepared once it settles.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { readsWhole } from '../lib/ax/ax_window_full.js';
import { createPreparer } from '../lib/reuse/prepare.js';

function fakes({ elements = 20, stabilized = true, loaderId = 'L-new', kept = true, allowed = true } = {}) {
  const log = [];
  let release = () => {};
  const settled = new Promise((r) => { release = r; });
  const session = {
    send: async (method) => (method === 'Page.getFrameTree' ? { frameTree: { frame: { id: 'F0', loaderId } } } : {}),
    release: () => log.push('release'),
  };
  return {
    log,
    settle: () => release(),
    deps: {
      debuggers: { joinLingering: () => (kept ? session : null) },
      stabilize: async () => { await settled; return { stabilized }; },
      capture: async (_s, tabId, options) => { log.push(['capture', tabId, options.format]); },
      countElements: async () => elements,
      small: readsWhole,
      mayRead: async () => allowed,
    },
  };
}

test('a settled small document is captured once, and the next read hears it once', async () => {
  const f = fakes();
  const p = createPreparer(f.deps);
  const done = p.prepare(7);
  f.settle();
  assert.equal(await done, 'prepared');
  assert.deepEqual(f.log, [['capture', 7, 'snapshot'], 'release']);
  assert.equal(p.peek(7), 'prepared', 'a look leaves it for the read');
  assert.equal(p.outcome(7), 'prepared');
  assert.equal(p.outcome(7), null, 'told once');
  assert.equal(p.peek(7), null);
});

test('a big, an unsettled or an unkept tab is not captured', async () => {
  for (const [opts, said] of [[{ elements: 5000 }, 'big'], [{ stabilized: false }, 'unsettled'], [{ kept: false }, 'not kept']]) {
    const f = fakes(opts);
    const p = createPreparer(f.deps);
    const done = p.prepare(7);
    f.settle();
    assert.equal(await done, said);
    assert.ok(!f.log.some((e) => Array.isArray(e)), `${said}: no capture`);
  }
});

test('a newer document supersedes a preparation still waiting for the page to settle', async () => {
  const f = fakes();
  const p = createPreparer(f.deps);
  const older = p.prepare(7);
  const newer = p.prepare(7);
  f.settle();
  assert.deepEqual([await older, await newer], ['superseded', 'prepared']);
  assert.equal(f.log.filter((e) => Array.isArray(e)).length, 1);
  assert.equal(p.outcome(7), 'prepared');
});

test('a document some read has captured already is left alone', async () => {
  const f = fakes();
  const p = createPreparer({ ...f.deps, documentRead: (tabId, loaderId) => tabId === 7 && loaderId === 'L-new' });
  const done = p.prepare(7);
  f.settle();
  assert.equal(await done, 'read already');
  assert.ok(!f.log.some((e) => Array.isArray(e)));
});

test('a page an agent may not read is not prepared, and no session is joined', async () => {
  const f = fakes({ allowed: false });
  let joined = 0;
  const p = createPreparer({ ...f.deps, debuggers: { joinLingering: () => { joined += 1; return null; } } });
  const done = p.prepare(7);
  f.settle();
  assert.equal(await done, 'restricted');
  assert.equal(joined, 0);
  assert.deepEqual(f.log, []);
  assert.equal(p.outcome(7), null, 'nothing to tell the next read');
});

test('a read that starts while the preparation waits for the page stops it before it reads', async () => {
  const f = fakes();
  const p = createPreparer(f.deps);
  const done = p.prepare(7);
  await p.yieldTo(7); // nothing reading yet: the read goes on at once
  f.settle();
  assert.equal(await done, 'superseded');
  assert.ok(!f.log.some((e) => Array.isArray(e)), 'no capture beside the read');
});

test('a read that starts while the preparation reads waits for that read to end', async () => {
  const f = fakes();
  let finishCapture = () => {};
  const capturing = new Promise((r) => { finishCapture = r; });
  let started = () => {};
  const captureStarted = new Promise((r) => { started = r; });
  const p = createPreparer({
    ...f.deps,
    capture: async (_s, tabId) => { f.log.push(['capture', tabId]); started(); await capturing; },
  });
  const done = p.prepare(7);
  f.settle();
  await captureStarted;
  let yielded = false;
  const waiting = p.yieldTo(7).then(() => { yielded = true; });
  await new Promise((r) => setImmediate(r));
  assert.equal(yielded, false, 'the read waits while the preparation captures');
  finishCapture();
  await waiting;
  assert.equal(yielded, true);
  assert.equal(await done, 'prepared');
});

test('switched off, a settled small document is left alone and the next read hears "off"', async () => {
  const f = fakes();
  let on = false;
  const p = createPreparer({ ...f.deps, enabled: async () => on });
  f.settle();
  assert.equal(await p.prepare(7), 'off');
  assert.deepEqual(f.log, [], 'nothing joined, settled or read');
  assert.equal(p.outcome(7), 'off');
  on = true;
  assert.equal(await p.prepare(7), 'prepared', 'switched back on, the next document is prepared');
});
