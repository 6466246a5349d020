// What a person reads on a control and what names it (issue 30): its words without hidden
// parts and icon-font ligatures, and its name with where that name came from.
import { clip, collapse, run, shownStyle } from './run.js';
import { CONTROL_TAGS, FIELDS, INLINE, LABEL_SKIP } from './tags.js';
import { BREAK, IN, SKIP, iconHint, walkText } from './text.js';

const ICON_FONT = /(?:^|\s)(?:material-icons|material-symbols|material-icons-\w+|material-symbols-\w+|mi|icon-font)(?:\s|$)/;
export const OWN_TEXT_ROLES = new Set(['radio', 'checkbox', 'option', 'treeitem', 'menuitem',
  'menuitemcheckbox', 'menuitemradio', 'switch', 'tab']);
const NESTED_SKIP = new Set(['group', 'tree', 'listbox', 'menu', 'radiogroup', 'tablist']);

function isIconFont(n) {
  if (n.nodeType !== 1) return false;
  const cls = typeof n.className === 'string' ? n.className : '';
  if (ICON_FONT.test(cls)) return true;
  const tag = n.localName;
  if (tag !== 'i' && tag !== 'span') return false;
  const t = n.textContent || '';
  if (n.childElementCount || !/^[a-z][a-z0-9_]{2,40}$/.test(t.trim())) return false;
  const ff = getComputedStyle(n).fontFamily || '';
  return /material|icon|symbol/i.test(ff);
}

// The words a person reads on the element: text nodes, block breaks as spaces, without
// hidden parts, icon-font ligatures (kept apart as `lig`) and, with `own`, nested groups
// (a tree item's children) and nested controls.
export function personText(el, own, lig) {
  return walkText(el, run.textMax, (n) => {
    if (n.hidden || LABEL_SKIP.has(n.localName)) return SKIP;
    if (isIconFont(n)) { if (lig) lig.push(collapse(n.textContent || '')); return SKIP; }
    if (own) {
      const r = n.getAttribute('role');
      if (r && (NESTED_SKIP.has(r) || OWN_TEXT_ROLES.has(r))) return SKIP;
      if (n.localName === 'ul' || n.localName === 'ol') return SKIP;
    }
    const [display, visibility] = shownStyle(n);
    if (display === 'none' || visibility === 'hidden') return SKIP;
    return INLINE.has(display) ? IN : BREAK;
  }, true);
}

export function idsText(el, ids) {
  const root = el.getRootNode();
  if (!root || !root.getElementById) return '';
  return collapse(ids.split(/\s+/).map((id) => root.getElementById(id))
    .filter(Boolean).map((n) => personText(n, false, null)).join(' '));
}

// A label a person reads beside a field: a sibling <label> without `for` in the same field
// group, else the text right before the field on its line, in its parent (a paragraph's
// "Username"): text and inline elements, up to a block (a <div> of other text above the
// field is not its label), a control or a line break.
function besideLabel(el) {
  const parent = el.parentElement;
  if (!parent) return null;
  for (let k = parent.firstElementChild; k; k = k.nextElementSibling) {
    if (k.localName === 'label' && !k.hasAttribute('for') && !k.contains(el) && !k.control) {
      const t = personText(k, false, null);
      if (t) return [t, 'sibling-label'];
    }
  }
  let s = '';
  for (let n = el.previousSibling; n && s.length < 80; n = n.previousSibling) {
    if (n.nodeType === 1 && (CONTROL_TAGS.has(n.localName) || n.localName === 'br')) break;
    if (n.nodeType === 1 && !String(shownStyle(n)[0]).startsWith('inline')) break;
    const t = n.nodeType === 3 ? n.data : (n.nodeType === 1 ? n.textContent : '');
    s = `${t || ''} ${s}`;
  }
  s = collapse(s).replace(/[:：]\s*$/, '');
  return s ? [clip(s), 'text-before'] : null;
}

// A field's labels, as el.labels lists them (tree order): the <label> around it and those
// whose `for` names it. Not el.labels: Chromium collects that list by walking the field's
// whole tree scope, once per field (3 s of a 4,500-control page's walk); the `for` labels
// of a root are gathered once per walk here.
export function labelsOf(el) {
  const root = el.getRootNode();
  let byId = run.forLabels.get(root);
  if (!byId) {
    byId = new Map();
    for (const l of root.querySelectorAll ? root.querySelectorAll('label[for]') : []) {
      const id = l.getAttribute('for');
      if (!byId.has(id)) byId.set(id, []);
      byId.get(id).push(l);
    }
    run.forLabels.set(root, byId);
  }
  const out = [];
  for (let a = el.parentElement; a; a = a.parentElement) {
    if (a.localName === 'label') { if (a.control === el) out.push(a); break; }
  }
  for (const l of (el.id && byId.get(el.id)) || []) if (!out.includes(l) && l.control === el) out.push(l);
  return out.length > 1 ? out.sort((a, b) => (a.compareDocumentPosition(b) & 4 ? -1 : 1)) : out;
}

/** The control's name as [name, source, ligatures?], or null. */
export function personName(el, tag, attrs, role) {
  const lby = attrs['aria-labelledby'];
  if (lby) { const t = idsText(el, lby); if (t) return [clip(t), 'aria-labelledby']; }
  if (attrs['aria-label'] && attrs['aria-label'].trim()) {
    return [clip(collapse(attrs['aria-label'])), 'aria-label'];
  }
  const labels = FIELDS.has(tag) ? labelsOf(el) : [];
  if (labels.length) {
    const t = collapse(labels.map((l) => personText(l, false, null)).join(' '));
    if (t) return [clip(t), 'label'];
  }
  if (tag === 'label' && el.control) {
    const t = personText(el, false, null);
    if (t) return [clip(t), 'label'];
  }
  if (!FIELDS.has(tag) || (tag === 'input' && /^(button|submit|reset)$/i.test(el.type))) {
    const lig = [];
    const t = personText(el, OWN_TEXT_ROLES.has(role), lig);
    // a symbol ("¶", "×") with a title: the title says what it is ("Permalink to this headline")
    if (t && !/[\p{L}\p{N}]/u.test(t) && attrs.title && attrs.title.trim()) {
      return [clip(collapse(attrs.title)), 'title'];
    }
    if (t) return [clip(t), 'text', lig.join(' ')];
    if (tag === 'input' && el.value) return [clip(collapse(el.value)), 'value'];
    for (const a of ['title', 'alt']) {
      if (attrs[a] && attrs[a].trim()) return [clip(collapse(attrs[a])), a];
    }
    const img = el.querySelector && el.querySelector('img[alt]');
    if (img && img.getAttribute('alt').trim()) return [clip(collapse(img.getAttribute('alt'))), 'alt'];
    const svgTitle = el.querySelector && el.querySelector('svg title');
    if (svgTitle && svgTitle.textContent.trim()) {
      return [clip(collapse(svgTitle.textContent)), 'svg-title', lig.join(' ')];
    }
    const hint = iconHint(el) || lig.join(' ');
    if (hint) return [hint, 'icon', lig.join(' ')];
    return null;
  }
  const beside = besideLabel(el);
  if (beside) return beside;
  if (attrs.title && attrs.title.trim()) return [clip(collapse(attrs.title)), 'title'];
  if (attrs.placeholder && attrs.placeholder.trim()) {
    return [clip(collapse(attrs.placeholder)), 'placeholder'];
  }
  return null;
}
