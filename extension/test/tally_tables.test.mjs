// The page tally's tables (src/tally_tables.js): the most own rows one shown table out of the
// chrome holds, beside the page's tables and rows.
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { statRow, tableCounts } = await import('../lib/walker/src/tally_tables.js');

// A table as the tally sees it: its own rows (a table inside keeps its own), where it is.
const table = (rows, { chrome = false, hidden = false, cells = [] } = {}) => ({
  rows: Array.from({ length: rows }, () => row(...cells)), closest: () => (chrome ? {} : null),
  hidden,
});
// A row of cells holding these texts.
const row = (...texts) => ({ cells: texts.map((text) => ({ textContent: text })) });

test('the most rows one shown table out of the chrome holds', () => {
  const tables = [table(6), table(3), table(12, { chrome: true }), table(30, { hidden: true }),
    table(5)];
  globalThis.document = {
    querySelectorAll: (sel) => (sel === 'table' ? tables : { length: 56 }),
  };
  try {
    const shown = (el) => !el.hidden;
    assert.deepEqual(tableCounts(shown, 'nav', 100),
      { tables: 5, rows: 56, table_rows_max: 6, stat_rows: 0 });
    // (at most `limit` tables looked at)
    assert.equal(tableCounts(shown, 'nav', 2).table_rows_max, 6);
    // no table shown: none of the page's rows is a table's a person reads
    assert.equal(tableCounts(() => false, 'nav', 100).table_rows_max, 0);
  } finally {
    delete globalThis.document;
  }
});

test('a row of a label and its figure is a status panel\'s', () => {
  assert.ok(statRow(row('Download Rate', ' 0 B/s ')));
  assert.ok(statRow(row('  Uptime\n', '2h 14m')));
  assert.ok(statRow(row('Hosts Down', '3')));
  assert.ok(statRow(row('Load', '-0.5')));
  // a price is an order's sum, a digit in the label a record's, three cells a table's record
  assert.ok(!statRow(row('Subtotal', '$12.00')));
  assert.ok(!statRow(row('Room 4', '12')));
  assert.ok(!statRow(row('Uptime', '2h', '3')));
  assert.ok(!statRow(row('Name of the person who wrote it first', '12')));
  assert.ok(!statRow(row('Status', 'Up to date')));
  assert.ok(!statRow(row('', '12')));
});

test('the rows of a label and its figure in shown tables out of the chrome', () => {
  const tables = [table(4, { cells: ['Uptime', '2h'] }), table(3, { cells: ['Name', 'Ada'] }),
    table(5, { cells: ['Hits', '12'], chrome: true }),
    table(6, { cells: ['Hits', '12'], hidden: true }), table(80, { cells: ['Day', '7'] })];
  globalThis.document = {
    querySelectorAll: (sel) => (sel === 'table' ? tables : { length: 98 }),
  };
  try {
    // (a status panel is short: at most fifty rows of one table looked at)
    assert.equal(tableCounts((el) => !el.hidden, 'nav', 100).stat_rows, 4 + 50);
    assert.equal(tableCounts((el) => !el.hidden, 'nav', 1).stat_rows, 4);
  } finally {
    delete globalThis.document;
  }
});
