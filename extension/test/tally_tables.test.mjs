// The page tally's tables (src/tally_tables.js): the most own rows one shown table out of the
// chrome holds, beside the page's tables and rows.
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { figureItem, figureRow, statRow, tableCounts } = await import('../lib/walker/src/tally_tables.js');

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
      { tables: 5, rows: 56, table_rows_max: 6, stat_rows: 0, figure_rows: 0, figure_tables: 0 });
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

test('a row of figures gives two figures or more, more than words', () => {
  // a report's day, a request's timings, an account's balance
  assert.ok(figureRow(row('01 Nov 2026', '41', '42', '57', '1.00 MB')));
  assert.ok(figureRow(row('GET', '/', '10', '0', '3', '28', '5.63')));
  assert.ok(figureRow(row('', 'Total', '90', '920')));
  assert.ok(figureRow(row('Balance', '\u2212312.00', '12')));
  // a file's row, an order's, a person's, a label and its one figure
  assert.ok(!figureRow(row('notes.txt', '12 KB', '2026-11-01', 'Ada')));
  assert.ok(!figureRow(row('#1001', 'Ada', '$12.00', 'Shipped')));
  assert.ok(!figureRow(row('Ada Lovelace', 'ada@example.org', 'Admin')));
  assert.ok(!figureRow(row('Uptime', '2h 14m')));
  assert.ok(!figureRow(row('', '')));
});

test('tables of figures: three rows of figures or more in a shown table out of the chrome', () => {
  const tables = [table(5, { cells: ['Mon', '28', '37'] }), table(2, { cells: ['Tue', '3', '4'] }),
    table(4, { cells: ['Ada', 'ada@example.org', '1'] }),
    table(6, { cells: ['Mon', '28', '37'], chrome: true }),
    table(6, { cells: ['Mon', '28', '37'], hidden: true }),
    table(80, { cells: ['Hour', '7', '9'] }), table(4, { cells: ['Mon', '28', '37'] })];
  globalThis.document = {
    querySelectorAll: (sel) => (sel === 'table' ? tables : { length: 107 }),
  };
  try {
    const counts = tableCounts((el) => !el.hidden, 'nav', 100);
    // (fifty rows of one table looked at)
    assert.equal(counts.figure_rows, 5 + 2 + 50 + 4);
    // (a table whose first row says what another's says is that table shown again)
    assert.equal(counts.figure_tables, 2);
  } finally {
    delete globalThis.document;
  }
});

// A list item as the tally sees it: its children, each its words and its own children.
const el = (localName, text, children = []) => ({ localName, textContent: text, children });

test('a list item whose line is a label and its figure', () => {
  const line = (label, figure) => el('p', `${label} ${figure}`,
    [el('span', label), el('span', figure), el('span', '')]);
  // an account tree's line, its sub-accounts' list beside it
  assert.ok(figureItem(el('li', '', [line('Income', '\u22124560.00'), el('ol', 'Donations 312')])));
  assert.ok(figureItem(el('li', '', [el('span', 'Hosts Down'), el('b', '3')])));
  // a menu's or a post's words, a figure first, a long label, one cell
  assert.ok(!figureItem(el('li', '', [line('About us', 'Team')])));
  assert.ok(!figureItem(el('li', '', [el('span', '3'), el('span', 'comments')])));
  assert.ok(!figureItem(el('li', '', [line('The name of the one who wrote it', '12')])));
  assert.ok(!figureItem(el('li', '', [el('a', 'Books 12')])));
});
