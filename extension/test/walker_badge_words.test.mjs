// The tally counts a control's words without the count its badge shows, as the host's id
// does (semantic/id_words.py without_badge): "Inbox 12" and "Inbox" are one label (note 166).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { withoutBadge } from '../lib/walker/src/wordless_name.js';

const el = (text, children = []) => ({ textContent: text, children });

test('a badge element\'s count leaves the words', () => {
  const badged = el('Inbox 12', [el('', []), el('12')]);
  assert.equal(withoutBadge(badged, 'inbox 12'), 'inbox');
  const bracketed = el('Issues (57)', [el('(57)')]);
  assert.equal(withoutBadge(bracketed, 'issues (57)'), 'issues');
  const deep = el('Drafts 3', [el('3', [el('3')])]);
  assert.equal(withoutBadge(deep, 'drafts 3'), 'drafts');
});

test('a number in the words themselves stays', () => {
  assert.equal(withoutBadge(el('Windows 10'), 'windows 10'), 'windows 10');
  assert.equal(withoutBadge(el('Page 2', [el('Page 2')]), 'page 2'), 'page 2');
  assert.equal(withoutBadge(el('42', [el('42')]), '42'), '42');
});
