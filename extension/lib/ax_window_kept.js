// The AX window read's main-frame tree, kept between reads of a small document.
//
// Why: on a small document the window read is one Accessibility.getFullAXTree per frame
// (ax_window_full.js), and on a settled page that one command is the read's largest step
// in the renderer (5–12 ms on the demo page and MiniWoB's login-user, about 0.1 ms a node).
// A re-read of a page that did not change gets the same tree.
//
// How it knows the page did not change: the AX cache's change journal (extension/axwatch.js,
// a content script in the extension's isolated world of the main frame, the same world the
// walker runs in). The walker's run takes the journal since this cache's token, or arms it,
// in the same injection (walker.js `axJournal`: no round trip of its own): "ok" with no
// changed node means no DOM change and none of the journal's doubts (input, focus, a
// resize, animations, style sheets, dialogs...) since the kept tree's read was asked, so
// the kept tree stands; anything else reads the tree again and keeps that one. The journal
// is armed before the tree is read, so a change between the two is in the next journal.
// Its known gaps are the whole-page AX cache's (axwatch.js).
//
// The journal is one per document: a whole-page read's AX cache (ax_cache_read.js) and this
// one take it in turn, and a token the other one replaced reads "not armed": a full read,
// never a stale tree. Kept per tab, for the main frame's document (frameId + loaderId), in
// the worker's memory; small documents only (FULL_READ_MAX_ELEMENTS).

import { FULL_READ_MAX_ELEMENTS } from './ax_window_full.js';

const MAX_TABS = 8;
const kept = new Map(); // tabId -> {frameId, loaderId, token, nodes}

/**
 * The walker's `axJournal` option for the main frame `frame` of `tabId`: taken (or armed)
 * only in a document small enough to keep its tree (`max`); a bigger one's journal stays
 * the whole-page AX cache's, and the walk does not pay for a journal it cannot use.
 */
export function journalOption(tabId, frame) {
  const entry = kept.get(tabId);
  const same = entry && entry.frameId === frame?.frameId && entry.loaderId === frame?.loaderId;
  return { take: same ? entry.token : null, max: FULL_READ_MAX_ELEMENTS };
}

/**
 * The kept tree's nodes when `journal` (the walker's `axJournal`) says nothing changed since
 * it was kept, its entry now under the journal's new token; otherwise null (the entry gone).
 */
export function keptTree(tabId, frame, journal) {
  const entry = kept.get(tabId);
  const unchanged = journal?.status === 'ok' && journal.changed === 0 && typeof journal.token === 'string';
  if (!entry || !unchanged || entry.frameId !== frame?.frameId || entry.loaderId !== frame?.loaderId) {
    kept.delete(tabId);
    return null;
  }
  entry.token = journal.token;
  return entry.nodes;
}

/** Keep `nodes`, the main frame's getFullAXTree read after `journal` was taken or armed. */
export function keepTree(tabId, frame, journal, nodes) {
  kept.delete(tabId);
  if (typeof journal?.token !== 'string' || !Array.isArray(nodes) || !frame?.frameId) return;
  kept.set(tabId, { frameId: frame.frameId, loaderId: frame.loaderId ?? null, token: journal.token, nodes });
  while (kept.size > MAX_TABS) kept.delete(kept.keys().next().value);
}

/** Forget the tab's tree (a closed tab; tests). */
export function dropTree(tabId) {
  kept.delete(tabId);
}
