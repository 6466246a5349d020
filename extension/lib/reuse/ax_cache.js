// A tab-lived cache of the main frame's accessibility tree, so a second whole-page read of
// a big page costs what changed, not the page (issue 16). This module is the pure part:
// the store (per tab and document, bounded) and the patch of a cached tree with refetched
// nodes, in the cache's form (lib/ax/ax_thin.js normalizeAxNodes); lib/ax/ax_cache_read.js
// talks to the page and to CDP.
//
// Measured (docs/ARCHITECTURE.md, "The AX cache"): Chromium's Accessibility.nodesUpdated
// only reports nodes a client asked for through getChildAXNodes / getAXNodeAndAncestors,
// not those of getFullAXTree; registering every node that way costs 19k calls and 8.3 s on
// the 20k page (getFullAXTree 4.8 s), the events come throttled (250 ms) and miss names
// that change through other nodes. So the page's own change journal (extension/content/axwatch.js)
// says which DOM nodes changed, and those nodes and their ancestors are read again with
// getPartialAXTree.
//
// Safety: the patched tree must be a tree again (every child known, every child's parentId
// its parent, the root the same AX object), or the read falls back to getFullAXTree. The
// cache is per tab and per main-frame document (frameId + loaderId), dropped on
// navigation, tab close, a foreign detach and with the service worker (module state);
// at most MAX_TABS tabs and MAX_NODES nodes a tab (the 100k bench page has ~160k: ~50 MB of
// the service worker's memory).

export const MAX_TABS = 2;
export const MAX_NODES = 250_000;

/** The root of a getFullAXTree node list: the node without a parent. */
export function rootOf(nodes) {
  return nodes.find((n) => !n.parentId)?.nodeId ?? null;
}

/** The nodes reachable from `rootId`, depth first (children in order), root first. */
export function orderedNodes(byId, rootId) {
  const out = [];
  const seen = new Set();
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop();
    if (seen.has(id)) continue;
    const node = byId.get(id);
    if (!node) continue;
    seen.add(id);
    out.push(node);
    const kids = node.childIds ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return out;
}

/**
 * Whether the nodes reachable from `rootId` form the tree a full read gives: every child
 * known and pointing back at its parent, no node reached twice. Returns null or the reason.
 */
export function treeProblem(byId, rootId) {
  const root = byId.get(rootId);
  if (!root) return 'the root is gone';
  if (root.parentId) return 'the root has a parent';
  const seen = new Set([rootId]);
  const stack = [root];
  while (stack.length) {
    const node = stack.pop();
    for (const id of node.childIds ?? []) {
      const child = byId.get(id);
      if (!child) return `child ${id} of ${node.nodeId} is unknown`;
      if (child.parentId !== node.nodeId) return `child ${id} names parent ${child.parentId}, not ${node.nodeId}`;
      if (seen.has(id)) return `node ${id} is reached twice`;
      seen.add(id);
      stack.push(child);
    }
  }
  return null;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Patch `entry.byId` in place with refetched nodes (normalized) and drop what fell out of
 * the tree. Returns {ok: true, changed, nodes} (nodes: the tree, root first) or {ok: false,
 * reason}; a failed patch leaves the entry unusable (the caller drops it).
 */
export function patchTree(entry, fetched) {
  let changed = 0;
  for (const node of fetched) {
    if (!node?.nodeId || node.nodeId === '0') continue; // a DOM node without an AX object
    if (!node.parentId && node.nodeId !== entry.rootId) return { ok: false, reason: 'the AX root changed' };
    const before = entry.byId.get(node.nodeId);
    if (before && same(before, node)) continue;
    // A node that is not in the tree (an AX object left out of it) has a parent that does
    // not list it: it is dropped below with the other unreachable ones.
    entry.byId.set(node.nodeId, node);
    changed += 1;
  }
  const rootNode = entry.byId.get(entry.rootId);
  if (!rootNode || rootNode.parentId) return { ok: false, reason: 'the AX root changed' };
  const problem = treeProblem(entry.byId, entry.rootId);
  if (problem) return { ok: false, reason: problem };
  const nodes = orderedNodes(entry.byId, entry.rootId);
  if (nodes.length !== entry.byId.size) {
    const kept = new Set(nodes.map((n) => n.nodeId));
    for (const id of [...entry.byId.keys()]) {
      if (!kept.has(id)) {
        entry.byId.delete(id);
        changed += 1;
      }
    }
  }
  return { ok: true, changed, nodes };
}

/** Per tab: the main frame's cached AX tree of one document. */
export class AxCache {
  constructor({ maxTabs = MAX_TABS, maxNodes = MAX_NODES } = {}) {
    this.maxTabs = maxTabs;
    this.maxNodes = maxNodes;
    this.tabs = new Map(); // tabId → entry, least recently used first
  }

  /** The entry of `tabId` if it is of this document (frameId, loaderId); else drops it. */
  get(tabId, frameId, loaderId) {
    const entry = this.tabs.get(tabId);
    if (!entry) return null;
    if (entry.frameId !== frameId || entry.loaderId !== loaderId || !loaderId) {
      this.tabs.delete(tabId);
      return null;
    }
    this.tabs.delete(tabId); // most recently used last
    this.tabs.set(tabId, entry);
    return entry;
  }

  /**
   * Keep a full read's nodes (normalized) for `tabId`; returns the entry, or null when the
   * tree is too big to keep or has no root.
   */
  put(tabId, { frameId, loaderId, token, contextId }, nodes) {
    this.tabs.delete(tabId);
    const rootId = rootOf(nodes);
    if (!loaderId || !token || rootId === null || nodes.length > this.maxNodes) return null;
    const entry = { frameId, loaderId, token, contextId, rootId, byId: new Map(nodes.map((n) => [n.nodeId, n])) };
    this.tabs.set(tabId, entry);
    while (this.tabs.size > this.maxTabs) this.tabs.delete(this.tabs.keys().next().value);
    return entry;
  }

  drop(tabId) {
    this.tabs.delete(tabId);
  }
}
