// The AX window read of a big document: one Accessibility.getPartialAXTree per node, the
// commands of a round sent together (ax_window.js says why not getFullAXTree).
//
// Every command costs the same whatever it asks (about 0.3 ms of the renderer's and the
// session's time even for `Runtime.evaluate("1")`, 0.35–0.5 ms for one AX node on the 20k
// and 100k bench pages, measured over CDP while other tabs ran): the count of commands is
// the read's cost. So the rounds ask only what the host reads:
// 1. every walked element (fetchRelatives: false: the node, its parentId and childIds), and
//    the frame's <html> with fetchRelatives: true for the chain up to the RootWebArea;
// 2. the AX children of the text holders (elements with their own text that are not
//    controls: a control's text is its name): their StaticText nodes, which the walk does not
//    report. Chromium's AX node ids are the DOM nodes' DOMNodeIds (a node with a DOM node
//    has nodeId == backendDOMNodeId), so a holder's childIds name those nodes' backendNodeIds
//    and round 2 asks them at once (no DOM.describeNode per holder to learn its DOM children:
//    that would be 37 of the 224 commands on the 20k and 100k pages). A reply that breaks
//    the id rule sends the holders to DOM.describeNode, one round later;
// 3. nodes whose AX parent has no DOM node of its own (a <select>'s MenuListPopup above its
//    options) come with their ancestors.
// A text node belongs to the deepest holder that lists it (the records are in pre-order):
// the host judges hidden text by that element's facts (`text_owners`).
// (fetchRelatives: true on a parent brings its children as their own reads would, fewer
// commands, but also every ancestor with its full childIds: on the 100k bench page ~148k
// ids for one window, each wide container once per call. Not used.)

import { guessedChildren, cachedRelatives, standsAbove } from '../reuse/ax_window_patch.js';

const MAX_ORPHANS = 64;

/** Merge reply node lists by nodeId; the frame's root (no parent) first, as the host expects. */
export function mergeNodes(lists) {
  const byId = new Map();
  for (const list of lists) {
    for (const node of list ?? []) {
      if (node && typeof node.nodeId === 'string' && !byId.has(node.nodeId)) byId.set(node.nodeId, node);
    }
  }
  const nodes = [...byId.values()];
  const root = nodes.findIndex((n) => !n.parentId || !byId.has(n.parentId));
  if (root > 0) nodes.unshift(nodes.splice(root, 1)[0]);
  return nodes;
}

/** backendDOMNodeIds of nodes whose parent is in none of `lists` (the root aside). */
export function orphanNodes(lists) {
  const have = new Set();
  for (const list of lists) for (const n of list ?? []) if (n?.nodeId) have.add(n.nodeId);
  const out = new Set();
  for (const list of lists) {
    for (const n of list ?? []) {
      if (n?.parentId && !have.has(n.parentId) && Number.isInteger(n.backendDOMNodeId)) out.add(n.backendDOMNodeId);
    }
  }
  return [...out];
}

/** Whether every node of `lists` that has a DOM node is named by it (nodeId == backendDOMNodeId). */
export function idsAreDomIds(lists) {
  for (const list of lists) {
    for (const n of list ?? []) {
      if (Number.isInteger(n?.backendDOMNodeId) && n.nodeId !== String(n.backendDOMNodeId)) return false;
    }
  }
  return true;
}

/** holder backendNodeId → the backendNodeIds of its AX children (childIds of its node). */
export function holderChildren(lists, expand) {
  const byBackend = new Map();
  for (const list of lists) {
    for (const n of list ?? []) if (Number.isInteger(n?.backendDOMNodeId)) byBackend.set(n.backendDOMNodeId, n);
  }
  const out = new Map();
  for (const holder of expand) {
    const ids = (byBackend.get(holder)?.childIds ?? []).map(Number).filter((id) => Number.isInteger(id) && id > 0);
    out.set(holder, ids);
  }
  return out;
}

const TEXT_ROLES = new Set(['StaticText', 'InlineTextBox']);

/**
 * Text node backendNodeId → the holder it belongs to, from each holder's children
 * (`children`: holder → child backendNodeIds, in the records' pre-order): a later (deeper)
 * holder that lists the same text wins. Only children whose node is text count.
 */
export function ownersOf(children, lists) {
  const text = new Set();
  for (const list of lists) {
    for (const n of list ?? []) {
      if (Number.isInteger(n?.backendDOMNodeId) && TEXT_ROLES.has(n.role?.value)) text.add(n.backendDOMNodeId);
    }
  }
  const owners = {};
  for (const [holder, ids] of children) for (const id of ids) if (text.has(id)) owners[id] = holder;
  return owners;
}

// DOM text nodes with nothing but white space have no AX node (Chromium skips them).
const blankText = (node) => node.nodeType === 3 && !/\S/.test(node.nodeValue ?? '');

/** The holders' DOM children (the id rule broken): holder → child backendNodeIds. */
async function domChildren(send, expand) {
  const replies = await Promise.all([...expand].map((backendNodeId) => send('DOM.describeNode', { backendNodeId, depth: 1 })
    .then((r) => r?.node?.children ?? [], () => [])));
  const out = new Map();
  [...expand].forEach((holder, i) => {
    out.set(holder, (replies[i] ?? []).filter((c) => Number.isInteger(c?.backendNodeId) && !blankText(c))
      .map((c) => c.backendNodeId));
  });
  return out;
}

/**
 * The window's AX nodes of one frame (`target`: {ids, html, expand}) by partial reads.
 * `lastSent()`: this frame's last command is on its way. `kept` (the main frame's nodes
 * kept from the last read, ax_window_cache.js): {byBackend: backendNodeId → node, dirty: Set
 * of the records' backendNodeIds the page may have changed}: a record not in `dirty`, and
 * the text of a holder not in it, is taken from there when it is. Returns the merged node
 * list and sets `frame.text_owners`; counts go to `steps`.
 */
export async function partialWindowNodes(session, frame, target, errors, steps, lastSent = () => {}, cached = null) {
  const sid = frame.sessionId;
  const send = (method, params) => session.send(method, params, sid);
  let mark = performance.now();
  const lap = (name) => {
    const now = performance.now();
    steps[name] = Math.round(((steps[name] ?? 0) + now - mark) * 10) / 10;
    mark = now;
  };
  let requests = 0;
  const partial = (backendNodeId) => {
    requests += 1;
    return send('Accessibility.getPartialAXTree', { backendNodeId, fetchRelatives: false })
      .then((r) => r?.nodes, () => null);
  };
  let reused = 0;
  const standing = (id) => {
    const node = cached && (!cached.dirty.has(id) || standsAbove(cached, target, id)) ? cached.byBackend.get(id) : undefined;
    if (node) reused += 1;
    return node;
  };
  const read = (id) => {
    const node = standing(id);
    return node ? Promise.resolve([node]) : partial(id);
  };
  // Round 1, all sent together: the chain to the root and every walked element (and, over
  // cached nodes, the changed holders' text nodes as they were: ax_window_patch.js).
  requests += target.html === null ? 0 : 1;
  const guessed = [...guessedChildren(cached, target)];
  const guesses = Promise.all(guessed.map(partial));
  const [rootChain, ...own] = await Promise.all([
    target.html === null ? null
      : send('Accessibility.getPartialAXTree', { backendNodeId: target.html, fetchRelatives: true })
        .then((r) => r?.nodes, (e) => {
          errors.push({ step: 'ax_window_root', message: `frame ${frame.frameId}: ${e?.message ?? e}` });
          return null;
        }),
    // over cached nodes the <html> record is not asked alone: the root chain brings its node
    // fresh, and the chain's comes first when the lists merge
    ...[...target.ids].filter((id) => !cached || id !== target.html).map(read),
  ]);
  const lists = [rootChain, ...own];
  const guessedLists = await guesses;
  lap('partial_ms');
  // Round 2: the holders' children, named by the holders' childIds (or, the id rule broken,
  // by their DOM children, one round later).
  let children;
  if (idsAreDomIds(lists)) {
    children = holderChildren(lists, target.expand);
  } else {
    steps.describe_frames = (steps.describe_frames ?? 0) + 1;
    requests += target.expand.size;
    children = await domChildren(send, target.expand);
  }
  // a guess counts only when a fresh holder lists it (a text node since removed is not shown)
  const listed = new Set([...children.values()].flat());
  guessed.forEach((id, i) => { if (listed.has(id)) lists.push(guessedLists[i]); });
  if (guessed.length) steps.guessed = (steps.guessed ?? 0) + guessed.length;
  const have = new Set();
  for (const list of lists) for (const n of list ?? []) if (Number.isInteger(n?.backendDOMNodeId)) have.add(n.backendDOMNodeId);
  // A holder the page did not touch has the same text nodes: kept ones stand.
  const fromClean = new Set();
  for (const [holder, ids] of children) {
    if (cached && !cached.dirty.has(holder)) for (const id of ids) fromClean.add(id);
  }
  const more = [...new Set([...children.values()].flat())].filter((id) => !have.has(id) && !target.ids.has(id));
  lists.push(...await Promise.all(more.map((id) => (fromClean.has(id) ? read(id) : partial(id)))));
  frame.text_owners = ownersOf(children, lists);
  lap('children_ms');
  // Round 3: nodes whose AX parent has no DOM node of its own come with their ancestors.
  // Over cached nodes, an orphan whose relatives the page did not touch takes the kept ones.
  const haveIds = new Set();
  for (const list of lists) for (const n of list ?? []) if (typeof n?.nodeId === 'string') haveIds.add(n.nodeId);
  const orphans = orphanNodes(lists).slice(0, MAX_ORPHANS);
  const fromCache = orphans.map((backendNodeId) => (cached ? cachedRelatives(cached, target, backendNodeId, haveIds) : null));
  const asked = orphans.filter((_, i) => !fromCache[i]);
  if (cached) steps.kept_orphans = (steps.kept_orphans ?? 0) + orphans.length - asked.length;
  requests += asked.length;
  lists.push(...fromCache.filter(Boolean));
  const lastRound = Promise.all(asked.map((backendNodeId) => send('Accessibility.getPartialAXTree',
    { backendNodeId, fetchRelatives: true }).then((r) => r?.nodes, () => null)));
  lastSent();
  lists.push(...await lastRound);
  lap('orphans_ms');
  steps.requests = (steps.requests ?? 0) + requests;
  if (cached) steps.kept_nodes = (steps.kept_nodes ?? 0) + reused;
  return mergeNodes(lists);
}
