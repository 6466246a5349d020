// walker_capture.js listableIds: which records' backendNodeIds a read takes.
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('the act\'s capture after takes the listable records\' ids only, unless exact', async () => {
  const { listableIds } = await import('../lib/walker/walker_capture.js');
  const act = { format: 'elements', viewport_only: true, viewport_expand_px: 20_000 };
  assert.equal(listableIds({ ...act, ids_of: 'listable' }), 'window', 'act_listable_ids: the window read\'s');
  assert.equal(listableIds({ ...act, ids_of: 'listable', exact: true }), false, 'exact: every record\'s');
  assert.equal(listableIds(act), false, 'a read that does not ask: every record\'s');
  assert.equal(listableIds({ format: 'domtext', viewport_only: false }), true, 'a whole-page walk: as before');
  // a whole-page DOMSnapshot read joins its records to the snapshot: no ids taken here at all
  assert.equal(listableIds({ format: 'domtext', viewport_only: false, dom_source: 'snapshot', ids_of: 'listable' }),
    false);
});
