// act_baseline.js: the last act's report capture stands as the next act's "before" only while
// every reading the proof is made of is the same (fast path act_baseline).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { createActBaselines } from '../lib/reuse/act_baseline.js';

const CAPTURE = {
  tab: { url: 'http://127.0.0.1/a.html' }, errors: [], walker: { world: null },
  frames: [{ frameId: 'F0', parentFrameId: null, loaderId: 'L1' }],
};

/** A page whose readings the test moves: proof [id, seq, status], listeners, URL, frames. */
function page() {
  const now = { proof: ['P', 1, 'ok', 10, 0], listeners: 'click:3', url: CAPTURE.tab.url, frames: CAPTURE.frames };
  const asked = { proof: 0 };
  const baselines = createActBaselines({
    inject: async () => { asked.proof += 1; return now.proof; },
    clickListeners: async () => now.listeners,
    frames: async () => now.frames,
    tabUrl: async () => now.url,
  });
  return { now, asked, baselines };
}

async function kept(p) {
  const witness = await p.baselines.witness({}, 7, null, {});
  return p.baselines.keep(7, witness, CAPTURE, {});
}

test('an unchanged page gives the kept baseline: its token, URL and document', async () => {
  const p = page();
  const token = await kept(p);
  assert.match(token, /^[0-9a-f]{24}$/);
  // the frames it read come with it (the act's lookup takes them); no world answered: none
  const stands = { token, url: CAPTURE.tab.url, loaderId: 'L1', frames: CAPTURE.frames, topContext: null };
  assert.deepEqual(await p.baselines.check({}, 7, {}), stands);
  assert.deepEqual(await p.baselines.check({}, 7, {}), stands);
});

test('a check whose proof the kept world answered names that world for the lookup', async () => {
  const p = page();
  await kept(p);
  const answered = { sent: Promise.resolve({}), contextId: 31, read: Promise.resolve({ proof: { id: 'P', seq: 1, status: 'ok' }, also: [] }) };
  assert.equal((await p.baselines.check({}, 7, {}, answered)).topContext, 31);
  // the evaluate gave no proof (the world is gone): the proof was read another way, no world
  const unanswered = { ...answered, read: Promise.resolve({ proof: null, also: null }) };
  const got = await p.baselines.check({}, 7, {}, unanswered);
  assert.equal(got.topContext, null);
  assert.deepEqual(got.frames, CAPTURE.frames);
});

for (const [what, move] of [
  ['a change the watch counted', (now) => { now.proof = ['P', 2, 'ok', 10, 0]; }],
  ['another document', (now) => { now.proof = ['Q', 1, 'ok', 10, 0]; }],
  ['no proof (an animation runs)', (now) => { now.proof = ['P', 1, 'animations', 10, null]; }],
  ['a click listener added', (now) => { now.listeners = 'click:4'; }],
  ['the URL moved (pushState)', (now) => { now.url += '#moved'; }],
  ['another frame document', (now) => { now.frames = [{ ...CAPTURE.frames[0], loaderId: 'L2' }]; }],
  ['a reading that did not answer', (now) => { now.listeners = null; }],
]) {
  test(`${what}: no baseline, and it is dropped`, async () => {
    const p = page();
    await kept(p);
    move(p.now);
    assert.equal(await p.baselines.check({}, 7, {}), null);
    Object.assign(p.now, { proof: ['P', 1, 'ok', 10, 0], listeners: 'click:3', url: CAPTURE.tab.url, frames: CAPTURE.frames });
    assert.equal(await p.baselines.check({}, 7, {}), null, 'dropped: the page changed in between');
  });
}

test('exact: nothing is witnessed, kept or asked', async () => {
  const p = page();
  assert.equal(await p.baselines.witness({}, 7, null, { exact: true }), null);
  assert.equal(p.baselines.mayCaptureEarly({ exact: true }), false);
  assert.equal(p.baselines.mayCaptureEarly({}), true);
  assert.equal(p.baselines.keep(7, await p.baselines.witness({}, 7, null, {}), CAPTURE, { exact: true }), null);
  await kept(p);
  const asked = p.asked.proof;
  assert.equal(await p.baselines.check({}, 7, { exact: true }), null);
  assert.equal(p.asked.proof, asked, 'an exact act asks for no proof');
});

test('no proof, or a capture with errors, keeps nothing', async () => {
  const p = page();
  p.now.proof = ['P', 1, 'too many elements', 5000, null];
  assert.equal(await p.baselines.witness({}, 7, null, {}), null);
  assert.equal(p.baselines.keep(7, null, CAPTURE, {}), null);
  p.now.proof = ['P', 1, 'ok', 10, 0];
  const witness = await p.baselines.witness({}, 7, null, {});
  assert.equal(p.baselines.keep(7, witness, { ...CAPTURE, errors: [{ step: 'walker', message: 'x' }] }, {}), null);
  assert.equal(await p.baselines.check({}, 7, {}), null);
});

test('a reading that never answers is no proof', async () => {
  const baselines = createActBaselines({
    inject: async () => ['P', 1, 'ok', 10, 0], clickListeners: () => new Promise(() => {}),
    frames: async () => CAPTURE.frames, tabUrl: async () => CAPTURE.tab.url, checkMs: 20,
  });
  assert.equal(await baselines.witness({}, 7, null, {}), null);
});

test('an early capture stands only while every reading is the one its witness saw', async () => {
  const p = page();
  const witness = await p.baselines.witness({}, 7, null, {});
  assert.equal(await p.baselines.unchanged({}, 7, witness, CAPTURE), true);
  p.now.proof = ['P', 2, 'ok', 10, 0]; // a timer changed the page while readiness ran
  assert.equal(await p.baselines.unchanged({}, 7, witness, CAPTURE), false);
  p.now.proof = ['P', 1, 'ok', 10, 0];
  p.now.url += '#moved';
  assert.equal(await p.baselines.unchanged({}, 7, witness, CAPTURE), false);
  assert.equal(await p.baselines.unchanged({}, 7, null, CAPTURE), false, 'no witness: no proof');
});

test('a walk sent with the proof witnesses its capture: the proof read in the walk, the listeners behind it', async () => {
  const p = page();
  const order = [];
  const baselines = createActBaselines({
    inject: async () => { throw new Error('no injection: the walk carries the proof'); },
    clickListeners: async () => { order.push('listeners'); return p.now.listeners; },
  });
  order.push('walk');
  const walked = { reply: Promise.resolve({ proof: ['P', 1, 'ok', 10, 0], asked: true, out: {} }) };
  const witness = await baselines.witnessOfWalk({}, walked);
  assert.deepEqual(order, ['walk', 'listeners']);
  assert.deepEqual(witness, { proof: { id: 'P', seq: 1, status: 'ok', elements: 10 }, listeners: 'click:3' });
  assert.match(baselines.keep(7, witness, CAPTURE, {}), /^[0-9a-f]{24}$/);
});

test('a walk that read the click listeners behind itself: that read is the witness\'s, none asked again', async () => {
  let asked = 0;
  const baselines = createActBaselines({
    inject: async () => { throw new Error('no injection: the walk carries the proof'); },
    clickListeners: async () => { asked += 1; return 'click:9'; },
  });
  const walked = {
    reply: Promise.resolve({ proof: ['P', 1, 'ok', 10, 0], asked: true, out: {} }),
    listeners: Promise.resolve('click:3'),
  };
  const witness = await baselines.witnessOfWalk({}, walked);
  assert.deepEqual(witness, { proof: { id: 'P', seq: 1, status: 'ok', elements: 10 }, listeners: 'click:3' });
  assert.equal(asked, 0, 'one listener read behind the walk, for the witness and the ids both');
  const unread = { ...walked, listeners: Promise.resolve(null) };
  assert.equal(await baselines.witnessOfWalk({}, unread), null, 'listeners that could not be read: no witness');
});

for (const [what, reply, listeners] of [
  ['no proof asked', { proof: null, asked: false, out: {} }, 'click:3'],
  ['a proof that is not ok (an animation runs)', { proof: ['P', 1, 'animations', 10, null], asked: true }, 'click:3'],
  ['a walk that did not answer', null, 'click:3'],
  ['listeners that could not be read', { proof: ['P', 1, 'ok', 10, 0], asked: true }, null],
]) {
  test(`a walk with the proof, ${what}: no witness`, async () => {
    const baselines = createActBaselines({ clickListeners: async () => listeners });
    assert.equal(await baselines.witnessOfWalk({}, { reply: Promise.resolve(reply) }), null);
  });
}

test('exact: no witness is wanted', () => {
  const { baselines } = page();
  assert.equal(baselines.wantsWitness({ exact: true }), false);
  assert.equal(baselines.wantsWitness({}), true);
});

test('the kept token is told before any check, and never when exact', async () => {
  const p = page();
  assert.equal(p.baselines.keptToken(7, {}), null);
  const token = await kept(p);
  assert.equal(p.baselines.keptToken(7, {}), token);
  assert.equal(p.baselines.keptToken(7, { exact: true }), null);
  assert.equal(p.baselines.keptContext(7), null); // no walker world known for it
});

test('the act\'s box and hit test in its lookup\'s page call: unless exact', () => {
  const baselines = createActBaselines({ clickListeners: async () => null });
  assert.equal(baselines.mayPointInPage({}), true);
  assert.equal(baselines.mayPointInPage({ exact: true }), false);
});

test('an act with no baseline looks up on its capture\'s frames: unless exact', () => {
  const baselines = createActBaselines({ clickListeners: async () => null });
  assert.equal(baselines.mayTakeCaptureFrames({}), true);
  assert.equal(baselines.mayTakeCaptureFrames({ exact: true }), false);
});

test('a read whose formats rebuild the host\'s elements drops the tab\'s token; other reads keep it', async () => {
  const p = page();
  const token = await kept(p);
  for (const options of [{ format: 'outline' }, {}, { format: 'snapshot', scope: 'page' }, { format: 'semantic' },
    { format: 'semantic_text' }, { format: 'outline', also_formats: ['semantic'] }]) {
    p.baselines.readRendered(7, options);
    assert.equal(p.baselines.keptToken(7, {}), token, JSON.stringify(options));
  }
  p.baselines.readRendered(8, { format: 'domtext' }); // another tab's read
  assert.equal(p.baselines.keptToken(7, {}), token);
  for (const options of [{ format: 'domtext' }, { format: 'elements' }, { format: 'som' },
    { format: 'outline', also_formats: ['domtext'] }]) {
    await kept(p);
    p.baselines.readRendered(7, options);
    assert.equal(p.baselines.keptToken(7, {}), null, JSON.stringify(options));
  }
});

test('a DOM read the host says the baseline stood across keeps the token (fast path act_baseline_over_read)', async () => {
  const p = page();
  for (const options of [{ format: 'domtext' }, { format: 'outline', also_formats: ['elements'] }]) {
    const token = await kept(p);
    p.baselines.readRendered(7, options, { timings: { act_baseline_kept: 1, host_ms: 3 } });
    assert.equal(p.baselines.keptToken(7, {}), token, JSON.stringify(options));
    p.baselines.readRendered(7, options, { timings: { host_ms: 3 } }); // not matched: it goes
    assert.equal(p.baselines.keptToken(7, {}), null, JSON.stringify(options));
  }
});

test('a read whose proof counted a change since the baseline drops the token, whatever its format (note 152)', async () => {
  const p = page();
  const proof = (id, seq, status = 'ok') => ({ id, seq, status, elements: 10, holders: 0 });
  for (const [options, result] of [[{ format: 'domtext' }, { timings: { act_baseline_kept: 1 } }], [{ format: 'outline' }, null]]) {
    // the same proof as the baseline's witness: the token stays (the host's word decides, as before)
    let token = await kept(p);
    p.baselines.readRendered(7, options, result, proof('P', 1));
    assert.equal(p.baselines.keptToken(7, {}), token, JSON.stringify(options));
    // no proof read, or one that is no proof (an animation): no word on the page, the token stays
    p.baselines.readRendered(7, options, result, null);
    p.baselines.readRendered(7, options, result, proof('P', 2, 'animations'));
    assert.equal(p.baselines.keptToken(7, {}), token);
    // a change the watch counted, or another document: the act's check could never stand
    p.baselines.readRendered(7, options, result, proof('P', 2));
    assert.equal(p.baselines.keptToken(7, {}), null, JSON.stringify(options));
    token = await kept(p);
    p.baselines.readRendered(7, options, result, proof('Q', 1));
    assert.equal(p.baselines.keptToken(7, {}), null, JSON.stringify(options));
    p.now.proof = ['P', 1, 'ok', 10, 0];
  }
});

test('a whole-page DOM read of a tab with none keeps a baseline under its own proof (fast path act_baseline_at_read)', async () => {
  const p = page();
  const whole = { format: 'domtext', viewport_only: false };
  const read = { proof: { id: 'P', seq: 1, status: 'ok' }, listeners: 'click:3' };
  const token = p.baselines.keepAtRead(7, read, CAPTURE, whole);
  assert.match(token, /^[0-9a-f]{24}$/);
  p.baselines.readRendered(7, whole, { timings: { act_baseline_at_read: 1 } }, read.proof);
  assert.equal(p.baselines.keptToken(7, {}), token);
  // the act's check: the page as the read saw it stands; a change since drops it
  assert.equal((await p.baselines.check({}, 7, {}))?.token, token);
  p.now.proof = ['P', 2, 'ok', 10, 0];
  assert.equal(await p.baselines.check({}, 7, {}), null);
  // the host did not keep it: the token goes at the reply
  const again = p.baselines.keepAtRead(7, read, CAPTURE, whole);
  assert.ok(again);
  p.baselines.readRendered(7, whole, { timings: {} }, read.proof);
  assert.equal(p.baselines.keptToken(7, {}), null);
});

test('no baseline at a read: a token kept already, a window read, other formats, no proof, exact', () => {
  const p = page();
  const read = { proof: { id: 'P', seq: 1, status: 'ok' }, listeners: 'click:3' };
  const whole = { format: 'elements', viewport_only: false };
  for (const options of [{ format: 'domtext' }, { format: 'outline', viewport_only: false },
    { format: 'snapshot', viewport_only: false, also_formats: ['domtext'] }, { ...whole, exact: true }]) {
    assert.equal(p.baselines.keepAtRead(7, read, CAPTURE, options), null, JSON.stringify(options));
  }
  assert.equal(p.baselines.keepAtRead(7, { ...read, proof: { ...read.proof, status: 'animations' } }, CAPTURE, whole), null);
  assert.equal(p.baselines.keepAtRead(7, { proof: read.proof, listeners: null }, CAPTURE, whole), null);
  assert.equal(p.baselines.keepAtRead(7, { proof: null, listeners: null }, CAPTURE, whole), null);
  const token = p.baselines.keepAtRead(7, read, CAPTURE, whole);
  assert.ok(token);
  assert.equal(p.baselines.keepAtRead(7, read, CAPTURE, whole), null); // one kept: it stays
  assert.equal(p.baselines.keptToken(7, {}), token);
  // a read whose proof counted a change since the kept one's: that one can never stand, the
  // read's is kept instead
  const newer = p.baselines.keepAtRead(7, { ...read, proof: { ...read.proof, seq: 2 } }, CAPTURE, whole);
  assert.ok(newer && newer !== token);
  assert.equal(p.baselines.keptToken(7, {}), newer);
});
