// The page before an act (lib/act/route.js) and the host's resolve of its target on it.
//
// Three ways, fastest first:
// - fast path act_baseline (lib/reuse/act_baseline.js): the last act's report capture, when the
//   page provably did not change since; the host resolves on it while the page is checked.
// - fast path act_id_lookup (host act/service.py act_lookup): an index, an element id or a
//   semantic id needs no capture to name its node. The host looks it up on the tab's kept
//   elements (asked with the baseline's resolve, answered when the baseline is gone), and the
//   act finds that node and starts its watch while the capture before is walked, after that
//   capture's settle wait as on the exact path; the input waits for the capture (what the
//   change report compares with is still read before the input), which the host resolves
//   exactly behind the act's back: that answer is the reply's target. The lookup names the
//   exact resolve's node by construction (the same id; an index looked up first in the same
//   list), so nothing on the page needs proving; a lookup that named another node (a read of
//   the tab between the two) says so in timings.id_lookup_differs.
// - the exact path: readiness, a capture, the host's resolve on it, then the lookup.
// With no baseline kept for the tab (none, a DOM read dropped it: act_baseline.js
// readRendered), every way on captures the page before the act: for a target the lookup may
// name, that capture (its settle wait, then the walk) starts at once, beside the host's
// lookup, not after its answer (timings.capture_beside_lookup); words ask nothing and capture
// at once (timings.capture_at_once).

import { LOOKUP_FORMS } from '../generated/contract.js';

const round = (x) => Math.round(x * 10) / 10;

// What the host's lookup can name (act/targets.py parse_target, its patterns handed over by
// the generated contract: act/targets.py lookup_forms): an index (5, "[5]"), an element id
// ("0-29"), a walk node's id ("0-axw7"), a semantic id in any script ("btn_sign_in",
// "btn_登录", when it is its own lower case). Anything else (words, a relational target) the
// lookup never names: it answers lookup_missed.
const LOOKED_UP = LOOKUP_FORMS.forms.map((source) => new RegExp(source, 'u'));
const ID_FORM = new RegExp(LOOKUP_FORMS.id_form, 'u');
const idShaped = (text) => text === text.toLowerCase() && ID_FORM.test(text);
const lookedUpText = (text) => LOOKED_UP.some((form) => form.test(text)) || idShaped(text);

/**
 * Whether the host's lookup could name the act's target (and its `to`): false for words, a
 * relational target, no target. An act with no kept baseline then asks the host nothing
 * before its capture: the lookup's answer would be lookup_missed, and the exact path follows
 * either way. Erring costs a round trip, never an answer (a lookup that misses is the exact
 * path; an act that does not ask takes it at once).
 */
export function mayBeLookedUp(raw) {
  const one = (target) => Number.isInteger(target)
    || (typeof target === 'string' && lookedUpText(target.trim()));
  return one(raw?.target) && (raw?.to === undefined || raw?.to === null || one(raw.to));
}

/** Readers of the page before an act over the act routes' deps, their host call, capture and
 * the caller's message as the host checks it. */
export function createBeforeReads({ deps, now, host, capture, message, unlessBlocked }) {
  /** What the report needs of the capture before: its URL, main document and walker world. */
  const beforeOf = (captured) => ({ url: captured.tab?.url ?? '', loaderId: captured.frames?.[0]?.loaderId ?? null,
    world: captured.walker?.world ?? null });

  /** The capture before the act, started now: {waited (its settle wait ended), captured}. */
  function startCapture(session, tabId, options, timings) {
    const t0 = now();
    let settled = () => {};
    const waited = new Promise((resolve) => { settled = resolve; });
    const captured = unlessBlocked(session, tabId, async () => {
      const report = await deps.stabilize(session, options);
      settled();
      return capture(session, tabId, options, report);
    }).then((got) => {
      timings.capture_before_ms = round(now() - t0);
      return got;
    });
    captured.catch(() => settled()); // a blocked page: the act fails where it waits for the capture
    return { waited, captured };
  }

  /**
   * The page before the action and the host's resolve on it: {before, resolved, known}, and on
   * the act_id_lookup path `behind`: {ready → before (await it before the input), exact() → the
   * host's resolve on the capture (the reply's target), asked at the first call}, with
   * `before` null until then.
   *
   * `ahead` ({lookup(resolved, known) → the lookup's promise, clock() → the page clock's
   * reading}, route.js): with a kept baseline, the page's clock is read at once and the target's
   * lookup (reads only) starts as soon as the host's resolve, the check's frames and its
   * evaluate are in, beside the rest of the check (design note 141). When the baseline stands
   * on that very resolve, they come back as `found` and `clock`: the same lookup (the check's
   * frames and world) and a reading taken before the input, as route.js would have started
   * them once the check ended. Else they are dropped, and route.js asks again.
   */
  async function readBefore(session, tabId, req, options, run, timings, keptRead = null, ahead = null) {
    const baselines = deps.actBaselines ?? null;
    const body = { message: message(req), options };
    let t = now();
    // the host resolves on the kept baseline while the page is checked (its answer is used
    // only when the check shows the baseline stands; a later resolve on a capture replaces it),
    // and looks the target up when that baseline is gone (fast path act_id_lookup)
    const token = baselines?.keptToken(tabId, options) ?? null;
    // words need the capture: with no baseline to try, nothing is asked before it
    const mayLook = baselines?.mayLookUp?.(options) ?? false;
    const lookup = mayLook && mayBeLookedUp(req.raw);
    if (mayLook && !lookup && !token) timings.capture_at_once = 1;
    const asked = token || lookup ? host('act_resolve', { ...body, tabId, ...(token ? { baseline: token } : {}),
      ...(lookup ? { lookup: true } : {}) }, timings, 'resolve') : null;
    asked?.catch(() => {}); // (not awaited when the check fails)
    // no baseline kept: every way on captures the page first; that capture goes now, beside
    // the host's lookup (words and the exact act ask nothing and capture at once, below)
    const started = token === null && asked ? startCapture(session, tabId, options, timings) : null;
    if (started) timings.capture_beside_lookup = 1;
    // the lookup beside the check (note 141): started once the resolve, the frames the check
    // read and its evaluate are in, with the frames and world the check answers when it stands;
    // used only when the baseline stands on this resolve
    let framesIn = null;
    const early = token && ahead ? { clock: ahead.clock() } : null;
    if (early) {
      const frames = new Promise((resolve) => { framesIn = resolve; });
      early.found = Promise.all([asked, frames, keptRead?.read ?? null]).then(([answer, listed, got]) => (
        answer && !answer.baseline_gone && !answer.error && listed
          ? { lookup: ahead.lookup(answer, { frames: listed, topContext: got && got.proof !== null ? keptRead.contextId : null }) }
          : null));
      // (a refusal of the lookup is taken by route.js once the watch is on, or dropped)
      early.found.then((got) => got?.lookup.catch(() => {}), () => {});
      early.clock.catch(() => {});
    }
    // (the check's proof, asked with the modals before, is the blocked probe: unlessBlocked)
    const checking = token ? unlessBlocked(session, tabId, () => baselines.check(session, tabId, options, keptRead, framesIn),
      keptRead ? { probe: keptRead.sent } : {}) : null;
    checking?.catch(() => {}); // (not awaited when the host no longer holds the baseline)
    // a baseline the host no longer holds (a read rebuilt its elements) needs no check
    let answer = asked ? await asked.catch(() => null) : null;
    const kept = checking && !answer?.baseline_gone ? await checking : null;
    framesIn?.(kept?.frames ?? null); // (the check read them already, or it gave no frames)
    if (kept) {
      run.step('resolving the target');
      const resolved = kept.token === token ? await asked
        : await host('act_resolve', { ...body, tabId, baseline: kept.token }, timings, 'resolve');
      if (!resolved.baseline_gone) {
        timings.baseline_kept = 1;
        timings.host_resolve_ms = round(now() - t);
        // what the check read is the lookup's too: the frames, the top document's world
        // (`baseline`: the report compares with its elements, a DOM read since or not)
        const known = { frames: kept.frames ?? null, topContext: kept.topContext ?? null };
        // the lookup and clock started beside the check, when it was this resolve's
        const found = early && kept.token === token ? (await early.found.catch(() => null))?.lookup ?? null : null;
        if (found) timings.lookup_beside_check = 1;
        return { before: { url: kept.url, loaderId: kept.loaderId, world: null, baseline: kept.token }, resolved, known,
          ...(found ? { found, clock: early.clock } : {}) };
      }
      answer = kept.token === token ? resolved : null;
    }
    if (token) baselines.drop(tabId); // the host no longer holds it (another read, a new host)
    if (answer?.lookup?.target) {
      const resolved = { message: answer.message, target: answer.lookup.target, to: answer.lookup.to ?? null, error: null };
      return lookedUp(session, tabId, body, run, timings, resolved, t,
        started ?? startCapture(session, tabId, options, timings));
    }
    run.step('the capture before the action');
    let captured;
    if (started) captured = await started.captured;
    else {
      t = now();
      captured = await unlessBlocked(session, tabId, () => capture(session, tabId, options));
      timings.capture_before_ms = round(now() - t);
    }
    run.step('resolving the target');
    t = now();
    const resolved = await host('act_resolve', { ...body, capture: captured }, timings, 'resolve');
    timings.host_resolve_ms = round(now() - t);
    // the lookup numbers the frames of the capture the host resolved on (fast path act_capture_frames)
    const frames = baselines?.mayTakeCaptureFrames?.(options) ? captured.liveFrames ?? null : null;
    return { before: beforeOf(captured), resolved, known: frames ? { frames, topContext: null } : null };
  }

  /** Fast path act_id_lookup: the capture before's settle wait (`started`: that capture, begun
   * beside the lookup when no baseline was kept), then the rest of that capture and the host's
   * exact resolve on it behind the act (see the top of this file). */
  async function lookedUp(session, tabId, body, run, timings, resolved, askedAt, started) {
    timings.id_lookup = 1;
    timings.host_resolve_ms = round(now() - askedAt);
    run.step('the capture before the action');
    await started.waited;
    const ready = started.captured;
    // asked once the input went (the capture's way to the host is the worker's work: not
    // before the input) and awaited before the report, unless the act ends first
    let exact = null;
    const resolveExact = () => {
      exact ??= ready.then((got) => {
        const tr = now();
        return host('act_resolve', { ...body, capture: got }).then((answer) => {
          timings.exact_resolve_ms = round(now() - tr);
          return answer;
        });
      });
      exact.catch(() => {});
      return exact;
    };
    return { before: null, resolved, known: null, behind: { ready: ready.then(beforeOf), exact: resolveExact } };
  }

  return { readBefore };
}

/** The target the reply names after an act that looked it up (act_id_lookup): the exact
 * resolve's, with what the act found on the page (offscreen, through, press_seen: the exact
 * path's act says them too); the lookup's own when the exact resolve failed. Notes in
 * `timings` a lookup that named another node. */
export function exactTarget(looked, exact, timings) {
  const want = exact?.target ?? null;
  if (!exact || exact.error || !want) {
    if (exact) timings.id_lookup_differs = 1;
    return looked;
  }
  if (want.id !== looked?.id) timings.id_lookup_differs = 1;
  const { offscreen, through, press_seen: pressSeen } = looked ?? {};
  return { ...want, ...(offscreen ? { offscreen } : {}), ...(through ? { through } : {}),
    ...(typeof pressSeen === 'boolean' ? { press_seen: pressSeen } : {}) };
}
