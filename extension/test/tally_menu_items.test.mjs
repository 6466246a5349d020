// The page tally's list items (src/tally_words.js menuItem): an item of a menu, a tab list or a
// tree is no item the page lists, by its own ARIA role or by its box's role, class or id.
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { inMenuBox, menuItem } = await import('../lib/walker/src/tally_words.js');

// An element as the tally sees it: its tag, attributes and the box it sits in.
const el = (localName, { role = null, id = '', className = '' } = {}, parentElement = null) => ({
  localName, id, className, parentElement, getAttribute: (name) => (name === 'role' ? role : null),
});

test('an item whose own role is a menu\'s, a tab\'s or a tree\'s is no list item', () => {
  const list = el('ul', {}, el('div', {}, el('body')));
  for (const role of ['menuitem', 'menuitemcheckbox', 'tab', 'treeitem', 'menuitem presentation']) {
    assert.ok(menuItem(el('li', { role }, list)), role);
  }
  assert.ok(!menuItem(el('li', {}, list)));
  assert.ok(!menuItem(el('li', { role: 'listitem' }, list)));
  assert.ok(!menuItem(el('li', { role: 'option' }, list)));
});

test('an item in a box whose role, id or class names a menu is no list item', () => {
  const body = el('body');
  assert.ok(menuItem(el('li', {}, el('ul', { role: 'menu' }, body))));
  assert.ok(menuItem(el('li', {}, el('ul', { role: 'tree' }, body))));
  assert.ok(menuItem(el('li', {}, el('ul', {}, el('div', { id: 'navigation' }, body)))));
  assert.ok(menuItem(el('li', {}, el('ul', { id: 'menu_create_div' }, body))));
  assert.ok(menuItem(el('li', {}, el('ul', { className: 'side-nav' }, body))));
  // (words that only hold a menu's word are not it: "menus" is, "menuiserie" is not)
  assert.ok(!menuItem(el('li', {}, el('ul', { id: 'menuiserie' }, body))));
  assert.ok(!menuItem(el('li', {}, el('ul', { id: 'results' }, body))));
  // (the box is looked for up to the body or <main>: a <main> in a menu-named box is content)
  const main = el('main', {}, el('div', { id: 'nav-wrapper' }, body));
  assert.ok(!menuItem(el('li', {}, el('ul', {}, main))));
});

test('a search box in a box whose id names the header is in a menu box', () => {
  const header = el('div', { id: 'header' }, el('body'));
  assert.ok(inMenuBox(el('input', {}, el('form', {}, header))));
  assert.ok(!inMenuBox(el('input', {}, el('form', {}, el('div', { id: 'content' }, el('body'))))));
});
