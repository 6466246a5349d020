import assert from 'node:assert/strict';
import test from 'node:test';

import { FULL_READ_MAX_ELEMENTS, readsWhole, textOwners, windowSubset } from '../lib/ax/ax_window_full.js';
import { windowTargets } from '../lib/ax/ax_window.js';

// A small document's full AX tree:
// 1 RootWebArea
//   2 html(b10) ─ 3 head(b11), 4 body(b12)
//     4 body ─ 5 p(b13) ─ 6 StaticText(b20)      (a text holder in the window)
//            ─ 7 button(b14) ─ 8 StaticText(b21)
//            ─ 9 p(b15, below the window) ─ 10 StaticText(b22)
//            ─ 11 combobox(b16) ─ 12 MenuListPopup (no DOM node) ─ 13 option(b17), 14 option(b18)
const node = (nodeId, parentId, backendDOMNodeId, childIds = [], role = 'generic') => ({
  nodeId, ...(parentId ? { parentId } : {}), ...(backendDOMNodeId ? { backendDOMNodeId } : {}), childIds, role: { value: role },
});
const TREE = [
  node('1', null, 1, ['2'], 'RootWebArea'),
  node('2', '1', 10, ['3', '4']),
  node('3', '2', 11),
  node('4', '2', 12, ['5', '7', '9', '11']),
  node('5', '4', 13, ['6'], 'paragraph'),
  node('6', '5', 20, [], 'StaticText'),
  node('7', '4', 14, ['8'], 'button'),
  node('8', '7', 21, [], 'StaticText'),
  node('9', '4', 15, ['10'], 'paragraph'),
  node('10', '9', 22, [], 'StaticText'),
  node('11', '4', 16, ['12'], 'combobox'),
  node('12', '11', undefined, ['13', '14'], 'MenuListPopup'),
  node('13', '12', 17, [], 'option'),
  node('14', '12', 18, [], 'option'),
];

test('the cut keeps the <html> with its relatives, the walked elements and the text holders\' text', () => {
  const target = { ids: new Set([10, 12, 13, 14]), html: 10, expand: new Set([13]) };
  const kept = windowSubset(TREE, target).map((n) => n.nodeId);
  // root (html's ancestor), html, head and body (its children), p and its text, the button;
  // not the button's text (a control's text is its name), not the paragraph below the window
  assert.deepEqual(kept, ['1', '2', '3', '4', '5', '6', '7']);
  assert.deepEqual(textOwners(windowSubset(TREE, target), target), { 20: 13 });
});

test('a node whose parent has no DOM node comes with its relatives (a <select>\'s options)', () => {
  const target = { ids: new Set([10, 12, 16, 17]), html: 10, expand: new Set() };
  const kept = windowSubset(TREE, target).map((n) => n.nodeId);
  // option 13's parent (the MenuListPopup) is not walked: the popup, its other option and
  // the chain above come along, in the tree's order
  assert.deepEqual(kept, ['1', '2', '3', '4', '11', '12', '13', '14']);
});

test('the cut keeps the full tree\'s node objects, root first, and ignores ids it does not hold', () => {
  const target = { ids: new Set([999]), html: null, expand: new Set([998]) };
  assert.deepEqual(windowSubset(TREE, target), []);
  const subset = windowSubset(TREE, { ids: new Set([14]), html: 10, expand: new Set() });
  assert.equal(subset[0], TREE[0]);
});

test('whole reads only for documents the walker counted as small', () => {
  assert.equal(readsWhole(0), true);
  assert.equal(readsWhole(FULL_READ_MAX_ELEMENTS), true);
  assert.equal(readsWhole(FULL_READ_MAX_ELEMENTS + 1), false);
  assert.equal(readsWhole(null), false);
  assert.equal(readsWhole(undefined), false);
});

test('targets carry the size the walker counted for their frame document', () => {
  const walker = {
    frames: [{ frameId: 'M', n: 120 }, { frameId: 'F' }],
    elements: [{ p: -1, f: 0, s: 'html', b: 1 }, { p: 0, f: 1, s: 'html', b: 2 }],
  };
  const targets = windowTargets(walker);
  assert.equal(targets.get('M').size, 120);
  assert.equal(targets.get('F').size, null);
});
