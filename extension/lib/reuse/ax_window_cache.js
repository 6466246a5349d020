// The AX window read's main-frame nodes, kept between reads of a document.
//
// Why: on a small document the window read is one Accessibility.getFullAXTree per frame
// (ax_window_full.js), and on a settled page that one command is the read's largest step
// in the renderer (5–12 ms on the demo page and MiniWoB's login-user, about 0.1 ms a node).
// A re-read of a page that did not change gets the same tree. On a bigger document the read
// is one getPartialAXTree per window node (ax_window_partial.js, 150–200 commands on the 20k
// bench page, 40–50 ms): a node whose element the page did not touch since the last read
// has the same AX node, so only the changed ones are asked again.
//
// How it knows what changed: the AX cache's change journal (extension/content/axwatch.js, a content
// script in the extension's isolated world of the main frame, the same world the walker
// runs in). The walker's run takes the journal since this cache's token, or arms it, in the
// same injection (lib/walker/src/journal.js `axJournal`: no round trip of its own): "ok" says no change but
// the journal's nodes since the cached nodes' read was asked (their flat-tree ancestors
// included), and none of its doubts (input, focus, a resize, animations, style sheets,
// dialogs...). Cached nodes stand only when the journal says "ok" and nothing changed
// (issue 26): after a change, patching the cached nodes with the changed records' (the
// window patch) missed what CSS keyed on another element shows (:has(), a :first-child
// carousel), a button moved to another slot, and rendered a label's text rows a fresh read
// prunes; it is gone. Anything but "ok, unchanged" reads every node again and keeps those
// (models/fast_paths.py: ax_window_cache). The journal
// is armed before the nodes are read, so a change between the two is in the next journal.
// Its known gaps are the whole-page AX cache's (axwatch.js).
//
// The journal is one per document: a whole-page read's AX cache (ax_cache_read.js) and this
// one take it in turn, and a token the other one replaced reads "not armed": a full read,
// never a stale node. So only documents of at most JOURNAL_MAX_ELEMENTS take it here:
// taking it walks the whole document (about 0.5 µs an element: 10–15 ms on the 20k page,
// 30–80 ms on 100k, where it would cost more than the window's AX read), and a bigger one
// leaves the journal to the whole-page cache. Kept per tab, for the main frame's document
// (frameId + loaderId), in the worker's memory.

const MAX_TABS = 8;
/** Documents up to this many elements (light DOM) take the journal on a window read. */
export const JOURNAL_MAX_ELEMENTS = 30_000;
const cache = new Map(); // tabId -> {frameId, loaderId, token, nodes, whole}

/**
 * The walker's `axJournal` option for the main frame `frame` of `tabId`: taken (or armed)
 * only in a document small enough (`max`); a bigger one's journal stays the whole-page AX
 * cache's, and the walk does not pay for a journal it cannot use.
 */
export function journalOption(tabId, frame) {
  const entry = cache.get(tabId);
  const same = entry && entry.frameId === frame?.frameId && entry.loaderId === frame?.loaderId;
  return { take: same ? entry.token : null, max: JOURNAL_MAX_ELEMENTS };
}

/** The entry of `frame`'s document when `journal` says "ok" since it was kept (then under the new token). */
function standing(tabId, frame, journal) {
  const entry = cache.get(tabId);
  const ok = journal?.status === 'ok' && typeof journal.token === 'string';
  if (!entry || !ok || entry.frameId !== frame?.frameId || entry.loaderId !== frame?.loaderId) {
    cache.delete(tabId);
    return null;
  }
  entry.token = journal.token;
  return entry;
}

/**
 * The cached whole tree's nodes when `journal` (the walker's `axJournal`) says nothing changed
 * since it was kept, its entry now under the journal's new token; otherwise null (the entry gone).
 */
export function cachedTree(tabId, frame, journal) {
  const entry = standing(tabId, frame, journal);
  if (entry?.whole && journal.changed === 0) return entry.nodes;
  cache.delete(tabId);
  return null;
}

/**
 * A small document's cached nodes when `journal` says "ok" but not "unchanged" (or the kept
 * nodes are a window's): {nodes, dirty} as cachedNodes gives them, for the per-node read of
 * the changed records only; else null (the entry gone). Why: after one change, the whole
 * tree read again costs 5–12 ms on the demo, the changed records' nodes a round or two of
 * commands.
 */
export function cachedPatch(tabId, frame, journal) {
  const entry = standing(tabId, frame, journal);
  // taken out: the journal moved on, so these nodes stand again only once the read that
  // patches them keeps its own (keepNodes); a read that fails keeps nothing
  cache.delete(tabId);
  // after a change: every node read again (issue 26: a patch cannot prove the rest stood)
  if (!entry || !Array.isArray(journal.dirty) || journal.changed !== 0) return null;
  return { nodes: entry.nodes, dirty: journal.dirty, above: Array.isArray(journal.above) ? journal.above : [] };
}

/** Whether the tab's cached nodes of `frame`'s document are a whole tree (not a window's). */
export function cachedWhole(tabId, frame) {
  const entry = cache.get(tabId);
  return Boolean(entry?.whole && entry.frameId === frame?.frameId && entry.loaderId === frame?.loaderId);
}

/**
 * The cached nodes (a whole tree or a window's) when `journal` says "ok": {nodes, dirty}, with
 * `dirty` the walker's indices of the records whose node may have changed; else null.
 */
export function cachedNodes(tabId, frame, journal) {
  const entry = standing(tabId, frame, journal);
  if (!entry || entry.whole || !Array.isArray(journal.dirty) || journal.changed !== 0) {
    cache.delete(tabId);
    return null;
  }
  return { nodes: entry.nodes, dirty: journal.dirty, above: Array.isArray(journal.above) ? journal.above : [] };
}

function keep(tabId, frame, journal, nodes, whole) {
  cache.delete(tabId);
  if (typeof journal?.token !== 'string' || !Array.isArray(nodes) || !frame?.frameId) return;
  cache.set(tabId, { frameId: frame.frameId, loaderId: frame.loaderId ?? null, token: journal.token, nodes, whole });
  while (cache.size > MAX_TABS) cache.delete(cache.keys().next().value);
}

/** Keep `nodes`, the main frame's getFullAXTree read after `journal` was taken or armed. */
export function keepTree(tabId, frame, journal, nodes) {
  keep(tabId, frame, journal, nodes, true);
}

/** Keep `nodes`, the main frame's window nodes read after `journal` was taken or armed. */
export function keepNodes(tabId, frame, journal, nodes) {
  keep(tabId, frame, journal, nodes, false);
}

/** Forget the tab's nodes (a closed tab; tests). */
export function dropTree(tabId) {
  cache.delete(tabId);
}
