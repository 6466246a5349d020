// Roles that depend on an element's attributes or place (ax_role.js): input types, header /
// footer / aside / section by where they sit, and tables Chromium takes for layout (its
// data-table heuristic: a table without headers, captions, borders or striping is laid out,
// not read, and its parts are LayoutTable / LayoutTableRow / LayoutTableCell).

const INPUT_ROLES = {
  button: 'button', submit: 'button', reset: 'button', image: 'button', file: 'button',
  checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton',
  color: 'ColorWell', date: 'Date', 'datetime-local': 'DateTime', month: 'DateTime',
  week: 'DateTime', time: 'InputTime', hidden: 'none',
};

export function inputRole(el) {
  const type = (el.type || 'text').toLowerCase();
  const fixed = INPUT_ROLES[type];
  if (fixed) return fixed;
  if (el.hasAttribute('list')) return 'combobox';
  return type === 'search' ? 'searchbox' : 'textbox';
}

const SECTIONING = new Set(['article', 'aside', 'main', 'nav', 'section']);
const SECTIONING_ROLES = new Set(['article', 'complementary', 'main', 'navigation', 'region']);

function scoped(el, withMain) {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const tag = p.localName;
    if (SECTIONING.has(tag) && (withMain || tag !== 'main')) return true;
    const role = p.getAttribute('role');
    if (role && SECTIONING_ROLES.has(role) && (withMain || role !== 'main')) return true;
  }
  return false;
}

function named(el) {
  return !!((el.getAttribute('aria-label') || '').trim() || el.hasAttribute('aria-labelledby')
    || (el.getAttribute('title') || '').trim());
}

export function sectioningRole(el, tag) {
  if (tag === 'header') return scoped(el, true) ? 'sectionheader' : 'banner';
  if (tag === 'footer') return scoped(el, true) ? 'sectionfooter' : 'contentinfo';
  if (tag === 'aside') return !scoped(el, false) || named(el) ? 'complementary' : 'generic';
  return named(el) ? 'region' : 'generic';
}

const dataTables = new WeakMap();

function hasBorder(cs) {
  return parseFloat(cs.borderTopWidth) > 0 || parseFloat(cs.borderBottomWidth) > 0
    || parseFloat(cs.borderLeftWidth) > 0 || parseFloat(cs.borderRightWidth) > 0;
}

/** Chromium's data-table heuristic (AXNodeObject::IsDataTable), as far as the page can see. */
export function isDataTable(table) {
  let known = dataTables.get(table);
  if (known === undefined) {
    known = decideDataTable(table);
    dataTables.set(table, known);
  }
  return known;
}

function decideDataTable(table) {
  const role = (table.getAttribute('role') || '').trim().toLowerCase();
  if (role === 'grid' || role === 'treegrid' || role === 'table') return true;
  if (table.isContentEditable) return true;
  if (table.getAttribute('summary') || table.tHead || table.tFoot || table.caption) return true;
  if (table.getAttribute('rules')) return true;
  if (table.querySelector(':scope > colgroup, :scope > col')) return true;
  const rows = table.rows;
  if (rows.length >= 20) return true;
  if (rows.length < 1) return false;
  const tableBg = getComputedStyle(table).backgroundColor;
  let valid = 0;
  let bordered = 0;
  let otherBg = 0;
  let maxCols = 0;
  for (let r = 0; r < rows.length; r++) {
    const cells = rows[r].cells;
    if (cells.length > maxCols) maxCols = cells.length;
    for (let c = 0; c < cells.length; c++) {
      const cell = cells[c];
      if (cell.localName === 'th') return true;
      if (cell.hasAttribute('abbr') || cell.hasAttribute('axis') || cell.hasAttribute('headers')
        || cell.hasAttribute('scope')) return true;
      if (!cell.firstChild) continue;
      valid++;
      const cs = getComputedStyle(cell);
      if (hasBorder(cs)) bordered++;
      if (cs.backgroundColor !== tableBg && cs.backgroundColor !== 'rgba(0, 0, 0, 0)') otherBg++;
      if (bordered >= 10 || otherBg >= 10) return true;
    }
  }
  if (rows.length === 1 || maxCols === 1) return false;
  if (valid <= 1) return false;
  return bordered >= valid / 2 || otherBg >= valid / 2;
}

function isHeader(cell) { return !!cell && cell.localName === 'th'; }
function nonEmptyData(cell) {
  return !!cell && cell.localName === 'td' && !!(cell.textContent || '').trim();
}

function headerRole(cell) {
  const scope = (cell.getAttribute('scope') || '').toLowerCase();
  if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
  if (scope === 'col' || scope === 'colgroup') return 'columnheader';
  const row = cell.parentElement;
  const prev = cell.previousElementSibling;
  const next = cell.nextElementSibling;
  if (!prev && !next) return 'columnheader';
  if (isHeader(prev) || isHeader(next)) return 'columnheader';
  if (nonEmptyData(prev) || nonEmptyData(next)) return 'rowheader';
  if (!row || row.localName !== 'tr') return 'columnheader';
  if (nonEmptyData(row.firstElementChild) || nonEmptyData(row.lastElementChild)) return 'rowheader';
  return 'columnheader';
}

export function tableRole(el, tag) {
  const table = tag === 'table' ? el : el.closest('table');
  if (!table) return 'generic';
  const data = isDataTable(table);
  const grid = /^(grid|treegrid)$/.test((table.getAttribute('role') || '').trim());
  if (tag === 'table') return data ? 'table' : 'LayoutTable';
  if (tag === 'tr') return data ? 'row' : 'LayoutTableRow';
  if (!data) return 'LayoutTableCell';
  if (tag === 'th') return headerRole(el);
  return grid ? 'gridcell' : 'cell';
}
