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
//
// A report's or a monitor's tables hold figures, where a table of records holds names, states
// and links (`figure_rows`, `figure_tables`, design note 274): a row of figures names at most
// one thing and gives two figures or more, more figures than words ("01 Nov 2026" "41" "42"
// "1.00 MB"; "GET" "/" "10" "0" "3" "28"). A file's row ("notes.txt" "12 KB" "2026-11-01"
// "Ada") or an order's ("#1001" "Ada" "$12.00" "Shipped") is no such row.
import { everywhere } from './tally_roots.js';

const LABEL = /^[^\d]{1,40}$/;
const FIGURE = /^[-+~]?\d[^\n]{0,29}$/;
const LABEL_WORDS = 5;
const STAT_ROWS_LOOKED = 50;  // a status panel is short: rows past these in one table are records'

const cellText = (cell) => cell.textContent.replace(/\s+/g, ' ').trim();
// (a figure may start with a minus sign: "−312.00", an account's balance)
const FIGURE_CELL = /^[-+~\u2212]?\d[^\n]{0,29}$/;
const FIGURE_ROWS = 3;  // a table of figures holds this many rows of figures or more

// A row of a label and its figure.
export function statRow(row) {
  if (row.cells.length !== 2) return false;
  const label = cellText(row.cells[0]);
  const figure = cellText(row.cells[1]);
  return LABEL.test(label) && label.split(' ').length <= LABEL_WORDS && FIGURE.test(figure);
}

// A row of figures: two figures or more, more than the cells that say words.
export function figureRow(row) {
  let figures = 0;
  let words = 0;
  for (const cell of row.cells) {
    const text = cellText(cell);
    if (!text) continue;
    if (FIGURE_CELL.test(text)) figures++;
    else words++;
  }
  return figures >= 2 && figures > words;
}

// The page's tables and rows (every one, as before), the most own rows one table out of the
// chrome and shown holds (`table_rows_max`), and the rows of a label and its figure in those
// tables (`stat_rows`), the rows of figures in them (`figure_rows`) and the tables holding
// three or more (`figure_tables`, each first row's words once). At most `limit` tables looked
// at, fifty rows of each.
export function tableCounts(shown, chrome, limit) {
  let n = 0;
  let most = 0;
  let stats = 0;
  let figures = 0;
  let figured = 0;
  const heads = new Set();
  for (const table of everywhere('table')) {
    if (++n > limit) break;
    if (table.closest(chrome) || !shown(table)) continue;
    const rows = table.rows;
    most = Math.max(most, rows.length);
    let own = 0;
    for (let i = 0; i < rows.length && i < STAT_ROWS_LOOKED; i++) {
      stats += statRow(rows[i]);
      own += figureRow(rows[i]);
    }
    figures += own;
    // (one table shown again, a template's basic, hoverable and striped styles of its sample
    // table, is one table of figures: told by its first row's words)
    const head = rows.length ? [...rows[0].cells].map(cellText).join('|') : '';
    if (own >= FIGURE_ROWS && !heads.has(head)) {
      heads.add(head);
      figured++;
    }
  }
  return { tables: everywhere('table').length,
    rows: everywhere('tr').length, table_rows_max: most, stat_rows: stats,
    figure_rows: figures, figure_tables: figured };
}

// A list item whose own line is a label and its figure ("Donations" "−312.00", an account
// tree's line; "Hosts Down" "3"): the line's cells are the children of the item, or of its one
// child holding the line (<li><p><span>…</span><span>…</span></p>), its own lists left out.
export function figureItem(li) {
  const own = [...li.children].filter((c) => c.localName !== 'ul' && c.localName !== 'ol'
    && cellText(c));
  const line = own.length === 1 && own[0].children.length >= 2 ? own[0] : li;
  const cells = [...line.children].filter((c) => c.localName !== 'ul' && c.localName !== 'ol'
    && cellText(c));
  if (cells.length !== 2) return false;
  const [label, figure] = cells.map(cellText);
  return LABEL.test(label) && label.split(' ').length <= LABEL_WORDS && FIGURE_CELL.test(figure);
}
