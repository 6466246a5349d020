// The settle rule of an act's readiness (issue 32): the wait after an action ends as soon as
// the page is provably settled for what the action touched, instead of after the quiet
// window. Settled means all of:
// - no request the action started still in flight (the act watches the network from before
//   its input: lib/act/readiness.js) and no navigation of a frame under way;
// - in the page (the readiness content script, content/readiness.js settleCheck): no
//   activity — a DOM mutation in the document, its shadow roots or same-origin frames, a
//   control's value or checked state, input, a finished subresource — during SETTLE_FRAMES
//   frames and for SETTLE_QUIET_MS (a page that answers on a short timer, a ticker), or, when
//   the page scheduled nothing since just before the action (no timer, animation frame or
//   idle callback handed out but the extension's own; the tasks it queued flushed), for two
//   frames (`settled_by` 'nothing_scheduled', else 'floor'); the document loaded, fonts
//   loaded, no finite animation or transition running;
// - no JavaScript dialog opened by the action (it then waits the quiet window: a page that
//   keeps opening dialogs is told apart from one that opened one);
// - in every frame of another origin (each runs its own clock): no activity since the check
//   was asked.
// A page that keeps changing never passes: the quiet window (or the deadline) ends its wait.

import { READINESS_MESSAGE, readFrameClocks } from './page_clock.js';

// How long the page may take to answer a settle check (two frames and a reading); past it the
// check failed and the quiet window goes on.
export const SETTLE_TIMEOUT_MS = 1000;
// The page must be quiet this long (from the action's last input or change) and for this many
// frames from the check on to be settled: a timer the action set that is due within the floor
// runs before the check reads (content/readiness.js: the check's own wait is a timer of the
// same queue), and a chain of animation frames shorter than the frames is seen, however slowly
// a loaded renderer makes them.
export const SETTLE_QUIET_MS = 60;
export const SETTLE_FRAMES = 3;
// A request the action started holds even the quiet window this long (a slow answer the page
// will render); past it, max_pending_requests applies (a long poll, a stream).
export const ACTION_REQUEST_GRACE_MS = 2000;

/** Whether what the extension itself sees lets the page be settled: `inflight` (the action's
 * requests), `busy()` (a frame loading or asked to navigate) and the last `reading`. */
export function mayBeSettled(inflight, busy, reading) {
  return inflight.size === 0 && !busy() && reading?.load_state === 'complete';
}

/**
 * Ask the main frame's clock for a settle check (`schedule`: its schedule counters read before
 * the action, so the check may end on "nothing scheduled since", content/readiness.js
 * settleCheck; the answer's `by` says 'nothing_scheduled' or 'floor'), then (when it has frames it cannot read) the
 * clocks of the other frames. {settled, why, reading[, at]} or null when the page did not answer
 * (`withProof`: `at` is the page at the verdict, {proof, url, frames}, read in its task).
 */
export async function askSettled(tabId, {
  now = () => performance.now(), readFrames = readFrameClocks, schedule = null, withProof = false,
} = {}) {
  if (!globalThis.chrome?.tabs?.sendMessage) return null;
  const asked = now();
  let timer;
  const timeout = new Promise((resolve) => { timer = setTimeout(resolve, SETTLE_TIMEOUT_MS, null); });
  try {
    const answer = await Promise.race([
      chrome.tabs.sendMessage(tabId, { type: READINESS_MESSAGE, settle: true, min_quiet_ms: SETTLE_QUIET_MS, min_frames: SETTLE_FRAMES,
        ...(schedule ? { since_schedule: schedule } : {}), ...(withProof ? { with_proof: true } : {}) }, { frameId: 0 }).catch(() => null),
      timeout]);
    if (!answer || typeof answer.settled !== 'boolean' || typeof answer.reading?.quiet !== 'number') return null;
    if (answer.settled && answer.reading.frames_unreadable > 0) {
      const frames = await Promise.race([readFrames(tabId), timeout]);
      const since = now() - asked;
      if (!frames || frames.some((f) => !f || typeof f.quiet !== 'number' || f.quiet < since)) {
        return { ...answer, settled: false, why: [...answer.why, 'frames'] };
      }
    }
    return answer;
  } finally {
    clearTimeout(timer);
  }
}
