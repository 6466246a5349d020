// What the page watches share (the AX cache's change journal, axwatch.js, and the kept
// answer's proof, answerwatch.js): how they see the page's DOM. A classic script listed
// before both in the manifest's content_scripts entry, so its functions are globals of the
// same isolated world; the node tests load it beside the watch they drive.

// In a sheets' signature: one of them has a :has() rule (axwatch.js: no change proves the rest stood).
const WATCH_HAS = '!has';

/** FNV-1a (32 bits) of a text: a rule list's signature without holding its text. */
function watchHash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/**
 * Style sheets, their rule counts and their rules' text: a CSSOM edit (insertRule, or a
 * rule's style set in place: `rule.style.display = 'block'`) changes styles with no mutation
 * and, in place, with the same rule count (issue 26).
 */
function watchSheetSignature(root) {
  const part = (list) => Array.from(list ?? [], (s) => {
    try {
      const rules = s.cssRules;
      let text = '';
      for (let i = 0; i < rules.length; i++) text += rules[i].cssText;
      // ':has(' marks a sheet whose rules style an element by others (WATCH_HAS)
      return `${s.disabled ? 'd' : ''}${rules.length}:${text.length}:${watchHash(text)}${text.includes(':has(') ? WATCH_HAS : ''}`;
    } catch {
      return 'x'; // a cross-origin sheet: its rules cannot be read (nor changed by the page)
    }
  }).join(',');
  return `${part(root.styleSheets)};${part(root.adoptedStyleSheets)}`;
}

// Elements that may hold a shadow root (attachShadow's list; custom elements too).
const WATCH_SHADOW_HOSTS = new Set(['article', 'aside', 'blockquote', 'body', 'div', 'footer', 'h1', 'h2', 'h3',
  'h4', 'h5', 'h6', 'header', 'main', 'nav', 'p', 'section', 'span']);

/**
 * A reader of the focused element of a document as a string naming it (through open shadow
 * roots), for comparing between reads: a script's focus() in a window that is not focused
 * fires no focus event (issue 26). `focusOf(doc)`: each element gets its own number the first
 * time it is seen focused (a WeakMap has no size: count them here).
 */
function watchFocus() {
  const ids = new WeakMap();
  let seen = 0;
  return function focusOf(doc) {
    let el = doc.activeElement ?? null;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el) return '';
    if (!ids.has(el)) ids.set(el, ++seen);
    return `${ids.get(el)}`;
  };
}

/**
 * What no watch sees change, so neither the cached answer's proof (answerwatch.js) nor the AX
 * journal (axwatch.js) may say "no change" where it is (issue 26): a custom element
 * (`:defined`, ElementInternals' ARIA and `:state()` change with no mutation), a shadow root
 * whose slots a script assigns (slot.assign), a playing media element, a closed shadow root
 * on a plain element (`env.closedRootOf`, asked once per element). {root(root), element(el,
 * shadow)} → the reason, or null.
 */
function watchBlindSpots(env) {
  const asked = new WeakSet();
  const closed = new WeakSet();
  return {
    root: (root) => (root.slotAssignment === 'manual' ? 'a shadow root assigns its slots by script' : null),
    element(el, shadow) {
      const name = el.localName;
      if (name.includes('-')) return 'a custom element';
      if ((name === 'video' || name === 'audio') && el.paused === false) return 'a media element is playing';
      if (shadow || !env.closedRootOf) return null;
      if (closed.has(el)) return 'a closed shadow root';
      if (asked.has(el)) return null;
      asked.add(el);
      if (!env.closedRootOf(el)) return null;
      closed.add(el);
      return 'a closed shadow root';
    },
  };
}

/**
 * The live page's side of a watch's `env`: {shadowRootOf(el), closedRootOf(el), randomToken(),
 * observe(root, callback)}. Closed roots come through chrome.dom, asked of custom elements
 * at each look (shadowRootOf); `closedRootOf` asks a plain element that may hold one
 * (answerwatch.js asks each such element once: one call per element of a 20k-element page
 * costs seconds).
 */
function watchPageEnv() {
  const closedRoot = (el) => globalThis.chrome?.dom?.openOrClosedShadowRoot?.(el) ?? null;
  return {
    shadowRootOf: (el) => el.shadowRoot ?? (el.localName.includes('-') ? closedRoot(el) : null) ?? null,
    closedRootOf: (el) => (WATCH_SHADOW_HOSTS.has(el.localName) ? closedRoot(el) : null),
    randomToken: () => Array.from(crypto.getRandomValues(new Uint8Array(8)),
      (b) => b.toString(16).padStart(2, '0')).join(''),
    // running, pending, or finished and filling forwards (in effect): any listed animation
    animating: (d) => (d.getAnimations?.() ?? []).length > 0,
    observe: (root, callback) => {
      const observer = new MutationObserver(callback);
      observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
      return observer;
    },
  };
}
