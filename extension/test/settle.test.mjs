import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import vm from 'node:vm';

import { ENDED_BY, SETTLE_MISSES, stabilize } from '../lib/session/stabilize.js';
import { askSettled, mayBeSettled } from '../lib/session/settle.js';

// The content script's settle check and its document rules, out of the classic script.
const source = [
  readFileSync(new URL('../content/page_schedule.js', import.meta.url), 'utf8'),
  readFileSync(new URL('../content/readiness.js', import.meta.url), 'utf8'),
].join('\n');
const settleCheck = vm.runInNewContext(`${source}\nsettleCheck`, { crypto });
const inPage = vm.runInNewContext(`${source}\nunsettledBy`, { crypto });
const unsettledBy = (doc) => [...inPage(doc)]; // an array of this realm

function session(tabId) {
  return {
    tabId, onEvent: () => () => {}, useNetwork: async () => async () => {}, send: async () => ({}),
  };
}

test('an act\'s wait ends as soon as the page is settled, and says so', async () => {
  let t = 0;
  const asked = [];
  const report = await stabilize(session(51), { stabilize: { quiet_ms: 500, max_wait_ms: 5000, settle: true } }, {
    now: () => (t += 5),
    readPage: async () => ({ token: 'a', count: 3, quiet: 10, since: 900, load_state: 'complete' }),
    askSettle: async (tabId) => {
      asked.push(tabId);
      return { settled: true, why: [], reading: { token: 'a', count: 4, quiet: 40, since: 940, load_state: 'complete' } };
    },
  });
  assert.deepEqual(asked, [51]);
  assert.equal(report.stabilized, true);
  assert.equal(report[ENDED_BY], 'settled');
  assert.equal(report.mutations, 1, 'the mutation seen by the check is counted');
  assert.ok(report.waited_ms < 500, 'not the quiet window');
});

test('a page that is not settled is waited on with the quiet window, and a busy network is never settled', async () => {
  let t = 0;
  let quiet = 0;
  const inflight = new Set(['r1']);
  let asks = 0;
  const report = await stabilize(session(52), { stabilize: { quiet_ms: 300, max_wait_ms: 5000, settle: true } }, {
    now: () => (t += 20),
    inflight,
    readPage: async () => ({ token: 'a', count: 0, quiet: (quiet += 100), since: 900, load_state: 'complete' }),
    askSettle: async () => { asks += 1; return { settled: true, why: [], reading: { token: 'a', count: 0, quiet: 0, load_state: 'complete' } }; },
  });
  assert.equal(asks, 0, 'a request the action started is in flight: no settle check');
  assert.equal(report[ENDED_BY], 'quiet_window');
  inflight.clear();
  t = 0;
  quiet = 0;
  const animating = await stabilize(session(53), { stabilize: { quiet_ms: 300, max_wait_ms: 5000, settle: true } }, {
    now: () => (t += 20),
    readPage: async () => ({ token: 'a', count: 0, quiet: (quiet += 100), since: 900, load_state: 'complete' }),
    askSettle: async () => { asks += 1; return { settled: false, why: ['animations'], reading: { token: 'a', count: 0, quiet: (quiet += 100), load_state: 'complete' } }; },
  });
  assert.ok(asks >= 1);
  assert.equal(animating[ENDED_BY], 'quiet_window');
  const never = await stabilize(session(54), { stabilize: { quiet_ms: 300, max_wait_ms: 200, settle: true } }, {
    now: () => (t += 50),
    readPage: async () => ({ token: 'a', count: t, quiet: 1, since: 900, load_state: 'complete' }),
    askSettle: async () => ({ settled: false, why: ['activity'], reading: { token: 'a', count: t, quiet: 1, load_state: 'complete' } }),
  });
  assert.equal(never[ENDED_BY], 'deadline');
  assert.equal(never.stabilized, false);
});

test('the settle checks that did not end a wait are said: unanswered, or what they found', async () => {
  let t = 0;
  let quiet = 0;
  const answers = [null, { settled: false, why: ['idle'], reading: { token: 'a', count: 0, quiet: 0, load_state: 'complete' } }];
  const late = await stabilize(session(56), { stabilize: { quiet_ms: 300, max_wait_ms: 5000, settle: true } }, {
    now: () => (t += 20),
    readPage: async () => ({ token: 'a', count: 0, quiet: (quiet += 100), since: 900, load_state: 'complete' }),
    // a loaded renderer: the first check not answered within its second, the next one's idle
    // callback timed out; the quiet window then ends the wait
    askSettle: async () => answers.shift() ?? null,
  });
  assert.equal(late[ENDED_BY], 'quiet_window');
  assert.deepEqual(late[SETTLE_MISSES], ['unanswered', 'idle']);
  assert.ok(!Object.keys(late).includes('settle_misses'), 'a read\'s report keeps its own fields');
  t = 0;
  const settled = await stabilize(session(57), { stabilize: { quiet_ms: 300, max_wait_ms: 5000, settle: true } }, {
    now: () => (t += 20),
    readPage: async () => ({ token: 'a', count: 0, quiet: 10, since: 900, load_state: 'complete' }),
    askSettle: async () => ({ settled: true, why: [], reading: { token: 'a', count: 0, quiet: 40, load_state: 'complete' } }),
  });
  assert.equal(settled[ENDED_BY], 'settled');
  assert.equal(settled[SETTLE_MISSES], undefined);
});

test('a capture read (no settle) never asks for a settle check', async () => {
  let t = 0;
  let quiet = 0;
  const report = await stabilize(session(55), { stabilize: { quiet_ms: 200, max_wait_ms: 5000 } }, {
    now: () => (t += 20),
    readPage: async () => ({ token: 'a', count: 0, quiet: (quiet += 100), since: 900, load_state: 'complete' }),
    askSettle: async () => assert.fail('asked'),
  });
  assert.equal(report[ENDED_BY], 'quiet_window');
});

test('the extension side: requests, a loading frame or a loading document keep the page unsettled', () => {
  const none = new Set();
  assert.equal(mayBeSettled(none, () => false, { load_state: 'complete' }), true);
  assert.equal(mayBeSettled(new Set(['r']), () => false, { load_state: 'complete' }), false);
  assert.equal(mayBeSettled(none, () => true, { load_state: 'complete' }), false);
  assert.equal(mayBeSettled(none, () => false, { load_state: 'interactive' }), false);
});

test('the page side: activity during the two frames, fonts, finite animations and loading are each unsettled', async () => {
  let t = 0;
  let last = 0;
  const frame = async () => { t += 16; };
  const read = () => ({ quiet: t - last, count: 0 });
  const quietPage = await settleCheck(frame, read, () => [], () => t);
  assert.equal(quietPage.settled, true);
  assert.equal(quietPage.span, 16);
  const busyFrame = async () => { t += 16; last = t - 4; }; // a mutation inside each frame
  const busy = await settleCheck(busyFrame, read, () => [], () => t);
  assert.deepEqual([busy.settled, [...busy.why]], [false, ['activity']]);
  const doc = (over) => ({ readyState: 'complete', fonts: { status: 'loaded' }, getAnimations: () => [], ...over });
  const anim = (playState, endTime) => ({ playState, effect: { getComputedTiming: () => ({ endTime }) } });
  assert.deepEqual(unsettledBy(doc()), []);
  assert.deepEqual(unsettledBy(doc({ readyState: 'interactive' })), ['loading']);
  assert.deepEqual(unsettledBy(doc({ fonts: { status: 'loading' } })), ['fonts']);
  assert.deepEqual(unsettledBy(doc({ getAnimations: () => [anim('running', 300)] })), ['animations']);
  assert.deepEqual(unsettledBy(doc({ getAnimations: () => [anim('running', Infinity), anim('finished', 300)] })), [],
    'a spinner (infinite) and a finished transition do not hold the page');
});

test('the page side: a page is waited on for the least quiet time, and a timer inside it is seen', async () => {
  let t = 0;
  let last = 0;
  const frame = async () => { t += 16; };
  const read = () => ({ quiet: t - last, count: 0 });
  const waits = [];
  const wait = async (ms) => { waits.push(ms); t += ms; };
  const quiet = await settleCheck(frame, read, () => [], () => t, { minQuiet: 100, wait });
  assert.equal(quiet.settled, true);
  assert.deepEqual(waits, [69], 'from 32 ms quiet to 100, and a whole ms more');
  t = 0;
  last = 0;
  const ticker = async (ms) => { t += ms; last = t - 10; }; // a 40 ms ticker fired meanwhile
  const busy = await settleCheck(frame, read, () => [], () => t, { minQuiet: 100, wait: ticker });
  assert.deepEqual([busy.settled, [...busy.why]], [false, ['activity']]);
});

test('the page side: a timer already due when a slow renderer ends the frames runs before the page is read settled', async () => {
  // A loaded renderer: each frame takes 40 ms, so the floor (60 ms) is over when the frames
  // end; the page's timer (due at 50 ms) has not run yet (frames went first). Chromium runs a
  // 0 ms timer from a queue of its own, not by due time with the timers that have a delay
  // (design note 242): modelled here, a 0 ms wait runs before the page's due timer. The
  // check's own wait is a timer of the delayed queue (at least 1 ms), which comes after it:
  // the change is seen.
  let t = 0;
  let last = 0;
  let timers = [];
  const frame = async () => { t += 40; };
  const read = () => ({ quiet: t - last, count: 0 });
  const waits = [];
  const wait = async (ms) => {
    waits.push(ms);
    if (ms === 0) return; // the immediate queue: before any delayed timer, however due
    t += ms;
    for (const timer of timers.splice(0).filter((x) => x.due <= t)) timer.run();
  };
  timers = [{ due: 50, run: () => { last = t; } }];
  const check = await settleCheck(frame, read, () => [], () => t, { minQuiet: 60, minFrames: 3, wait });
  assert.deepEqual(waits, [1], 'the least wait joins the delayed timers\' queue');
  assert.deepEqual([check.settled, [...check.why]], [false, ['activity']]);
  // a page with no timer due is settled after the three frames and that 1 ms wait
  t = 0;
  last = 0;
  timers = [];
  const quiet = await settleCheck(frame, read, () => [], () => t, { minQuiet: 60, minFrames: 3, wait });
  assert.equal(quiet.settled, true);
});

test('the page side: a timer the page set at its activity, due at the floor, runs before the page is read settled', async () => {
  // The page changes at 0.4 ms and sets a 60 ms timer (due at 60.4); the clock reads fractions,
  // the browser drops a delay's fraction, and a loaded renderer runs timers late (2 ms), in the
  // order they are due. A wait of the floor less the quiet time (59.8, run as 59, due at 59.6)
  // would run before the page's timer and read the page quiet for 61 ms: settled, wrongly.
  let t = 0.4;
  let last = 0.4;
  const timers = [{ due: 60.4, run: () => { last = 60.4; } }];
  const frame = async () => { t += 0.1; };
  const read = () => ({ quiet: t - last, count: 0 });
  const wait = async (ms) => {
    const due = t + Math.trunc(ms);
    for (const timer of timers.splice(0)) {
      if (timer.due <= due) timer.run(); else timers.push(timer);
    }
    t = due + 2;
  };
  const check = await settleCheck(frame, read, () => [], () => t, { minQuiet: 60, minFrames: 2, wait });
  assert.deepEqual([check.settled, [...check.why]], [false, ['activity']]);
});

test('the page side: activity in the third frame is seen (a chain of animation frames)', async () => {
  let t = 0;
  let last = 0;
  let frames = 0;
  const frame = async () => { t += 16; frames += 1; if (frames === 3) last = t; };
  const read = () => ({ quiet: t - last, count: 0 });
  const check = await settleCheck(frame, read, () => [], () => t, { minQuiet: 60, minFrames: 3, wait: async (ms) => { t += ms; } });
  assert.equal(frames, 3);
  assert.deepEqual([check.settled, [...check.why]], [false, ['activity']]);
});

// The schedule probe and the "nothing scheduled" rule (issue 32's pace), out of the classic script.
const createScheduleProbe = vm.runInNewContext(`${source}\ncreateScheduleProbe`, { crypto });

/** A window whose timers, animation frames and idle callbacks share one counter each with
 * "the page" (`page.timer()` and the others hand out an id as the page's own scripts would). */
function fakeWindow() {
  const next = { t: 0, r: 0, i: 0 };
  const win = {
    setTimeout: () => (next.t += 1), clearTimeout() {},
    requestAnimationFrame: () => (next.r += 1), cancelAnimationFrame() {},
    requestIdleCallback: () => (next.i += 1), cancelIdleCallback() {},
  };
  return { win, page: { timer: () => win.setTimeout(), frame: () => win.requestAnimationFrame(), idle: () => win.requestIdleCallback() } };
}

test('the schedule probe tells the page\'s timers, frames and idle callbacks from its own', () => {
  const { win, page } = fakeWindow();
  const probe = createScheduleProbe(win);
  const nothingBetween = vm.runInNewContext(`${source}\nnothingScheduledBetween`, { crypto });
  const before = probe.probe();
  probe.timeout(() => {}, 5);
  probe.frame(() => {});
  assert.equal(nothingBetween(before, probe.probe()), true, 'its own timers and frames are not the page\'s');
  for (const schedule of [page.timer, page.frame, page.idle]) {
    const from = probe.probe();
    schedule();
    assert.equal(nothingBetween(from, probe.probe()), false, schedule.name);
  }
  assert.equal(nothingBetween(null, probe.probe()), false, 'no probe before the action: no proof');
  // a probe of another document (the action navigated): its counters start again, no proof
  // even where the differences happen to agree
  const other = createScheduleProbe(fakeWindow().win, 'another document');
  const mine = createScheduleProbe(fakeWindow().win, 'this document');
  assert.equal(nothingBetween(mine.probe(), other.probe()), false);
});

test('the page side: nothing scheduled since the action settles after one quiet frame, else the frames and the floor', async () => {
  let t = 0;
  let last = 0;
  let frames = 0;
  const frame = async () => { t += 16; frames += 1; };
  const read = () => ({ quiet: t - last, count: 0 });
  const { win, page } = fakeWindow();
  const probe = createScheduleProbe(win);
  let flushes = 0;
  const schedule = (since) => ({ since, probe: () => probe.probe(), flush: async () => { flushes += 1; t += 1; } });
  const wait = async (ms) => { t += ms; };
  const quick = await settleCheck(frame, read, () => [], () => t, { minQuiet: 60, minFrames: 3, wait, schedule: schedule(probe.probe()) });
  assert.deepEqual([quick.settled, quick.by, frames, flushes], [true, 'nothing_scheduled', 2, 2]);
  // a timer the action set: the frames and the floor
  frames = 0;
  const since = probe.probe();
  page.timer();
  const timed = await settleCheck(frame, read, () => [], () => t, { minQuiet: 60, minFrames: 3, wait, schedule: schedule(since) });
  assert.deepEqual([timed.settled, timed.by, frames], [true, 'floor', 3]);
  // a task the page queued schedules a timer while it is flushed: the frames and the floor
  frames = 0;
  const queued = { since: probe.probe(), probe: () => probe.probe(), flush: async () => { page.timer(); } };
  const late = await settleCheck(frame, read, () => [], () => t, { minQuiet: 60, minFrames: 3, wait, schedule: queued });
  assert.deepEqual([late.by, frames], ['floor', 3]);
  // a change after the frame (a queued task rendered): not settled, the extension asks again
  const changing = { since: probe.probe(), probe: () => probe.probe(), flush: async () => { t += 1; last = t; } };
  const changed = await settleCheck(frame, read, () => [], () => t, { minQuiet: 60, minFrames: 3, wait, schedule: changing });
  assert.deepEqual([changed.settled, [...changed.why], changed.by], [false, ['activity'], 'nothing_scheduled']);
});

test('nothing scheduled and the hover staying: one frame; the hover moving: the second frame', async () => {
  let t = 0;
  let frames = 0;
  const frame = async () => { t += 16; frames += 1; };
  const read = () => ({ quiet: t, count: 0 });
  const probe = createScheduleProbe(fakeWindow().win);
  const flush = async () => { t += 1; };
  for (const [stays, want] of [[true, 1], [false, 2]]) {
    frames = 0;
    const schedule = { since: probe.probe(), probe: () => probe.probe(), flush, hoverStays: () => stays };
    const check = await settleCheck(frame, read, () => [], () => t, { minQuiet: 60, minFrames: 3, schedule });
    assert.deepEqual([check.settled, check.by, check.frames, frames], [true, 'nothing_scheduled', want, want]);
  }
});

// The hover proof, on a document stand-in: the element under the pointer against the hovered one.
const hoverStaysAt = vm.runInNewContext(`${source}\nhoverStaysAt`, { crypto });

function fakeElement(name, { hovered = false, hoveredInside = false, shadow = null } = {}) {
  return { localName: name, shadow, matches: (sel) => sel === ':hover' && hovered,
    querySelector: (sel) => (sel === ':hover' && hoveredInside ? {} : null) };
}

test('the hover stays only when the element under the pointer is the innermost one hovered', () => {
  const at = (el) => ({ elementFromPoint: () => el });
  const shadowOf = (el) => el.shadow;
  const pointer = { x: 5, y: 5 };
  assert.equal(hoverStaysAt(at(fakeElement('button', { hovered: true })), pointer, shadowOf), true);
  assert.equal(hoverStaysAt(at(fakeElement('button', { hovered: true })), null, shadowOf), false, 'no pointer seen');
  assert.equal(hoverStaysAt(at(fakeElement('li')), pointer, shadowOf), false, 'a new row under the pointer');
  assert.equal(hoverStaysAt(at(fakeElement('div', { hovered: true, hoveredInside: true })), pointer, shadowOf), false);
  assert.equal(hoverStaysAt(at(null), pointer, shadowOf), false);
  assert.equal(hoverStaysAt(at(fakeElement('iframe', { hovered: true })), pointer, shadowOf), false);
  // through a shadow root: the element inside decides
  const inner = fakeElement('span');
  const host = fakeElement('x-card', { hovered: true, shadow: at(inner) });
  assert.equal(hoverStaysAt(at(host), pointer, shadowOf), false);
  const innerHovered = fakeElement('span', { hovered: true });
  assert.equal(hoverStaysAt(at(fakeElement('x-card', { hovered: true, shadow: at(innerHovered) })), pointer, shadowOf), true);
});

// The check's frames (createFrameWaiter): driven by hand, a timer and an animation frame queue.
function framesByHand(visibility) {
  const timers = new Map();
  const frames = [];
  let id = 0;
  const scheduled = {
    timeout(fn) { id += 1; timers.set(id, fn); return id; },
    frame(fn) { frames.push(fn); return frames.length; },
  };
  const clearTimeout = (t) => { timers.delete(t); };
  const createFrameWaiter = vm.runInNewContext(`${source}\ncreateFrameWaiter`, { crypto, clearTimeout });
  const doc = { visibilityState: visibility };
  return {
    doc,
    frame: createFrameWaiter(doc, scheduled),
    fireTimers() { const due = [...timers.values()]; timers.clear(); due.forEach((fn) => fn()); },
    fireFrame() { const due = frames.splice(0); due.forEach((fn) => fn()); },
    pendingTimers: () => timers.size,
  };
}

const settledSoon = async (promise) => {
  let done = false;
  promise.then(() => { done = true; });
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
};

test('a visible page\'s check waits for its real frame, however late; a timer stands for one only when hidden', async () => {
  const visible = framesByHand('visible');
  const waiting = visible.frame();
  visible.fireTimers(); // frames held back past the fallback on a loaded machine: timers ran
  visible.fireTimers();
  assert.equal(await settledSoon(waiting), false, 'a timer is not a frame of a visible page');
  visible.fireFrame();
  assert.equal(await settledSoon(waiting), true);
  assert.equal(visible.pendingTimers(), 0, 'the fallback is cleared once the frame came');

  const hidden = framesByHand('hidden');
  const background = hidden.frame();
  hidden.fireTimers();
  assert.equal(await settledSoon(background), true, 'a hidden tab runs no frames: the timer stands for one');

  const goesHidden = framesByHand('visible');
  const pending = goesHidden.frame();
  goesHidden.fireTimers();
  goesHidden.doc.visibilityState = 'hidden'; // the tab went to the background while waiting
  goesHidden.fireTimers();
  assert.equal(await settledSoon(pending), true);
});

test('an idle callback the action asked for is waited for: the check reads after it, or says it did not run', async () => {
  let t = 0;
  let last = 0;
  const frame = async () => { t += 16; };
  const read = () => ({ quiet: t - last, count: 0 });
  const wait = async (ms) => { t += ms; };
  const { win, page } = fakeWindow();
  const probe = createScheduleProbe(win);
  const check = (since, idle) => settleCheck(frame, read, () => [], () => t, {
    minQuiet: 60, minFrames: 3, wait, schedule: { since, probe: () => probe.probe(), flush: async () => {}, idle },
  });
  // the page's idle callback changes the page when the renderer is idle, after the floor
  let since = probe.probe();
  page.idle();
  const idled = [];
  const answered = await check(since, async () => { idled.push(t); t += 5; last = t; return true; });
  assert.equal(idled.length, 1, 'the idle period after the page\'s callback was waited for');
  assert.deepEqual([answered.settled, [...answered.why], answered.by], [false, ['activity'], 'floor']);
  // no idle period came in time: no proof, not settled
  since = probe.probe();
  page.idle();
  const starved = await check(since, async () => false);
  assert.deepEqual([starved.settled, [...starved.why]], [false, ['idle']]);
  // no idle callback asked (a timer): the idle period is not waited for
  since = probe.probe();
  page.timer();
  let asked = 0;
  const timed = await check(since, async () => { asked += 1; return true; });
  assert.deepEqual([timed.settled, timed.by, asked], [true, 'floor', 0]);
});

test('the probe\'s own idle callback resolves true in an idle period and false when it timed out', async () => {
  const calls = [];
  let ids = 0;
  let timers = 0;
  let frames = 0;
  const win = {
    setTimeout: () => (timers += 1), clearTimeout() {}, requestAnimationFrame: () => (frames += 1), cancelAnimationFrame() {},
    requestIdleCallback: (fn, opts) => {
      ids += 1;
      if (opts) { calls.push(opts); fn({ didTimeout: calls.length > 1 }); } // (the probe's own ask is cancelled)
      return ids;
    },
    cancelIdleCallback() {},
  };
  const probe = createScheduleProbe(win);
  const before = probe.probe();
  assert.equal(await probe.idle(600), true);
  assert.equal(await probe.idle(600), false);
  assert.deepEqual(calls.map((o) => o.timeout), [600, 600]);
  const nothingBetween = vm.runInNewContext(`${source}\nnothingScheduledBetween`, { crypto });
  assert.equal(nothingBetween(before, probe.probe()), true, 'its own idle callbacks are not the page\'s');
});

test('a settle check asked with the proof carries the page at its verdict: the answer watch\'s proof, the URL, the child frames', async () => {
  let proofs = 0;
  const pageAt = vm.runInNewContext(`${source}\npageAtVerdict`, {
    crypto, document: { URL: 'http://127.0.0.1/a.html#x' }, window: { length: 2 },
    __axsnapAnswerWatch: { proof: () => { proofs += 1; return ['W', 7, 'ok', 40, 0]; } },
  });
  assert.deepEqual(JSON.parse(JSON.stringify(pageAt())), { proof: ['W', 7, 'ok', 40, 0], url: 'http://127.0.0.1/a.html#x', frames: 2 });
  assert.equal(proofs, 1);
  const framed = vm.runInNewContext(`${source}\npageAtVerdict`, { crypto, document: { URL: 'u' }, window: { length: 0 } });
  assert.equal(framed().proof, null, 'no answer watch (a frame): no proof');
  const asked = [];
  globalThis.chrome = { tabs: { sendMessage: async (tabId, message) => {
    asked.push(message);
    return { settled: true, why: [], span: 2, reading: { quiet: 9, frames_unreadable: 0 }, ...(message.with_proof ? { at: { proof: null } } : {}) };
  } } };
  try {
    assert.ok((await askSettled(1, { withProof: true })).at, 'the answer keeps the page at the verdict');
    assert.equal((await askSettled(1)).at, undefined);
    assert.deepEqual(asked.map((m) => m.with_proof === true), [true, false]);
  } finally {
    delete globalThis.chrome;
  }
});

/** A loaded renderer's timer queue, run by due time: `set(delay, run)` is the page's setTimeout
 * (it hands out an id from the window's counter), `wait` the check's own timer (counted as its
 * own, so not modelled on the counter), `frame` a frame of `frameMs` in which the timers due by
 * its end run, each taking `taskMs`. */
function timerQueue(page, { frameMs, taskMs = 0 }) {
  const clock = { t: 0, last: 0 };
  let timers = [];
  const runDue = (until) => {
    for (;;) {
      const next = timers.filter((x) => x.due <= until).sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      timers = timers.filter((x) => x !== next);
      clock.t = Math.max(clock.t, next.due);
      next.run();
      clock.t += taskMs;
    }
    clock.t = Math.max(clock.t, until);
  };
  return {
    clock,
    set(delay, run) { page.timer(); timers.push({ due: clock.t + Math.max(delay, 4), run }); },
    frame: async () => { runDue(clock.t + frameMs); },
    wait: async (ms) => { runDue(clock.t + Math.trunc(ms)); },
    read: () => ({ quiet: clock.t - clock.last, count: 0 }),
    now: () => clock.t,
  };
}

test('a chain of timers set after the action\'s last change is waited out before the page is read settled', async () => {
  // The click (at 0) sets a timer; each hop sets the next (clamped to 4 ms), a loaded renderer
  // takes 12 ms a task, and the sixth hop (at 64 ms) sets a 20 ms timer that writes the answer.
  // The floor (60 ms from the click, three frames) is over at 77 ms, before that timer is due:
  // the check sees the page set timers after its last activity and waits the floor from each.
  const { win, page } = fakeWindow();
  const probe = createScheduleProbe(win);
  const since = probe.probe();
  const q = timerQueue(page, { frameMs: 10, taskMs: 12 });
  let hops = 0;
  let answered = false;
  const hop = () => {
    hops += 1;
    if (hops < 6) q.set(0, hop);
    else q.set(20, () => { answered = true; q.clock.last = q.clock.t; });
  };
  q.set(0, hop);
  const schedule = { since, probe: () => probe.probe(), flush: async () => {} };
  const check = await settleCheck(q.frame, q.read, () => [], q.now, { minQuiet: 60, minFrames: 3, wait: q.wait, schedule });
  assert.equal(answered, true, 'the answer\'s timer ran before the verdict');
  assert.deepEqual([check.settled, [...check.why], check.by], [false, ['activity'], 'floor']);
  // asked again once the chain is over: settled by the floor, with no wait of the timer watch
  const again = await settleCheck(q.frame, q.read, () => [], q.now, { minQuiet: 60, minFrames: 3, wait: q.wait, schedule: { ...schedule, since: probe.probe() } });
  assert.deepEqual([again.settled, again.by], [true, 'nothing_scheduled']);
});

test('a timer the action set and no chain: one wait more; a page that never stops setting timers: \'timers\'', async () => {
  const { win, page } = fakeWindow();
  const probe = createScheduleProbe(win);
  // a debounce: the click sets one 300 ms timer and nothing else
  let since = probe.probe();
  let q = timerQueue(page, { frameMs: 16 });
  q.set(300, () => {});
  const waits = [];
  const counted = (w) => async (ms) => { waits.push(ms); await w(ms); };
  const debounce = await settleCheck(q.frame, q.read, () => [], q.now, { minQuiet: 60, minFrames: 3, wait: counted(q.wait), schedule: { since, probe: () => probe.probe(), flush: async () => {} } });
  assert.deepEqual([debounce.settled, debounce.by, waits.length], [true, 'floor', 2]);
  assert.ok(q.now() <= 62, q.now());
  // a poll every 10 ms that changes nothing: the watch gives up after its rounds, unsettled
  since = probe.probe();
  q = timerQueue(page, { frameMs: 16 });
  const poll = () => q.set(10, poll);
  poll();
  const polling = await settleCheck(q.frame, q.read, () => [], q.now, { minQuiet: 60, minFrames: 3, wait: q.wait, schedule: { since, probe: () => probe.probe(), flush: async () => {} } });
  assert.deepEqual([polling.settled, [...polling.why], polling.by], [false, ['timers'], 'floor']);
  assert.ok(q.now() < 1000, `the check answers within settle.js SETTLE_TIMEOUT_MS: ${q.now()}`);
});
