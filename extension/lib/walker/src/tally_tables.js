// Semantic mode, the page tally's tables: how many rows a person reads as one table's. A list
// page's records stand in one table; a console's overview spreads its rows over many small
// tables (Nagios's tactical overview: 63 rows in 46 layout tables, none over six; a settings
// page's status panels beside its fields), and ten rows in all are no table of ten records
// there. A table's own rows are `table.rows`: a table inside holds its own.

// The page's tables and rows (every one, as before), and the most own rows one table out of
// the chrome and shown holds (`table_rows_max`). At most `limit` tables looked at.
export function tableCounts(shown, chrome, limit) {
  let n = 0;
  let most = 0;
  for (const table of document.querySelectorAll('table')) {
    if (++n > limit) break;
    if (table.closest(chrome) || !shown(table)) continue;
    most = Math.max(most, table.rows.length);
  }
  return { tables: document.querySelectorAll('table').length,
    rows: document.querySelectorAll('tr').length, table_rows_max: most };
}
