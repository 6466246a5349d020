// The readiness content script's clock as the extension reads it (content/readiness.js): the
// main frame's reading through chrome.tabs.sendMessage and, when it has frames of another
// origin it cannot read, each frame's own reading through chrome.scripting.

import { withDeadline } from './deadline.js';

export const READINESS_MESSAGE = 'axsnap-readiness';
// How long a poll waits for the content script: a page busy in a long task cannot answer.
export const PAGE_CLOCK_TIMEOUT_MS = 250;

/** The readiness content script's reading for the main frame of `tabId`:
 * {token, count, quiet, since, load_state[, schedule]}, or null when it does not answer in time.
 * `schedule`: also where the page's schedule counters are (content/readiness.js
 * createScheduleProbe; an act reads them before its input). */
export async function readPageClock(tabId, { schedule = false } = {}) {
  if (!globalThis.chrome?.tabs?.sendMessage) return null;
  let timer;
  const timeout = new Promise((resolve) => { timer = setTimeout(resolve, PAGE_CLOCK_TIMEOUT_MS, null); });
  try {
    const asked = chrome.tabs.sendMessage(tabId, { type: READINESS_MESSAGE, ...(schedule ? { schedule: true } : {}) }, { frameId: 0 })
      .catch(() => null);
    let reading = await Promise.race([asked, timeout]);
    reading = reading && typeof reading.quiet === 'number' && typeof reading.token === 'string' ? reading : null;
    // frames of another origin (issue 26): each has its own clock; the page is as quiet as the
    // busiest. They get a budget of their own (not what the main frame's answer left of its
    // own), and when they do not answer in it the reading says so (`frames_unanswered`: a frame
    // busy in a long task cannot answer; stabilize.js decides what that silence means).
    if (reading?.frames_unreadable > 0) {
      const frames = await withDeadline(readFrameClocks(tabId), PAGE_CLOCK_TIMEOUT_MS, 'frame clocks')
        .catch(() => null);
      reading = frames ? mergeReadings(reading, frames) : { ...reading, frames_unanswered: true };
    }
    return reading;
  } finally {
    clearTimeout(timer);
  }
}

/** Every frame's reading (readiness.js runs in each), through chrome.scripting; null on failure. */
export async function readFrameClocks(tabId) {
  if (!globalThis.chrome?.scripting?.executeScript) return null;
  const results = await chrome.scripting.executeScript({
    target: { tabId, allFrames: true }, world: 'ISOLATED', injectImmediately: true,
    func: () => globalThis.__axsnapReadiness?.() ?? null,
  }).catch(() => null);
  return results?.filter((r) => r.frameId !== 0).map((r) => r.result) ?? null;
}

/** The main frame's reading with its frames': quiet since the last activity in any of them. */
export function mergeReadings(main, frames) {
  const merged = { ...main };
  for (const f of frames) {
    if (!f || typeof f.quiet !== 'number') continue;
    merged.quiet = Math.min(merged.quiet, f.quiet);
    merged.count += Number(f.count) || 0;
  }
  return merged;
}

/** Resolves true after `n` animation frames of the main frame of `tabId` counted by its
 * readiness content script (its own frames: the schedule probe does not take them for the
 * page's), or null when it does not answer in time (then the caller counts frames itself). */
export async function pageFrames(tabId, n) {
  if (!globalThis.chrome?.tabs?.sendMessage) return null;
  let timer;
  const timeout = new Promise((resolve) => { timer = setTimeout(resolve, PAGE_CLOCK_TIMEOUT_MS + 100 * n, null); });
  try {
    const done = chrome.tabs.sendMessage(tabId, { type: READINESS_MESSAGE, frames: n }, { frameId: 0 }).catch(() => null);
    return (await Promise.race([done, timeout])) === true ? true : null;
  } finally {
    clearTimeout(timer);
  }
}
