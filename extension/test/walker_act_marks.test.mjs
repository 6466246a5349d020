// walker_reads.js actMarks (design note 211): a whole-page DOM read alone from the walk asks the
// walker to mark what the act's window walk writes, with the act's own window; no other read.
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('a whole-page DOM read alone asks the act\'s marks, with the act\'s window', async () => {
  const { ACT_WINDOW_PX, actMarks } = await import('../lib/walker/walker_reads.js');
  const { ACT_EXPAND_PX } = await import('../lib/act/route.js');
  assert.equal(ACT_WINDOW_PX, ACT_EXPAND_PX);
  for (const format of ['domtext', 'elements']) {
    assert.equal(actMarks({ format, viewport_only: false }), ACT_EXPAND_PX, format);
  }
  const none = {
    exact: { format: 'domtext', viewport_only: false, exact: true },
    window: { format: 'domtext', viewport_only: true, viewport_expand_px: 20_000 },
    also: { format: 'domtext', viewport_only: false, also_formats: ['outline'] },
    snapshot_source: { format: 'domtext', viewport_only: false, dom_source: 'snapshot' },
    ax_walk: { format: 'domtext', viewport_only: false, ax_tree: true },
    outline: { format: 'outline', viewport_only: false },
    set_of_mark: { format: 'som', viewport_only: false },
  };
  for (const [why, options] of Object.entries(none)) assert.equal(actMarks(options), 0, why);
});
