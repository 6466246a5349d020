// What a window read over cached nodes (ax_window_partial.js with `kept`) can know without
// asking: fewer rounds of commands after a change.
//
// Why: after one change on a small page the read is a few commands in up to three dependent
// rounds (the changed records, then the text of the changed holders, then the orphans'
// relatives), and each round is a round trip through the renderer (1–3 ms on the demo).
// - A changed holder's text nodes are most often the ones it had (a text edited in place
//   keeps its node): they are asked in the first round, beside the holder, by the kept
//   node's childIds; the holder's fresh childIds then say which of them count (a guess the
//   fresh node does not list is dropped, never shown), and only new ones take a round.
// - An orphan (a node whose AX parent has no DOM node: a <select>'s options under their
//   MenuListPopup) comes with its relatives (ancestors, siblings, children). When the page
//   touched none of them, the cached nodes are those relatives: a node stands when its own
//   element is a record the journal did not mark, or, for a node that is no record (a text
//   node, a popup with no DOM node), when its nearest record above it was not marked (the
//   journal marks every ancestor of what changed: an unmarked record's subtree is as it was).

const MAX_UP = 10_000;
// - A record marked only as an ancestor of a change (the journal's `above`: not changed, not
//   in a changed subtree, not pointing at a changed id: axwatch.js) changes only by what its
//   node computes from its contents: a name (a button, a link, a heading, a cell...) or a
//   value (a select's). Containers whose roles take neither from their contents stand kept:
//   on a small page most of a change's ancestors (the <body>, the layout's <div>s).
const CONTAINER_ROLES = new Set(['generic', 'none', 'main', 'navigation', 'banner', 'contentinfo',
  'complementary', 'region', 'form', 'list', 'paragraph', 'article', 'search', 'blockquote', 'Section']);

//   Only while its AX children are records: an element not in the AX tree (a <b>) hands its
//   children up, so a text changed inside one is the container's own child.

/** Whether the record `backendNodeId`, marked only as an ancestor of a change, stands kept. */
export function standsAbove(cached, target, backendNodeId) {
  if (!cached?.above?.has(backendNodeId)) return false;
  const node = cached.byBackend.get(backendNodeId);
  if (!CONTAINER_ROLES.has(node?.role?.value)) return false;
  return (node.childIds ?? []).every((id) => target.ids.has(cached.byId?.get(id)?.backendDOMNodeId));
}

/** Whether the cached node `node` is as it was: see the module. */
function standsCached(cached, target, node) {
  let up = node;
  for (let hops = 0; up && hops < MAX_UP; hops++) {
    const backend = up.backendDOMNodeId;
    if (Number.isInteger(backend) && target.ids.has(backend)) return !cached.dirty.has(backend);
    up = cached.byId.get(up.parentId);
  }
  return false;
}

/** backendNodeIds of the kept text children of the changed holders (asked in round 1). */
export function guessedChildren(cached, target) {
  const out = new Set();
  if (!cached) return out;
  for (const holder of target.expand) {
    if (!cached.dirty.has(holder)) continue;
    for (const id of cached.byBackend.get(holder)?.childIds ?? []) {
      const n = Number(id);
      if (Number.isInteger(n) && n > 0 && !target.ids.has(n)) out.add(n);
    }
  }
  return out;
}

/**
 * The relatives of the orphan `backendNodeId` (itself, its ancestors, its parent's children
 * and its own) from the cached nodes, as getPartialAXTree with fetchRelatives gives them, or
 * null when one of them is missing or may have changed (then it is asked). `have`: nodeIds
 * already read this time (they are not needed again).
 */
export function cachedRelatives(cached, target, backendNodeId, have) {
  if (!cached?.byId || !target.ids.has(backendNodeId) || cached.dirty.has(backendNodeId)) return null;
  const self = cached.byBackend.get(backendNodeId);
  if (!self) return null;
  const out = new Map([[self.nodeId, self]]);
  const take = (nodeId) => {
    if (have.has(nodeId) || out.has(nodeId)) return true;
    const node = cached.byId.get(nodeId);
    if (!node || !standsCached(cached, target, node)) return false;
    out.set(nodeId, node);
    return true;
  };
  for (const id of self.childIds ?? []) if (!take(id)) return null;
  const parent = cached.byId.get(self.parentId);
  if (!parent) return null;
  for (const id of parent.childIds ?? []) if (!take(id)) return null;
  for (let up = parent, hops = 0; up && hops < MAX_UP; up = cached.byId.get(up.parentId), hops++) {
    if (!take(up.nodeId)) return null;
    if (up.parentId && !cached.byId.has(up.parentId) && !have.has(up.parentId)) return null;
  }
  return [...out.values()];
}
