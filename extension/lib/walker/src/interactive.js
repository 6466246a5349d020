// Why an element may be interactive (the reasons the host weighs) and the attributes the
// walker reports of it. Facts, not verdicts: the host decides.
import { run } from './run.js';
import { ACTION_ATTRS, ATTRS, FORM, ROLES, SEM_ATTRS } from './tags.js';

export function reasons(el, tag, attrs) {
  const c = [];
  if (FORM.has(tag) && !(tag === 'input' && el.type === 'hidden')) c.push('form');
  if ((tag === 'a' || tag === 'area') && el.hasAttribute('href')) c.push('href');
  if (el.hasAttribute('onclick') || el.hasAttribute('onmousedown')) c.push('onclick');
  const role = attrs.role;
  if (role && ROLES.has(role.split(' ')[0])) c.push('role');
  const ti = el.getAttribute('tabindex');
  if (ti !== null && Number(ti) >= 0) c.push('tabindex');
  if (el.isContentEditable && (!el.parentElement || !el.parentElement.isContentEditable)) {
    c.push('editable');
  }
  for (const name of ACTION_ATTRS) {
    if (el.hasAttribute(name)) { c.push('action'); break; }
  }
  // A click on it reaches its control (what DOMSnapshot's isClickable says of a label).
  if (tag === 'label' && el.control && !el.control.disabled) c.push('label');
  return c;
}

export function readAttrs(el) {
  let a = null;
  for (const name of (run.semantic ? SEM_ATTRS : ATTRS)) {
    const v = el.getAttribute(name);
    if (v !== null) {
      if (!a) a = {};
      a[name] = v.length > 200 ? v.slice(0, 200) : v;
    }
  }
  if (el.hasAttribute('onclick')) { if (!a) a = {}; a.onclick = ''; }
  for (const name of ACTION_ATTRS) {
    if (el.hasAttribute(name)) { if (!a) a = {}; a[name] = ''; }
  }
  return a;
}
