// Semantic mode, the page tally's tables: how many rows a person reads as one table's. A list
// page's records stand in one table; a console's overview spreads its rows over many small
// tables (Nagios's tactical overview: 63 rows in 46 layout tables, none over six; a settings
// page's status panels beside its fields), and ten rows in all are no table of ten records
// there. A table's own rows are `table.rows`: a table inside holds its own.
//
// A status panel's rows are a label and its figure, two cells each ("Uptime" "2h 14m",
// "Download Rate" "0 B/s", "Hosts Down" "3"): a console shows its state that way, where a table
// of records names columns over rows of several cells (`stat_rows`, design note 267). A label
// holds no digit and a few words; a figure starts with a digit (a price starts with its
// currency: a basket's "Subtotal $12" is an order's sum, no status).

const LABEL = /^[^\d]{1,40}$/;
const FIGURE = /^[-+~]?\d[^\n]{0,29}$/;
const LABEL_WORDS = 5;
const STAT_ROWS_LOOKED = 50;  // a status panel is short: rows past these in one table are records'

const cellText = (cell) => cell.textContent.replace(/\s+/g, ' ').trim();

// A row of a label and its figure.
export function statRow(row) {
  if (row.cells.length !== 2) return false;
  const label = cellText(row.cells[0]);
  const figure = cellText(row.cells[1]);
  return LABEL.test(label) && label.split(' ').length <= LABEL_WORDS && FIGURE.test(figure);
}

// The page's tables and rows (every one, as before), the most own rows one table out of the
// chrome and shown holds (`table_rows_max`), and the rows of a label and its figure in those
// tables (`stat_rows`). At most `limit` tables looked at.
export function tableCounts(shown, chrome, limit) {
  let n = 0;
  let most = 0;
  let stats = 0;
  for (const table of document.querySelectorAll('table')) {
    if (++n > limit) break;
    if (table.closest(chrome) || !shown(table)) continue;
    const rows = table.rows;
    most = Math.max(most, rows.length);
    for (let i = 0; i < rows.length && i < STAT_ROWS_LOOKED; i++) stats += statRow(rows[i]);
  }
  return { tables: document.querySelectorAll('table').length,
    rows: document.querySelectorAll('tr').length, table_rows_max: most, stat_rows: stats };
}
