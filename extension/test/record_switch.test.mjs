// A switch in a record's row (src/tally_rows.js recordSwitch, design note 293): the row links to
// a page of its own and holds a button besides the switch; a settings row holds neither.
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { recordSwitch } = await import('../lib/walker/src/tally_rows.js');

// Elements as recordSwitch reads them: containment, an href, text, and a row's query.
const node = (attrs = {}, text = '') => ({
  contains: () => false,
  getAttribute: (name) => attrs[name] ?? null,
  textContent: text,
});
const row = (links, buttons) => ({
  querySelectorAll: (selector) => (selector === 'a[href]' ? links : buttons),
});
const toggle = node();

test('a row linking to its record, with a button besides the switch: the record\'s switch', () => {
  const name = node({ href: '/jobs/weather_feed' }, 'weather_feed');
  assert.equal(recordSwitch(toggle, row([name], [node({}, 'Trigger job')])), true);
});

test('no row, no link of its own, a link to "#", or no other button: a setting\'s switch', () => {
  const name = node({ href: '/jobs/weather_feed' }, 'weather_feed');
  assert.equal(recordSwitch(toggle, null), false);
  assert.equal(recordSwitch(toggle, row([], [node({}, 'Trigger job')])), false);
  assert.equal(recordSwitch(toggle, row([node({ href: '#' }, 'Google')], [node({}, 'Edit')])), false);
  assert.equal(recordSwitch(toggle, row([node({ href: '/help' }, '')], [node({}, 'Edit')])), false);
  assert.equal(recordSwitch(toggle, row([name], [])), false);
  // (the switch drawn as a button is itself no other button)
  const drawn = { ...node({ role: 'switch' }), contains: (other) => other === drawn };
  assert.equal(recordSwitch(drawn, row([name], [drawn])), false);
});
