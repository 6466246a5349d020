import { computeAccessibleName, getRole } from 'dom-accessibility-api';
// Every element of the document (light tree, document order): [role, name] by the ARIA role
// and accname specs as dom-accessibility-api implements them.
globalThis.__axsnapDapRolesNames = () => {
  const els = document.querySelectorAll('*');
  const out = new Array(els.length);
  const t0 = performance.now();
  for (let i = 0; i < els.length; i++) {
    const role = getRole(els[i]);
    let name = '';
    try { name = computeAccessibleName(els[i]); } catch (e) { name = '\u0000error'; }
    out[i] = [role, name];
  }
  return { ms: performance.now() - t0, rows: out };
};
