// The page tally's graphs drawn as pictures (src/tally_graphs.js): a file named for a period,
// or an alt (else a title) that is the period alone (design note 323).
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { fileName, isPeriodGraph } = await import('../lib/walker/src/tally_graphs.js');

// A picture as isPeriodGraph reads it: its attributes by name (null when absent).
const picture = (attrs) => ({ getAttribute: (name) => (name in attrs ? attrs[name] : null) });

test('a picture named for a period is a graph', () => {
  for (const src of ['../../localdomain/host/diskstats_iops-day.png', 'cpu-week.svg',
    'traffic_monthly.gif?t=1700000000', '/graphs/load.year.png#zoom', 'if_eth0-hour.PNG']) {
    assert.equal(isPeriodGraph(picture({ src })), true, src);
  }
});

test('a picture whose name only holds a period word is none', () => {
  for (const src of ['banner-day.jpg-large', 'recipe-of-the-year-2024.jpg', 'daylight.png',
    'weekday-sale.png', 'day/cover.png', '', null]) {
    assert.equal(isPeriodGraph(picture({ src })), false, String(src));
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
