// An element's words as a person reads them (lib/walker/src/run.js wordsOf, design notes 161
// and 333): its text nodes in order, a space between two elements written side by side and for
// a <br>, without what no one reads on the screen (an SVG's <title>, a <noscript>'s markup, a
// style's rules, a script).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { collapse, wordsOf } from '../lib/walker/src/run.js';
import { stubStyles } from './fake_text_nodes.mjs';

// The styles wordsOf asks (run.js shownStyle): each node's `display`, as its tag is laid out.
const BOXES = { li: 'list-item', p: 'block', div: 'block', nav: 'block', td: 'table-cell',
  button: 'inline-block', svg: 'inline', noscript: 'none', style: 'none', script: 'none' };
stubStyles((n) => BOXES[n.localName]);

// A small tree of linked nodes: what wordsOf reads of the DOM.
const nextOf = (n) => {
  const all = n.parentNode ? n.parentNode.childNodes : [];
  return all[all.indexOf(n) + 1] || null;
};
function text(data) {
  return {
    nodeType: 3, data, textContent: data, parentNode: null, firstChild: null,
    get nextSibling() { return nextOf(this); },
  };
}
function el(localName, ...children) {
  const node = {
    nodeType: 1,
    localName,
    childNodes: children.map((c) => (typeof c === 'string' ? text(c) : c)),
    parentNode: null,
    get firstChild() { return this.childNodes[0] || null; },
    get firstElementChild() { return this.childNodes.find((c) => c.nodeType === 1) || null; },
    get nextSibling() { return nextOf(this); },
    get textContent() { return this.childNodes.map((c) => c.textContent).join(''); },
  };
  for (const c of node.childNodes) c.parentNode = node;
  return node;
}
const words = (node) => collapse(wordsOf(node));

test('boxes written side by side are read apart', () => {
  // a cart row: the product's name and its Remove button, no space written between them
  assert.equal(words(el('li', el('span', 'Product A'), el('button', 'Remove'))),
    'Product A Remove');
  // cells of a row, items of a list, paragraphs
  assert.equal(words(el('div', el('td', 'Order 7'), el('td', 'Shipped'))), 'Order 7 Shipped');
  assert.equal(words(el('div', el('li', 'Seeds'), el('li', 'Hand tools'))), 'Seeds Hand tools');
  // nested: the last box of one and the first of the next still touch
  assert.equal(words(el('div', el('p', el('b', 'Seeds')), el('p', el('b', 'Hand tools')))),
    'Seeds Hand tools');
  // a line break is a space
  assert.equal(words(el('td', 'Mon', el('br'), el('span', '01 Dec'))), 'Mon 01 Dec');
});

test('inline boxes side by side are one line of text, read as written', () => {
  // Wikipedia's section link: "[", "edit" and "]" in spans of a line, "[edit]"
  assert.equal(words(el('p', 'History', el('span', el('span', '['), el('a', 'edit'), el('span', ']')))),
    'History[edit]');
  assert.equal(words(el('a', el('span', 'Inbox'), el('span', '8'))), 'Inbox8');
});

test('a word broken by an element and its text is still one word', () => {
  // an element beside text is no gap of its own: H₂O, a bold first letter
  assert.equal(words(el('p', 'H', el('sub', '2'), 'O is water')), 'H2O is water');
  assert.equal(words(el('p', el('b', 'W'), 'ord')), 'Word');
  // written with spaces: read as written
  assert.equal(words(el('li', el('span', 'Product A'), ' ', el('button', 'Remove'))),
    'Product A Remove');
});

test('what a page never draws is no word: a noscript, a style, a script, an icon title', () => {
  const box = el('div', ' -20% ', el('noscript', '<img itemprop="image" alt="Deck Shoe">'),
    el('span', 'Deck Shoe'), el('style', '.save { color: red }'), ' Sizes ',
    el('script', 'track("shoe")'));
  assert.equal(words(box), '-20% Deck Shoe Sizes');
  const link = el('a', el('svg', el('title', 'dashboard'), el('path')), el('span', 'Dashboard'));
  assert.equal(words(link), 'Dashboard');
});

test('an element of text alone is its text; an empty one is empty', () => {
  assert.equal(wordsOf(el('p', '  plain  words ')), '  plain  words ');
  assert.equal(wordsOf(el('p')), '');
  assert.equal(wordsOf(el('div', el('i'), el('i'))), '');
});

test('a long text is read no further than asked', () => {
  const long = el('li', ...Array.from({ length: 50 }, (_, i) => el('p', `word${i}`)));
  const head = collapse(wordsOf(long, 40));
  assert.ok(head.startsWith('word0 word1 word2'), head);
  assert.ok(head.length < 60, head);
  assert.equal(collapse(wordsOf(long)).split(' ').length, 50);
});
