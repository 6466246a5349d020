import assert from 'node:assert/strict';
import { test } from 'node:test';

import { actProofOf, keepActProof, nothingSinceProof } from '../lib/session/act_proof.js';
import { ENDED_BY, forgetWorld, SETTLED_BY, stabilize } from '../lib/session/stabilize.js';

// fast path settle_after_act: a read asked to settle right after an act stands on the act's proof
const PROOF = { token: 'doc', count: 7, touches: 12, quiet: 30, since: 900, load_state: 'complete', frames_unreadable: 0 };

function session(tabId) {
  return { tabId, onEvent: () => () => {}, useNetwork: async () => async () => {}, send: async () => ({}) };
}

async function read(tabId, reading, { options = { stabilize: { settle: true } }, inflight = null } = {}) {
  let t = 0;
  let asks = 0;
  const report = await stabilize(session(tabId), options, {
    now: () => (t += 5),
    actProof: actProofOf, // (lib/router/router.js hands it over unless the read is exact)
    ...(inflight ? { inflight } : {}),
    readPage: async () => ({ ...reading }),
    askSettle: async () => {
      asks += 1;
      return { settled: true, why: [], by: 'floor', reading: { ...reading, quiet: 60 } };
    },
  });
  return { report, asks };
}

test('a read whose page saw nothing since the act\'s proof ends at once on it, and says so', async () => {
  keepActProof(71, PROOF);
  const { report, asks } = await read(71, { ...PROOF, quiet: 45, since: 915 });
  assert.equal(asks, 0, 'no settle check of its own');
  assert.equal(report[ENDED_BY], 'settled');
  assert.equal(report[SETTLED_BY], 'act_proof');
  assert.equal(report.settled_by, 'act_proof');
  assert.equal(report.mutations, 0);
});

test('a page quiet for longer than the quiet window still ends on the act\'s proof', async () => {
  // a loaded machine: the read came long after the act, its page quiet past quiet_ms (CI at 5521a8d)
  keepActProof(74, PROOF);
  const { report, asks } = await read(74, { ...PROOF, quiet: 5000, since: 6000 },
    { options: { stabilize: { settle: true, quiet_ms: 500 } } });
  assert.equal(asks, 0);
  assert.equal(report[ENDED_BY], 'settled');
  assert.equal(report.settled_by, 'act_proof');
});

test('any activity, another document, a request in flight or no settle asked: a check of its own', async () => {
  keepActProof(72, PROOF);
  for (const changed of [{ touches: 13 }, { count: 8 }, { token: 'next' }, { load_state: 'interactive' },
    { frames_unreadable: 1 }]) {
    const { report, asks } = await read(72, { ...PROOF, ...changed });
    assert.notEqual(report.settled_by, 'act_proof', JSON.stringify(changed));
    assert.ok(asks >= 1 || report[ENDED_BY] !== 'settled', JSON.stringify(changed));
  }
  const checked = await read(72, { ...PROOF, touches: 14 });
  assert.equal(checked.asks, 1);
  assert.equal(checked.report.settled_by, 'floor', 'the check that ended it');
  const busy = await read(72, PROOF, { inflight: new Set(['r1']), options: { stabilize: { settle: true, quiet_ms: 20 } } });
  assert.equal(busy.report[ENDED_BY], 'quiet_window');
  const plain = await read(72, PROOF, { options: { stabilize: { quiet_ms: 20 } } });
  assert.equal(plain.asks, 0);
  assert.equal(plain.report[ENDED_BY], 'quiet_window');
  assert.equal(plain.report.settled_by, undefined);
});

test('a read that did not stand on the proof kept says why, with both readings\' counts', async () => {
  const cases = [[{ touches: 13 }, ['activity']], [{ count: 8 }, ['mutations']], [{ token: 'next' }, ['document']],
    [{ load_state: 'interactive' }, ['loading']], [{ frames_unanswered: true }, ['frames']]];
  for (const [changed, why] of cases) {
    keepActProof(75, PROOF);
    const { report } = await read(75, { ...PROOF, ...changed });
    assert.deepEqual(report.act_proof_missed.why, why, JSON.stringify(changed));
    assert.equal(report.act_proof_missed.proof_count, 7);
    assert.equal(report.act_proof_missed.proof_touches, 12);
    assert.equal(report.act_proof_missed.same_document, changed.token === undefined);
    assert.equal(report.act_proof_missed.touches, changed.touches ?? 12);
    assert.ok(!JSON.stringify(report.act_proof_missed).includes('"doc"'), 'no clock token in the report');
  }
  keepActProof(75, PROOF);
  const busy = await read(75, PROOF, { inflight: new Set(['r1']), options: { stabilize: { settle: true, quiet_ms: 20 } } });
  assert.deepEqual(busy.report.act_proof_missed.why, ['requests']);
  keepActProof(75, PROOF);
  const stood = await read(75, { ...PROOF, quiet: 45 });
  assert.equal(stood.report.settled_by, 'act_proof');
  assert.equal(stood.report.act_proof_missed, undefined, 'said only when it did not stand');
});

test('the proof is kept only from a watchable reading, and goes with the tab', () => {
  keepActProof(73, { ...PROOF, frames_unreadable: 2 });
  assert.equal(actProofOf(73), null);
  keepActProof(73, { ...PROOF, touches: undefined });
  assert.equal(actProofOf(73), null, 'a clock that counts no activities proves nothing');
  keepActProof(73, PROOF);
  assert.deepEqual(actProofOf(73), { token: 'doc', count: 7, touches: 12 });
  assert.equal(nothingSinceProof(actProofOf(73), { ...PROOF, frames_unanswered: true }), false);
  forgetWorld(73);
  assert.equal(actProofOf(73), null);
  keepActProof(73, PROOF);
  keepActProof(73, null);
  assert.equal(actProofOf(73), null);
});
