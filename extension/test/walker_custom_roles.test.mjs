import assert from 'node:assert/strict';
import { test } from 'node:test';

import { MAX_CUSTOM_ASKED, readCustomRoles, readDateParts, readPopupIds } from '../lib/walker/walker_custom_roles.js';

// rows: the document, a custom element (no record: its id from axt.b), a custom element with
// a record (its id from the record), a text run (no w)
const result = () => ({
  elements: [{ w: 7, b: 70 }],
  axt: {
    rows: [[-1, 'RootWebArea', '', null, 0, -1, 0], [0, 'generic', '', null, 0, -2, 0, 'x-a'],
      [0, 'generic', '', null, 0, 7, 0, 'x-b'], [2, 'StaticText', 'hi', null, 0, 0, 0]],
    b: [10, 20, 0],
    ce: [1, 2],
  },
});

test('Chromium is asked for the listed custom elements alone, by their ids', async () => {
  const asked = [];
  const cdp = async (method, { backendNodeId }) => {
    asked.push([method, backendNodeId]);
    const role = backendNodeId === 20 ? 'button' : 'generic';
    return { nodes: [{ backendDOMNodeId: backendNodeId, role: { value: role }, name: { value: 'Go' } }] };
  };
  const r = result();
  assert.deepEqual(await readCustomRoles(r, cdp), { asked: 2, named: 1, unasked: 0 });
  assert.deepEqual(asked.sort(), [['Accessibility.getPartialAXTree', 20], ['Accessibility.getPartialAXTree', 70]]);
  assert.deepEqual(r.axt.ce, [[1, 'button', 'Go']]);  // the generic one says nothing
});

test('a failed ask or an ignored node leaves the row as the walk read it', async () => {
  const r = result();
  const cdp = async (_m, { backendNodeId }) => {
    if (backendNodeId === 20) throw new Error('gone');
    return { nodes: [{ backendDOMNodeId: 70, ignored: true, role: { value: 'button' } }] };
  };
  assert.deepEqual(await readCustomRoles(r, cdp), { asked: 2, named: 0, unasked: 0 });
  assert.deepEqual(r.axt.ce, []);
  assert.equal(await readCustomRoles({ axt: { rows: [] } }, cdp), null);
});

test('at most MAX_CUSTOM_ASKED nodes are asked a run', async () => {
  const n = MAX_CUSTOM_ASKED + 5;
  const rows = [[-1, 'RootWebArea', '', null, 0, -1, 0]];
  for (let i = 0; i < n; i++) rows.push([0, 'generic', '', null, 0, -(i + 2), 0, 'x-a']);
  const r = { axt: { rows, b: rows.map((_, i) => i + 1), ce: rows.slice(1).map((_, i) => i + 1) } };
  let calls = 0;
  const cdp = async () => { calls += 1; return { nodes: [] }; };
  assert.deepEqual(await readCustomRoles(r, cdp), { asked: MAX_CUSTOM_ASKED, named: 0, unasked: 5 });
  assert.equal(calls, MAX_CUSTOM_ASKED);
});

test('a select\'s popup takes the id Chromium names it by, asked with the select\'s children', async () => {
  const r = { elements: [{ w: 3, b: 30 }], axt: {
    rows: [[-1, 'RootWebArea', '', null, 0, -1, 0], [0, 'combobox', 'Size', null, 0, 3, 0],
      [1, 'MenuListPopup', '', null, 0, 0, 0], [2, 'option', 'S', null, 0, -4, 0]],
    b: [1, 0, 40], pp: [2] } };
  const asked = [];
  const cdp = async (method, params) => {
    asked.push([method, params]);
    return { nodes: [{ backendDOMNodeId: 30, role: { value: 'combobox' } },
      { backendDOMNodeId: 31, role: { value: 'MenuListPopup' } }] };
  };
  assert.equal(await readPopupIds(r, cdp), 1);
  assert.deepEqual(asked, [['Accessibility.getPartialAXTree', { backendNodeId: 30, fetchRelatives: true }]]);
  assert.deepEqual(r.axt.pp, [[2, 31]]);
  assert.equal(await readPopupIds({ axt: { rows: [] } }, cdp), null);
});

test('a date field\'s parts: its user-agent shadow tree, each node asked, ignored ones lifted', async () => {
  const r = { elements: [{ w: 3, b: 30 }], axt: { rows: [[-1, 'RootWebArea', '', null, 0, -1, 0],
    [0, 'Date', 'Due', null, 0, 3, 0]], b: [1, 0], dt: [1] } };
  const tree = { node: { backendNodeId: 30, shadowRoots: [{ backendNodeId: 31, shadowRootType: 'user-agent', children: [
    { backendNodeId: 32, children: [{ backendNodeId: 33, children: [{ backendNodeId: 34 }] }] },
    { backendNodeId: 35 }] }] } };
  const ax = { 31: { ignored: true, role: { value: 'none' } }, 32: { ignored: true, role: { value: 'none' } },
    33: { role: { value: 'spinbutton' }, name: { value: 'Month Month', sources: [] }, value: { value: 5 } },
    34: { role: { value: 'StaticText' }, name: { value: '05' } },
    35: { role: { value: 'button' }, name: { value: 'Show date picker' }, properties: [{ name: 'hasPopup', value: { value: 'menu' } }] } };
  const cdp = async (method, { backendNodeId }) => (method === 'DOM.describeNode' ? tree
    : { nodes: [{ backendDOMNodeId: backendNodeId, ...ax[backendNodeId] }] });
  assert.equal(await readDateParts(r, cdp), 1);
  assert.deepEqual(r.axt.dt, [[1, [
    [-1, 'spinbutton', { name: { value: 'Month Month', sources: [] }, value: { value: 5 } }, 33],
    [0, 'StaticText', { name: { value: '05' } }, 34],
    [-1, 'button', { name: { value: 'Show date picker' }, properties: [{ name: 'hasPopup', value: { value: 'menu' } }] }, 35],
  ]]]);
});
