// walker_capture.js: a DOM read's walk asked in the evaluate that reads the cached answer's proof.
import assert from 'node:assert/strict';
import { test } from 'node:test';

const KEEP = '__axsnapWalk_test';

/** Run the expression as the page's isolated world would: a watch and a cached walker. */
function runIn(expression, proof, log, frames = 0) {
  globalThis.__axsnapAnswerWatch = { proof: () => { log.push('proof'); return proof; } };
  globalThis[KEEP] = (opts) => { log.push('walk'); return { v: 1, world: 'W', elements: [], opts }; };
  globalThis.window = { length: frames };
  globalThis.document = { URL: 'http://127.0.0.1/a#b' };
  try {
    return JSON.parse((0, eval)(expression));
  } finally {
    for (const name of ['__axsnapAnswerWatch', KEEP, 'window', 'document']) delete globalThis[name];
  }
}

test('the proof is read first; the walk runs unless the proof is the cached answer\'s', async () => {
  const { proofWalkExpression } = await import('../lib/walker/walker_capture.js');
  const proof = ['doc', 7, 'ok', 30];
  let log = [];
  const same = runIn(proofWalkExpression(KEEP, { hold: true }, { id: 'doc', seq: 7 }, true), proof, log);
  assert.deepEqual(same, { p: proof, n: 0, u: 'http://127.0.0.1/a#b' }, 'the frames told either way');
  assert.deepEqual(log, ['proof'], 'the cached answer stands: nothing walked');

  log = [];
  const changed = runIn(proofWalkExpression(KEEP, { hold: true }, { id: 'doc', seq: 6 }, true), proof, log);
  assert.deepEqual(changed.p, proof);
  assert.deepEqual(log, ['proof', 'walk'], 'the proof read before the walk, in the same task');
  assert.deepEqual(changed.out.opts, { hold: true, keepAs: KEEP });
  assert.equal(runIn(proofWalkExpression(KEEP, {}, null, true), proof, [], 2).n, 2, 'child frames counted');

  log = [];
  const none = runIn(proofWalkExpression(KEEP, {}, null, true), proof, log);
  assert.deepEqual(log, ['proof', 'walk'], 'no cached answer (reuse: false): always walks');
  assert.equal(none.out.world, 'W');

  log = [];
  const doubt = runIn(proofWalkExpression(KEEP, {}, { id: 'doc', seq: 7 }, true), ['doc', 7, 'animation'], log);
  assert.deepEqual(log, ['proof', 'walk'], 'no proof ("ok" missing): walks');
  assert.deepEqual(doubt.p, ['doc', 7, 'animation']);

  log = [];
  const big = runIn(proofWalkExpression(KEEP, {}, { id: 'doc', seq: 7 }, false), proof, log);
  assert.deepEqual(log, ['walk'], 'a document known too big for a proof: none asked');
  assert.equal(big.p, null);
});

test('nothing is sent without a cached world of a DOM format\'s one-frame document', async () => {
  const { walkWithProof } = await import('../lib/walker/walker_capture.js');
  const calls = [];
  const session = { send: async (method) => { calls.push(method); return {}; } };
  assert.equal(walkWithProof(session, 1, { format: 'domtext' }), null, 'no walk of this tab kept');
  assert.equal(walkWithProof(session, 1, { format: 'snapshot' }), null, 'an AX format walks in its own read');
  assert.equal(walkWithProof(session, 1, { format: 'domtext', viewport_only: false }), null);
  assert.equal(walkWithProof(null, 1, { format: 'domtext' }), null);
  assert.deepEqual(calls, []);
});
