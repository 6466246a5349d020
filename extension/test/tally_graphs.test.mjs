// The page tally's graphs drawn as pictures (src/tally_graphs.js): a file named for a period.
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { fileName, isPeriodGraph } = await import('../lib/walker/src/tally_graphs.js');

test('a picture named for a period is a graph', () => {
  for (const src of ['../../localdomain/host/diskstats_iops-day.png', 'cpu-week.svg',
    'traffic_monthly.gif?t=1700000000', '/graphs/load.year.png#zoom', 'if_eth0-hour.PNG']) {
    assert.equal(isPeriodGraph(src), true, src);
  }
});

test('a picture whose name only holds a period word is none', () => {
  for (const src of ['banner-day.jpg-large', 'recipe-of-the-year-2024.jpg', 'daylight.png',
    'weekday-sale.png', 'day/cover.png', '', null]) {
    assert.equal(isPeriodGraph(src), false, String(src));
  }
});

test('the file name is the last path segment without query or fragment', () => {
  assert.equal(fileName('a/b/c-day.png?x=1#y'), 'c-day.png');
  assert.equal(fileName('c-day.png'), 'c-day.png');
});
