// The role Chromium's accessibility tree gives an element, computed in the page (issue 33):
// the ARIA role attribute (first valid token; none/presentation yield to focus and global
// ARIA attributes), else the HTML element's role as HTML-AAM maps it in Chromium, spelled
// the way Accessibility.getFullAXTree spells it ("image", "paragraph", "LabelText",
// "DisclosureTriangle", "sectionheader", "LayoutTableCell"...). Measured against Chromium's
// own tree by bench/bench_ax_agreement.py (bench/results/ax_agreement.md).
import { axStyle } from './ax_style.js';
import { ARIA_ROLES, ARIA_TO_CHROMIUM, GLOBAL_ARIA, TAG_ROLES } from './ax_roles_table.js';
import { inputRole, sectioningRole, tableRole } from './ax_role_context.js';
import { drawsHtml } from './tags.js';

/** The element's role attribute as Chromium takes it: the first token it knows, or null. */
export function explicitRole(el) {
  const attr = el.getAttribute('role');
  if (!attr) return null;
  for (const token of attr.trim().toLowerCase().split(/\s+/)) {
    if (ARIA_ROLES.has(token)) return token;
  }
  return null;
}

function focusable(el) {
  return el.tabIndex >= 0 || el.hasAttribute('tabindex') || el.isContentEditable;
}

function hasGlobalAria(el) {
  for (const name of GLOBAL_ARIA) if (el.hasAttribute(name)) return true;
  return false;
}

/** The role the element's tag gives it in Chromium ('generic' when none). */
export function implicitRole(el, tag) {
  const fixed = TAG_ROLES[tag];
  if (fixed !== undefined) return fixed;
  switch (tag) {
    case 'a': case 'area':
      return el.hasAttribute('href') || el.hasAttribute('onclick') ? 'link' : 'generic';
    case 'img':
      return el.getAttribute('alt') === '' && !focusable(el) && !hasGlobalAria(el)
        && !el.hasAttribute('title') ? 'none' : 'image';
    case 'input': return inputRole(el);
    case 'select':
      return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
    case 'header': case 'footer': case 'aside': case 'section':
      return sectioningRole(el, tag);
    case 'table': case 'tr': case 'td': case 'th':
      return tableRole(el, tag);
    case 'form':
      return 'form';
    case 'svg':  // (one drawing HTML holds nodes of its own: Chromium's SvgRoot)
      return el.ownerSVGElement ? 'generic' : drawsHtml(el) ? 'SvgRoot' : 'image';
    case 'p':
      return emptyBlock(el) ? 'none' : 'paragraph';
    default:
      return axStyle(el).display === 'table' ? 'LayoutTable' : 'generic';
  }
}

// Chromium leaves out a paragraph with nothing in it, and a flex or grid paragraph with no
// text of its own (its children are boxes, not a line of text), unless it has an id (a
// target other nodes may point at).
function emptyBlock(el) {
  if (el.id) return false;
  if (!el.firstElementChild) return !(el.textContent || '').trim();
  const display = axStyle(el).display;
  if (!/flex|grid/.test(display)) return false;
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 3 && n.data.trim()) return false;
  }
  return true;
}

// Parts of a list or table whose container is presentational are presentational too.
const OWNED_BY = { li: ['ul', 'ol', 'menu'], tr: ['table'], td: ['table'], th: ['table'],
  thead: ['table'], tbody: ['table'], tfoot: ['table'], caption: ['table'] };

function presentationalContainer(el, tag) {
  const owners = OWNED_BY[tag];
  if (!owners) return false;
  const owner = tag === 'li' ? el.parentElement : el.closest('table');
  if (!owner || !owners.includes(owner.localName)) return false;
  const role = explicitRole(owner);
  return role === 'none' || role === 'presentation';
}

// A list item is one only inside a list: a <ul role="main"> holds generic items.
const LIST_ROLES = new Set(['list', 'directory', 'none', 'presentation']);

function inList(el) {
  const owner = el.parentElement;
  const role = owner ? explicitRole(owner) : null;
  return !role || LIST_ROLES.has(role);
}

/** Chromium's role for `el` (lower-case `tag` given by the caller). */
export function axRole(el, tag) {
  const explicit = explicitRole(el);
  if (explicit && explicit !== 'none' && explicit !== 'presentation') {
    return ARIA_TO_CHROMIUM[explicit] || explicit;
  }
  const t = tag || el.localName;
  if (!explicit && presentationalContainer(el, t)) return 'none';
  if (!explicit && t === 'li' && !inList(el)) return 'generic';
  const implicit = implicitRole(el, t);
  if (explicit) {  // none / presentation: kept when focusable or with global ARIA attributes
    return focusable(el) || hasGlobalAria(el) ? implicit : 'none';
  }
  return implicit;
}
