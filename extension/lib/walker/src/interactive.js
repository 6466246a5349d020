// Why an element may be interactive (the reasons the host weighs) and the attributes the
// walker reports of it. Facts, not verdicts: the host decides.
import { run } from './run.js';
import { ACTION_ATTRS, ATTRS, FORM, ROLES, SEM_ATTRS } from './tags.js';

// `names`: the element's attribute names (getAttributeNames), read once for the element: a
// name that is not among them needs no getAttribute/hasAttribute call (which answers null,
// false for it), and most elements carry none or a class of the 36 names asked here.
export function reasons(el, tag, attrs, names = el.getAttributeNames()) {
  const c = [];
  if (FORM.has(tag) && !(tag === 'input' && el.type === 'hidden')) c.push('form');
  if ((tag === 'a' || tag === 'area') && names.includes('href')) c.push('href');
  if (names.includes('onclick') || names.includes('onmousedown')) c.push('onclick');
  const role = attrs.role;
  if (role && ROLES.has(role.split(' ')[0])) c.push('role');
  const ti = names.includes('tabindex') ? el.getAttribute('tabindex') : null;
  if (ti !== null && Number(ti) >= 0) c.push('tabindex');
  if (el.isContentEditable && (!el.parentElement || !el.parentElement.isContentEditable)) {
    c.push('editable');
  }
  for (const name of ACTION_ATTRS) {
    if (names.includes(name)) { c.push('action'); break; }
  }
  // A click on it reaches its control (what DOMSnapshot's isClickable says of a label).
  if (tag === 'label' && el.control && !el.control.disabled) c.push('label');
  return c;
}

export function readAttrs(el, names = el.getAttributeNames()) {
  if (!names.length) return null;
  let a = null;
  for (const name of (run.semantic ? SEM_ATTRS : ATTRS)) {
    if (!names.includes(name)) continue;
    const v = el.getAttribute(name);
    if (v !== null) {
      if (!a) a = {};
      a[name] = v.length > 200 ? v.slice(0, 200) : v;
    }
  }
  if (names.includes('onclick')) { if (!a) a = {}; a.onclick = ''; }
  for (const name of ACTION_ATTRS) {
    if (names.includes(name)) { if (!a) a = {}; a[name] = ''; }
  }
  return a;
}
