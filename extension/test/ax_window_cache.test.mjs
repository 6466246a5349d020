// ax_window_cache.js: the main frame's AX tree kept while the change journal says nothing changed.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  JOURNAL_MAX_ELEMENTS, dropTree, journalOption, keepNodes, keepTree, cachedNodes, cachedTree,
} from '../lib/reuse/ax_window_cache.js';

const main = { frameId: 'F0', loaderId: 'L1' };
const nodes = [{ nodeId: '1' }];

test('a tree is kept under the journal token it was read after, and stands while nothing changed', () => {
  dropTree(1);
  assert.deepEqual(journalOption(1, main), { take: null, max: JOURNAL_MAX_ELEMENTS }, 'nothing kept: arm the journal');
  keepTree(1, main, { status: 'armed', token: 'T1', changed: 0 }, nodes);
  assert.deepEqual(journalOption(1, main), { take: 'T1', max: JOURNAL_MAX_ELEMENTS });
  assert.equal(cachedTree(1, main, { status: 'ok', token: 'T2', changed: 0 }), nodes);
  assert.deepEqual(journalOption(1, main), { take: 'T2', max: JOURNAL_MAX_ELEMENTS }, 'the take armed the next journal');
});

test('a change, a doubt, another document or no journal drops the tree', () => {
  for (const [frame, journal] of [
    [main, { status: 'ok', token: 'T2', changed: 3 }],
    [main, { status: 'page event (focusin)', token: 'T2', changed: 0 }],
    [main, { status: 'not armed', token: 'T2', changed: 0 }],
    [{ frameId: 'F0', loaderId: 'L2' }, { status: 'ok', token: 'T2', changed: 0 }],
    [main, null],
  ]) {
    keepTree(2, main, { status: 'armed', token: 'T1', changed: 0 }, nodes);
    assert.equal(cachedTree(2, frame, journal), null);
    assert.deepEqual(journalOption(2, main), { take: null, max: JOURNAL_MAX_ELEMENTS });
  }
  keepTree(2, main, null, nodes); // no journal in the page: nothing to keep it by
  assert.deepEqual(journalOption(2, main), { take: null, max: JOURNAL_MAX_ELEMENTS });
});

test('a window\'s nodes stand while the journal says "ok" and nothing changed (issue 26: no patch)', () => {
  dropTree(3);
  keepNodes(3, main, { status: 'armed', token: 'T1', changed: 0 }, nodes);
  assert.equal(cachedTree(3, main, { status: 'ok', token: 'T2', changed: 0, dirty: [] }), null, 'not a whole tree');
  keepNodes(3, main, { status: 'armed', token: 'T1', changed: 0 }, nodes);
  assert.equal(cachedNodes(3, main, { status: 'ok', token: 'T2', changed: 4, dirty: [2, 5], above: [5] }), null,
    'after a change every node is read again');
  keepNodes(3, main, { status: 'armed', token: 'T1', changed: 0 }, nodes);
  assert.deepEqual(cachedNodes(3, main, { status: 'ok', token: 'T2', changed: 0, dirty: [], above: [] }),
    { nodes, dirty: [], above: [] });
  assert.deepEqual(journalOption(3, main), { take: 'T2', max: JOURNAL_MAX_ELEMENTS });
  assert.equal(cachedNodes(3, main, { status: 'page event (focusin)', token: 'T3', changed: 0 }), null);
  assert.deepEqual(journalOption(3, main), { take: null, max: JOURNAL_MAX_ELEMENTS });
  keepTree(3, main, { status: 'armed', token: 'T1', changed: 0 }, nodes);
  assert.equal(cachedNodes(3, main, { status: 'ok', token: 'T2', changed: 0, dirty: [] }), null, 'a whole tree is not a window');
});
