// The walker's bounded text walk (lib/walker/src/text.js walkText) takes a node's next
// sibling only when it leaves that node (design note 149): the same text as the walk that
// listed every child of each element it entered, on random trees, bounds and decisions, and
// a walk that stops early reads none of the nodes it did not reach.
import test from 'node:test';
import assert from 'node:assert/strict';
import { BREAK, IN, SKIP, walkText } from '../lib/walker/src/text.js';

const TEXT_SKIP = new Set(['style', 'script', 'noscript', 'template', 'title']);
const collapse = (s) => s.replace(/\s+/g, ' ').trim();

// The walk as it was before note 149 (each entered element's children all pushed at once):
// the reference the new walk must equal.
function listedWalk(el, max, enter, between) {
  let s = '';
  let seen = 0;
  const stack = [el];
  while (stack.length && s.length <= max && seen < 200) {
    const n = stack.pop();
    seen++;
    if (n === ' ') { s += ' '; continue; }
    if (n.nodeType === 3) { s += /^\s*$/.test(n.data) ? ' ' : n.data; continue; }
    if (n.nodeType !== 1 || (n !== el && TEXT_SKIP.has(n.localName))) continue;
    if (n !== el) {
      const how = enter(n);
      if (how === SKIP) continue;
      if (how === BREAK) { s += ' '; stack.push(' '); }
    }
    for (let k = n.lastChild; k; k = k.previousSibling) {
      stack.push(k);
      if (between && k.nodeType === 1 && k.previousSibling && k.previousSibling.nodeType === 1) stack.push(' ');
    }
  }
  return collapse(s);
}

// A node with the tree reads the walks make, each counted (`reads`: node → reads of it).
const reads = new Map();
function node(fields) {
  const n = { kids: [], parent: null, ...fields };
  const at = () => n.parent.kids.indexOf(n);
  const count = (v) => { reads.set(n, (reads.get(n) || 0) + 1); return v; };
  Object.defineProperties(n, {
    nodeType: { get: () => count(fields.nodeType) },
    firstChild: { get: () => count(n.kids[0] || null) },
    lastChild: { get: () => count(n.kids[n.kids.length - 1] || null) },
    nextSibling: { get: () => count(n.parent ? n.parent.kids[at() + 1] || null : null) },
    previousSibling: { get: () => count(n.parent ? n.parent.kids[at() - 1] || null : null) },
  });
  return n;
}
const add = (parent, kid) => { kid.parent = parent; parent.kids.push(kid); return kid; };

// A seeded random source (the same trees every run).
function random(seed) {
  let x = seed;
  return () => { x = (x * 1103515245 + 12345) % 2147483648; return x / 2147483648; };
}
const TAGS = ['span', 'div', 'b', 'script', 'title', 'p', 'i'];
const WORDS = ['Alpha', 'beta', '  ', '\n  ', 'gamma delta', 'é', ''];
function tree(rand, depth) {
  const el = node({ nodeType: 1, localName: TAGS[Math.floor(rand() * TAGS.length)], id: rand() });
  const n = depth > 4 ? 0 : Math.floor(rand() * 7);
  for (let i = 0; i < n; i++) {
    const r = rand();
    if (r < 0.45) add(el, node({ nodeType: 3, data: WORDS[Math.floor(rand() * WORDS.length)] }));
    else if (r < 0.5) add(el, node({ nodeType: 8, data: 'a comment' }));
    else add(el, tree(rand, depth + 1));
  }
  return el;
}
const decide = (n) => [SKIP, IN, BREAK][Math.floor(n.id * 3)];

test('the text is the listed walk\'s on random trees, bounds and decisions', () => {
  const rand = random(149);
  for (let i = 0; i < 400; i++) {
    const root = tree(rand, 0);
    const max = Math.floor(rand() * 60);
    for (const between of [false, true]) {
      for (const enter of [decide, () => IN, () => BREAK]) {
        assert.equal(walkText(root, max, enter, between), listedWalk(root, max, enter, between),
          `tree ${i}, max ${max}, between ${between}`);
      }
    }
  }
});

test('a text node or a comment as the root reads as before', () => {
  const text = node({ nodeType: 3, data: ' Hello\n world ' });
  assert.equal(walkText(text, 10, () => IN, true), 'Hello world');
  assert.equal(walkText(node({ nodeType: 8, data: 'x' }), 10, () => IN, true), '');
});

test('a walk that stops at its bound reads none of the children it did not reach', () => {
  // a control holding 500 words in as many spans: the bound stops the walk at the first few
  const link = node({ nodeType: 1, localName: 'a', id: 0.5 });
  const spans = [];
  for (let i = 0; i < 500; i++) {
    const span = add(link, node({ nodeType: 1, localName: 'span', id: 0.5 }));
    add(span, node({ nodeType: 3, data: `word${i} ` }));
    spans.push(span);
  }
  reads.clear();
  const said = walkText(link, 40, () => IN, true);
  const late = spans.slice(20).filter((s) => reads.has(s)).length;
  assert.equal(late, 0, 'spans past the bound were read');
  reads.clear();
  assert.equal(said, listedWalk(link, 40, () => IN, true));
  assert.ok(said.startsWith('word0 word1'), said);
  // the listed walk read every one of them
  assert.equal(spans.slice(20).filter((s) => reads.has(s)).length, 480);
});

test('generated words go before an element\'s content and after all of it, skipped ones unread', () => {
  // <a>[class ]Tool<span>[(]v2[)]</span><b>!</b>[ »]</a>, the <b> skipped with its boxes
  const link = node({ nodeType: 1, localName: 'a', id: 0.5 });
  add(link, node({ nodeType: 3, data: 'Tool' }));
  const span = add(link, node({ nodeType: 1, localName: 'span', id: 0.5 }));
  add(span, node({ nodeType: 3, data: 'v2' }));
  const bold = add(link, node({ nodeType: 1, localName: 'b', id: 0.5 }));
  add(bold, node({ nodeType: 3, data: '!' }));
  const boxes = new Map([[link, ['class ', ' »']], [span, [' (', ')']], [bold, ['no', 'never']]]);
  const asked = [];
  const generated = (n, which) => {
    asked.push(n);
    return (boxes.get(n) || ['', ''])[which === '::before' ? 0 : 1];
  };
  const enter = (n) => (n === bold ? SKIP : IN);
  assert.equal(walkText(link, 200, enter, false, generated), 'class Tool (v2) »');
  assert.ok(!asked.includes(bold), 'a skipped element\'s boxes were read');
  // with no reader of generated boxes, the walk is the plain one
  assert.equal(walkText(link, 200, enter, false), 'Toolv2');
});
