// Twins in table cells are parted by their column's header (lib/walker/src/twins_last.js
// columnHead); a row that shows no words of its own (a chart's bars, pictures named by their
// values) by the row of words beside it, its axis (design note 270, issue 31: AWStats's bars).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { columnHead, withColumns } from '../lib/walker/src/twins_last.js';
import { Text, nextOf, stubStyles } from './fake_text_nodes.mjs';

stubStyles();  // (every node inline: run.js wordsOf reads the tree as written)

// A small element tree: what columnHead reads of the DOM (tags, cells, rows, siblings, text;
// the nodes in order, as run.js wordsOf reads them).
class Node {
  constructor(localName, attrs = {}, children = []) {
    this.nodeType = 1;
    this.localName = localName;
    this.attrs = attrs;
    this.childNodes = children.map((c) => (typeof c === 'string' ? new Text(c) : c));
    this.parentElement = null;
    for (const child of this.childNodes) child.parentElement = this;
  }

  get children() { return this.childNodes.filter((c) => c.nodeType === 1); }

  get firstElementChild() { return this.children[0] || null; }

  get firstChild() { return this.childNodes[0] || null; }

  get parentNode() { return this.parentElement; }

  get nextSibling() { return nextOf(this); }

  get textContent() { return this.childNodes.map((c) => c.textContent).join(''); }

  get colSpan() { return Number(this.attrs.colspan || 1); }

  get cells() { return this.children.filter((c) => c.localName === 'td' || c.localName === 'th'); }

  get rows() {
    const out = [];
    const walk = (n) => {
      for (const c of n.children) {
        if (c.localName === 'tr') out.push(c);
        else if (c.localName !== 'table') walk(c);
      }
    };
    walk(this);
    return out;
  }

  get tHead() { return this.children.find((c) => c.localName === 'thead') || null; }

  get nextElementSibling() { return this.sibling(1); }

  get previousElementSibling() { return this.sibling(-1); }

  sibling(step) {
    const all = this.parentElement ? this.parentElement.children : [];
    return all[all.indexOf(this) + step] || null;
  }

  getElementsByTagName() { return []; }

  getAttribute(name) { return name in this.attrs ? this.attrs[name] : null; }

  closest(selector) {
    const names = selector.split(',').map((s) => s.trim());
    for (let at = this; at; at = at.parentElement) if (names.includes(at.localName)) return at;
    return null;
  }
}
const el = (tag, attrs, ...children) => new Node(tag, attrs, children);
const bar = (alt) => el('img', { alt });

// A chart: a row of cells holding bars and no words, its axis row before or after it.
function chart(axis, { above = false, heads = 'th' } = {}) {
  const bars = axis.map((_, i) => el('td', {}, bar('Pages: 3'),
    bar(i % 2 ? 'Hits: 48' : 'Hits: 45')));
  const barRow = el('tr', {}, ...bars);
  const axisRow = el('tr', {}, ...axis.map((words) => el(heads, {}, ...words)));
  el('table', {}, el('tbody', {}, ...(above ? [axisRow, barRow] : [barRow, axisRow])));
  return bars.map((cell) => cell.children[1]);
}

test('a bar is headed by the axis cell under it, its parts apart', () => {
  const hits = chart([['8'], ['9'], ['10']]);
  assert.deepEqual(hits.map(columnHead), ['8', '9', '10']);
  const day = (name, date) => [name, el('br'), el('span', {}, date)];
  const days = chart([day('Mon', '01 Dec'), day('Tue', '02 Dec')], { heads: 'td' });
  assert.deepEqual(days.map(columnHead), ['mon 01 dec', 'tue 02 dec']);
});

test('an axis above the bars heads them too; twins alike in all else take it as a place', () => {
  const hits = chart([['Jan'], ['Feb'], ['Mar']], { above: true, heads: 'td' });
  assert.deepEqual(hits.map(columnHead), ['jan', 'feb', 'mar']);
  const places = [['under:traffic'], ['under:traffic']];
  withColumns([hits[0], hits[2]], places);
  assert.deepEqual(places, [['under:traffic', 'col:jan'], ['under:traffic', 'col:mar']]);
});

test('no axis for a row with words, a row of another width or a row with an empty cell', () => {
  // a data row's controls are read by its own cells (withCells), not by the next row
  const edit = el('a', { href: '/edit' }, 'Edit');
  el('table', {}, el('tbody', {}, el('tr', {}, el('td', {}, 'Invoice 1'), el('td', {}, edit)),
    el('tr', {}, el('td', {}, 'Invoice 2'), el('td', {}, 'x'))));
  assert.equal(columnHead(edit), '');
  const narrow = chart([['8'], ['9']]);
  narrow[0].parentElement.parentElement.parentElement.children[1].childNodes.pop();
  assert.equal(columnHead(narrow[0]), '');
  const gap = chart([['8'], []]);
  assert.equal(columnHead(gap[0]), '');
});

test('a first row of header cells still heads its table before any axis', () => {
  const box = el('input', { type: 'checkbox' });
  el('table', {}, el('tbody', {}, el('tr', {}, el('th', {}, 'Role'), el('th', {}, 'Purser')),
    el('tr', {}, el('td', {}, 'Tickets'), el('td', {}, box))));
  assert.equal(columnHead(box), 'purser');
});
