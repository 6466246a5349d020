import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import vm from 'node:vm';

import { SETTLED_AT_ONCE, mergeReadings, readPageClock, stabilize } from '../lib/session/stabilize.js';

// The content script is a classic script: run it in a context without `document` (so it
// installs nothing) and take its clock factory out.
const source = [
  readFileSync(new URL('../content/page_schedule.js', import.meta.url), 'utf8'),
  readFileSync(new URL('../content/readiness.js', import.meta.url), 'utf8'),
].join('\n');
const createReadinessClock = vm.runInNewContext(`${source}\ncreateReadinessClock`, { crypto });
const createReadinessReach = vm.runInNewContext(`${source}\ncreateReadinessReach`, { crypto });
const [readinessListeners, ACTIVITY] = vm.runInNewContext(`${source}\n[readinessListeners, ACTIVITY_EVENTS]`, { crypto });

test('the readiness clock counts quiet time from the last activity, and watch time from its start', () => {
  let t = 1000;
  const clock = createReadinessClock(() => t);
  t = 1300;
  assert.deepEqual({ ...clock.reading(), token: '' }, { token: '', count: 0, touches: 0, quiet: 300, since: 300 });
  clock.touch(4); // four mutation records
  t = 1450;
  const afterMutations = clock.reading();
  assert.equal(afterMutations.count, 4);
  assert.equal(afterMutations.quiet, 150);
  assert.equal(afterMutations.since, 450);
  clock.touch(); // input: restarts the quiet time, counts no mutation
  t = 1500;
  assert.equal(clock.reading().quiet, 50);
  assert.equal(clock.reading().count, 4);
  assert.equal(clock.reading().touches, 2, 'input is an activity too, though no mutation');
  assert.equal(clock.reading().token, afterMutations.token, 'one token per document');
  assert.notEqual(createReadinessClock(() => t).reading().token, afterMutations.token);
});

function session(tabId) {
  const calls = [];
  return {
    tabId,
    calls,
    onEvent: () => () => {},
    useNetwork: async () => async () => {},
    send: async (method) => { calls.push(method); return {}; },
  };
}

test('a page quiet since its navigation is read at once, without an observer of its own', async () => {
  const s = session(41);
  const report = await stabilize(s, { stabilize: { quiet_ms: 500 } }, {
    now: () => 0,
    readPage: async () => ({ token: 'a', count: 12, quiet: 900, since: 2000, load_state: 'complete' }),
  });
  assert.deepEqual(report, {
    stabilized: true, waited_ms: 0, reasons: [], pending_requests: 0, mutations: 0,
    source: 'navigation', observed_since_ms: 2000, quiet_for_ms: 900, quiet_at_start: true, load_state: 'complete',
  });
  assert.deepEqual(s.calls, [], 'no isolated world is created');
});

test('the warm clock keeps the wait going while the page mutates, across a navigation', async () => {
  let t = 0;
  const readings = [
    { token: 'a', count: 3, quiet: 100, since: 200 },
    { token: 'a', count: 5, quiet: 0, since: 300 },
    null, // the old document is going away
    { token: 'b', count: 2, quiet: 50, since: 50 },
    { token: 'b', count: 2, quiet: 600, since: 600 },
  ];
  const report = await stabilize(session(42), { stabilize: { quiet_ms: 500, max_wait_ms: 5000 } }, {
    now: () => (t += 10), readPage: async () => readings.shift(),
  });
  assert.equal(report.stabilized, true);
  assert.equal(report.source, 'navigation');
  assert.equal(report.observed_since_ms, 200);
  assert.equal(report.mutations, 2 + 2, 'two on the first document since the request, two on the next');
  assert.equal(readings.length, 0);
});

test('a page that keeps mutating on the warm clock still runs out of time honestly', async () => {
  let t = 0;
  const report = await stabilize(session(43), { stabilize: { quiet_ms: 500, max_wait_ms: 300 } }, {
    now: () => (t += 50), readPage: async () => ({ token: 'a', count: t, quiet: 20, since: 5000 }),
  });
  assert.equal(report.stabilized, false);
  assert.deepEqual(report.reasons, ['dom_mutations', 'max_wait']);
  assert.equal(report.source, 'navigation');
  assert.ok(report.mutations > 0);
});

test('without the content script the request installs its own observer', async () => {
  const s = session(44);
  let quiet = 0;
  s.send = async (method, params = {}) => {
    s.calls.push(method);
    if (method === 'Page.getFrameTree') return { frameTree: { frame: { id: 'F' } } };
    if (method === 'Page.createIsolatedWorld') return { executionContextId: 9 };
    if (method === 'Runtime.evaluate' && params.expression.includes('JSON.stringify')) {
      return { result: { value: JSON.stringify({ count: 0, quiet: (quiet += 300), since: quiet }) } };
    }
    return { result: { value: true } };
  };
  const report = await stabilize(s, { stabilize: { quiet_ms: 500 } }, { readPage: async () => null });
  assert.equal(report.stabilized, true);
  assert.equal(report.source, 'request');
  assert.equal(report.observed_since_ms, 0);
  assert.equal(report.quiet_at_start, false, 'a fresh observer waited its quiet window');
  assert.ok(s.calls.includes('Page.createIsolatedWorld'));
});

test('a report says (out of its JSON) whether the page was quiet at the first reading', async () => {
  const quiet = await stabilize(session(43), { stabilize: { quiet_ms: 500 } }, {
    now: () => 0, readPage: async () => ({ token: 'a', count: 0, quiet: 900, since: 900 }),
  });
  assert.equal(quiet[SETTLED_AT_ONCE], true);
  assert.ok(!JSON.stringify(quiet).includes('settled'), 'not part of the report sent on');
  assert.equal(quiet.quiet_at_start, true, 'what the report sent on says of it');
  let t = 0;
  const readings = [{ token: 'a', count: 1, quiet: 100, since: 100 }, { token: 'a', count: 1, quiet: 600, since: 600 }];
  const waited = await stabilize(session(44), { stabilize: { quiet_ms: 500 } }, {
    now: () => (t += 10), readPage: async () => readings.shift(),
  });
  assert.equal(waited.stabilized, true);
  assert.equal(waited[SETTLED_AT_ONCE], false, 'it waited: what was read beside it is stale');
  assert.equal(waited.quiet_at_start, false);
  const off = await stabilize(session(45), { stabilize: { enabled: false } });
  assert.equal(off[SETTLED_AT_ONCE], true);
  assert.equal(off.quiet_at_start, undefined, 'no clock was read');
});

test('a reading looks into shadow roots and same-origin frames, and sees controls set by script (issue 26)', () => {
  const el = (localName, props = {}, children = []) => ({ localName, ...props, children });
  const all = (root) => root.children.flatMap((c) => [c, ...all(c)]);
  const root = (children) => ({ children, querySelectorAll: (sel) => (sel === '*' ? all({ children })
    : all({ children }).filter((c) => ['input', 'select', 'textarea'].includes(c.localName))) });
  const input = el('input', { value: 'a', checked: false });
  const shadow = root([input]);
  const inner = root([el('p')]);
  const host = el('div', { shadow });
  const doc = root([host, el('iframe', { frameDoc: inner }), el('iframe', { frameDoc: undefined })]);
  const observed = [];
  const reach = createReadinessReach(doc, {
    shadowRootOf: (e) => e.shadow ?? null, frameDocOf: (e) => e.frameDoc, observe: (r) => observed.push(r),
    count: () => 5,
  });
  assert.deepEqual({ ...reach.refresh() }, { changed: false, unreadable: 1 }, 'a frame of another origin is said');
  assert.deepEqual(observed, [doc, shadow, inner], 'the shadow root and the frame are observed');
  assert.equal(reach.refresh().changed, false);
  input.value = 'b'; // set by a script: no mutation
  assert.equal(reach.refresh().changed, true);
  input.checked = true;
  assert.equal(reach.refresh().changed, true);
  assert.equal(reach.refresh().changed, false);
  assert.equal(observed.length, 3, 'each root observed once');
});

test('a control that appears is not a change of state: the first reading of a page quiet since it loaded is quiet', () => {
  const children = [];
  const doc = { children, querySelectorAll: () => children };
  const reach = createReadinessReach(doc, {
    shadowRootOf: () => null, frameDocOf: () => null, observe: () => {}, count: () => children.length,
  });
  assert.equal(reach.refresh().changed, false, 'at document_start: no control yet');
  children.push({ localName: 'input', value: '', checked: false }, { localName: 'select', value: 'a' });
  assert.equal(reach.refresh().changed, false, 'parsed since: new controls, no state changed');
  children[1].value = 'b';
  assert.equal(reach.refresh().changed, true, 'an existing control set by a script');
});

test('a page is as quiet as its busiest frame', () => {
  const main = { token: 't', count: 3, quiet: 900, since: 5000 };
  assert.deepEqual(mergeReadings(main, [{ count: 2, quiet: 80 }, null, { count: 1, quiet: 2000 }]),
    { token: 't', count: 6, quiet: 80, since: 5000 });
});

test('a page clock that stops answering is not quiet, and the report says it did not answer, not that it mutated', async () => {
  let t = 0;
  const readings = [{ token: 'a', count: 0, quiet: 100, since: 5000 }];
  const report = await stabilize({ tabId: 61, onEvent: () => () => {}, useNetwork: async () => async () => {} },
    { stabilize: { quiet_ms: 500, max_wait_ms: 300 } },
    { now: () => (t += 50), readPage: async () => readings.shift() ?? null });
  assert.equal(report.stabilized, false);
  assert.deepEqual(report.reasons, ['page_unanswered', 'max_wait']);
  assert.equal(report.mutations, 0);
});

test('a page seen mutating whose clock then stops answering is reported as mutating, not unanswered', async () => {
  let t = 0;
  const readings = [{ token: 'a', count: 0, quiet: 100, since: 5000 }, { token: 'a', count: 4, quiet: 20, since: 5000 }];
  const report = await stabilize({ tabId: 62, onEvent: () => () => {}, useNetwork: async () => async () => {} },
    { stabilize: { quiet_ms: 500, max_wait_ms: 300 } },
    { now: () => (t += 50), readPage: async () => readings.shift() ?? null });
  assert.equal(report.stabilized, false);
  assert.deepEqual(report.reasons, ['dom_mutations', 'max_wait']);
  assert.equal(report.mutations, 4);
});

test('a page whose frames answered and then fall silent waits, and says they did not answer', async () => {
  let t = 0;
  const main = { token: 'a', count: 2, quiet: 900, since: 5000, frames_unreadable: 1 };
  const readings = [{ ...main, quiet: 100, count: 4 }]; // frames heard, a frame just changed
  const report = await stabilize({ tabId: 65, onEvent: () => () => {}, useNetwork: async () => async () => {} },
    { stabilize: { quiet_ms: 500, max_wait_ms: 300 } },
    { now: () => (t += 50), readPage: async () => readings.shift() ?? { ...main, frames_unanswered: true } });
  assert.equal(report.stabilized, false, 'the main frame is quiet, the frames it heard are silent');
  assert.deepEqual(report.reasons, ['page_unanswered', 'max_wait']);
  assert.equal(report.mutations, 0, 'the silent frames\' count is not taken for a change');
});

test('frames silent at the first reading get one more poll; never heard, the main frame decides', async () => {
  let t = 0;
  let polls = 0;
  const main = { token: 'a', count: 2, quiet: 900, since: 5000, frames_unreadable: 1, frames_unanswered: true };
  const report = await stabilize({ tabId: 66, onEvent: () => () => {}, useNetwork: async () => async () => {} },
    { stabilize: { quiet_ms: 500, max_wait_ms: 5000 } },
    { now: () => (t += 50), readPage: async () => { polls += 1; return main; } });
  assert.equal(report.stabilized, true);
  assert.equal(polls, 2, 'not settled at once on the main frame alone');
  assert.equal(report.quiet_at_start, false);
});

test('the page clock gives frames their own time and says when they did not answer', async () => {
  const saved = globalThis.chrome;
  const main = { token: 'a', count: 1, quiet: 700, since: 900, frames_unreadable: 1 };
  try {
    globalThis.chrome = { tabs: { sendMessage: async () => main },
      scripting: { executeScript: () => new Promise(() => {}) } }; // a frame busy for good
    assert.deepEqual(await readPageClock(7), { ...main, frames_unanswered: true });
    globalThis.chrome.scripting.executeScript = async () => [{ frameId: 0, result: main },
      { frameId: 3, result: { count: 2, quiet: 40 } }];
    assert.deepEqual(await readPageClock(7), { ...main, count: 3, quiet: 40 });
  } finally {
    globalThis.chrome = saved;
  }
});

test('the clock listens for a document\'s events on its window, each type with its listener (note 152)', () => {
  // DevTools lists a node's listeners in every world and a window's only in the asking world:
  // on the document, a fill rule's read of the document (fill_rule.js) would list each of them
  const win = {};
  const doc = { defaultView: win };
  const on = { pointed: () => {}, touch: () => {}, fired: () => {} };
  const listed = readinessListeners(doc, on);
  assert.ok(listed.every(([target]) => target === win), 'nothing on the document');
  const heard = (listener) => Array.from(listed.filter(([, , l]) => l === listener), ([, type]) => type).sort();
  assert.deepEqual(heard(on.pointed), ['pointerdown', 'pointermove', 'pointerup']);
  assert.deepEqual(heard(on.touch), [...ACTIVITY, 'readystatechange'].sort());
  assert.deepEqual(heard(on.fired), ['submit']);
  for (const type of ['keydown', 'keyup', 'input', 'change', 'submit', 'scroll', 'wheel']) {
    assert.ok(heard(on.touch).includes(type), type);
  }
  // a document with no window (no browsing context): all on the document itself
  const alone = { defaultView: null };
  assert.ok(readinessListeners(alone, on).every(([target]) => target === alone));
  assert.equal(readinessListeners(alone, on).length, listed.length);
});
