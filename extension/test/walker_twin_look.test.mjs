// Twins alike in all else that show no words are said by the icon their class names before a
// number (lib/walker/src/twin_own.js lookPlaces, twin_numbers.js numberAlike; note 300).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { numberAlike } from '../lib/walker/src/twin_numbers.js';
import { classTokenWords, lookParts } from '../lib/walker/src/twin_own.js';

// A small element tree: what the modules read of the DOM (tag, attributes, children, text).
class Node {
  constructor(localName, attrs = {}, children = [], text = '') {
    this.localName = localName;
    this.attrs = attrs;
    this.children = children;
    this.text = text;
    this.parentElement = null;
    for (const child of children) child.parentElement = this;
  }

  getAttribute(name) {
    return name in this.attrs ? this.attrs[name] : null;
  }

  get textContent() {
    return this.text + this.children.map((c) => c.textContent).join('');
  }

  get nextElementSibling() {
    const siblings = this.parentElement ? this.parentElement.children : [];
    return siblings[siblings.indexOf(this) + 1] || null;
  }

  contains(other) {
    for (let at = other; at; at = at.parentElement) if (at === this) return true;
    return false;
  }

  // (the two selectors twin_own.js asks: an element with a class, a picture with an alt)
  querySelector(selector) {
    for (const child of this.children) {
      const classed = selector.startsWith('[class]') && (child.getAttribute('class') || '');
      const pictured = selector === 'img[alt]' && child.localName === 'img'
        && child.getAttribute('alt') !== null;
      if (classed || pictured) return child;
      const inner = child.querySelector(selector);
      if (inner) return inner;
    }
    return null;
  }
}
const el = (tag, attrs, ...children) => new Node(tag, attrs, children);

test('wordless twins alike in all else are said by the icon their class names', () => {
  // (a toolbar's buttons, each an <svg> the class names: Quill's ql-bold, ql-italic, ql-link)
  const icon = () => el('svg', { class: 'ql-stroke' });
  const buttons = ['ql-bold', 'ql-italic', 'ql-link'].map((c) => el('button', { class: c }, icon()));
  el('div', { class: 'ql-toolbar' }, ...buttons);
  const words = [['at:compose form'], ['at:compose form'], ['at:compose form']];
  numberAlike(words, ['', '', ''], buttons);
  assert.deepEqual(words.map((w) => w.at(-1)), ['own:bold', 'own:italic', 'own:link']);
  // (an icon font's glyph inside each: "notika-icon notika-trash"; the button's own class is
  // every one's)
  const glyphs = ['notika-icon notika-down-arrow', 'notika-icon notika-trash'].map((c) =>
    el('button', { class: 'btn btn-default btn-sm' }, el('i', { class: c })));
  el('div', {}, ...glyphs);
  const said = [[], []];
  numberAlike(said, ['', ''], glyphs);
  assert.deepEqual(said, [['own:down arrow'], ['own:trash']]);
});

test('twins that show words, or whose classes part them by a look or a state, are numbered', () => {
  const labelled = ['btn-primary', 'btn-danger'].map((c) =>
    new Node('button', { class: `btn ${c}` }, [], 'Action'));
  el('div', {}, ...labelled);
  const words = [[], []];
  numberAlike(words, ['', ''], labelled);
  assert.deepEqual(words, [['n:1/2'], ['n:2/2']]);
  const states = ['page-link active', 'page-link'].map((c) => el('a', { class: c, href: '#' }));
  el('div', {}, ...states);
  const paged = [[], []];
  numberAlike(paged, ['', ''], states);
  assert.deepEqual(paged, [['n:1/2'], ['n:2/2']]);
  // (a look alone, or a token a tool made, names nothing: "ml-0" against nothing, "hbZSaW")
  assert.equal(lookParts([[['ml-0', ['ml']]], []]), null);
  assert.equal(classTokenWords('hbZSaW'), null);
  assert.equal(classTokenWords('kQqGzb'), null);
  assert.deepEqual(classTokenWords('capsHome'), ['caps', 'home']);
  assert.deepEqual(classTokenWords('notika-down-arrow-2'), ['notika', 'down', 'arrow']);
});
