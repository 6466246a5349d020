// What the page watches share (the AX cache's change journal, axwatch.js, and the kept
// answer's proof, answerwatch.js): how they see the page's DOM. A classic script listed
// before both in the manifest's content_scripts entry, so its functions are globals of the
// same isolated world; the node tests load it beside the watch they drive.

/** Style sheets and their rule counts: a CSSOM edit (insertRule) changes styles with no mutation. */
function watchSheetSignature(root) {
  const part = (list) => Array.from(list ?? [], (s) => {
    try {
      return `${s.disabled ? 'd' : ''}${s.cssRules.length}`;
    } catch {
      return 'x'; // a cross-origin sheet: its rules cannot be read (nor changed by the page)
    }
  }).join(',');
  return `${part(root.styleSheets)};${part(root.adoptedStyleSheets)}`;
}

/**
 * The live page's side of a watch's `env`: {shadowRootOf(el), randomToken(), observe(root,
 * callback)}. Closed roots come through chrome.dom, asked of custom elements only: one call
 * per element of a 20k-element page costs seconds (a closed root on a <div> is not seen).
 */
function watchPageEnv() {
  return {
    shadowRootOf: (el) => el.shadowRoot
      ?? (el.localName.includes('-') ? globalThis.chrome?.dom?.openOrClosedShadowRoot?.(el) : null) ?? null,
    randomToken: () => Array.from(crypto.getRandomValues(new Uint8Array(8)),
      (b) => b.toString(16).padStart(2, '0')).join(''),
    observe: (root, callback) => {
      const observer = new MutationObserver(callback);
      observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
      return observer;
    },
  };
}
