// The DOM tree (DOM.getDocument, pierce) of each frame process, for the hybrid outline's
// XPath map: DOMSnapshot lists the composed tree, which loses shadow-root hops and the
// light-DOM position of slotted elements; DOM.getDocument keeps both.
//
// Very deep documents: chrome.debugger parses each CDP reply with a bounded JSON nesting
// depth, so DOM.getDocument(depth -1) fails on deep pages. Then the tree is fetched in
// bounded slices: DOM.getDocument(depth N), and every node whose children were cut off is
// completed with DOM.describeNode(depth N) on its backendNodeId, until nothing is missing
// (or the call budget runs out; the result then says `truncated`).

import { DeadlineError, withDeadline } from '../session/deadline.js';

export const SLICE_DEPTH = 40;
export const MAX_FILL_CALLS = 3000;
// A whole-tree read of a 100k-node page answers in 1-3 s; one that has not answered in this
// long will not (Chromium sits on deeply nested trees): read it in slices instead.
export const DOM_TREE_MS = 8_000;

// Chromium leaves a whole-tree read of a DOM nested ~95 deep or more unanswered (measured:
// ~95-149 sits until the deadline, 150+ errors): from this depth the tree is read in slices.
export const DEEP_DOM_LEVELS = 90;
export const DEPTH_PROBE_MS = 2_000;
// Read-only, in the page: how deep the element tree nests, stopping at DEEP_DOM_LEVELS (0
// when it does not get there). Shadow roots count; a page that lies only changes which
// read is used, not what it returns.
const DEPTH_PROBE = `(() => {
  const limit = ${DEEP_DOM_LEVELS};
  const stack = [[document.documentElement, 1]];
  let seen = 0;
  while (stack.length) {
    const [el, depth] = stack.pop();
    if (!el) continue;
    if (depth >= limit) return depth;
    if (++seen > 500000) return 0;
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) stack.push([c, depth + 1]);
    const shadow = el.shadowRoot;
    if (shadow) for (let c = shadow.firstElementChild; c; c = c.nextElementSibling) stack.push([c, depth + 1]);
  }
  return 0;
})()`;

/** How deep the document behind `sessionId` nests (DEEP_DOM_LEVELS at most); 0 if unknown. */
export async function nestingDepth(send, sessionId) {
  try {
    const reply = await withDeadline(send('Runtime.evaluate',
      { expression: DEPTH_PROBE, returnByValue: true, silent: true }, sessionId),
    DEPTH_PROBE_MS, 'the DOM depth probe');
    const value = reply?.result?.value;
    return Number.isInteger(value) ? value : 0;
  } catch {
    return 0; // no answer: the whole-tree read decides, with its deadline
  }
}

/** Whether an error text looks like a reply too deeply nested to serialize or parse. */
export function looksDepthRelated(message) {
  return /depth|deep|nest|too long|too large|serializ|stack|recursion|exceed|parse/i.test(String(message ?? ''));
}

/** Nodes below `root` whose children were not sent (childNodeCount > 0, no children). */
export function missingChildren(root) {
  const out = [];
  const stack = [root];
  while (stack.length) {
    const node = stack.pop();
    if (!node) continue;
    const kids = [...(node.children ?? []), ...(node.shadowRoots ?? []), ...(node.pseudoElements ?? [])];
    if (node.contentDocument) kids.push(node.contentDocument);
    if (!node.children && (node.childNodeCount ?? 0) > 0 && node.backendNodeId) out.push(node);
    for (const kid of kids) stack.push(kid);
  }
  return out;
}

/**
 * The pierced DOM tree of the process behind `sessionId` (undefined = the tab):
 * {root, depth_fallback?: {reason, calls, truncated}}.
 * `send(method, params, sessionId)` is the CDP call.
 */
export async function captureDomTree(send, sessionId, deadlineMs = DOM_TREE_MS) {
  // Decided up front: a document nested this deep gets no whole-tree read (Chromium would
  // sit on it until the deadline, then fail), it is read in slices at once.
  const deep = await nestingDepth(send, sessionId);
  if (deep >= DEEP_DOM_LEVELS) {
    return await sliced(send, sessionId, `the document nests ${deep}+ levels deep`, deadlineMs);
  }
  try {
    const doc = await withDeadline(send('DOM.getDocument', { depth: -1, pierce: true }, sessionId),
      deadlineMs, 'DOM.getDocument (whole tree)');
    if (!doc?.root) throw new Error('DOM.getDocument: empty reply (too deeply nested to parse?)');
    return { root: doc.root };
  } catch (e) {
    const reason = e?.message ?? String(e);
    // Chromium does not answer a whole-tree read of a DOM nested ~95-149 deep (it errors
    // from 150 on): both fall back to reading the tree in bounded slices.
    if (!(e instanceof DeadlineError) && !looksDepthRelated(reason)) throw e;
    return await sliced(send, sessionId, reason, deadlineMs);
  }
}

async function sliced(send, sessionId, reason, deadlineMs = DOM_TREE_MS) {
  const doc = await withDeadline(send('DOM.getDocument', { depth: SLICE_DEPTH, pierce: true }, sessionId),
    deadlineMs, 'DOM.getDocument (first slice)');
  let calls = 1;
  let truncated = false;
  let pending = missingChildren(doc.root);
  while (pending.length) {
    const node = pending.pop();
    if (calls >= MAX_FILL_CALLS) {
      truncated = true;
      break;
    }
    calls += 1;
    try {
      const full = await withDeadline(send('DOM.describeNode',
        { backendNodeId: node.backendNodeId, depth: SLICE_DEPTH, pierce: true }, sessionId),
      deadlineMs, 'DOM.describeNode');
      const described = full.node ?? {};
      for (const key of ['children', 'shadowRoots', 'pseudoElements', 'contentDocument']) {
        if (described[key] !== undefined) node[key] = described[key];
      }
      if (!node.children) node.children = [];
      pending = pending.concat(missingChildren(node).filter((n) => n !== node));
    } catch {
      node.children = [];
      truncated = true;
    }
  }
  return { root: doc.root, depth_fallback: { reason, calls, truncated, slice_depth: SLICE_DEPTH } };
}

export { isCssFocus } from '../walker/walker_capture.js';

/** DOM.querySelector in the main frame → {selector, backendNodeId} or {selector, error}. */
export async function resolveFocusSelector(send, root, selector) {
  try {
    const docId = root?.nodeId;
    if (!docId) {
      const doc = await send('DOM.getDocument', { depth: 0 });
      return await querySelector(send, doc.root.nodeId, selector);
    }
    return await querySelector(send, docId, selector);
  } catch (e) {
    return { selector, backendNodeId: null, error: e?.message ?? String(e) };
  }
}

async function querySelector(send, nodeId, selector) {
  const found = await send('DOM.querySelector', { nodeId, selector });
  if (!found?.nodeId) return { selector, backendNodeId: null, error: 'no element matches the selector' };
  const described = await send('DOM.describeNode', { nodeId: found.nodeId });
  return { selector, backendNodeId: described.node?.backendNodeId ?? null, error: null };
}

/**
 * Document position of each frame's owner <iframe> (frameId → n), from DOM trees walked in
 * pre-order. Siblings share their parent's document, so their numbers compare.
 */
export function framePositions(roots) {
  const pos = new Map();
  let n = 0;
  for (const root of roots) {
    const stack = root ? [root] : [];
    while (stack.length) {
      const node = stack.pop();
      if (node.nodeType === 1 && node.frameId && !pos.has(node.frameId)) pos.set(node.frameId, n);
      n += 1;
      const kids = [...(node.shadowRoots ?? []), ...(node.children ?? [])];
      if (node.contentDocument) kids.push(node.contentDocument);
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }
  return pos;
}

/**
 * Positions of child frames from the AX trees (format "snapshot", which has no DOM tree):
 * frameId → the pre-order index of its owner's AX node in the parent frame's tree. Only
 * siblings are compared, and an AX tree's pre-order is its document order. (The node list
 * of getFullAXTree is not in pre-order, so the order is rebuilt from childIds.)
 */
export function axFramePositions(frames) {
  const byId = new Map(frames.map((f) => [f.frameId, f]));
  const orderOf = new Map(); // parent frameId → Map(backendDOMNodeId → pre-order index)
  const preorder = (nodes) => {
    const index = new Map();
    const byNode = new Map(nodes.map((n) => [n.nodeId, n]));
    const roots = nodes.filter((n) => !n.parentId || !byNode.has(n.parentId));
    const stack = roots.reverse();
    const seen = new Set();
    let n = 0;
    while (stack.length) {
      const node = stack.pop();
      if (seen.has(node.nodeId)) continue;
      seen.add(node.nodeId);
      if (Number.isInteger(node.backendDOMNodeId) && !index.has(node.backendDOMNodeId)) {
        index.set(node.backendDOMNodeId, n);
      }
      n += 1;
      const kids = (node.childIds ?? []).map((id) => byNode.get(id)).filter(Boolean);
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
    return index;
  };
  const pos = new Map();
  for (const frame of frames) {
    const parent = byId.get(frame.parentFrameId);
    if (!parent || !Number.isInteger(frame.ownerBackendNodeId)) continue;
    if (!orderOf.has(parent.frameId)) orderOf.set(parent.frameId, preorder(parent.axNodes ?? []));
    const at = orderOf.get(parent.frameId).get(frame.ownerBackendNodeId);
    if (at !== undefined) pos.set(frame.frameId, at);
  }
  return pos;
}

/**
 * Frames re-ordered so that child frames follow their owners' document order (the tab's
 * frame tree lists out-of-process frames after the in-process ones); pre-order, main first.
 */
export function orderFrames(frames, positions) {
  if (!frames.length) return frames;
  const children = new Map();
  for (const f of frames.slice(1)) {
    const list = children.get(f.parentFrameId) ?? [];
    list.push(f);
    children.set(f.parentFrameId, list);
  }
  const key = (f) => positions.get(f.frameId) ?? Number.MAX_SAFE_INTEGER;
  const out = [];
  const seen = new Set();
  const visit = (f) => {
    if (seen.has(f.frameId)) return;
    seen.add(f.frameId);
    out.push(f);
    const kids = [...(children.get(f.frameId) ?? [])].sort((a, b) => key(a) - key(b));
    for (const kid of kids) visit(kid);
  };
  visit(frames[0]);
  for (const f of frames) if (!seen.has(f.frameId)) out.push(f);
  return out;
}

// Row fields of a flattened DOM tree (see flattenDomTree).
export const DOM_ROW_FIELDS = Object.freeze(['parent', 'relation', 'nodeType', 'nodeName', 'backendNodeId', 'frameId', 'shadowRootType']);

/**
 * The pierced tree as flat rows in pre-order, parents first:
 * [parent row, relation ('c' child, 's' shadow root, 'd' iframe document), nodeType,
 *  nodeName, backendNodeId, frameId|null, shadowRootType|null]. Only documents, shadow
 * roots and elements (what XPaths are made of). Flat, because a deep page nests the
 * CDP tree deeper than JSON serialization (here and in the host) can recurse.
 */
export function flattenDomTree(root) {
  const rows = [];
  const stack = root ? [[root, -1, 'c']] : [];
  while (stack.length) {
    const [node, parent, relation] = stack.pop();
    const type = node.nodeType;
    if (type !== 1 && type !== 9 && type !== 11) continue;
    const index = rows.length;
    rows.push([parent, relation, type, node.nodeName ?? '', node.backendNodeId ?? null,
      node.frameId ?? null, node.shadowRootType ?? null]);
    const next = [];
    for (const shadow of node.shadowRoots ?? []) next.push([shadow, index, 's']);
    for (const kid of node.children ?? []) next.push([kid, index, 'c']);
    if (node.contentDocument) next.push([node.contentDocument, index, 'd']);
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]);
  }
  return rows;
}
