// The page tally's table of contents (src/tally_contents.js, note 350): an item whose links all
// lead to places on the page is the document's contents, no item the page lists.
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { contentsEntry, toPlaceHere } = await import('../lib/walker/src/tally_contents.js');

// a document holding elements of these ids (and anchors of these names)
const page = (ids, names = []) => ({
  getElementById: (id) => (ids.includes(id) ? {} : null),
  getElementsByName: (name) => (names.includes(name) ? [{}] : []),
});
const DOC = page(['methods', 'NAME', 'METHODS', 'record', 'id-1.2', 'a b', '/operations/list#Request'],
  ['old-anchor']);
const link = (href, doc = DOC) => ({ ownerDocument: doc, getAttribute: (n) => (n === 'href' ? href : null) });
const item = (...hrefs) => ({ querySelectorAll: () => hrefs.map((h) => link(h)) });

test('a link to a place on the page: an element of its id or an anchor of its name', () => {
  for (const href of ['#methods', '#id-1.2', '#old-anchor', '#a%20b', '#/operations/list#Request']) {
    assert.ok(toPlaceHere(link(href)), href);  // (the last: Stoplight's heading anchor, a route's form)
  }
  // no place of that name (a script's handle on a row), a stand-in, a route, another page
  for (const href of ['#m3', '#', '#/users/3', '#!/inbox', 'page.html#methods', '/docs/', '', null]) {
    assert.ok(!toPlaceHere(link(href)), String(href));
  }
  assert.ok(!toPlaceHere(link('#%E0%A4%A', DOC)));  // a broken escape: its name as written, none
});

test('an item is a contents entry when all its links lead to places on the page', () => {
  assert.ok(contentsEntry(item('#NAME')));
  assert.ok(contentsEntry(item('#METHODS', '#record')));
  assert.ok(!contentsEntry(item('#METHODS', 'other.html')));
  assert.ok(!contentsEntry(item('#m0')));  // a row's script handle: the list's own item
  assert.ok(!contentsEntry(item()));  // an item without a link is the list's own
});
