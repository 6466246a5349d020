// walker_capture.js: a document keeps the walker in the extension's isolated world.
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('a document keeps the walker under a name of this build; a document without it says so', async () => {
  const { KEEP_AS, runCachedWalker, sourceTag } = await import('../lib/walker/walker_capture.js');
  const { axsnapWalk } = await import('../lib/walker/walker.js');
  assert.equal(KEEP_AS, `__axsnapWalk_${sourceTag(axsnapWalk.toString())}`);
  assert.notEqual(sourceTag('a'), sourceTag('b'));
  assert.deepEqual(runCachedWalker(KEEP_AS, {}), { v: 1, noWalker: true });
  globalThis[KEEP_AS] = (opts) => ({ v: 1, ran: opts.x });
  try {
    assert.deepEqual(runCachedWalker(KEEP_AS, { x: 5 }), { v: 1, ran: 5 });
  } finally {
    delete globalThis[KEEP_AS];
  }
});
