// Twins nothing else parts (lib/walker/src/twin_numbers.js, note 161): a pair with a list
// between them is said by its side of the list, others are numbered; and twins alike in a
// place's first words are parted by its words after those they share (twin_part.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { listBetween, numberAlike, pairSides } from '../lib/walker/src/twin_numbers.js';
import { part } from '../lib/walker/src/twin_part.js';

// A small element tree: what the module reads of the DOM (tag, class, href, children).
class Node {
  constructor(localName, attrs = {}, children = []) {
    this.localName = localName;
    this.attrs = attrs;
    this.children = children;
    this.parentElement = null;
    for (const child of children) child.parentElement = this;
  }

  getAttribute(name) {
    return name in this.attrs ? this.attrs[name] : null;
  }

  get nextElementSibling() {
    const siblings = this.parentElement ? this.parentElement.children : [];
    return siblings[siblings.indexOf(this) + 1] || null;
  }

  contains(other) {
    for (let at = other; at; at = at.parentElement) if (at === this) return true;
    return false;
  }

  // (no icon or picture inside: twin_own.js lookPlaces asks)
  querySelector() {
    return null;
  }
}
const el = (tag, attrs, ...children) => new Node(tag, attrs, children);
const card = (n) => el('div', { class: 'card' }, el('a', { href: `/p/${n}` }), el('img', {}));

function shop() {
  const top = el('select', { name: 'sort' });
  const bottom = el('select', { name: 'sort' });
  el('div', {},
    el('div', { class: 'bar' }, el('label', {}, top)),
    el('div', { class: 'grid' }, card(1), card(2), card(3)),
    el('div', { class: 'bar' }, el('label', {}, bottom)));
  return [top, bottom];
}

test('a pair with a list between them is said by its side of it', () => {
  const [top, bottom] = shop();
  assert.equal(listBetween(top, bottom), true);
  assert.deepEqual(pairSides([top, bottom], true), [['side:above list'], ['side:below list']]);
  const words = [['under:shoes'], ['under:shoes']];
  numberAlike(words, ['', ''], [top, bottom]);
  assert.deepEqual(words, [['under:shoes', 'side:above list'], ['under:shoes', 'side:below list']]);
});

test('the same row twice in one list is no pair around a list: numbered', () => {
  const rows = [1, 2, 3, 4].map(() => el('tr', {}, el('td', {}, el('a', { href: '/edit' }))));
  el('tbody', {}, ...rows);
  const first = rows[0].children[0].children[0];
  const last = rows[3].children[0].children[0];
  assert.equal(listBetween(first, last), false);
  const words = [[], []];
  numberAlike(words, ['', ''], [first, last]);
  assert.deepEqual(words, [['n:1/2'], ['n:2/2']]);
});

test('a pair side by side, three alike or a field pair not asked for are numbered or left', () => {
  const a = el('select', {});
  const b = el('select', {});
  el('div', {}, el('span', {}, a), el('span', {}, el('a', { href: '/x' })), el('span', {}, b));
  assert.equal(listBetween(a, b), false, 'one link between is no list');
  const [top, bottom] = shop();
  assert.deepEqual(pairSides([top, bottom], false), [[], []], 'not a field group');
  const third = el('select', {});
  assert.deepEqual(pairSides([top, bottom, third], true), [[], [], []]);
  const words = [[], [], []];
  numberAlike(words, ['', '', ''], [top, bottom, third]);
  assert.deepEqual(words, [['n:1/3'], ['n:2/3'], ['n:3/3']]);
});

test('twins alike in a box\'s first four words are parted by the words after those they share', () => {
  const places = [
    ['for:Deck Shoe Two Eye Sizes DKK Keep', 'after:Harbour Loafer'],
    ['for:Deck Shoe Two Eye Available in sizes DKK Keep', 'after:Harbour Loafer'],
    ['for:Canvas Sneaker Sizes DKK', 'after:Deck Shoe Two Eye'],
  ];
  const out = places.map(() => []);
  part([0, 1, 2], places, 0, out);
  assert.deepEqual(out, [
    ['for:deck shoe two eye', 'for:sizes dkk keep'],
    ['for:deck shoe two eye', 'for:available in sizes dkk'],
    ['for:canvas sneaker sizes dkk'],
  ]);
  const same = [['for:Deck Shoe Two Eye'], ['for:Deck Shoe Two Eye']];
  const none = same.map(() => []);
  part([0, 1], same, 0, none);
  assert.deepEqual(none, [[], []], 'alike in full: nothing to say, numbered after');
});

test('a twin inside another of its lot is that control listed twice: not numbered', () => {
  // a dropdown's scripted wrapper and its toggle (Wagtail's "Actions", note 272)
  const toggle = el('button', {});
  const wrapper = el('div', { 'data-action': 'w-dropdown#toggle' }, toggle);
  el('nav', {}, wrapper);
  const words = [['at:actions'], ['at:actions']];
  numberAlike(words, ['', ''], [wrapper, toggle]);
  assert.deepEqual(words, [['at:actions'], ['at:actions']]);
  // two such pairs: the wrappers are the twins, numbered; each toggle is said as its wrapper
  const pairs = [1, 2].map(() => {
    const inner = el('button', {});
    return [el('div', {}, inner), inner];
  });
  el('nav', {}, ...pairs.map(([outer]) => outer));
  const four = [[], [], [], []];
  numberAlike(four, ['', '', '', ''], pairs.flat());
  assert.deepEqual(four, [['n:1/2'], ['n:1/2'], ['n:2/2'], ['n:2/2']]);
});

test('twins alike in all else, each named by its own id or test id, are said by those names', () => {
  // (Verdaccio's header: three nameless icon buttons alike in tag and class, note 278)
  const buttons = [
    el('button', { class: 'icon', id: 'header--button-settings', 'data-testid': 'header--tooltip-settings' }),
    el('button', { class: 'icon', id: 'header--button-registryInfo' }),
    el('button', { class: 'icon', 'data-testid': 'header--button--light' }),
  ];
  el('div', {}, ...buttons);
  const words = [['at:header'], ['at:header'], ['at:header']];
  numberAlike(words, ['', '', ''], buttons);
  assert.deepEqual(words, [['at:header', 'own:settings'], ['at:header', 'own:registry info'],
    ['at:header', 'own:light']]);
  // one with no name of its own, names alike but for a number, or the same name twice: numbered
  for (const attrs of [[{ id: 'menu-open' }, {}], [{ id: 'row-1' }, { id: 'row-2' }],
    [{ name: 'go' }, { name: 'go' }]]) {
    const pair = attrs.map((a) => el('button', { class: 'icon', ...a }));
    el('div', {}, ...pair);
    const said = [[], []];
    numberAlike(said, ['', ''], pair);
    assert.deepEqual(said, [['n:1/2'], ['n:2/2']], JSON.stringify(attrs));
  }
});
