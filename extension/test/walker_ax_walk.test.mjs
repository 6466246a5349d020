// walker_capture.js: which reads are read from the walk (ax_source "walk" or unset, design notes 42/45/65),
// and the walk they ask for: the boxes of text runs only when a SnapshotV1 is read.
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { walksAxTree, axTreeWalkOptions, isCssFocus } = await import('../lib/walker/walker_capture.js');
const { axSource } = await import('../lib/walker/walker_reads.js');

test('SnapshotV1 and the outline of the whole page are read from the walk, with also_formats too', () => {
  const page = { scope: 'page', ax_source: 'walk' };
  assert.equal(walksAxTree({ ...page, format: 'snapshot' }), true);
  assert.equal(walksAxTree({ ...page }), true, 'format snapshot is the default');
  assert.equal(walksAxTree({ ...page, format: 'outline' }), true);
  assert.equal(walksAxTree({ ...page, format: 'snapshot', viewport_only: false,
    also_formats: ['outline', 'domtext'] }), true, 'one walk for every format');
  assert.equal(walksAxTree({ ...page, format: 'outline', focus: 'main' }), true, 'a focus too');
  assert.equal(walksAxTree({ format: 'snapshot', ax_source: 'walk' }), false, 'the window: Chromium');
  assert.equal(walksAxTree({ ...page, format: 'domtext' }), false);
  assert.equal(walksAxTree({ scope: 'page', format: 'snapshot', ax_source: 'chromium' }), false);
});

test("the walk is the whole page's source unless Chromium's tree is asked (design note 65)", () => {
  assert.equal(axSource({}), 'walk');
  assert.equal(axSource({ ax_source: null }), 'walk');
  assert.equal(axSource({ ax_source: 'chromium' }), 'chromium');
  assert.equal(walksAxTree({ scope: 'page', format: 'snapshot' }), true, 'unset: the walk');
  assert.equal(walksAxTree({ scope: 'page', format: 'outline', ax_source: null }), true);
  assert.equal(walksAxTree({ format: 'snapshot' }), false, 'the window: Chromium');
  const oneRead = { scope: 'page', format: 'snapshot', viewport_only: false, also_formats: ['domtext'] };
  assert.equal(walksAxTree(oneRead), true, 'a one read: one walk');
  assert.equal(walksAxTree({ ...oneRead, dom_source: 'snapshot' }), false,
    'a one read joined to a DOMSnapshot: Chromium');
});

test('only a read with a SnapshotV1 asks the walk for the boxes of its text runs', () => {
  const walk = (options) => axTreeWalkOptions({ scope: 'page', ax_source: 'walk', ...options });
  assert.equal(walk({ format: 'snapshot' }).ax_tree, 'boxes');
  assert.equal(walk({ format: 'outline' }).ax_tree, true);
  assert.equal(walk({ format: 'outline', also_formats: ['snapshot'] }).ax_tree, 'boxes');
  const options = walk({ format: 'snapshot', also_formats: ['domtext'] });
  assert.deepEqual([options.format, options.viewport_only, options.dom_source],
    ['domtext', false, 'walk'], 'walked as a whole-page DOM read is');
  // a pruned SnapshotV1 or outline alone takes no id of a text a control says (design note 87)
  assert.equal(walk({ format: 'snapshot' }).ax_said, true);
  assert.equal(walk({}).ax_said, true, 'format snapshot is the default');
  assert.equal(walk({ format: 'snapshot', pruned: false }).ax_said, undefined, 'an unpruned tree prints them');
  assert.equal(walk({ format: 'outline' }).ax_said, true, 'a pruned outline alone too');
  assert.equal(walk({ format: 'outline', focus: '0-12' }).ax_said, undefined, "an outline's focus names any node");
  assert.equal(walk({ format: 'outline', pruned: false }).ax_said, undefined);
  // a one read too, when none of its formats prints such a text (DOM text and elements print
  // the listable records, whose ids the records' take learns)
  assert.equal(walk({ format: 'snapshot', also_formats: ['outline'] }).ax_said, true, 'a one read');
  assert.equal(walk({ format: 'snapshot', also_formats: ['outline', 'domtext', 'elements'] }).ax_said, true);
  assert.equal(walk({ format: 'outline', also_formats: ['snapshot', 'domtext'] }).ax_said, true);
  assert.equal(walk({ format: 'snapshot', also_formats: ['outline'], focus: '0-12' }).ax_said, undefined,
    "a one read with an outline's focus");
  assert.equal(walk({ format: 'snapshot', also_formats: ['domtext'], pruned: false }).ax_said, undefined,
    'an unpruned one read');
  assert.equal(walk({ format: 'snapshot', also_formats: ['som'] }).ax_said, undefined,
    'a format not known to leave them unprinted');
});

test("a walk's ax id and an element id are the host's to resolve as a focus, not CSS", () => {
  for (const focus of ['0-29', '0-ax12', '2-ax0', '/html/body/main']) assert.equal(isCssFocus(focus), false, focus);
  for (const focus of ['main', '#nav a', '.ax-1', 'div > p']) assert.equal(isCssFocus(focus), true, focus);
});
