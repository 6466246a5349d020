// The facts of an element the walk reports as a possible control: its text or the hint that
// names an icon, its value (never a password's), its state, and what a person sees of it.
import { personFacts } from './person.js';
import { twinOf } from './twins.js';
import { clip, collapse } from './run.js';
import { FIELDS, NAMED_BY_ATTR } from './tags.js';
import { iconHint, labelText, parentWords, selectOptions, shownText } from './text.js';

export function controlFacts(el, tag, attrs, data) {
  // A select's or textarea's textContent is its option list / initial value, not
  // what it shows: `val` carries that.
  let txt = '';
  if (tag === 'label') txt = labelText(el);
  else if (tag !== 'select' && tag !== 'textarea') txt = shownText(el);
  if (txt) data.tx = clip(txt);
  else if (!NAMED_BY_ATTR.some((a) => attrs[a]) && !FIELDS.has(tag)) {
    const hint = iconHint(el);
    if (hint) data.hint = hint;
  }
  if (tag === 'input' || tag === 'textarea' || tag === 'select') {
    if (tag === 'input' && (el.type || '').toLowerCase() === 'password') {
      data.filled = el.value ? 1 : 0;
    } else if (tag === 'select') {
      const opt = el.selectedOptions && el.selectedOptions[0];
      data.val = clip(opt ? collapse(opt.textContent || '') : '');
      const options = selectOptions(el);
      data.opts = options.list;
      data.optn = options.total;
    } else if (!(tag === 'input' && (el.type === 'checkbox' || el.type === 'radio'))) {
      data.val = clip(String(el.value || ''));
    }
    if (el.type === 'checkbox' || el.type === 'radio') data.chk = el.checked ? 1 : 0;
  }
  if (el.disabled) data.dis = 1;
  personFacts(el, tag, attrs, data);
  const twin = twinOf(el);
  if (twin) data.tw = twin;
  // Context for the host's re-render signature (tells the "Delete" buttons of a
  // list apart): the parent's text, only for small parents so it stays cheap.
  const parent = el.parentElement;
  if (parent) {
    const ptx = parentWords(parent);
    if (ptx) data.ptx = ptx;
  }
}
