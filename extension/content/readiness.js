// The warm readiness clock: a content script (manifest, run_at document_start, isolated
// world, main frame only) that watches each document from its navigation on, so a snapshot
// of a page that has been quiet for the window is read at once instead of starting the
// quiet window at the request (lib/session/stabilize.js asks it through chrome.tabs.sendMessage).
//
// It only observes: a MutationObserver and passive capture listeners in the extension's
// isolated world write nothing to the page's DOM or to globals the page can see. Activity
// is a DOM mutation, user input (the same events as lib/session/stabilize.js; not click/mousedown,
// whose listeners the walker reads), the document's load events, or a finished subresource
// (resource timing). Requests still in flight cannot be seen from here: the extension
// watches those over CDP from the request on, and says so in its report.
//
// A classic script (content scripts cannot be modules); the clock itself is a plain
// function so a node test can drive it with an injected clock.

/** A readiness clock over `now()` (ms): touch() marks activity; reading() says since when. */
function createReadinessClock(now) {
  const started = now();
  const token = Array.from(crypto.getRandomValues(new Uint8Array(8)),
    (b) => b.toString(16).padStart(2, '0')).join('');
  let last = started;
  let count = 0;
  return {
    /** Activity: `mutations` DOM mutation records (0 for input, load or a network event). */
    touch(mutations = 0) {
      count += mutations;
      last = now();
    },
    /** {token, count, quiet, since}: quiet = ms since the last activity, since = ms watched. */
    reading() {
      const at = now();
      return { token, count, quiet: at - last, since: at - started };
    },
  };
}

const READINESS_MESSAGE = 'axsnap-readiness';
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'input', 'change', 'submit', 'wheel', 'scroll'];

function installReadinessClock() {
  const clock = createReadinessClock(() => performance.now());
  new MutationObserver((records) => clock.touch(records.length)).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
  const how = { capture: true, passive: true };
  const touch = () => clock.touch();
  for (const type of ACTIVITY_EVENTS) document.addEventListener(type, touch, how);
  document.addEventListener('readystatechange', touch, how);
  window.addEventListener('load', touch, how);
  try {
    new PerformanceObserver(touch).observe({ type: 'resource' });
  } catch {
    // no resource timing here: finished requests are then seen through load events only
  }
  chrome.runtime.onMessage.addListener((message, sender, reply) => {
    if (message?.type !== READINESS_MESSAGE || sender.id !== chrome.runtime.id) return false;
    reply({ ...clock.reading(), load_state: document.readyState });
    return false;
  });
}

if (typeof document !== 'undefined' && globalThis.chrome?.runtime?.onMessage) installReadinessClock();
