// The AX cache's change journal: a content script (manifest, document_start, isolated world,
// main frame only, beside readiness.js) that notes which DOM nodes the page changed since
// the extension last read the document's accessibility tree, so the next whole-page read
// refetches those nodes instead of the page (lib/reuse/ax_cache.js, lib/ax/ax_cache_read.js).
//
// It only observes: MutationObservers (the document and every shadow root) and passive
// capture listeners in the extension's isolated world; it writes nothing the page can see.
// Nothing is kept until the extension arms it (the first whole-page read of the document);
// each read takes the journal and arms the next one in one step (no gap between them).
//
// What a change costs the next read (`self`: the node; `tree`: its whole flat subtree; the
// extension adds every flat-tree ancestor of both, for names computed from contents):
// - childList on T: T and its text children (self), the added nodes (tree); removed nodes
//   fall out of the tree. Every change also reads again the texts just before and after it
//   in document order (up to the first one that is not blank): a text's AX name depends on
//   its neighbours ("By " before a new block is "By", " b" after "a " is "b").
// - characterData on a text node: the text node and its sibling texts (self).
// - attributes on E: E and its following siblings (tree: class, style and aria-* can hide
//   or show them through CSS sibling selectors), its parent and the parent's texts (self).
// - a form control whose value/checked/selectedIndex/indeterminate/disabled changed without
//   a mutation (a script set the property): the control and its following siblings (tree).
// - a shadow root attached after arming: its host (tree). Closed roots are seen on custom
//   elements only (chrome.dom per element costs seconds on big pages).
// - elements pointing at a changed or removed id (aria-labelledby, aria-describedby,
//   aria-controls, aria-activedescendant, aria-details, aria-errormessage, aria-flowto,
//   headers, list, label[for]) and the control of a changed or removed <label>: self.
// The last take's nodes that are there only as ancestors (none of the above, only above a
// change) are given by above(), once: the window read keeps such a container's node (lib/
// ax_window_patch.js).
// What makes the next read a full one (`doubt`): user or agent input (pointer, keys,
// focus, text input, drag), a resize, a CSS animation or transition (styles change with no
// mutation), a popover or dialog toggled, a dialog's `open`, full screen, a URL fragment
// change (:target), a changed set of style sheets or rule counts, aria-owns anywhere on the
// page (it moves subtrees), an `id` changed, more than MAX_NODES changed nodes.
// Also a doubt (issue 26): an animation in effect (running, or finished and filling
// forwards), a rule's text edited in place (the sheets' signature holds their rules' text),
// what watch_env.js watchBlindSpots names (custom elements, manual slot assignment, playing
// media, a closed shadow root on a plain element), a toggle or other doubt event inside a
// shadow root (listened to on each root: such events do not cross its boundary). Controls
// compare their validity message, paused media their muted/volume/source. Listeners are put
// back at each take (document.open() drops them).
//
// A classic script (content scripts cannot be modules): the journal is a plain factory so
// the node tests can drive it over a small fake DOM.

const AXWATCH_MAX_NODES = 400;
const AXWATCH_MAX_SIBLINGS = 32;
const AXWATCH_NEIGHBOUR_STEPS = 64;
const AXWATCH_DOUBT_EVENTS = ['pointerover', 'pointerout', 'pointerdown', 'keydown', 'focusin', 'focusout',
  'input', 'change', 'dragstart', 'drop', 'animationstart', 'animationend', 'transitionend',
  // popovers and dialogs shown by script (no mutation; a modal one makes the rest inert),
  // full screen, a :target change
  'toggle', 'beforetoggle', 'close', 'cancel', 'fullscreenchange'];
const AXWATCH_IDREF_ATTRS = ['aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-activedescendant',
  'aria-details', 'aria-errormessage', 'aria-flowto', 'headers', 'list', 'for'];
const AXWATCH_CONTROLS = 'input,select,textarea,option,audio,video';
const AXWATCH_UA_HOSTS = new Set(['details', 'select', 'datalist', 'optgroup', 'textarea', 'input', 'video', 'audio',
  'meter', 'progress', 'fieldset', 'summary']);

/**
 * The journal over `doc` (a Document). `env`: {shadowRootOf(el), randomToken(), observe(root,
 * callback) → {takeRecords(), disconnect()}}. Returns {arm(), take(token), note(records),
 * doubt(reason)}.
 */
function createAxWatch(doc, env) {
  let token = null;
  let doubt = null;
  let self = new Set();
  let tree = new Set();
  let removedIds = new Set();
  let labelTargets = new Set();
  let overflow = false;
  let controlState = new WeakMap();
  // The last take's nodes that are there only as ancestors of a change (not changed, not in a
  // changed subtree, not pointing at one): their AX node changes only by what it computes
  // from its contents (a name, a value). Given once, by above().
  let lastAbove = [];
  const sheetSigs = new WeakMap();
  const observers = [];
  const observedRoots = new WeakSet();
  const listenedRoots = []; // shadow roots whose own events are doubts (put back at each take)
  const spots = watchBlindSpots(env);
  let baseURI = doc.baseURI; // at the last arm or take
  const focusOf = watchFocus();
  let lastFocus = null; // the focused element at the last arm or take
  const flatParent = (n) => (n.nodeType === 11 ? n.host : (n.assignedSlot ?? n.parentNode)) ?? null;

  const full = () => self.size + tree.size > AXWATCH_MAX_NODES;
  const addTree = (node) => { if (node) tree.add(node); if (full()) overflow = true; };
  const addSelf = (node) => { if (node) self.add(node); if (full()) overflow = true; };
  const withSiblings = (el) => {
    addTree(el);
    let sib = el.nextElementSibling;
    for (let i = 0; sib && !overflow; i++, sib = sib.nextElementSibling) {
      if (i >= AXWATCH_MAX_SIBLINGS) { overflow = true; break; }
      addTree(sib);
    }
  };

  // The text children of `parent`: a text node's AX name depends on what is around it (a
  // space before a new block, or at the start of one after a removed element, collapses).
  const textChildren = (parent) => {
    for (const n of parent?.childNodes ?? []) if (n.nodeType === 3 && /\S/.test(n.data ?? '')) addSelf(n);
  };
  // The texts before and after a place in document order, up to the first that is not blank:
  // white space collapses across element boundaries ("a " then " b" reads "a b").
  const afterSubtree = (n) => {
    while (n && !n.nextSibling) n = n.parentNode;
    return n?.nextSibling ?? null;
  };
  const nextInOrder = (n) => n.firstChild ?? afterSubtree(n);
  const prevInOrder = (n) => {
    if (!n.previousSibling) return n.parentNode;
    let p = n.previousSibling;
    while (p.lastChild) p = p.lastChild;
    return p;
  };
  const texts = (start, step) => {
    let n = start;
    for (let i = 0; n && i < AXWATCH_NEIGHBOUR_STEPS; i++, n = step(n)) {
      if (n.nodeType !== 3) continue;
      addSelf(n);
      if (/\S/.test(n.data ?? '')) return;
    }
  };
  /** Texts around the place between `before` and `after` (siblings, null at an end) in `parent`. */
  const neighbours = (parent, before, after) => {
    texts(before ? lastInSubtree(before) : parent && prevInOrder(parent), prevInOrder);
    texts(after ?? (parent && afterSubtree(parent)), nextInOrder);
  };
  /** Texts just before `node` and just after its subtree. */
  const around = (node) => {
    texts(prevInOrder(node), prevInOrder);
    texts(afterSubtree(node), nextInOrder);
  };
  const lastInSubtree = (n) => {
    while (n.lastChild) n = n.lastChild;
    return n;
  };

  // A removed element takes its relations along: what pointed at its ids, and the controls
  // its labels named (label[for]), are read again.
  const removedRefs = (node) => {
    if (node.nodeType !== 1) return;
    for (const el of [node, ...(node.querySelectorAll?.('[id],label[for]') ?? [])]) {
      if (removedIds.size > AXWATCH_MAX_NODES) { overflow = true; return; }
      if (el.id) removedIds.add(el.id);
      if (el.localName === 'label' && el.htmlFor) labelTargets.add(el.htmlFor);
    }
  };

  function note(records) {
    if (token === null || overflow) return;
    for (const r of records) {
      if (r.type === 'childList') {
        // An element whose user-agent shadow tree lays out its children (a <details>
        // without a <summary> child shows a default one) is read whole.
        if (AXWATCH_UA_HOSTS.has(r.target.localName)) addTree(r.target);
        else addSelf(r.target);
        textChildren(r.target);
        neighbours(r.target, r.previousSibling, r.nextSibling);
        for (const n of r.addedNodes) addTree(n);
        for (const n of r.removedNodes) removedRefs(n);
        // the elements after the change: :first-child, + and ~ rules style them by it
        let next = r.nextSibling;
        while (next && next.nodeType !== 1) next = next.nextSibling;
        if (next) withSiblings(next);
      } else if (r.type === 'characterData') {
        addSelf(r.target);
        textChildren(r.target.parentNode);
        around(r.target);
      } else if (r.type === 'attributes') {
        textChildren(r.target.parentNode);
        around(r.target);
        if (r.attributeName === 'id') { doubt = doubt ?? 'an id changed'; continue; }
        if (r.attributeName === 'slot') { doubt = doubt ?? 'an element moved to another slot'; continue; }
        if (r.attributeName === 'open' && r.target.localName === 'dialog') {
          doubt = doubt ?? 'a dialog opened or closed'; // a modal one makes the rest inert
          continue;
        }
        withSiblings(r.target);
        addSelf(r.target.parentNode);
      }
      if (overflow) return;
    }
  }

  function observeRoot(root) {
    if (observedRoots.has(root)) return false;
    observedRoots.add(root);
    observers.push(env.observe(root, note));
    if (root !== doc) {
      env.listenRoot?.(root);
      listenedRoots.push(root);
    }
    return true;
  }

  const stateOf = (el) => `${el.value}|${el.checked}|${el.indeterminate}|${el.selectedIndex}|${el.disabled}|${el.selected}`
    + `|${el.validationMessage}|${el.muted}|${el.volume}|${el.currentSrc}`;

  /**
   * Every element of the document and its shadow roots (open and closed): new roots, controls.
   * `known`: the document's shadow roots, all of them, when the caller has just walked its
   * every element (the walker's scan, lib/walker/src/scan.js): not looked for again (on 20k-100k
   * elements, 5-30 ms of a window read).
   */
  function walk(armed, known) {
    const roots = [doc];
    if (Array.isArray(known)) {
      for (const shadow of known) {
        if (observeRoot(shadow) && armed) addTree(shadow.host);
        roots.push(shadow);
      }
    }
    const nextState = new WeakMap();
    let sheetsChanged = false;
    let blind = null;
    let styledByOthers = false;
    for (let i = 0; i < roots.length; i++) {
      const root = roots[i];
      // Style sheets per root, compared with the root's own last signature (a new shadow
      // root brings its sheets along with its host, which is read again anyway).
      const sig = watchSheetSignature(root);
      const before = sheetSigs.get(root);
      if (before !== undefined && before !== sig) sheetsChanged = true;
      if (sig.includes(WATCH_HAS)) styledByOthers = true;
      sheetSigs.set(root, sig);
      blind ??= spots.root(root);
      const find = !Array.isArray(known);
      for (const el of root.querySelectorAll('*')) {
        const shadow = find ? env.shadowRootOf(el) : el.shadowRoot;
        blind ??= spots.element(el, shadow);
        if (find && shadow) {
          if (observeRoot(shadow) && armed) addTree(el);
          roots.push(shadow);
        }
      }
      for (const el of root.querySelectorAll(AXWATCH_CONTROLS)) {
        const state = stateOf(el);
        nextState.set(el, state);
        const before = controlState.get(el);
        if (armed && before !== undefined && before !== state) withSiblings(el);
      }
    }
    controlState = nextState;
    // a script's focus() in a window that is not focused fires no focus event
    const focus = focusOf(doc);
    if (armed && lastFocus !== null && focus !== lastFocus) doubt = doubt ?? 'the focus moved';
    lastFocus = focus;
    return { roots, sheetsChanged, blind, styledByOthers };
  }

  /** Elements that point at a changed id, and the controls of changed labels. */
  function relations(roots) {
    const ids = new Set(removedIds);
    for (const id of labelTargets) {
      for (const root of roots) {
        const el = root.getElementById?.(id);
        if (el) addSelf(el);
      }
    }
    const nodes = [...self, ...tree];
    for (const n of nodes) {
      for (let a = n; a; a = flatParent(a)) {
        if (a.id) ids.add(a.id);
        if (a.localName === 'label' && a.control) addSelf(a.control);
      }
    }
    for (const n of tree) {
      if (n.querySelectorAll) for (const el of n.querySelectorAll('[id]')) ids.add(el.id);
    }
    if (!ids.size) return;
    const selector = AXWATCH_IDREF_ATTRS.map((a) => `[${a}]`).join(',');
    for (const root of roots) {
      for (const el of root.querySelectorAll(selector)) {
        for (const attr of AXWATCH_IDREF_ATTRS) {
          const value = el.getAttribute(attr);
          if (value && value.split(/\s+/).some((id) => ids.has(id))) addSelf(el);
        }
      }
    }
  }

  /** Flat-tree ancestors (slot, parent, shadow host) of the changed nodes, up to the document. */
  function ancestors(nodes) {
    const out = new Set();
    for (const n of nodes) {
      for (let a = flatParent(n); a && !out.has(a); a = flatParent(a)) {
        if (a.nodeType !== 11) out.add(a); // a shadow root has no AX node
      }
    }
    return out;
  }

  function rearm() {
    baseURI = doc.baseURI;
    token = env.randomToken();
    doubt = null;
    overflow = false;
    self = new Set();
    tree = new Set();
    removedIds = new Set();
    labelTargets = new Set();
    return token;
  }

  observeRoot(doc);
  return {
    note,
    doubt(reason) { if (token !== null) doubt = doubt ?? reason; },
    /** The last take's ancestors-only nodes (see lastAbove), once. */
    above() {
      const out = lastAbove;
      lastAbove = [];
      return out;
    },
    /** Start a journal (the document's first whole-page read); returns its token. `known`: see walk(). */
    arm(known) {
      for (const o of observers) o.takeRecords();
      walk(false, known);
      return rearm();
    },
    /**
     * The journal since `expected` and a new one from now: [status, token, selfCount,
     * ...selfNodes, ...treeNodes]; status is "ok" or why the caller must read the page.
     * `known`: see walk().
     */
    take(expected, known) {
      for (const o of observers) note(o.takeRecords());
      // document.open() drops every listener: put back (adding the same one is a no-op)
      env.relisten?.();
      for (const root of listenedRoots) env.listenRoot?.(root);
      const { roots, sheetsChanged, blind, styledByOthers } = walk(token !== null, known);
      let status = 'ok';
      if (token === null || expected !== token) status = 'not armed';
      else if (doubt) status = doubt;
      else if (sheetsChanged) status = 'style sheets changed';
      else if (blind) status = blind;
      else if (env.animating?.(doc)) status = 'an animation is in effect';
      // links resolve against the base URL: history.pushState, a <base href> inserted
      else if (doc.baseURI !== baseURI) status = 'the base URL changed';
      // a :has() rule styles an element by any other: a change proves nothing of the rest
      else if (styledByOthers && self.size + tree.size > 0) status = 'a :has() rule and a change';
      else if (roots.some((r) => r.querySelector('[aria-owns]'))) status = 'aria-owns on the page';
      if (status === 'ok' && !overflow) relations(roots);
      if (status === 'ok' && overflow) status = 'too many changes';
      const connected = (n) => n.isConnected;
      const treeNodes = status === 'ok' ? [...tree].filter(connected) : [];
      // Each node once: deep serialization writes a repeated node as a reference, no id.
      const inTree = new Set(treeNodes);
      const above = status === 'ok' ? ancestors([...self, ...treeNodes]) : new Set();
      const selfNodes = status === 'ok'
        ? [...new Set([...self, ...above])].filter((n) => connected(n) && !inTree.has(n)) : [];
      lastAbove = [...above].filter((n) => !self.has(n) && !inTree.has(n) && connected(n));
      const next = rearm();
      return [status, next, selfNodes.length, ...selfNodes, ...treeNodes];
    },
  };
}

function installAxWatch() {
  const how = { capture: true, passive: true };
  // one listener per event type, so that adding it again (relisten) adds nothing
  const doubts = new Map(AXWATCH_DOUBT_EVENTS.map((type) => [type, /* axsnap:own-listener */ () => watch?.doubt(`page event (${type})`)]));
  const resized = () => watch?.doubt('the window resized');
  const fragment = () => watch?.doubt('the URL fragment changed (:target)');
  const listenRoot = (root) => { for (const [type, callback] of doubts) root.addEventListener(type, callback, how); };
  const relisten = () => {
    // the document's doubts heard on its window, as answerwatch.js's (answerWatchTargets: none
    // is 'load' or 'error'), so that a fill's read of the document's listeners lists none
    listenRoot(window);
    window.addEventListener('resize', resized, how);
    window.addEventListener('hashchange', fragment, how);
  };
  const watch = createAxWatch(document, { ...watchPageEnv(), listenRoot, relisten });
  relisten();
  // Read by lib/ax/ax_cache_read.js through Runtime.evaluate in this world.
  Object.defineProperty(globalThis, '__axsnapAxWatch', { value: watch, configurable: false });
}

if (typeof document !== 'undefined' && globalThis.chrome?.runtime?.id) installAxWatch();
