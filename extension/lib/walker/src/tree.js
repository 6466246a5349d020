// The flat tree the walk follows (what DOMSnapshot reports): a shadow host's shadow-root
// children, a slot's assigned elements (or its fallback content), else the DOM children;
// and the positional XPath steps that join records to DOMSnapshot.
import { run } from './run.js';
import { SHADOW_HOSTS, SKIP } from './tags.js';

/** Whether an element of this tag can host an author shadow root (attachShadow's list). */
export const mayHostShadow = (tag) => SHADOW_HOSTS.has(tag) || tag.indexOf('-') > 0;

/** The element's author shadow root, open or (through chrome.dom) closed, or null. */
export function shadowOf(el, tag) {
  if (!mayHostShadow(tag)) return null;
  if (run.hasChromeDom) {
    try { return chrome.dom.openOrClosedShadowRoot(el) || null; } catch (e) { return null; }
  }
  return el.shadowRoot || null;
}

// A parent's element children in order, read along their sibling links: its `children`
// would make a live collection of each parent (and keep it on the node), which costs the
// whole-page walk more than reading them (issue 33, design note 201).
function elementChildren(parent) {
  const kids = [];
  for (let k = parent.firstElementChild; k; k = k.nextElementSibling) kids.push(k);
  return kids;
}

// Positional XPath steps of a list of sibling elements, computed once per parent: one
// pass counts each tag, a second numbers them (the linear fix for browser-use's rescans).
function steps(kids) {
  const n = kids.length;
  if (n === 1) {  // an only child (most parents): its tag alone, no counting
    const t = kids[0].nodeName.toLowerCase();
    return { tags: [t], steps: [t] };
  }
  const total = new Map();
  const tags = new Array(n);
  for (let i = 0; i < n; i++) {
    const t = kids[i].nodeName.toLowerCase();
    tags[i] = t;
    total.set(t, (total.get(t) || 0) + 1);
  }
  const seen = new Map();
  const res = new Array(n);
  for (let i = 0; i < n; i++) {
    const t = tags[i];
    const k = (seen.get(t) || 0) + 1;
    seen.set(t, k);
    res[i] = total.get(t) > 1 ? t + '[' + k + ']' : t;
  }
  return { tags, steps: res };
}

// A slotted element's DOM step among its host's light children.
function lightStepOf(host, el) {
  let m = run.lightSteps.get(host);
  if (!m) {
    m = new Map();
    const kids = host.children;
    const st = steps(kids).steps;
    for (let i = 0; i < kids.length; i++) m.set(kids[i], st[i]);
    run.lightSteps.set(host, m);
  }
  return m.get(el);
}

// Visit the flat-tree children of `el` with `visit` (visit.js), until the node cap.
// `s` is the flat-tree step (the join key); `d`/`dp` give the DOM XPath where it differs.
// What an element renders none of past its first child of a kind: a closed <details> shows
// its first <summary> alone (the rest sits in Chromium's content-visibility: hidden slot),
// an element hidden until found shows none of its content. Their boxes read zero until a
// script measures one, then real: read as hidden however the page was measured before, as
// Chromium's accessibility tree holds none of them (design note 324); the AX rows' walk asks
// the same (ax_tree.js). '' when none of its children shows, the tag of the one that shows,
// null when all do.
export function shownFirst(el, tag) {
  if (tag === 'details' && !el.open) return 'summary';
  return el.getAttribute('hidden') === 'until-found' ? '' : null;
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';

// The XPath step of an element outside the HTML namespace (an SVG's, MathML's): a bare name
// matches no such element in an HTML document, and `name()` is its nodeName, case and all
// (`*[name()='foreignObject'][2]`); `step` is its flat step, which the join keys by tag
// (`foreignobject[2]`, or `#shadow-root/svg` under a shadow root).
function foreignStep(step, nodeName) {
  const cut = step.lastIndexOf('/') + 1;
  const at = step.indexOf('[', cut);
  return step.slice(0, cut) + "*[name()='" + nodeName + "']" + (at < 0 ? '' : step.slice(at));
}

// `hide`: the walk's record of a hidden subtree (records.js skipHidden).
export function walkChildren(el, tag, rec, ctx, visit, hide) {
  const sr = shadowOf(el, tag);
  let kids;
  let domPrefix = '';
  let slotHost = null;
  if (sr) {
    rec.data.sr = 1;
    // (the act's marks: the scan enters open roots and custom elements' closed ones only)
    if (run.actWin && sr !== el.shadowRoot && !(tag.indexOf('-') > 0)) run.actOddRoot = true;
    kids = elementChildren(sr);
    domPrefix = '#shadow-root/';
  } else if (tag === 'slot' && typeof el.assignedElements === 'function'
    && el.assignedElements().length) {
    kids = el.assignedElements();
    const root = el.getRootNode();
    slotHost = root && root.host ? root.host : null;
  } else {
    kids = elementChildren(el);
  }
  const n = kids.length;
  if (!n) return;
  const st = steps(kids);
  const stats = run.stats;
  // (an SVG's children are outside HTML's namespace, a foreignObject's are back in it; an
  // HTML element's children are in it but for an <svg> or <math> among them)
  const foreignKids = tag !== 'foreignobject' && el.namespaceURI !== HTML_NS;
  // (a shadow root's or a slot's children are what the element renders: not cut here)
  let shown = sr || slotHost ? null : shownFirst(el, tag);
  for (let i = 0; i < n; i++) {
    const t = st.tags[i];
    if (SKIP.has(t)) continue;
    if (shown !== null) {
      if (t !== shown) { hide(kids[i]); continue; }
      shown = '';  // (the first summary alone: a second one is content)
    }
    if (stats.visited >= run.maxNodes) { stats.capped = true; return; }
    const kid = kids[i];
    let dom = null;
    if (domPrefix) dom = { d: domPrefix + st.steps[i], dp: null };
    else if (slotHost && kid.parentElement === slotHost) {
      let hostRec = rec;
      while (hostRec && hostRec.el !== slotHost) hostRec = hostRec.parent;
      const ds = lightStepOf(slotHost, kid);
      if (hostRec && ds) dom = { d: ds === st.steps[i] ? null : ds, dp: hostRec };
    }
    if ((foreignKids || t === 'svg' || t === 'math') && kid.namespaceURI !== HTML_NS) {
      dom = { d: foreignStep((dom && dom.d) || st.steps[i], kid.nodeName), dp: dom ? dom.dp : null };
    }
    visit(kid, t, st.steps[i], dom, rec, ctx);
  }
}
