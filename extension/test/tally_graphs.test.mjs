// The page tally's graphs drawn as pictures (src/tally_graphs.js): a file named for a period,
// its own or the one its link opens, or an alt (else a title) that is the period alone (design
// notes 323, 333).
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { fileName, isPeriodGraph } = await import('../lib/walker/src/tally_graphs.js');

// A picture as isPeriodGraph reads it: its attributes by name (null when absent), the link
// around it (`href`: its address; none when not given).
const attributes = (attrs) => (name) => (name in attrs ? attrs[name] : null);
const picture = (attrs, href) => ({
  getAttribute: attributes(attrs),
  closest: () => (href === undefined ? null : { getAttribute: attributes({ href }) }),
});

test('a picture named for a period is a graph', () => {
  for (const src of ['../../localdomain/host/diskstats_iops-day.png', 'cpu-week.svg',
    'traffic_monthly.gif?t=1700000000', '/graphs/load.year.png#zoom', 'if_eth0-hour.PNG',
    '/monitorix/imgs/system1z.1day.png']) {
    assert.equal(isPeriodGraph(picture({ src })), true, src);
  }
});

test('a picture whose name only holds a period word is none', () => {
  for (const src of ['banner-day.jpg-large', 'recipe-of-the-year-2024.jpg', 'daylight.png',
    'weekday-sale.png', 'day/cover.png', '', null]) {
    assert.equal(isPeriodGraph(picture({ src })), false, String(src));
  }
});

test('a picture whose link opens a file named for a period is a graph', () => {
  // Monitorix's graphs, saved as data: pictures, each in a link opening its file larger
  const data = 'data:image/png;base64,iVBORw0KGgo=';
  for (const href of ["javascript:void(window.open('http://127.0.0.1:8080/monitorix/imgs/"
    + "system1z.1day.png','','width=800,height=301'))", '/graphs/cpu-week.png',
  'big/traffic_monthly.gif?zoom=2']) {
    assert.equal(isPeriodGraph(picture({ src: data }, href)), true, href);
  }
  for (const href of ['/photos/holiday.png', 'daily-news.html', '#day', '/banner-day.jpg-large',
    "javascript:void(window.open('/walks/trip.png'))"]) {
    assert.equal(isPeriodGraph(picture({ src: data }, href)), false, href);
  }
});

test('a picture whose alt, else title, is a period alone is a graph', () => {
  const data = 'data:image/png;base64,iVBORw0KGgo=';
  for (const attrs of [{ src: data, alt: 'day' }, { src: data, alt: ' Weekly ' },
    { src: data, title: 'month' }, { src: data, alt: 'year', title: 'Solar array' }]) {
    assert.equal(isPeriodGraph(picture(attrs)), true, JSON.stringify(attrs));
  }
  for (const attrs of [{ src: data, alt: 'Day trip to the coast' }, { src: data, alt: '' },
    { src: data, alt: '', title: 'day' }, { src: data, alt: 'weekday' }, { src: data }]) {
    assert.equal(isPeriodGraph(picture(attrs)), false, JSON.stringify(attrs));
  }
});

test('the file name is the last path segment without query or fragment', () => {
  assert.equal(fileName('a/b/c-day.png?x=1#y'), 'c-day.png');
  assert.equal(fileName('c-day.png'), 'c-day.png');
});

// A box of elements as seekBar reads it: each child's tag, its siblings, what it holds.
function box(...children) {
  const parent = { firstElementChild: children[0] || null };
  children.forEach((c, i) => {
    c.parentElement = parent;
    c.nextElementSibling = children[i + 1] || null;
  });
  return children;
}
const element = (localName, holds = null) => ({
  localName,
  matches: (selector) => selector.split(',').some((s) => s.trim().split(/[[.#]/)[0] === localName),
  querySelector: () => holds,
});

test("a thin canvas beside its box's controls is a control's track, no chart", async () => {
  const { seekBar } = await import('../lib/walker/src/tally_graphs.js');
  // copyparty's player: its buttons' box, then the volume, position and buffer bars
  const [controls, volume, position] = box(element('div', element('a')), element('canvas'),
    element('canvas'));
  assert.equal(seekBar(volume, { width: 201, height: 35 }), true);
  assert.equal(seekBar(position, { width: 794, height: 35 }), true);
  assert.equal(seekBar(controls, { width: 120, height: 35 }), false, 'no canvas');
  // a chart's canvas: tall, or thin with no control beside it (a sparkline in its cell)
  const [, chart] = box(element('button'), element('canvas'));
  assert.equal(seekBar(chart, { width: 400, height: 200 }), false);
  const [, sparkline] = box(element('span'), element('canvas'));
  assert.equal(seekBar(sparkline, { width: 160, height: 30 }), false);
  const [, square] = box(element('button'), element('canvas'));
  assert.equal(seekBar(square, { width: 60, height: 40 }), false, 'no bar: not four times wide');
});
