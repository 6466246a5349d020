// The main frame's whole-page AX read through the tab's AX cache (lib/reuse/ax_cache.js):
// - no entry for this document: arm the page's change journal (extension/content/axwatch.js, in
//   the extension's isolated world), then Accessibility.getFullAXTree, and keep the tree;
// - an entry: take the journal (and arm the next one in the same call), read the changed
//   nodes again — DOM.describeNode (depth -1, pierce) lists the subtrees of the `tree`
//   nodes, one getPartialAXTree (fetchRelatives: false) per node, all sent together — and
//   patch the tree; a journal that is not clean (input, too many changes, ...) or a patch
//   that does not give a tree back means a full read, which refreshes the entry.
// The journal's world is found as walker_ids.js finds the walker's: a one-off Runtime
// binding (no Runtime.enable) called from a tiny injection into the same world; its
// context id is kept with the entry and checked by the journal's token.
//
// Returns {nodes, source, details, entry}: source "full" or "cache+N changed" (N AX nodes
// added, changed or removed), details for the capture's timings, and the cache entry (null
// when none was kept), whose `sent` is what the host holds of this document's tree: the
// base a streamed read sends its delta on (ax_stream.js).

import { AxCache, orderedNodes, patchTree, rootOf, treeProblem } from '../reuse/ax_cache.js';
import { normalizeAxNodes } from './ax_thin.js';
import { openReporter } from '../walker/walker_ids.js';

export const axCache = new AxCache();
const WORLD_TOKEN = 'axcache';
const MAX_REFETCH = 4000;
const DEEP = Object.freeze({
  serialization: 'deep', maxDepth: 1, additionalParameters: { maxNodeDepth: 0, includeShadowTree: 'none' },
});

/** The execution context id of the extension's isolated world in the main frame, or null. */
async function journalWorld(session, tabId) {
  if (!globalThis.chrome?.scripting?.executeScript) return null;
  const worldName = globalThis.chrome?.runtime?.getManifest?.().name ?? 'axsnap';
  const reporter = await openReporter(session, worldName);
  try {
    await chrome.scripting.executeScript({
      target: { tabId, frameIds: [0] }, world: 'ISOLATED', injectImmediately: true,
      func: (name, token) => { const report = globalThis[name]; if (typeof report === 'function') report(token); },
      args: [reporter.name, WORLD_TOKEN],
    });
    await reporter.wait([WORLD_TOKEN]);
    return reporter.contexts.get(WORLD_TOKEN)?.contextId ?? null;
  } finally {
    await reporter.close();
  }
}

const evaluate = (session, contextId, expression, deep = false) => session.send('Runtime.evaluate', {
  expression, contextId, returnByValue: !deep, ...(deep ? { serializationOptions: DEEP } : {}),
});

/** Arm the journal: its token, or null when the page has none (no content script there). */
async function arm(session, contextId) {
  const reply = await evaluate(session, contextId, 'globalThis.__axsnapAxWatch?.arm() ?? null');
  const token = reply?.result?.value;
  return typeof token === 'string' ? token : null;
}

/** Parse a deep-serialized take: {status, token, self: [backendNodeId], tree: [backendNodeId]}. */
export function parseJournal(reply) {
  const items = reply?.result?.deepSerializedValue?.value;
  if (!Array.isArray(items) || items[0]?.type !== 'string') return null;
  const count = items[2]?.type === 'number' ? items[2].value : 0;
  const ids = items.slice(3).map((item) => item?.value?.backendNodeId);
  if (ids.some((id) => !Number.isInteger(id))) return { status: 'a changed node has no id', token: items[1]?.value ?? null, self: [], tree: [] };
  return { status: items[0].value, token: items[1]?.value ?? null, self: ids.slice(0, count), tree: ids.slice(count) };
}

/** backendNodeIds in a DOM.describeNode subtree (pierce): shadow trees and pseudo-elements
 * in, child frames (contentDocument) out. */
export function subtreeIds(node, out = new Set()) {
  if (!node) return out;
  if (node.nodeType !== 11 && Number.isInteger(node.backendNodeId)) out.add(node.backendNodeId);
  for (const child of node.children ?? []) subtreeIds(child, out);
  for (const root of node.shadowRoots ?? []) subtreeIds(root, out);
  // ::before, ::after, ::marker: their AX nodes (a list item's marker) hang off them.
  for (const pseudo of node.pseudoElements ?? []) subtreeIds(pseudo, out);
  return out;
}

async function fullRead(session, frame, readFull, onAsked) {
  const reading = readFull(); // sends getFullAXTree now
  onAsked();
  const ax = await reading;
  const nodes = normalizeAxNodes(ax.nodes ?? []);
  const rootId = rootOf(nodes);
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  // The tree in the order a patched read gives it (depth first), so both read alike.
  return rootId !== null && !treeProblem(byId, rootId) ? orderedNodes(byId, rootId) : nodes;
}

/** Refetch the journal's nodes; null when there are too many. */
async function refetch(session, journal, rootBackendId, onAsked) {
  // The document's own node always: a renderer that rebuilt its AX object cache numbers
  // it anew, and the patch then refuses (the root changed).
  const ids = new Set([...(Number.isInteger(rootBackendId) ? [rootBackendId] : []), ...journal.self]);
  const subtrees = await Promise.all(journal.tree.map((backendNodeId) => session
    .send('DOM.describeNode', { backendNodeId, depth: -1, pierce: true }).then((r) => r?.node, () => null)));
  for (const node of subtrees) subtreeIds(node, ids);
  if (ids.size > MAX_REFETCH) return null;
  const reading = Promise.all([...ids].map((backendNodeId) => session
    .send('Accessibility.getPartialAXTree', { backendNodeId, fetchRelatives: false })
    .then((r) => r?.nodes ?? [], () => [])));
  onAsked();
  const lists = await reading;
  return { fetched: normalizeAxNodes(lists.flat()), refetched: ids.size };
}

/**
 * The main frame's AX nodes for a whole-page read of `tabId`. `readFull()` is the capture's
 * getFullAXTree (with its depth fallback); `onAsked()` is called once the AX commands are
 * sent (the refetch's or getFullAXTree), so the caller's DOMSnapshot queues behind them.
 * Journal or CDP trouble never fails the read: it reads the page and says why in
 * `details.reason`.
 */
export async function readMainFrameAx(session, tabId, frame, readFull, onAsked = () => {}) {
  const details = {};
  const t0 = performance.now();
  const lap = (name) => { details[`${name}_ms`] = Math.round((performance.now() - t0) * 10) / 10; };
  let entry = axCache.get(tabId, frame.frameId, frame.loaderId);
  let contextId = entry?.contextId ?? null;
  let token = null;
  try {
    if (entry) {
      const reply = await evaluate(session, contextId,
        `globalThis.__axsnapAxWatch?.take(${JSON.stringify(entry.token)}) ?? null`, true).catch(() => null);
      const journal = parseJournal(reply);
      lap('take');
      if (!journal) {
        details.reason = 'the change journal did not answer';
        entry = null;
      } else {
        token = journal.token;
        if (journal.status !== 'ok') {
          details.reason = journal.status;
        } else {
          const got = await refetch(session, journal, entry.byId.get(entry.rootId)?.backendDOMNodeId, onAsked);
          lap('refetch');
          if (!got) {
            details.reason = 'too many changes';
          } else {
            const patched = patchTree(entry, got.fetched);
            lap('patch');
            details.refetched = got.refetched;
            if (patched.ok) {
              entry.token = token;
              return { nodes: patched.nodes, source: `cache+${patched.changed} changed`, details, entry };
            }
            details.reason = `patch: ${patched.reason}`;
          }
        }
      }
    }
    if (!token) {
      contextId = await journalWorld(session, tabId).catch(() => null);
      token = contextId === null ? null : await arm(session, contextId).catch(() => null);
      lap('arm');
      if (!token) details.reason = details.reason ?? 'no change journal in this page';
    }
  } catch (e) {
    details.reason = `cache: ${e?.message ?? e}`;
    token = null;
  }
  axCache.drop(tabId);
  const nodes = await fullRead(session, frame, readFull, onAsked);
  lap('full');
  const kept = token ? axCache.put(tabId, { frameId: frame.frameId, loaderId: frame.loaderId, token, contextId }, nodes) : null;
  return { nodes, source: 'full', details, entry: kept };
}
