// The accessible name Chromium's AX tree gives an element, computed in the page (issue 33):
// accname 1.2 and HTML-AAM in the order Chromium applies them (aria-labelledby, aria-label,
// the host language's own label, the content for roles named by their content, title,
// placeholder), with Chromium's text rules (ax_text.js: rendered text, generated content,
// text-transform, whitespace as layout collapses it). Measured against Chromium's own tree
// by bench/bench_ax_agreement.py (bench/results/ax_agreement.md).
import { contentText } from './ax_text.js';
import { labelsOf } from './person_name.js';
import { collapseAscii } from './run.js';

// Roles Chromium names by their content when nothing else names them.
const FROM_CONTENT = new Set(['button', 'cell', 'checkbox', 'columnheader', 'DisclosureTriangle',
  'gridcell', 'heading', 'LayoutTableCell', 'link', 'menuitem', 'menuitemcheckbox',
  'menuitemradio', 'option', 'radio', 'rowheader', 'switch', 'tab', 'term', 'tooltip',
  'treeitem', 'doc-backlink', 'doc-biblioref', 'doc-glossref', 'doc-noteref']);
const LABELABLE = new Set(['input', 'select', 'textarea', 'meter', 'progress', 'output',
  'button']);
const BUTTON_DEFAULTS = { submit: 'Submit', reset: 'Reset' };

const collapse = (s) => collapseAscii(s).trim();

function byIds(el, ids) {
  const root = el.getRootNode();
  const out = [];
  for (const id of ids.trim().split(/\s+/)) {
    const ref = root && root.getElementById ? root.getElementById(id) : null;
    if (!ref) continue;
    const label = (ref.getAttribute('aria-label') || '').trim();
    out.push(collapse(label || contentText(ref)));
  }
  return out.filter(Boolean).join(' ');
}

function hostLanguageName(el, tag) {
  if (tag === 'input') {
    const type = (el.type || 'text').toLowerCase();
    if (type in BUTTON_DEFAULTS || type === 'button') {
      return el.hasAttribute('value') ? el.value : (BUTTON_DEFAULTS[type] || '');
    }
    if (type === 'image') {
      return el.getAttribute('alt') || el.getAttribute('value') || 'Submit';
    }
  }
  // not el.labels: Chromium builds that list by walking the whole tree scope, per control
  // (50 s of a 100k-element page's first AX rows; person_name.js gathers them once a walk)
  const labels = LABELABLE.has(tag) ? labelsOf(el) : [];
  if (labels.length) {
    const texts = labels.map((l) => collapse(contentText(l, el))).filter(Boolean);
    if (texts.length) return texts.join(' ');
  }
  if (tag === 'img' || tag === 'area') {
    if (el.hasAttribute('alt')) return el.getAttribute('alt');
  }
  if (tag === 'fieldset') {
    const legend = Array.from(el.children).find((c) => c.localName === 'legend');
    if (legend) return collapse(contentText(legend));
  }
  if (tag === 'table' && el.caption) return collapse(contentText(el.caption));
  if (tag === 'svg') {
    const title = Array.from(el.children).find((c) => c.localName === 'title');
    if (title) return collapse(title.textContent || '');
  }
  return '';
}

function placeholderOf(el, tag) {
  if (tag !== 'input' && tag !== 'textarea') return '';
  return el.getAttribute('placeholder') || el.getAttribute('aria-placeholder') || '';
}

/** Chromium's accessible name of `el`, whose Chromium role (ax_role.js) is `role`. */
export function axName(el, role) {
  const tag = el.localName;
  const labelledby = el.getAttribute('aria-labelledby');
  if (labelledby) {
    const name = byIds(el, labelledby);
    if (name) return name;
  }
  const label = el.getAttribute('aria-label');
  if (label && label.trim()) return label;
  const native = hostLanguageName(el, tag);
  if (native) return native;
  if (FROM_CONTENT.has(role)) {
    const text = contentText(el);
    if (/[^ \t\n\r\f]/.test(text)) return text;
  }
  if (role === 'time') return '';  // Chromium reads no title on <time>
  return el.getAttribute('title') || placeholderOf(el, tag);
}

/** Whether Chromium leaves `el` out of its tree for being hidden (ignored, not kept). */
export function axHidden(el) {
  if ((el.localName === 'option' || el.localName === 'optgroup') && el.closest('select')) {
    return axHidden(el.closest('select'));
  }
  if (el.closest('[aria-hidden="true"]')) return true;
  return !el.checkVisibility({ visibilityProperty: true });
}
