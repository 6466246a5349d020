// Twins tied by their markup to another element by its id (lib/walker/src/twin_refs.js, design
// note 270, issue 31): a page tree laid out by columns, each action cell naming its page's item.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { refPlace, refWords } from '../lib/walker/src/twin_refs.js';
import { Text, nextOf, stubStyles } from './fake_text_nodes.mjs';

stubStyles();  // (every node inline: run.js wordsOf reads the tree as written)

// A small element tree: what twin_refs reads of the DOM (attributes, ids, text, containment;
// the nodes in order, as run.js wordsOf reads them).
class Node {
  constructor(localName, attrs = {}, children = []) {
    this.nodeType = 1;
    this.localName = localName;
    this.attrs = attrs;
    this.childNodes = children.map((c) => (typeof c === 'string' ? new Text(c) : c));
    this.parentElement = null;
    this.ownerDocument = null;
    for (const child of this.childNodes) child.parentElement = this;
  }

  get attributes() { return Object.entries(this.attrs).map(([name, value]) => ({ name, value })); }

  get firstElementChild() { return this.childNodes.find((c) => c.nodeType === 1) || null; }

  get firstChild() { return this.childNodes[0] || null; }

  get parentNode() { return this.parentElement; }

  get nextSibling() { return nextOf(this); }

  get textContent() { return this.childNodes.map((c) => c.textContent).join(''); }

  getAttribute(name) { return name in this.attrs ? this.attrs[name] : null; }

  getElementsByTagName() { return []; }

  contains(other) {
    for (let at = other; at; at = at.parentElement) if (at === this) return true;
    return false;
  }

  * all() {
    yield this;
    for (const c of this.childNodes) if (c.nodeType === 1) yield* c.all();
  }
}
const el = (tag, attrs, ...children) => new Node(tag, attrs, children);

function page(body) {
  const html = el('html', {}, body);
  const doc = { getElementById: (id) => [...html.all()].find((n) => n.attrs.id === id) || null };
  for (const n of html.all()) n.ownerDocument = doc;
  return doc;
}

// The tree's items beside a column of cells, each cell naming its item by id.
function tree(attr = 'data-tree-node') {
  const links = ['node-1', 'node-2'].map(() => el('a', { href: '/edit/' }, 'Edit'));
  page(el('body', {},
    el('ul', {}, el('li', { id: 'node-1' }, el('a', {}, 'Home')),
      el('li', { id: 'node-2' }, el('a', {}, 'About us'))),
    el('div', {}, el('div', { [attr]: 'node-1' }, links[0]),
      el('div', { [attr]: 'node-2' }, links[1]))));
  return links;
}

test("a cell naming its page's item by id is said by the item's words", () => {
  const [home, about] = tree();
  assert.equal(refWords(home), 'home');
  assert.deepEqual([refPlace(home), refPlace(about)], ['ref:home', 'ref:about us']);
  const [, cell] = tree('headers');
  assert.equal(refPlace(cell), 'ref:about us', "a table cell's headers");
});

test('no reference: a plain attribute, no such id, a value of words, its own box', () => {
  assert.equal(refPlace(tree('title')[0]), '', 'not a referring attribute');
  const lost = el('a', { 'data-row': 'node-9' }, 'Edit');
  const spaced = el('a', { 'data-note': 'node 1' }, 'Edit');
  const inner = el('a', { 'aria-describedby': 'hint' }, 'Edit', el('span', { id: 'hint' }, 'x'));
  const around = el('a', { 'aria-owns': 'wrap' }, 'Edit');
  page(el('body', {}, el('p', { id: 'node' }, 'Node'), lost, spaced, inner,
    el('div', { id: 'wrap' }, around)));
  assert.deepEqual([lost, spaced, inner, around].map(refPlace), ['', '', '', '']);
});
