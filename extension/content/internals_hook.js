// Whether a document's custom elements attached ElementInternals: the one thing about a
// defined custom element that no watch can see change (its ARIA role and states, its form
// value and validity, its `:state()` set change with no mutation and no event), so the kept
// answer's proof and the AX journal (watch_env.js watchBlindSpots) fail safe on such a page
// only, not on every page with custom elements (issue 26).
//
// A content script of the page's own world (manifest: world MAIN, document_start, every
// frame), because ElementInternals are not visible from the extension's isolated world: it
// wraps HTMLElement.prototype.attachInternals before any page script runs, calls the
// original with the same arguments and returns what it returns (or throws what it throws),
// and notes that one succeeded. It writes nothing into the DOM and adds no global.
//
// The isolated world asks at each proof and take (watchPageEnv().internalsOf): it dispatches
// INTERNALS_ASK on the document and this listener answers at once with INTERNALS_SOME or
// INTERNALS_NONE on the same document. No answer (this script absent, or its listener gone:
// document.open() drops every listener) makes the watches treat every custom element as
// blind, as before this script existed.

(() => {
  const INTERNALS_ASK = 'axsnap-internals-ask';
  const INTERNALS_SOME = 'axsnap-internals-some';
  const INTERNALS_NONE = 'axsnap-internals-none';
  const proto = globalThis.HTMLElement?.prototype;
  const descriptor = proto && Object.getOwnPropertyDescriptor(proto, 'attachInternals');
  const original = descriptor?.value;
  if (typeof original !== 'function' || typeof document === 'undefined') return;
  let attached = false;
  // a method (not a constructor, named attachInternals, length 0), as the original
  const wrapped = {
    attachInternals(...args) {
      const internals = Reflect.apply(original, this, args);
      attached = true;
      return internals;
    },
  }.attachInternals;
  Object.defineProperty(proto, 'attachInternals', { ...descriptor, value: wrapped });
  const answer = (event) => {
    if (!event.isTrusted && event.target === document) {
      document.dispatchEvent(new Event(attached ? INTERNALS_SOME : INTERNALS_NONE));
    }
  };
  document.addEventListener(INTERNALS_ASK, answer, { capture: true, passive: true });
})();
