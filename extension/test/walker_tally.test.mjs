// The page's tally (src/tally.js) is asked of the walk only by the format that reads it: the AX
// window read walks in semantic mode for its hiding facts and reads no tally (design note 263).
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { walkerOptions } = await import('../lib/walker/walker_capture.js');

test('the AX window read asks the hiding facts of semantic mode, not the page tally', () => {
  const window = walkerOptions({ format: 'outline', viewport_only: true, hiding_facts: true });
  assert.equal(window.semantic, true);
  assert.equal(window.tally, false);
  const snapshot = walkerOptions({ format: 'snapshot', viewport_only: true, hiding_facts: true });
  assert.equal(snapshot.tally, false);
});

test('the semantic formats walk with the page tally', () => {
  for (const format of ['semantic', 'semantic_text']) {
    const opts = walkerOptions({ format });
    assert.equal(opts.semantic, true, format);
    assert.equal('tally' in opts, false, format);
  }
});
