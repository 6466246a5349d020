// The page after an action (lib/act/route.js): the capture the act's report compares with the
// one before, the focus and the in-page modals beside it, and when that capture is started.
//
// Fast path act_early_capture: the capture after is taken while readiness runs and stands if
// nothing changed by the time readiness ended. When the wait asks a settle check, the walk
// (with its proof) goes out as the check is asked, so the page walks it while the check
// counts its frames, and its click listeners are read once that check answered; the check
// is asked for the page at its verdict (content/readiness.js pageAtVerdict: the answer watch's
// proof, the URL, the child frames, read in the verdict's own task). When that verdict ended
// the wait, the capture stands if the walk's proof is the verdict's (pageAtSettle): no read
// after readiness. Otherwise it is checked as before (act_baseline.js unchanged: a proof, a
// click-listener read, the frames and the tab). With no settle check asked, the capture starts
// two frames after the input; at readiness's end, should that come first (then it is the
// capture after readiness: nothing to check).

import { pageFrames } from '../session/page_clock.js';
import { LAYOUT_IN_PAGE, layoutOf } from './layout_in_walk.js';
import { FOCUS_AND_MODALS, focusAndModals, focusAndModalsOf, focusedElement, shownModals } from './readiness.js';

/** Resolves after the tasks queued now (a timer of 0 ms: every promise settled by then has run). */
const nextTask = () => new Promise((resolve) => { setTimeout(resolve, 0); });

/** Resolves after `n` animation frames of the tab's page (a hidden tab: 100 ms each), counted
 * by the readiness content script (so its schedule probe knows them for the extension's
 * own), else in a world of the act. */
export async function afterFrames(session, n) {
  if (await pageFrames(session.tabId, n)) return;
  const tree = await session.send('Page.getFrameTree');
  const world = await session.send('Page.createIsolatedWorld', { frameId: tree.frameTree.frame.id, worldName: 'axsnap-act' });
  await session.send('Runtime.evaluate', { contextId: world.executionContextId, awaitPromise: true, returnByValue: true,
    expression: `(async () => { for (let i = 0; i < ${Number(n)}; i++) await new Promise((r) => {
      const t = setTimeout(r, 100); requestAnimationFrame(() => { clearTimeout(t); r(); }); }); return true; })()` });
}

/**
 * When the early capture after an action is walked and when its click listeners are read:
 * {walk, listeners}. The listeners: at `over` (readiness has ended) or once the wait's first
 * settle check answered (`firstCheck`: resolves {asked, answered} once the wait started,
 * readiness.js watchPage), one task later so that a check that ended the wait has ended it;
 * two frames after the input when the wait asked no check. The walk: at once when a check
 * was asked (the page walks while the check counts its frames), else with the listeners.
 */
export function earlyStart(session, firstCheck, over) {
  const checked = firstCheck.then((check) => (check?.asked ? check.answered.then(nextTask) : afterFrames(session, 2)));
  const listeners = Promise.race([over, checked]);
  const walk = Promise.race([over, firstCheck.then((check) => (check?.asked ? null : listeners))]);
  return { walk, listeners };
}

/**
 * Whether an early capture after (`got`: readAfter's answer) stands by the page at the verdict
 * of the wait's first settle check (`page`: watch.settledPage, read in that verdict's task), when
 * that verdict ended the wait: true when the answer watch's proof there is the one the walk read
 * (no change since the walk: same watch, same count), in the same document URL with no child
 * frame; false when it is not; null when this cannot tell (no page at the verdict, a capture
 * whose frames did not come from the walk, listeners read before the verdict): then the page is
 * asked (act_baseline.js unchanged). The listeners need no check: they were read after the
 * verdict (earlyStart), as a capture after readiness reads them.
 */
export function pageAtSettle(page, got) {
  const capture = got?.capture;
  const witness = got?.witness?.proof;
  if (!page || got?.listenersAfterCheck !== true || !witness || !capture || capture.errors?.length) return null;
  if (capture.timings?.frames_from_walk !== 1 || capture.frames?.length !== 1) return null;
  // (the watch's proof: [id, seq, status, elements, frame holders], content/answerwatch.js)
  const [id, seq, status, , holders] = Array.isArray(page.proof) ? page.proof : [];
  if (status !== 'ok' || holders !== 0 || page.frames !== 0) return null;
  return id === witness.id && seq === witness.seq && page.url === capture.frames[0].url;
}

/** The page after an action over the router's deps: readAfter(session, tabId, options, world,
 * stabilization) → {focus, modals, witness, capture[, walkedAt], spans}. */
export function createAfterReads({ deps, now, capture }) {
  /** The page after the action: {focus, modals, witness (what the next act's baseline is
   * proved by, read before the capture: act_baseline.js), capture}. A document walked before
   * in a known world is walked with the proof (walker_capture.js walkWithProof): the proof in
   * the walk's own renderer task, the frames from the walk, the rest asked behind it at once.
   * `listenersAt` (an early capture, earlyStart): the click listeners read once it settles
   * (`listenersAfterCheck` on the answer); a capture not walked with the proof starts then. */
  async function readAfter(session, tabId, options, world, stabilization, { listenersAt = null } = {}) {
    let t = now();
    const baselines = deps.actBaselines ?? null;
    // ids_of: the listable records' ids only (fast path act_listable_ids, walker_capture.js)
    const opts = { ...options, stabilize: { enabled: false }, ids_of: 'listable' };
    // the focus and modals ride the walk's evaluate (its listable elements go along: fast
    // path act_listable_ids), read right after the walk; else they are asked beside it
    // and so does the layout (fast path act_layout_in_walk, layout_in_walk.js): its first item
    const inWalk = baselines?.mayLayoutInWalk?.(options) === true;
    const also = inWalk ? `[${LAYOUT_IN_PAGE}, ...${FOCUS_AND_MODALS}]` : FOCUS_AND_MODALS;
    const walked = baselines?.wantsWitness(options)
      ? deps.walkWithProof?.(session, tabId, opts, { listenersBehind: true, also, listenersAt }) ?? null : null;
    if (walked) {
      const witnessed = baselines.witnessOfWalk(session, walked);
      const ours = (items) => (inWalk ? items?.slice(1) : items);
      const facts = walked.also
        ? walked.also.then((items) => focusAndModalsOf(ours(items)) ?? focusAndModals(session, walked.contextId))
        : focusAndModals(session, walked.contextId);
      facts.catch(() => {}); // awaited after the capture, which may fail first
      const frames = walked.reply.then((got) => (got?.frames
        ? { frames: got.frames, timings: { frames_from_walk: 1 }, errors: [], fresh: true } : null));
      const layout = inWalk && walked.also ? walked.also.then((items) => layoutOf(items?.[0]), () => null) : null;
      const got = await capture(session, tabId, opts, stabilization, { frames, walked: layout ? { ...walked, layout } : walked });
      const [{ focus, modals }, witness] = await Promise.all([facts, witnessed]);
      return { focus, modals, witness, capture: got, walkedAt: t, spans: { pre: 0, capture: now() - t },
        ...(listenersAt && walked.listeners ? { listenersAfterCheck: true } : {}) };
    }
    if (listenersAt) await listenersAt;
    t = now();
    const [focus, modals, witness] = await Promise.all([focusedElement(session), shownModals(session),
      baselines?.witness(session, tabId, world, options) ?? null]);
    const t1 = now();
    const got = await capture(session, tabId, opts, stabilization);
    return { focus, modals, witness, capture: got, spans: { pre: t1 - t, capture: now() - t1 } };
  }

  return { readAfter };
}
