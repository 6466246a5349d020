// Notice, during a capture, that the tab's main frame now holds another document.
//
// A capture reads one document; when the page navigates under it, some steps (a screenshot
// waiting for a frame, a script injected into a frame that is going away) can hang until
// the page holds still, which on a page that keeps navigating is never. The watcher polls
// the main frame's loaderId (Page.getFrameTree answers while other commands are pending,
// and polling needs no CDP domain enabled) and rejects as soon as it changes, so the
// capture is restarted or refused at once instead of waiting on the hung step.

/** The main frame now holds another document than the one the capture started on. */
export class Navigated extends Error {
  constructor() {
    super('the main frame navigated during the capture');
  }
}

export const NAVIGATION_POLL_MS = 100;

/** The main frame's loaderId in a Page.getFrameTree result. */
export function mainLoaderId(tree) {
  return (tree?.frameTree ?? tree)?.frame?.loaderId ?? null;
}

/**
 * Watch the main frame of `session` for a document other than `loaderId`.
 * Returns {navigated, check(), stop()}: `navigated` rejects with Navigated when the document
 * changed (it never resolves); `check()` throws Navigated once a change was seen (for the
 * steps of a capture that lost the race, so they stop early); `stop()` ends the polling.
 * A failed poll is ignored: the capture's own final check decides. `timers` replaces
 * setTimeout/clearTimeout (tests drive the polls with a fake clock).
 */
export function watchMainDocument(session, loaderId, everyMs = NAVIGATION_POLL_MS,
  timers = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (id) => clearTimeout(id) }) {
  let timer = null;
  let stopped = false;
  let moved = false;
  let reject = () => {};
  const navigated = new Promise((_, no) => { reject = no; });
  navigated.catch(() => {}); // a watcher nobody raced against must not report an unhandled rejection
  const tick = async () => {
    timer = null;
    if (stopped) return;
    try {
      const current = mainLoaderId(await session.send('Page.getFrameTree'));
      if (!stopped && loaderId && current && current !== loaderId) {
        moved = true;
        reject(new Navigated());
        return;
      }
    } catch {
      // detached or busy: the capture's own steps report that
    }
    if (!stopped) timer = timers.setTimeout(tick, everyMs);
  };
  timer = timers.setTimeout(tick, everyMs);
  return {
    navigated,
    check() {
      if (moved) throw new Navigated();
    },
    stop() {
      stopped = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}
