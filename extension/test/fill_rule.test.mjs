import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import {
  OWN_MARKER, fillRule, isOwnListener, keysListened, markedPositions,
} from '../lib/act/fill_rule.js';

const manifest = JSON.parse(readFileSync(new URL('../manifest.json', import.meta.url), 'utf8'));
const contentFiles = [...new Set(manifest.content_scripts.flatMap((c) => c.js))];

test('every content-script listener that sees keys or input is marked as the extension\'s own', () => {
  // each `addEventListener(type, handler, how)` of a key-seeing type in a content script goes
  // through a handler written after OWN_MARKER: else the fill rule would count it as the page's
  let marked = 0;
  for (const file of contentFiles) {
    const source = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
    marked += markedPositions(source).length;
  }
  assert.equal(marked, 3); // readiness (touch), the AX watch (doubts), the answer watch (bump)
});

test('markedPositions gives the 0-based line and column of the function after the marker', () => {
  const source = `const a = 1;\n  const touch = ${OWN_MARKER} () => 1;\n`;
  assert.deepEqual(markedPositions(source), [`1:${'  const touch = '.length + OWN_MARKER.length + 1}`]);
});

const own = new Set(['267:41']);
const ours = { type: 'keydown', backendNodeId: 1, passive: true, useCapture: true, lineNumber: 267, columnNumber: 41 };

test('a key listener on the path is seen; the extension\'s own and those elsewhere are not', () => {
  const path = new Set([5, 4, 3, 1]); // field, its shadow root, the root's host, document
  const roots = new Set([4]);
  assert.equal(keysListened([{ ...ours, backendNodeId: 4 }], path, [], own, roots), false);
  assert.equal(keysListened([{ ...ours, backendNodeId: 9, passive: false, useCapture: false }], path, [], own, roots), false);
  assert.equal(keysListened([{ ...ours, backendNodeId: 3, passive: false }], path, [], own, roots), true);
  assert.equal(keysListened([{ ...ours, backendNodeId: 4, type: 'input', useCapture: false }], path, [], own, roots), true);
  assert.equal(keysListened([{ ...ours, type: 'click', lineNumber: 2 }], path, [], own, roots), false);
  assert.equal(keysListened([], path, [{ ...ours, type: 'selectionchange', lineNumber: 3 }], own, roots), true);
  // at our position on the document or an element: a page's (ours listen on the window, and on
  // shadow roots only: note 152), as on the window (read off the page's world)
  assert.equal(keysListened([ours], path, [], own, roots), true);
  assert.equal(keysListened([{ ...ours, backendNodeId: 3 }], path, [], own, roots), true);
  assert.equal(keysListened([], path, [ours], own, roots), true);
  // at our position but not passive capture: a page's
  assert.equal(isOwnListener({ ...ours, passive: false }, own), false);
});

test('the rule keeps keys for exact acts, line breaks, frames and content editables', async () => {
  const session = { send: async () => { throw new Error('not asked'); } };
  const node = { ordinal: 0, frame: {}, facts: { tag: 'input' } };
  assert.deepEqual(await fillRule(session, node, 'a', false), { insert: false, rule: 'exact' });
  assert.deepEqual(await fillRule(session, node, 'a\nb', true), { insert: false, rule: 'line_break' });
  assert.deepEqual(await fillRule(session, { ...node, ordinal: 1 }, 'a', true), { insert: false, rule: 'not_top_frame' });
  assert.deepEqual(await fillRule(session, { ...node, facts: { tag: 'div' } }, 'a', true),
    { insert: false, rule: 'content_editable' });
});

test('the listeners are read off main-world objects in no group, which are released after', async () => {
  globalThis.chrome = { runtime: { getManifest: () => ({ content_scripts: [] }), getURL: (f) => f } };
  const calls = [];
  const session = {
    send: async (method, params) => {
      calls.push([method, params]);
      if (method === 'Runtime.callFunctionOn') {
        return { result: { deepSerializedValue: { value: [{ value: { backendNodeId: 7 } }, { value: { backendNodeId: 1 } }] } } };
      }
      if (method === 'Runtime.evaluate') return { result: { objectId: `obj-${params.expression}` } };
      if (method === 'DOMDebugger.getEventListeners') return { listeners: [{ type: 'click', backendNodeId: 7 }] };
      return {};
    },
  };
  const node = { ordinal: 0, frame: {}, facts: { tag: 'input' }, objectId: 'field' };
  try {
    assert.deepEqual(await fillRule(session, node, 'Ada', true), { insert: true, rule: 'insert_text_no_listeners' });
  } finally {
    delete globalThis.chrome;
  }
  const evaluated = calls.filter(([m]) => m === 'Runtime.evaluate').map(([, p]) => p);
  assert.deepEqual(evaluated.map((p) => p.objectGroup), [undefined, undefined],
    'in no group: a group would have every listener handler wrapped into it');
  const released = calls.filter(([m]) => m === 'Runtime.releaseObject').map(([, p]) => p.objectId).sort();
  assert.deepEqual(released, ['obj-document', 'obj-window']);
});

test('the quiet-clock observer a read installs on a busy page marks its listener, whatever its token', async () => {
  const { observerScriptShape } = await import('../lib/session/stabilize.js');
  const one = observerScriptShape();
  const other = observerScriptShape();
  assert.notEqual(one, other); // a fresh token each time ...
  assert.equal(markedPositions(one).length, 1); // ... and the one key and input listener
  assert.deepEqual(markedPositions(one), markedPositions(other)); // at the same position
  assert.match(one, /on\.addEventListener\(type, touch, how\)/);
  assert.match(one, /const on = document\.defaultView \?\? document;/); // the window (note 152)
  assert.match(one, /const how = \{ capture: true, passive: true \}/); // as isOwnListener asks
});

test('a listener at an own position is the extension\'s only on a shadow root of the path (note 152)', async () => {
  const { observerScriptShape } = await import('../lib/session/stabilize.js');
  const [line, col] = markedPositions(observerScriptShape())[0].split(':').map(Number);
  const atOwn = { type: 'keydown', passive: true, useCapture: true, lineNumber: line, columnNumber: col };
  const rule = async (listener) => {
    globalThis.chrome = { runtime: { getManifest: () => ({ content_scripts: [] }), getURL: (f) => f } };
    // the path: the field (7), its shadow root (6), the root's host (5), the document (1)
    const path = [[7, 1], [6, 11], [5, 1], [1, 9]].map(([backendNodeId, nodeType]) => ({ value: { backendNodeId, nodeType } }));
    const session = {
      send: async (method, params) => {
        if (method === 'Runtime.callFunctionOn') return { result: { deepSerializedValue: { value: path } } };
        if (method === 'Runtime.evaluate') return { result: { objectId: `obj-${params.expression}` } };
        if (method === 'DOMDebugger.getEventListeners') return { listeners: params.depth === -1 ? [listener] : [] };
        return {};
      },
    };
    try {
      return (await fillRule(session, { ordinal: 0, frame: {}, facts: { tag: 'input' }, objectId: 'field' }, 'Ada', true)).rule;
    } finally {
      delete globalThis.chrome;
    }
  };
  assert.equal(await rule({ ...atOwn, backendNodeId: 6 }), 'insert_text_no_listeners'); // the watches' own, on the root
  assert.equal(await rule({ ...atOwn, backendNodeId: 1 }), 'keys_listened'); // a page's, on the document
  assert.equal(await rule({ ...atOwn, backendNodeId: 5 }), 'keys_listened'); // a page's, on the host
  assert.equal(await rule({ ...atOwn, backendNodeId: 7, type: 'click' }), 'insert_text_no_listeners');
});
