// walker_carriage.js: a walk's carriage split into its parts (design note 226), from the worker's
// clock at the injection and its answer and the page's at the walk's start and end and its
// text's end, for the capture's steps (ax_window.js walkerSteps) and never the output.
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { carriageParts, parseCarried, walkCarriage } = await import('../lib/walker/walker_carriage.js');
const { walkerSteps } = await import('../lib/ax/ax_window.js');

test('the carriage\'s parts are the gaps between the worker\'s and the page\'s clocks', () => {
  assert.deepEqual(carriageParts(1000, [1002.04, 1512.5, 1590], 1890.26, 70.04),
    { inject: 2, walk: 510.5, json: 77.5, trip: 300.3, parse: 70 });
  assert.equal(walkCarriage({ elements: [] }), null, 'an output it did not carry');
  assert.equal(walkCarriage(null), null);
});

test('a carried walk is parsed as its text alone; its parts go to the steps, not its stats', () => {
  const out = { v: 1, elements: [{ s: 'html' }], stats: { inject_ms: 900, elapsed_ms: 500 } };
  const text = JSON.stringify(out);
  const results = [{ frameId: 0, result: [text, [1002, 1502, 1580]] }, { frameId: 3, result: JSON.stringify({ v: 1 }) },
    { frameId: 4, result: { v: 1, noWalker: true } }];
  parseCarried(results, 1000, 1880);
  assert.deepEqual(results.map((r) => r.result), [out, { v: 1 }, { v: 1, noWalker: true }]);
  const parts = walkCarriage(results[0].result);
  assert.deepEqual({ ...parts, parse: 0 }, { inject: 2, walk: 500, json: 78, trip: 300, parse: 0 });
  const timings = {};
  walkerSteps(results[0].result, timings);
  assert.equal(timings.walker_carry_trip_ms, 300);
  assert.equal(timings.walker_carry_inject_ms, 2);
  assert.ok(Number.isFinite(timings.walker_carry_parse_ms));
  assert.deepEqual(Object.keys(results[0].result.stats), ['inject_ms', 'elapsed_ms'], 'the stats as they were');
  const plain = {};
  walkerSteps({ stats: { inject_ms: 9 } }, plain);
  assert.deepEqual(plain, { walker_inject_ms: 9 }, 'none known: none said');
});
