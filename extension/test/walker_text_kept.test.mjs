// The walker's text walks keep what each element's inside read as for the later walks of the
// same kind in one page walk (lib/walker/src/text.js walkText `kept`, design note 153): a
// sequence of walks sharing what they keep gives the text and the finds of each walk alone,
// on random trees, roots, bounds and decisions; an inside read before is not read again.
import test from 'node:test';
import assert from 'node:assert/strict';
import { BREAK, IN, SKIP, walkText } from '../lib/walker/src/text.js';

// A node with the tree reads the walks make, each counted (`reads`: node → reads of it).
const reads = new Map();
function node(fields) {
  const n = { kids: [], parent: null, ...fields };
  const at = () => n.parent.kids.indexOf(n);
  const count = (v) => { reads.set(n, (reads.get(n) || 0) + 1); return v; };
  Object.defineProperties(n, {
    nodeType: { get: () => count(fields.nodeType) },
    firstChild: { get: () => count(n.kids[0] || null) },
    nextSibling: { get: () => count(n.parent ? n.parent.kids[at() + 1] || null : null) },
  });
  return n;
}
const add = (parent, kid) => { kid.parent = parent; parent.kids.push(kid); return kid; };

function random(seed) {
  let x = seed;
  return () => { x = (x * 1103515245 + 12345) % 2147483648; return x / 2147483648; };
}
const TAGS = ['span', 'div', 'b', 'script', 'p', 'i'];
const WORDS = ['Alpha', 'beta', '  ', '\n  ', 'gamma delta', 'é', '', 'a longer run of words'];
// Wide near the root (a walk meets its 200 steps), narrow below.
function tree(rand, depth, all) {
  const el = node({ nodeType: 1, localName: TAGS[Math.floor(rand() * TAGS.length)], id: rand() });
  all.push(el);
  const n = depth > 4 ? 0 : Math.floor(rand() * (depth < 2 ? 14 : 6));
  for (let i = 0; i < n; i++) {
    const r = rand();
    if (r < 0.4) add(el, node({ nodeType: 3, data: WORDS[Math.floor(rand() * WORDS.length)] }));
    else if (r < 0.45) add(el, node({ nodeType: 8, data: 'a comment' }));
    else add(el, tree(rand, depth + 1, all));
  }
  return el;
}

// The decisions of one kind of walk: some elements left out with what they hold noted (a
// name's icon-font ligatures), into `found`.
function decisions(found) {
  return (n, tag) => {
    const d = Math.floor(n.id * 4);
    if (d === 3) { found.push(`${tag}${n.id.toFixed(3)}`); return SKIP; }
    return [SKIP, IN, BREAK][d];
  };
}

test('walks that keep what they read give each walk\'s own text and finds', () => {
  const rand = random(153);
  let hits = 0;
  for (let i = 0; i < 120; i++) {
    const all = [];
    tree(rand, 0, all);
    for (const between of [false, true]) {
      const kept = { inside: new Map(), found: [] };
      const keptEnter = decisions(kept.found);
      const alone = [];
      const aloneEnter = decisions(alone);
      // every element of the tree as a root, inner ones and outer ones in a random order
      const roots = [...all, ...all].sort(() => rand() - 0.5);
      for (const root of roots) {
        const max = Math.floor(rand() * 160);
        alone.length = 0;
        kept.found.length = 0;
        const want = walkText(root, max, aloneEnter, between);
        const before = kept.inside.size;
        const got = walkText(root, max, keptEnter, between, kept);
        assert.equal(got, want, `tree ${i}, max ${max}, between ${between}`);
        assert.deepEqual(kept.found, alone, `tree ${i}: the finds`);
        if (kept.inside.size === before) hits++;
      }
    }
  }
  assert.ok(hits > 1000, `walks that took kept insides: ${hits}`);
});

test('an inside read before is taken whole, its nodes not read again', () => {
  // a <details> around a <summary> of 30 words: the summary read first, then the details
  const details = node({ nodeType: 1, localName: 'details', id: 0.5 });
  const summary = add(details, node({ nodeType: 1, localName: 'summary', id: 0.5 }));
  const words = [];
  for (let i = 0; i < 30; i++) {
    const span = add(summary, node({ nodeType: 1, localName: 'span', id: 0.3 }));
    words.push(add(span, node({ nodeType: 3, data: `w${i} ` })));
  }
  add(details, node({ nodeType: 1, localName: 'div', id: 0.5 }));
  const kept = { inside: new Map(), found: [] };
  const enter = decisions(kept.found);
  const said = walkText(summary, 140, enter, false, kept);
  reads.clear();
  const around = walkText(details, 140, enter, false, kept);
  assert.equal(words.filter((w) => reads.has(w)).length, 0, 'the summary\'s words were read again');
  assert.equal(around, walkText(details, 140, decisions([]), false));
  assert.ok(around.startsWith(said), around);
  // read alone, the summary again: nothing below it read (its own type only)
  reads.clear();
  assert.equal(walkText(summary, 140, enter, false, kept), said);
  assert.deepEqual([...reads.keys()], [summary]);
});

test('an inside past the walk\'s bound is walked and stops where it stopped', () => {
  const outer = node({ nodeType: 1, localName: 'div', id: 0.5 });
  add(outer, node({ nodeType: 3, data: 'lead words ' }));
  const inner = add(outer, node({ nodeType: 1, localName: 'span', id: 0.3 }));
  for (let i = 0; i < 12; i++) add(inner, node({ nodeType: 3, data: `word${i} ` }));
  const kept = { inside: new Map(), found: [] };
  const enter = () => IN;
  walkText(inner, 200, enter, true, kept);
  assert.ok(kept.inside.has(inner));
  for (const max of [0, 10, 20, 40, 80, 200]) {
    assert.equal(walkText(outer, max, enter, true, kept), walkText(outer, max, enter, true));
  }
});
