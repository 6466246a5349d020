// Roles and accessible names in the walker's own pass (opts.axRoles, issue 33): each walked
// element that Chromium's AX tree would keep for what it is (a role other than generic or
// none, not aria-hidden) is reported with `ro` (the role, spelled as getFullAXTree spells it)
// and `an` (its accessible name, when not empty). Computed only when asked: a read without
// opts.axRoles pays one test per element. Agreement with Chromium's tree:
// bench/results/ax_agreement.md.
import { axName } from './ax_name.js';
import { axRole } from './ax_role.js';

const NOT_KEPT = new Set(['generic', 'none', 'LineBreak']);

/** Adds `ro`/`an` to the record `data` of `el`; true when the element is kept for its role. */
export function axFacts(el, tag, data) {
  if (data.vis === 0 && data.hid === 'visibility') return false;
  const role = axRole(el, tag);
  if (NOT_KEPT.has(role) || el.closest('[aria-hidden="true"]')) return false;
  data.ro = role;
  const name = axName(el, role);
  if (name) data.an = name;
  return true;
}
