// The page tally's tables (src/tally_tables.js): the most own rows one shown table out of the
// chrome holds, beside the page's tables and rows.
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { tableCounts } = await import('../lib/walker/src/tally_tables.js');

// A table as the tally sees it: its own rows (a table inside keeps its own), where it is.
const table = (rows, { chrome = false, hidden = false } = {}) => ({
  rows: Array.from({ length: rows }, () => ({})), closest: () => (chrome ? {} : null), hidden,
});

test('the most rows one shown table out of the chrome holds', () => {
  const tables = [table(6), table(3), table(12, { chrome: true }), table(30, { hidden: true }),
    table(5)];
  globalThis.document = {
    querySelectorAll: (sel) => (sel === 'table' ? tables : { length: 56 }),
  };
  try {
    const shown = (el) => !el.hidden;
    assert.deepEqual(tableCounts(shown, 'nav', 100), { tables: 5, rows: 56, table_rows_max: 6 });
    // (at most `limit` tables looked at)
    assert.equal(tableCounts(shown, 'nav', 2).table_rows_max, 6);
    // no table shown: none of the page's rows is a table's a person reads
    assert.equal(tableCounts(() => false, 'nav', 100).table_rows_max, 0);
  } finally {
    delete globalThis.document;
  }
});
