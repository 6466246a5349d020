// The in-page side of bench/bench_ax_agreement.py: the walker's own role and name modules
// (extension/lib/walker/src/ax_*.js), bundled for a plain page with the repository's esbuild.
import { axHidden, axName } from '../../extension/lib/walker/src/ax_name.js';
import { axRole } from '../../extension/lib/walker/src/ax_role.js';

// Every element of the document (light tree, document order): [role, name, what it is]; the
// role is '' for an element Chromium would leave out for being hidden.
globalThis.__axsnapInPageRolesNames = () => {
  const els = document.querySelectorAll('*');
  const out = new Array(els.length);
  const t0 = performance.now();
  for (let i = 0; i < els.length; i++) {
    const el = els[i];
    const tag = el.localName;
    if (axHidden(el)) { out[i] = ['', '', tag]; continue; }
    const role = axRole(el, tag);
    out[i] = [role, axName(el, role), tag];
  }
  const ms = performance.now() - t0;
  for (let i = 0; i < els.length; i++) {
    const el = els[i];
    const r = el.getAttribute('role');
    const type = el.getAttribute('type');
    out[i][2] += (r ? `[role=${r}]` : '') + (type ? `[type=${type}]` : '');
  }
  return { ms, rows: out };
};
