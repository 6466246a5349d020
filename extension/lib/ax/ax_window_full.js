// The AX window read of a small document: one Accessibility.getFullAXTree for the frame,
// cut in the extension to the nodes the per-element read (ax_window.js) would have fetched.
//
// Why: the per-element read costs three dependent rounds of CDP commands (every walked
// element, then the text holders' children, then orphans' ancestors): about 70 commands
// and 30–40 ms on the demo page, whatever its size. getFullAXTree of a document of a few
// hundred elements is one command of a few milliseconds, but its cost follows the
// document (about 0.12 ms an element: 6 ms for the demo's ~100, 115–150 ms for the 1k bench
// page's 938, where the per-element read's 369 commands take 70–90 ms): past
// FULL_READ_MAX_ELEMENTS the per-element read is the cheaper one, and on 20k–100k elements
// by orders of magnitude (ax_window.js). The walker counts each frame
// document's elements (walker frames' `n`), so the choice is made per frame before any
// AX command.
//
// The cut keeps what the per-element read keeps, so the host sees the same window:
// - the frame's <html> with its relatives (ancestors up to the RootWebArea, siblings,
//   children: what getPartialAXTree with fetchRelatives gives);
// - every walked element's node;
// - the AX children of the text holders (the StaticText of their text nodes, an <img> in
//   a link), which the per-element read finds through DOM.describeNode;
// - nodes whose parent is still missing (a <select>'s options under their MenuListPopup),
//   with their relatives, as the per-element read's last round fetches them.
// Nodes keep the full tree's order (its root first), as the host expects.

/** Documents up to this many elements are read whole and cut (measured: see the module). */
export const FULL_READ_MAX_ELEMENTS = 300;
const MAX_ORPHANS = 64;

/**
 * Whether the window of a frame whose document has `elements` elements is read with one
 * getFullAXTree. Unknown sizes (a frame the walker did not count) use the per-element read.
 */
export function readsWhole(elements) {
  return Number.isInteger(elements) && elements >= 0 && elements <= FULL_READ_MAX_ELEMENTS;
}

/** The nodes of a full AX tree `nodes` that the window `target` {ids, html, expand} keeps. */
export function windowSubset(nodes, target) {
  const byId = new Map();
  const byBackend = new Map();
  for (const node of nodes ?? []) {
    if (!node || typeof node.nodeId !== 'string' || byId.has(node.nodeId)) continue;
    byId.set(node.nodeId, node);
    const backend = node.backendDOMNodeId;
    if (Number.isInteger(backend) && !byBackend.has(backend)) byBackend.set(backend, node);
  }
  const keep = new Set();
  const add = (node) => { if (node) keep.add(node.nodeId); };
  const childrenOf = (node) => (node?.childIds ?? []).map((id) => byId.get(id)).filter(Boolean);
  const withRelatives = (node) => {
    if (!node) return;
    add(node);
    for (const child of childrenOf(node)) add(child);
    const parent = byId.get(node.parentId);
    for (const sibling of childrenOf(parent)) add(sibling);
    for (let up = parent, hops = 0; up && hops < 10_000; up = byId.get(up.parentId), hops++) add(up);
  };
  if (target.html !== null && target.html !== undefined) withRelatives(byBackend.get(target.html));
  for (const backend of target.ids) add(byBackend.get(backend));
  for (const holder of target.expand) {
    for (const child of childrenOf(byBackend.get(holder))) {
      if (Number.isInteger(child.backendDOMNodeId)) add(child);
    }
  }
  const orphans = [...keep].map((id) => byId.get(id))
    .filter((node) => node.parentId && !keep.has(node.parentId) && Number.isInteger(node.backendDOMNodeId))
    .slice(0, MAX_ORPHANS);
  for (const node of orphans) withRelatives(node);
  return nodes.filter((node) => node && keep.has(node.nodeId) && byId.get(node.nodeId) === node);
}

/** Text node backendNodeId → the text holder it belongs to (the host's `text_owners`). */
export function textOwners(nodes, target) {
  const byId = new Map((nodes ?? []).map((n) => [n.nodeId, n]));
  const owners = {};
  for (const node of nodes ?? []) {
    const holder = node.backendDOMNodeId;
    if (!target.expand.has(holder)) continue;
    for (const id of node.childIds ?? []) {
      const child = byId.get(id);
      const isText = child?.role?.value === 'StaticText' || child?.role?.value === 'InlineTextBox';
      if (isText && Number.isInteger(child.backendDOMNodeId)) owners[child.backendDOMNodeId] = holder;
    }
  }
  return owners;
}
