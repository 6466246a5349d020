// What a person sees of a control (issue 30): its name and where it came from, its state,
// the row/field/card and the dialog it sits in. Read only for the records the walk reports
// as controls; bounded (a few ancestors, a few siblings, capped text).
import { dialogOf, personContext } from './person_context.js';
import { personName } from './person_name.js';
import { personState } from './person_state.js';
import { clip } from './run.js';

export function personFacts(el, tag, attrs, data) {
  const dialog = dialogOf(el);
  if (dialog) data.dlg = dialog;
  const role = (attrs.role || '').split(' ')[0];
  const named = personName(el, tag, attrs, role);
  if (named) {
    data.nm = named[0];
    data.ns = named[1];
    if (named[2]) data.lig = clip(named[2]);
  }
  const st = personState(el, tag, attrs, role);
  if (Object.keys(st).length) data.st = st;
  const ctx = personContext(el, named ? named[0] : '');
  if (ctx) data.ctx = ctx;
}

const LIVE_ROLES = new Set(['status', 'alert', 'log', 'alertdialog']);
const TOAST_CLASS = /(?:^|[\s_-])(?:toast|snackbar|notification|flash|alert)(?:$|[\s_-])/i;

/** What kind of message box it is (a live region, an alert, a toast), or ''. `names`: its
 * attribute names (interactive.js). */
export function liveKind(el, names = el.getAttributeNames()) {
  if (!names.length) return '';
  const role = names.includes('role') ? el.getAttribute('role') : null;
  if (role && LIVE_ROLES.has(role)) return role;
  const live = names.includes('aria-live') ? el.getAttribute('aria-live') : null;
  if (live && live !== 'off') return 'live';
  // no class attribute: className is '' (an SVG element's is no string either way)
  const cls = names.includes('class') && typeof el.className === 'string' ? el.className : '';
  return TOAST_CLASS.test(cls) ? 'toast' : '';
}
