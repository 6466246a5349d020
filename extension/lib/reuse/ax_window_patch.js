// What a window read over kept nodes (ax_window_partial.js with `kept`) can know without
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
//   touched none of them, the kept nodes are those relatives: a node stands when its own
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
export function standsAbove(kept, target, backendNodeId) {
  if (!kept?.above?.has(backendNodeId)) return false;
  const node = kept.byBackend.get(backendNodeId);
  if (!CONTAINER_ROLES.has(node?.role?.value)) return false;
  return (node.childIds ?? []).every((id) => target.ids.has(kept.byId?.get(id)?.backendDOMNodeId));
}

/** Whether the kept node `node` is as it was: see the module. */
function standsKept(kept, target, node) {
  let up = node;
  for (let hops = 0; up && hops < MAX_UP; hops++) {
    const backend = up.backendDOMNodeId;
    if (Number.isInteger(backend) && target.ids.has(backend)) return !kept.dirty.has(backend);
    up = kept.byId.get(up.parentId);
  }
  return false;
}

/** backendNodeIds of the kept text children of the changed holders (asked in round 1). */
export function guessedChildren(kept, target) {
  const out = new Set();
  if (!kept) return out;
  for (const holder of target.expand) {
    if (!kept.dirty.has(holder)) continue;
    for (const id of kept.byBackend.get(holder)?.childIds ?? []) {
      const n = Number(id);
      if (Number.isInteger(n) && n > 0 && !target.ids.has(n)) out.add(n);
    }
  }
  return out;
}

/**
 * The relatives of the orphan `backendNodeId` (itself, its ancestors, its parent's children
 * and its own) from the kept nodes, as getPartialAXTree with fetchRelatives gives them, or
 * null when one of them is missing or may have changed (then it is asked). `have`: nodeIds
 * already read this time (they are not needed again).
 */
export function keptRelatives(kept, target, backendNodeId, have) {
  if (!kept?.byId || !target.ids.has(backendNodeId) || kept.dirty.has(backendNodeId)) return null;
  const self = kept.byBackend.get(backendNodeId);
  if (!self) return null;
  const out = new Map([[self.nodeId, self]]);
  const take = (nodeId) => {
    if (have.has(nodeId) || out.has(nodeId)) return true;
    const node = kept.byId.get(nodeId);
    if (!node || !standsKept(kept, target, node)) return false;
    out.set(nodeId, node);
    return true;
  };
  for (const id of self.childIds ?? []) if (!take(id)) return null;
  const parent = kept.byId.get(self.parentId);
  if (!parent) return null;
  for (const id of parent.childIds ?? []) if (!take(id)) return null;
  for (let up = parent, hops = 0; up && hops < MAX_UP; up = kept.byId.get(up.parentId), hops++) {
    if (!take(up.nodeId)) return null;
    if (up.parentId && !kept.byId.has(up.parentId) && !have.has(up.parentId)) return null;
  }
  return [...out.values()];
}
