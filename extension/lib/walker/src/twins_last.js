// Semantic mode (issue 31): the words of a twin's place as the host's ids say them, and the
// last places that part twins alike in every other (twins.js settle): the header of the
// table column each sits in, the words before each in the paragraph they share
// (docs/design/102-article-openings-and-ids-by-column-and-sentence.md).
import { collapse, wordsHead } from './run.js';
import { ID_UNITS, SIGN_WORDS, SIGNED_NUMBER_PATTERN } from './generated_contract.js';
import { labelOf } from './twin_boxes.js';

const BLOCKS = 'p, li, td, dd, blockquote';  // (the paragraph holding a twin: twins.js)
const NAME_WORDS = 3;  // the words of a column's header an id holds

// The words of ``text`` as the host's ids say them (semantic/ids.py slug): lower case,
// Latin accents dropped, letters and digits, a sign opening a number said as its word
// ("-1°C": minus 1 c; note 306); the first ``max`` of them, and the unit after a number the
// last of them ends on ("250 g": note 218). Both rules: models/id_slug.py.
const UNITS = new Set(ID_UNITS);
const SIGNED_NUMBER = new RegExp(SIGNED_NUMBER_PATTERN, 'g');
export function idWords(text, max) {
  const words = text.replace(SIGNED_NUMBER, (_, sign) => ` ${SIGN_WORDS[sign]} `).toLowerCase()
    .normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .match(/[\p{L}\p{N}]+/gu) || [];
  const unit = words.length > max && max > 0 && /^\d+$/.test(words[max - 1])
    && UNITS.has(words[max]);
  return words.slice(0, unit ? max + 1 : max);
}

// Twins in table cells alike in all else (a roles grid's checkboxes, one a role in each
// permission's row; the grid's edit and delete icons in each role's header cell) are parted
// last by the header of their column, as a person reads a grid: "col:<words>".
export function withColumns(members, places) {
  const heads = members.map(columnHead);
  if (new Set(heads).size < 2) return;
  const depth = Math.max(...places.map((p) => p.length));
  members.forEach((_, i) => {
    while (places[i].length < depth) places[i].push('');
    places[i].push(heads[i] ? `col:${heads[i]}` : '');
  });
}

// The words of the header cell over the table cell holding ``el`` (the table head's last row,
// else a first row of header cells alone; else, for a row that shows no words, its axis:
// axisRow; column spans counted), "" when none.
export function columnHead(el) {
  const cell = el.parentElement && el.parentElement.closest('td, th');
  const row = cell && cell.parentElement;
  const table = row && row.localName === 'tr' ? row.closest('table') : null;
  if (!table) return '';
  const first = table.tHead && table.tHead.rows.length
    ? table.tHead.rows[table.tHead.rows.length - 1] : table.rows[0];
  const headed = first && [...first.cells].every((c) => c.localName === 'th');
  const head = headed ? first : axisRow(row);
  if (!head) return '';
  let column = 0;
  for (const c of row.cells) {
    if (c === cell) break;
    column += c.colSpan || 1;
  }
  let at = 0;
  for (const c of head.cells) {
    at += c.colSpan || 1;
    if (column < at) {
      return idWords(headed ? wordsHead(c, 400) : spaced(c), NAME_WORDS).join(' ');
    }
  }
  return '';
}

// The row that names the columns of a row showing no words of its own (a bar chart's row of
// bars, each a picture named "Hits: 45": the hours or days under them, "0".."23", "01 Nov"),
// as a person reads a chart by its axis: the row right after it, else right before it, whose
// every cell shows words, as many columns as it; null when none (a row with words is read
// by its own cells: twins.js withCells; a table's first row of header cells comes first).
function axisRow(row) {
  if (idWords(wordsHead(row, 400), 1).length) return null;
  const width = columns(row);
  for (const next of [row.nextElementSibling, row.previousElementSibling]) {
    if (next && next.localName === 'tr' && next.cells.length && columns(next) === width
      && [...next.cells].every((c) => idWords(wordsHead(c, 400), 1).length)) return next;
  }
  return null;
}

// An axis cell's words, its parts apart as a person reads them ("Mon<br><span>01 Dec</span>" is
// "Mon 01 Dec", where its textContent runs them together: "Mon01 Dec").
function spaced(n) {
  if (!n.firstElementChild) return n.textContent || '';
  const out = [];
  for (const child of n.childNodes) {
    if (child.nodeType === 3) out.push(child.textContent || '');
    else if (child.nodeType === 1 && !SILENT.has(child.localName)) out.push(spaced(child));
  }
  return collapse(out.join(' '));
}
const SILENT = new Set(['script', 'style', 'noscript', 'template', 'title']);

// The columns a table row spans (its cells' column spans counted).
function columns(row) {
  let width = 0;
  for (const c of row.cells) width += c.colSpan || 1;
  return width;
}

// Twins alike in all else in one paragraph or item (a term linked twice in one paragraph of
// a reference) are parted by the words before each in it, its last three without the twins'
// label, as a person reads the sentence: "after:<words>" ("" for one that opens it).
export function withWordsBefore(members, places) {
  const blocks = members.map((el) => el.parentElement && el.parentElement.closest(BLOCKS));
  if (new Set(blocks).size === blocks.length) return;
  const depth = Math.max(...places.map((p) => p.length));
  members.forEach((el, i) => {
    while (places[i].length < depth) places[i].push('');
    let words = [];
    if (blocks[i]) {
      const range = document.createRange();
      range.setStart(blocks[i], 0);
      range.setEndBefore(el);
      // (the twins' own label out: "Retry" after "Retry" is the same action twice in one
      // place, after nothing else, numbered as note 84 says)
      words = withoutWords(idWords(collapse(range.toString()).slice(-160), 400),
        idWords(labelOf(el), 400)).slice(-3);
    }
    places[i].push(words.length ? `after:${words.join(' ')}` : '');
  });
}

// ``words`` without each run of ``label``'s words in them.
function withoutWords(words, label) {
  if (!label.length) return words;
  const out = [];
  for (let i = 0; i < words.length; i++) {
    if (label.every((w, k) => words[i + k] === w)) i += label.length - 1;
    else out.push(words[i]);
  }
  return out;
}
