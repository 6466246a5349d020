// What the page has scheduled, read without touching the page (issue 32): the schedule probe
// and what two of its readings prove, for the readiness clock's settle check (readiness.js).
// A classic script listed before readiness.js in the manifest's content_scripts entry, so its
// functions are globals of the same isolated world; the node tests load it beside readiness.js.

// What the page has scheduled (issue 32's pace: readiness ends on proof, not on a floor). A
// document hands out the ids of its timers (setTimeout, setInterval), its animation frame
// callbacks and its idle callbacks from one counter each, shared by every script world of the
// document, the page's and this one: a probe (ask one, cancel it at once) reads where each
// counter is. Between two probes, the ids handed out beyond this script's own are what the page
// scheduled: none since just before the action means the action set no timer, asked for no
// animation frame and no idle callback, so nothing it started is still to come but its
// requests (the extension watches those) and tasks already queued (flushed, see settleCheck).
// The probe writes nothing the page can see; a cancelled animation frame still asks the
// renderer for a frame, which changes nothing. Frames in the document: their counters are their
// own (an action in a frame schedules there), so the proof is not tried (`framed`).
function createScheduleProbe(win, token) {
  const own = { t: 0, r: 0, i: 0 };
  const noop = () => {};
  return {
    /** setTimeout by this script (counted as its own). */
    timeout(fn, ms) { own.t += 1; return win.setTimeout(fn, ms); },
    /** requestAnimationFrame by this script (counted as its own). */
    frame(fn) { own.r += 1; return win.requestAnimationFrame(fn); },
    /** requestIdleCallback by this script (counted as its own): resolves true when it ran in
     * an idle period, false when `ms` passed first (a renderer never idle). Idle callbacks run
     * in the order they were asked, so when it ran, every one the page asked before it has. */
    idle(ms) {
      if (typeof win.requestIdleCallback !== 'function') return Promise.resolve(true);
      own.i += 1;
      return new Promise((resolve) => { win.requestIdleCallback((deadline) => resolve(!deadline?.didTimeout), { timeout: ms }); });
    },
    /** {t, r, i, own: {t, r, i}}: the counters now (the probe's own ids counted as its own). */
    probe() {
      const t = this.timeout(noop, 2 ** 30);
      win.clearTimeout(t);
      const r = this.frame(noop);
      win.cancelAnimationFrame(r);
      let i = 0;
      if (typeof win.requestIdleCallback === 'function') {
        own.i += 1;
        i = win.requestIdleCallback(noop);
        win.cancelIdleCallback(i);
      }
      return { t, r, i, own: { ...own }, token }; // (token: this document's clock)
    },
  };
}

/** Whether the page asked for an idle callback between `before` and `after` (probes of the
 * same document; false without a proof of the counters). */
function idleAskedBetween(before, after) {
  if (!before || !after || typeof before.i !== 'number' || !before.own) return false;
  if (before.token !== after.token) return false;
  return after.i - before.i > after.own.i - before.own.i;
}

/** Whether nothing but this script was handed an id between `before` and `after` (probes of
 * the same document: another one counts from its own start). */
function nothingScheduledBetween(before, after) {
  if (!before || !after || typeof before.t !== 'number' || !before.own) return false;
  if (before.token !== after.token) return false;
  return ['t', 'r', 'i'].every((k) => after[k] - before[k] === after.own[k] - before.own[k]);
}

/** Whether the page set a timer between `before` and `after` (probes of the same document:
 * ids handed out beyond this script's own; false without a proof of the counters). */
function timersSetBetween(before, after) {
  if (!before || !after || typeof before.t !== 'number' || !before.own) return false;
  if (before.token !== after.token) return false;
  return after.t - before.t > after.own.t - before.own.t;
}

// How many times a settle check waits out the floor again for timers the page keeps setting
// (a chain of timers, a poll) before it gives up ('timers': the extension asks again, and a
// page that never stops is waited on with the quiet window). Each wait is at most the floor.
const TIMER_ROUNDS = 5;

/**
 * The timers the page sets during a settle check (`schedule`: {since, probe()}). The floor's
 * wait covers each timer the page set at or before its last activity, due within the floor;
 * a timer set after it, by a timer of its own that changed nothing (a chain: each hop sets
 * the next), may fall due after the check read the page. The page's timer counter is read at
 * the check's start and after each wait: a timer seen set was set at or before that reading,
 * so a wait due a whole ms past the floor from it (a timer of the same queue, run by due time)
 * runs after every such timer due within the floor, and the reading after it sees what it
 * changed. `waitOut(wait, minQuiet, leastMs)` waits until the page set no timer for the floor
 * (each wait at least `leastMs`), at most TIMER_ROUNDS times; true when it was still setting them.
 */
function createTimerWatch(schedule, now) {
  let last = schedule.probe();
  let setAt = timersSetBetween(schedule.since, last) ? now() : null;
  const look = () => {
    const probe = schedule.probe();
    if (timersSetBetween(last, probe)) setAt = now();
    last = probe;
  };
  return {
    async waitOut(wait, minQuiet, leastMs) {
      look();
      let covered = -Infinity; // every page timer due by then has run
      for (let round = 0; setAt !== null && covered <= setAt + minQuiet; round++) {
        if (round === TIMER_ROUNDS) return true;
        const from = now();
        const ms = Math.max(leastMs, Math.ceil(setAt + minQuiet - from) + 1);
        await wait(ms);
        covered = from + ms;
        look();
      }
      return false;
    },
  };
}
