// What the walker's text readers (run.js wordsOf) ask of the small fake trees some tests build:
// each node's style (its `display`), a node's next sibling among its parent's `childNodes`,
// and a text node. (No test of its own: the tests that build such trees import it.)
import { run } from '../lib/walker/src/run.js';

/** The styles run.js shownStyle asks: `displayOf(node)`, inline where it says none. */
export function stubStyles(displayOf = (n) => n.display) {
  run.axStyles = null;
  run.shown = new Map();
  globalThis.getComputedStyle = (n) => ({ display: displayOf(n) || 'inline', visibility: 'visible' });
}

/** The node after `n` among its parent's childNodes, else null. */
export function nextOf(n) {
  const all = n.parentElement ? n.parentElement.childNodes : [];
  return all[all.indexOf(n) + 1] || null;
}

/** A text node of a fake tree whose elements keep `childNodes` and `parentElement`. */
export class Text {
  constructor(data) {
    this.nodeType = 3;
    this.data = data;
    this.textContent = data;
    this.parentElement = null;
    this.firstChild = null;
  }

  get parentNode() { return this.parentElement; }

  get nextSibling() { return nextOf(this); }
}
