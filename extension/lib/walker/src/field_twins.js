// Semantic mode (issue 31): text fields named by nothing but one placeholder that a form
// gallery repeats ("col-sm-6" twice in a row) are twins like controls (twins.js), parted by
// their containers and the heading above them; past those, by their place among the page's
// fields: the field before and the field after, by their names ("after:<name>",
// "before:<name>"; the second of a pair is after the first). Of four alike in one row, the two
// in the middle are alike in these too, and the host numbers them, the last resort.
import { namedByLabelAbove } from './person_name.js';
import { collapse } from './run.js';

export const TEXT_FIELDS = 'input:not([type]), input[type=text], input[type=email], '
  + 'input[type=search], input[type=tel], input[type=url], input[type=number], '
  + 'input[type=password], textarea';

function said(text) {
  return collapse(text || '').toLowerCase().slice(0, 60);
}

/** A field's name as a person reads it: its aria-label, its label, its placeholder or its
 * title; never its value (what a person typed). */
export function fieldName(el) {
  return said(el.getAttribute('aria-label') || (el.labels && el.labels[0]
    && el.labels[0].textContent) || el.getAttribute('placeholder') || el.getAttribute('title'));
}

/** A field's placeholder (or title) when nothing else names it: "" for a labelled field
 * (a label above it in its box too: person_name.js). */
export function placeholderOnly(el) {
  if (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby')
    || (el.labels && el.labels.length)) return '';
  const hint = said(el.getAttribute('placeholder') || el.getAttribute('title'));
  return hint && !namedByLabelAbove(el) ? hint : '';
}

/** Map(field → [after place, before place]) for `fields` (the page's text fields, document
 * order): the names of the fields before and after it ("" where there is none; a twin's name
 * too: the second of a pair is after the first). */
export function neighbourPlaces(fields) {
  const names = fields.map(fieldName);
  const out = new Map();
  fields.forEach((el, i) => {
    const before = i > 0 ? names[i - 1] : '';
    const after = i + 1 < fields.length ? names[i + 1] : '';
    out.set(el, [before ? `after:${before}` : '', after ? `before:${after}` : '']);
  });
  return out;
}
