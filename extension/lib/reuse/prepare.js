// A tab an agent is reading: its next document prepared while it settles, so that the first
// read of a small page costs what a re-read does.
//
// Why: an agent reads after every step, and a step that navigates makes the next read the
// first of a new document. A document's first read pays for what later reads keep: the
// walker's source sent and compiled (lib/walker/walker_capture.js), the Runtime binding that finds
// its worlds and the deep-serialized take of every element (lib/walker/walker_ids.js), and the
// renderer's first AX request, which builds its AX object cache (about twice a warm
// getFullAXTree: 18–22 ms against 7–12 on the demo page). The page usually settles for a
// while before the agent asks (it waits for the quiet window itself).
//
// So when a tab whose debugger attachment is kept between reads (lib/session/debugger.js: a read in
// the last IDLE_DETACH_MS) finishes loading a document, the worker waits for the page's quiet
// window (lib/session/stabilize.js, the readiness clock), then reads the page with the tab's last
// read options through the host and keeps the answer under the page's proof (the router's
// prepareAnswer, lib/reuse/answer_cache.js): the first read of the settled document is a kept
// answer, and if the page changed meanwhile the read captures, finding the walker kept, the
// worlds' contexts, the elements' backendNodeIds, the root's listener object and the main
// frame's AX tree (lib/reuse/ax_window_cache.js) known and the renderer's AX object cache built,
// through the same checks a re-read makes (tests/e2e). Options whose answer is never kept
// (unredacted, a screenshot, a delta) get the AX window capture, dropped (nothing to the host).
//
// Only small documents (those the AX window reads whole, lib/ax/ax_window_full.js readsWhole,
// given as `small`; counted in the extension's isolated world):
// on a big page the first AX request costs seconds of the renderer's main thread, which an
// agent reading DOM text never needed. Only in a tab a read attached to and whose
// attachment is still kept (joinLingering: nothing attaches for it); none once any read has
// captured the document (a whole-page read keeps the AX change journal for its own cache);
// a newer document's preparation supersedes one still waiting for its page to settle.
// Never on a page an agent's read would be refused (lib/session/restricted.js: internal pages, the
// Web Store, axsnap's own pages). Capture never mutates the page, and neither does this
// (the same capture).

import { checkRestricted } from '../session/restricted.js';

/** The chrome.storage.session key of the switch: `false` turns preparation off (until the browser
 * closes, or it is set again); unset or anything else leaves it on. The bridge page sets it
 * (bridge.js setPreparation): a test of a document's own first read then races no preparation. */
export const PREPARE_DOCUMENTS_KEY = 'prepareDocuments';

/** Whether documents are prepared (the switch above). */
export async function preparationOn() {
  const got = await chrome.storage.session.get(PREPARE_DOCUMENTS_KEY);
  return got?.[PREPARE_DOCUMENTS_KEY] !== false;
}

/** Elements in the main frame's document of `tabId` (the extension's isolated world). */
export async function countElements(tabId) {
  const [first] = await chrome.scripting.executeScript({
    target: { tabId, frameIds: [0] }, world: 'ISOLATED', injectImmediately: true,
    func: () => document.getElementsByTagName('*').length,
  });
  return first?.result;
}

/** Whether an agent's read of `tabId` would be allowed (the router's rule for role 'agent'). */
export async function agentMayRead(tabId) {
  const tab = await chrome.tabs.get(tabId);
  return !checkRestricted(tab?.url || tab?.pendingUrl || '', chrome.runtime.id, false);
}

/**
 * A preparer over injected dependencies: {debuggers (DebuggerManager), stabilize(session,
 * options), capture(session, tabId, options, stabilization), countElements(tabId),
 * small(elements) (whether a document of that many elements is prepared: readsWhole),
 * documentRead(tabId, loaderId) (capture.js: a read of this document already ran),
 * mayRead(tabId) (agentMayRead: not a restricted page), answer(session, tabId, stabilization)
 * (the router's prepareAnswer: the tab's last read options through the host, the answer kept
 * under the page's proof (lib/reuse/answer_cache.js); false when those options' answer is not kept)}.
 * `enabled()`: whether documents are prepared at all (background.js: the `prepareDocuments`
 * switch in chrome.storage.session, off only when someone turned it off; "off" then, and nothing
 * is read). `prepare(tabId)` resolves with what it did: "prepared", or why not; `outcome(tabId)` tells
 * it once, to the next read. `yieldTo(tabId)`: a read starts on the tab; a preparation not yet
 * reading stops, and one reading is waited for (two reads of one document at once would take
 * the AX change journal from each other: the whole-page cache would then read "not armed").
 */
export function createPreparer({
  debuggers, stabilize, capture, small, countElements: count = countElements, documentRead = () => false,
  mayRead = agentMayRead, answer = async () => false, enabled = async () => true,
}) {
  const latest = new Map(); // tabId -> the newest preparation's number: an older one stops
  let made = 0;
  const outcomes = new Map(); // tabId -> what the last preparation did, until a read asks
  const reading = new Map(); // tabId -> the preparation's read in flight

  async function prepare(tabId) {
    const mine = ++made;
    latest.set(tabId, mine);
    const outcome = await attempt(tabId, () => latest.get(tabId) !== mine);
    if (latest.get(tabId) === mine) latest.delete(tabId);
    if (outcome !== 'superseded' && outcome !== 'not kept' && outcome !== 'restricted') {
      outcomes.delete(tabId);
      outcomes.set(tabId, outcome);
      while (outcomes.size > 64) outcomes.delete(outcomes.keys().next().value);
    }
    return outcome;
  }

  /** A read of `tabId` starts: resolves once no preparation of the tab can read beside it. */
  async function yieldTo(tabId) {
    if (latest.has(tabId)) latest.set(tabId, ++made); // stops before it reads
    await reading.get(tabId)?.catch(() => {});
  }

  /** `read()` as the tab's preparation's read in flight (yieldTo waits for it). */
  async function asReading(tabId, read) {
    const running = read();
    reading.set(tabId, running);
    try {
      return await running;
    } finally {
      if (reading.get(tabId) === running) reading.delete(tabId);
    }
  }

  /** What the tab's last preparation since the previous read did (the read's `timings.prepared`). */
  function outcome(tabId) {
    const said = outcomes.get(tabId) ?? null;
    outcomes.delete(tabId);
    return said;
  }

  async function attempt(tabId, superseded) {
    if (!(await enabled().catch(() => true))) return 'off';
    if (!(await mayRead(tabId).catch(() => false))) return 'restricted';
    const session = debuggers.joinLingering(tabId);
    if (!session) return 'not kept';
    try {
      const stabilization = await stabilize(session, {});
      if (superseded()) return 'superseded'; // the tab loaded another document meanwhile
      if (!stabilization?.stabilized) return 'unsettled';
      const tree = await session.send('Page.getFrameTree');
      // any read of this document, whatever its format, prepared what it needed (and a
      // whole-page read's AX cache holds the change journal: not taken from it here)
      if (documentRead(tabId, tree?.frameTree?.frame?.loaderId ?? null)) return 'read already';
      const elements = await count(tabId);
      if (!small(elements)) return 'big';
      if (superseded()) return 'superseded';
      return await asReading(tabId, async () => {
        if (await answer(session, tabId, stabilization)) return 'prepared';
        if (superseded()) return 'superseded';
        await capture(session, tabId, { format: 'snapshot' }, stabilization, {});
        return 'prepared';
      });
    } catch {
      return 'failed'; // a navigation, a closed tab: the next read does it all itself
    } finally {
      session.release();
    }
  }

  /** The tab's last preparation's outcome, left for the next read (a DevTools client's look:
   * tests wait on it instead of on a clock); null while none has ended since the last read. */
  function peek(tabId) {
    return outcomes.get(tabId) ?? null;
  }

  return { prepare, outcome, yieldTo, peek };
}
