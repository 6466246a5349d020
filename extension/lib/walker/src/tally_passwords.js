// Semantic mode, the page tally's sign-in forms: forms (or the page out of any form) holding
// exactly one password field a person fills in, no card's. Over the whole page, so a window
// read knows what its records miss: a header's sign-in box in the first screen beside the
// page's own sign-in form below it asks two passwords, none of them twice (issue 31, note 150).
// And where the first of them is drawn (its page y): a sign-in box a person reaches only
// after screens of the page's own matter (a forum's board list) is the site's (note 155).

import { CARD_PATTERN, OTHER_SECRET_PATTERN } from './generated_contract.js';
import { everywhere } from './tally_roots.js';

// A secret typed into a password box that is no password of the account: a key's passphrase,
// a one-time code, a token, an API key (models/field_secrets.py, design note 303).
const OTHER_SECRET = new RegExp(OTHER_SECRET_PATTERN);
/** A payment card's field by its words (models/card_fields.py): its code in a password box is
 * no password of the account. */
export const CARD = new RegExp(CARD_PATTERN, 'i');

/** Whether password box `el` holds no password of the account: a secret its names call
 * another (OTHER_SECRET_PATTERN: its label, placeholder, aria-label, name, id, autocomplete;
 * "-" and "_" read as spaces, camel case split), or one a person cannot change (read-only,
 * disabled: a token the page shows once made). */
export function otherSecret(el) {
  if (el.readOnly || el.disabled) return true;
  const names = [...(el.labels || [])].map((l) => l.textContent).concat([
    el.getAttribute('placeholder'), el.getAttribute('aria-label'), el.name, el.id,
    el.getAttribute('autocomplete')]).join(' ');
  return OTHER_SECRET.test(names.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').toLowerCase()
    .replace(/[-_]/g, ' '));
}

/** { login_forms: how many forms hold exactly one password field (`fillable`: one a person can
 * fill), login_top: the page y of the highest such field, or null } */
export function lonePasswords(fillable, limit) {
  const byForm = new Map();
  let n = 0;
  for (const el of everywhere('input[type=password]')) {
    if (++n > limit) break;
    if (CARD.test(`${el.name} ${el.id} ${el.getAttribute('autocomplete') || ''}`) || !fillable(el)
      || otherSecret(el)) continue;
    const form = el.closest('form');
    byForm.set(form, [...(byForm.get(form) || []), el]);
  }
  const lone = [...byForm.values()].filter((fields) => fields.length === 1).map(([el]) => el);
  const tops = lone.map((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));
  return { login_forms: lone.length, login_top: tops.length ? Math.min(...tops) : null };
}
