// Resolve an outline element id ("{frameOrdinal}-{backendNodeId}") on the live page into
// locators (backendNodeId, frame-prefixed XPath, CSS selector) and check that each of them
// finds the same node. An id that no longer resolves is "stale" — never another element.
// A node of a whole-page read from the walk with no backendNodeId ("{frameOrdinal}-axw{w}":
// a heading, a text run) is first found through the walker's world that named it
// (walker/walker_ax_nodes.js), then checked as any element id.
//
// Frames are numbered as the capture numbers them (collectFrames: Page.getFrameTree
// pre-order with the out-of-process subtrees spliced in), so ordinal N is the same frame as
// long as the frame tree has not changed; the node is resolved in an isolated world of
// that very frame, so a backendNodeId of another frame (or process) is refused.

import { AxError } from '../common/errors.js';
import { collectFrames } from './frames.js';
import { captureDomTree, framePositions, orderFrames } from './domtree.js';
import { parseWalkId, walkNodeCandidates } from '../walker/walker_ax_nodes.js';

const WORLD = 'axsnap-resolve';
const SHADOW_HOP = '#shadow-root';

function stale(elementId, why) {
  return new AxError('stale_element', `Element ${elementId} no longer resolves: ${why}.`,
    'Take a new outline and use an id from it.');
}

/** XPath steps of an absolute path; "#shadow-root" and frame boundaries are steps too. */
export function xpathSteps(xpath) {
  return String(xpath).split('/').filter((s) => s.length > 0);
}

const isFrameStep = (step) => /^i?frame(\[\d+\])?$/.test(step);

/**
 * Split an outline XPath into hops: [{kind:'document'|'shadow', path}] — a 'document' hop
 * starts at a document (the first, then one after each <iframe> step), a 'shadow' hop at
 * the shadow root of the element the previous hop found.
 */
export function splitHops(xpath) {
  const steps = xpathSteps(xpath);
  const hops = [{ kind: 'document', steps: [] }];
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const current = hops[hops.length - 1];
    if (step === SHADOW_HOP) {
      hops.push({ kind: 'shadow', steps: [] });
    } else if (step === 'html' && i > 0 && isFrameStep(steps[i - 1]) && current.steps.length) {
      hops.push({ kind: 'document', steps: [step] });
    } else {
      current.steps.push(step);
    }
  }
  return hops.map((h) => ({ kind: h.kind, path: h.steps.join('/') }));
}

// In-page (isolated world) helpers, called on the element with Runtime.callFunctionOn.
// A text node (a walk's text run, design note 64) ends in its own text() step.
const LOCAL_XPATH = `function () {
  const steps = [];
  let n = this;
  let tail = '';
  if (n.nodeType === 3) {
    const p = n.parentNode;
    const texts = p ? Array.from(p.childNodes).filter((c) => c.nodeType === 3) : [n];
    tail = '/text()' + (texts.length > 1 ? '[' + (texts.indexOf(n) + 1) + ']' : '');
    if (p && p.nodeType === 11 && p.host) { steps.unshift('${SHADOW_HOP}'); n = p.host; } else n = p;
  }
  while (n && n.nodeType === 1) {
    const p = n.parentNode;
    const html = n.namespaceURI === 'http://www.w3.org/1999/xhtml';
    const name = html ? n.localName : "*[name()='" + n.nodeName + "']";
    const same = p ? Array.from(p.children).filter((c) => c.nodeName === n.nodeName) : [n];
    steps.unshift(same.length > 1 ? name + '[' + (same.indexOf(n) + 1) + ']' : name);
    if (p && p.nodeType === 11 && p.host) { steps.unshift('${SHADOW_HOP}'); n = p.host; } else n = p;
  }
  return '/' + steps.join('/') + tail;
}`;

// CSS names elements only: for a text node, the element that holds it (tag "#text").
const CSS_SELECTOR = `function () {
  const self = this.nodeType === 1 ? this : this.parentElement;
  const kind = this.nodeType === 1 ? this.localName : this.nodeName;
  if (!self) return JSON.stringify({ css: "", cssMatches: false, tag: kind });
  const parts = [];
  let n = self;
  let anchored = false;
  while (n && n.nodeType === 1) {
    const p = n.parentNode;
    const root = n.getRootNode();
    if (!anchored) {
      if (n.id && root.getElementById && root.getElementById(n.id) === n
          && root.querySelectorAll('#' + CSS.escape(n.id)).length === 1) {
        parts.unshift('#' + CSS.escape(n.id));
        anchored = true;
      } else {
        const tag = CSS.escape(n.localName);
        const same = p ? Array.from(p.children).filter((c) => c.localName === n.localName) : [n];
        parts.unshift(same.length > 1 ? tag + ':nth-of-type(' + (same.indexOf(n) + 1) + ')' : tag);
      }
    }
    if (p && p.nodeType === 11 && p.host) { parts.unshift('>>>'); anchored = false; n = p.host; } else n = p;
  }
  let css = '';
  for (const part of parts) {
    if (part === '>>>') css += ' >>> ';
    else css += (css && !css.endsWith(' >>> ') ? ' > ' : '') + part;
  }
  // Check it: each ' >>> ' hop enters an open shadow root.
  let scope = document;
  let found = null;
  for (const piece of css.split(' >>> ')) {
    if (!scope) { found = null; break; }
    found = scope.querySelector(piece);
    scope = found ? found.shadowRoot : null;
  }
  return JSON.stringify({ css, cssMatches: found === self, tag: kind });
}`;

// XPath does not take a shadow root as its context node in Chromium: the first step below
// a shadow root is matched here (same positional rule), the rest by document.evaluate.
const EVAL_IN = `function (path) {
  let context = this;
  let rest = path;
  if (this.nodeType === 11) {
    const slash = path.indexOf('/');
    const first = slash < 0 ? path : path.slice(0, slash);
    rest = slash < 0 ? '' : path.slice(slash + 1);
    const m = /^(?:\\*\\[name\\(\\)='([^']+)'\\]|([^\\[]+))(?:\\[(\\d+)\\])?$/.exec(first);
    if (!m) return null;
    const name = m[1] || m[2];
    const same = Array.from(this.children).filter((c) => (m[1] ? c.nodeName === name : c.localName === name
      && c.namespaceURI === 'http://www.w3.org/1999/xhtml'));
    context = same[(m[3] ? Number(m[3]) : 1) - 1] || null;
    if (!context || !rest) return context;
  }
  const doc = context.nodeType === 9 ? context : (context.ownerDocument || document);
  const r = doc.evaluate(rest, context, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null);
  return r.singleNodeValue;
}`;

async function isolatedWorld(session, frame) {
  const world = await session.send('Page.createIsolatedWorld',
    { frameId: frame.frameId, worldName: WORLD }, frame.sessionId);
  return world.executionContextId;
}

async function call(session, sessionId, objectId, fn, args = [], byValue = true) {
  const res = await session.send('Runtime.callFunctionOn', {
    objectId, functionDeclaration: fn, arguments: args.map((value) => ({ value })), returnByValue: byValue,
  }, sessionId);
  if (res.exceptionDetails) throw new Error(res.exceptionDetails.exception?.description ?? 'page error');
  return res.result;
}

async function describeBackend(session, sessionId, objectId) {
  const d = await session.send('DOM.describeNode', { objectId }, sessionId);
  return d.node?.backendNodeId ?? null;
}

/** Evaluate an outline XPath hop by hop across frames and shadow roots → {frame, objectId} | null. */
async function evaluateXPath(session, frames, xpath) {
  let frame = frames[0];
  let contextId = await isolatedWorld(session, frame);
  let objectId = null;
  for (const hop of splitHops(xpath)) {
    if (hop.kind === 'document' && objectId) {
      // the previous hop found an <iframe>: continue in the frame it holds
      const d = await session.send('DOM.describeNode', { objectId }, frame.sessionId);
      const childFrame = frames.find((f) => f.frameId === d.node?.frameId);
      if (!childFrame) return null;
      frame = childFrame;
      contextId = await isolatedWorld(session, frame);
      objectId = null;
    }
    let scopeId;
    if (hop.kind === 'shadow') {
      const d = await session.send('DOM.describeNode', { objectId, pierce: true, depth: 1 }, frame.sessionId);
      const root = (d.node?.shadowRoots ?? []).find((s) => s.shadowRootType !== 'user-agent');
      if (!root) return null;
      const r = await session.send('DOM.resolveNode',
        { backendNodeId: root.backendNodeId, executionContextId: contextId }, frame.sessionId);
      scopeId = r.object.objectId;
    } else {
      const doc = await session.send('Runtime.evaluate',
        { expression: 'document', contextId, returnByValue: false }, frame.sessionId);
      scopeId = doc.result.objectId;
    }
    if (!hop.path) return null;
    const path = hop.kind === 'document' ? `/${hop.path}` : hop.path;
    const found = await call(session, frame.sessionId, scopeId, EVAL_IN, [path], false);
    if (!found?.objectId) return null;
    objectId = found.objectId;
  }
  return objectId ? { frame, objectId } : null;
}

/** The frames numbered as an outline capture numbers them (see capture.js). */
async function outlineFrames(session, known = null) {
  const frames = known ? [...known] : await collectFrames(session, {}, []);
  // Only siblings can be out of order: with none, skip fetching the DOM trees (big pages).
  const parents = frames.map((f) => f.parentFrameId).filter(Boolean);
  if (new Set(parents).size === parents.length) return frames;
  const send = (method, params, sessionId) => session.send(method, params, sessionId);
  const sessionOf = new Map(frames.map((f) => [f.frameId, f.sessionId]));
  const roots = [(await captureDomTree(send, undefined)).root];
  for (const f of frames) {
    if (!f.out_of_process || sessionOf.get(f.parentFrameId) === f.sessionId) continue;
    roots.push((await captureDomTree(send, f.sessionId).catch(() => null))?.root);
  }
  return orderFrames(frames, framePositions(roots));
}

/** Frame-prefixed XPath of a live node: its owner <iframe>'s path, then its own. */
async function liveXPath(session, frames, frame, objectId) {
  const local = (await call(session, frame.sessionId, objectId, LOCAL_XPATH)).value;
  if (!frame.parentFrameId) return local;
  const parent = frames.find((f) => f.frameId === frame.parentFrameId);
  if (!parent) return null;
  const owner = await session.send('DOM.getFrameOwner', { frameId: frame.frameId }, parent.sessionId);
  const contextId = await isolatedWorld(session, parent);
  const r = await session.send('DOM.resolveNode',
    { backendNodeId: owner.backendNodeId, executionContextId: contextId }, parent.sessionId);
  const prefix = await liveXPath(session, frames, parent, r.object.objectId);
  return prefix === null ? null : prefix + local;
}

/** The frame an element id names: {frames, frame, ordinal, backendNodeId} (the frames as the
 * capture numbers them); throws stale_element when the page has no such frame. `frames`: the
 * tab's frames as collectFrames read them earlier in the same request (an act's baseline
 * check), numbered here instead of read again. */
export async function frameOfId(session, elementId, { frames: known = null } = {}) {
  const walkId = parseWalkId(elementId);
  if (walkId) return frameOfWalkNode(session, elementId, walkId, known);
  const match = /^(\d+)-(\d+)$/.exec(String(elementId));
  if (!match) throw new AxError('invalid_message', `bad element id ${elementId}`, 'Use an id like "0-29".');
  const ordinal = Number(match[1]);
  const backendNodeId = Number(match[2]);
  const frames = await outlineFrames(session, known);
  const frame = frames[ordinal];
  if (!frame) throw stale(elementId, `the page has no frame ${ordinal} any more`);
  return { frames, frame, ordinal, backendNodeId };
}

// Where the node is: "detached", "here" (in the document of the world's frame) or "elsewhere".
// (a document is its own frame's: an id of a whole-page read's document names it, design note 68)
const WHERE = 'function () { return !this.isConnected ? "detached" : this === document ? "document" : this.ownerDocument === document ? "here" : "elsewhere"; }';

/** frameOfId for a walk node's id: the node the walker's world names `w`, in frame `ordinal`
 * (the first world's node that is there: same-process frames' worlds count apart). */
async function frameOfWalkNode(session, elementId, { ordinal, w }, known = null) {
  const frames = await outlineFrames(session, known);
  const frame = frames[ordinal];
  if (!frame) throw stale(elementId, `the page has no frame ${ordinal} any more`);
  const candidates = await walkNodeCandidates(session, session.tabId, frame.sessionId ?? null, w);
  let contextId = null;
  for (const backendNodeId of candidates) {
    try {
      contextId ??= await isolatedWorld(session, frame);
      const r = await session.send('DOM.resolveNode', { backendNodeId, executionContextId: contextId }, frame.sessionId);
      if ((await call(session, frame.sessionId, r.object.objectId, WHERE)).value === 'here') {
        return { frames, frame, ordinal, backendNodeId };
      }
    } catch {
      // not this one (its document is gone): the next world's
    }
  }
  throw stale(elementId, candidates.length ? 'its node is no longer in the page'
    : 'no walk of the page shows it any more (read the page again)');
}

/**
 * The live node an element id names, checked to be the same node: alive (connected) and in
 * the document of frame `ordinal` → {frames, frame, objectId, contextId, backendNodeId};
 * throws stale_element. `objectId` lives in an isolated world (`contextId`) of that frame.
 * `also` (a function declaration, called on the node with `alsoArgs`): its value, read in the
 * same page call as the check once the node is found here, comes back as `also`. `found`: the
 * frame frameOfId answered for this id (not asked again). `topContext`: the execution context
 * of an isolated world of the top document that answered earlier in the same request; a node
 * of frame 0 is looked for there first (no world made), and in its own world when not found.
 */
export async function locateNode(session, elementId, {
  world = WORLD, also = null, alsoArgs = [], found = null, topContext = null,
} = {}) {
  const { frames, frame, ordinal, backendNodeId } = found ?? await frameOfId(session, elementId);
  let objectId;
  let contextId;
  let alsoValue;
  // DOM.resolveNode does not check the frame: a node of another frame of the same
  // process would resolve too. Its document must be this frame's document: the function
  // runs in this frame's world, where `document` is that document (one wrapper per node
  // and world, so the two are the same object exactly when they are the same document).
  const check = also === null ? WHERE
    : `function (...args) { const where = (${WHERE}).call(this);
        return where === "here" ? { where, also: (${also}).apply(this, args) } : { where }; }`;
  const whereIn = async (context) => {
    const r = await session.send('DOM.resolveNode', { backendNodeId, executionContextId: context }, frame.sessionId);
    objectId = r.object?.objectId;
    contextId = context;
    return (await call(session, frame.sessionId, objectId, check, also === null ? [] : alsoArgs)).value;
  };
  try {
    // `topContext`: an isolated world of the top document that answered earlier in this
    // request. The node found "here" in it is in the top document; any other answer (the
    // world gone, the node elsewhere) is asked again in the frame's own world, as always.
    let got = null;
    if (topContext !== null && ordinal === 0 && !frame.parentFrameId) {
      got = await whereIn(topContext).catch(() => null);
      if ((also === null ? got : got?.where) !== 'here') got = null;
    }
    if (got === null) {
      const made = await session.send('Page.createIsolatedWorld', { frameId: frame.frameId, worldName: world }, frame.sessionId);
      got = await whereIn(made.executionContextId);
    }
    const where = also === null ? got : got?.where;
    if (where === 'detached') throw new Error('the node is detached');
    if (where === 'document') {
      throw new AxError('not_actionable', `Element ${elementId} names a document, not an element in it.`,
        'Name an element of the page (a control, a heading, a text run).');
    }
    if (where !== 'here') throw new Error(`the node is not in frame ${ordinal}`);
    if (also !== null) alsoValue = got.also;
  } catch (e) {
    if (e instanceof AxError && e.code !== 'capture_failed') throw e;
    throw stale(elementId, e?.message ?? String(e));
  }
  return { frames, frame, ordinal, objectId, contextId, backendNodeId, ...(also === null ? {} : { also: alsoValue }) };
}

/**
 * `{elementId, frameOrdinal, frameId, frameUrl, backendNodeId, tag, xpath, xpathMatches,
 *   givenXpath?, givenXpathMatches?, css, cssMatches, consistent}`; throws stale_element.
 */
export async function resolveElement(session, elementId, givenXpath = null) {
  const { frames, frame, ordinal, objectId, backendNodeId } = await locateNode(session, elementId);
  const xpath = await liveXPath(session, frames, frame, objectId);
  const same = async (path) => {
    if (!path) return false;
    const found = await evaluateXPath(session, frames, path).catch(() => null);
    if (!found || found.frame.frameId !== frame.frameId) return false;
    return (await describeBackend(session, found.frame.sessionId, found.objectId)) === backendNodeId;
  };
  const css = JSON.parse((await call(session, frame.sessionId, objectId, CSS_SELECTOR)).value);
  const out = {
    elementId, frameOrdinal: ordinal, frameId: frame.frameId, frameUrl: frame.url, backendNodeId,
    tag: css.tag, xpath, xpathMatches: await same(xpath), css: css.css, cssMatches: css.cssMatches,
  };
  if (givenXpath) {
    out.givenXpath = givenXpath;
    out.givenXpathMatches = await same(givenXpath);
  }
  out.consistent = out.xpathMatches && out.cssMatches && (givenXpath ? out.givenXpathMatches : true);
  return out;
}
