// Semantic mode (issue 31): text fields named by nothing but one placeholder that a form
// gallery repeats ("col-sm-6" twice in a row) are twins like controls (twins.js), parted by
// their containers and the heading above them; past those, by their place among the page's
// fields: the field before and the field after, by their names ("after:<name>",
// "before:<name>"; the second of a pair is after the first). Of four alike in one row, the two
// in the middle are alike in these too, and the host numbers them, the last resort.
// Fields named alike by their labels (three "Username" fields of a gallery's input groups)
// and fields named by nothing (a cart's quantity boxes, a card's date and time boxes under its
// heading) are twins too (twinFieldKey), but for those their own named container parts
// (unnamedApart), parted after their containers and headings by what a person reads in and
// beside them (addOnPlaces): their placeholder and then their kind where it differs
// ("as:username", "as:date", "as:time"), the add-on of their input group, its words or its icon's ("with:<words>",
// "with:<words> after" for one that follows the field); then by their box (a cart line's
// words: its size and colour).
import { contextName } from './context_name.js';
import { iconWords } from './icon_words.js';
import { namedByLabelAbove, personName } from './person_name.js';
import { collapse } from './run.js';
import { placeWords } from './twin_part.js';

export const TEXT_FIELDS = 'input:not([type]), input[type=text], input[type=email], '
  + 'input[type=search], input[type=tel], input[type=url], input[type=number], '
  + 'input[type=password], textarea';

// Fields that are twins when named alike or by nothing: text fields, the date and time boxes
// and selects (a shop's "Sort by" above its products and again below them: note 161).
export const TWIN_FIELDS = `${TEXT_FIELDS}, input[type=date], input[type=time], `
  + 'input[type=datetime-local], input[type=month], input[type=week], select';
const ADD_ON_PARTS = 4;  // the children of an input group looked at

// (a caption's colon or a required field's star at its end is no word: "Number of rows:" over
// a list and "Number of rows" below it are one field twice, as the host's ids say them)
function said(text) {
  return collapse(text || '').toLowerCase().replace(/[\s:：*]+$/u, '').slice(0, 60);
}

/** A field's name as a person reads it: its aria-label, its label, its placeholder or its
 * title; never its value (what a person typed). */
export function fieldName(el) {
  return said(el.getAttribute('aria-label') || (el.labels && el.labels[0]
    && el.labels[0].textContent) || el.getAttribute('placeholder') || el.getAttribute('title'));
}

/** A field's placeholder (or title) when nothing else names it: "" for a labelled field
 * (a label above it in its box too: person_name.js). */
export function placeholderOnly(el) {
  if (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby')
    || (el.labels && el.labels.length)) return '';
  const hint = said(el.getAttribute('placeholder') || el.getAttribute('title'));
  return hint && !namedByLabelAbove(el) ? hint : '';
}

/** Map(field → [after place, before place]) for `fields` (the page's text fields, document
 * order): the names of the fields before and after it ("" where there is none; a twin's name
 * too: the second of a pair is after the first). */
export function neighbourPlaces(fields) {
  const names = fields.map(fieldName);
  const out = new Map();
  fields.forEach((el, i) => {
    const before = i > 0 ? names[i - 1] : '';
    const after = i + 1 < fields.length ? names[i + 1] : '';
    out.set(el, [before ? `after:${before}` : '', after ? `before:${after}` : '']);
  });
  return out;
}

/** The names (as fieldName says them: lower-case) that two or more of the page's fields a
 * person can fill share (`fillable`: shown), by their person name, the one the host's id says
 * (a form's "Email address" and the footer's newsletter box labelled alike): the tally lists
 * them among the labels the page shares, so every read qualifies their ids as the whole page
 * does, whether the twin is in the read or not. At most `limit` fields are looked at. */
export function fieldNamesShared(fillable, limit, key = (name) => name) {
  const counts = new Map();
  let n = 0;
  for (const el of document.querySelectorAll(TWIN_FIELDS)) {
    if (++n > limit) break;
    if (!fillable(el)) continue;
    // (a field no label names is named as the host names it: by the words of its row where
    // a person would call it by them, "<td>Email:</td><td><input></td>" (the element model's
    // name from its context), else by its box's short words, "User Name:<br><input>"
    // (semantic/elements.py _caption), else by its `name` attribute, the host's last source:
    // a newsletter box's bare name="email" shares the sign-up's "Email:"; a select no label
    // names the host names by its first option)
    const bare = el.localName === 'select' ? '' : el.getAttribute('name') || '';
    const name = key(personNameOf(el) || contextName(el) || captionOf(el) || bare);
    if (name) counts.set(name, (counts.get(name) || 0) + 1);
  }
  return [...counts].filter(([, count]) => count > 1).map(([name]) => name);
}

// The short words of a field's box (its parent's, up to 40 characters), else ''.
function captionOf(el) {
  const text = el.parentElement ? collapse(el.parentElement.textContent || '') : '';
  return text.length <= 40 ? text : '';
}

// A field's person name as fieldName says it ("" for one named by nothing).
function personNameOf(el) {
  const attrs = {};
  for (const name of ['aria-labelledby', 'aria-label', 'title', 'placeholder']) {
    const value = el.getAttribute(name);
    if (value !== null) attrs[name] = value;
  }
  const named = personName(el, el.localName, attrs, '');
  return named ? said(named[0]) : '';
}

// The boxes one types in that the host names by their row's words when nothing else names
// them (pipeline/elements/model.py: a textbox, a setting; not a number's spin box).
// (a search box is a searchbox to it, no setting)
const CONTEXT_NAMED = 'input:not([type]), input[type=text], input[type=email], '
  + 'input[type=tel], input[type=url], input[type=password], textarea';

/** The twin key of a field not named by its placeholder alone: its person name (what the
 * host's id says; for a text box named by nothing, the words of its row where a person would
 * call it by them, as the host names it (contextName: a date box's "Before" add-on, note 249),
 * else ""), kept apart from controls' keys, a select from a text field (their ids'
 * prefixes tell them apart). */
export function twinFieldKey(el, rowWords) {
  const select = el.localName === 'select';
  const name = personNameOf(el) || (select ? selectName(el)
    : (el.matches(CONTEXT_NAMED) ? said(contextName(el)) : ''));
  const kind = select ? ' select' : '';
  return `${name}\u0000\u0003field${kind}\u0000${rowWords(el, name)}`;
}

// The name of a select no label names, as the element model and the host's id say it
// (pipeline/elements/model.py): the words of its place when a person would call it by them
// (context_name.js, the rule the host shares: two selects under "Search Options"), else its
// `name` (an order line's "cabin[]", "berths[]" and "meals[]" beside "$14": no twins).
function selectName(el) {
  return said(contextName(el) || el.getAttribute('name'));
}

// The words of one add-on of an input group: its own words, else its icon's.
function addOnWords(part) {
  const text = collapse(part.textContent || '');
  if (/[\p{L}\p{N}]/u.test(text)) return text.slice(0, 40);
  for (const n of [part, ...part.querySelectorAll('*')].slice(0, 8)) {
    const words = iconWords(n);
    if (words) return words;
  }
  return '';
}

/** What a person reads in and beside a twin field: its placeholder, its kind
 * ("as:<type>") and its input
 * group's add-ons (the parent's other children, where the parent holds no other field),
 * "with:<before> <after> after", then what its markup says it asks for ("as:<words>": askedFor).
 * Empty places where a field has none, so the places of a group's fields stay at one depth. */
export function addOnPlaces(el) {
  const group = el.parentElement;
  const parts = group && group.childElementCount <= ADD_ON_PARTS
    && group.querySelectorAll('input, select, textarea').length === 1 ? [...group.children] : [];
  const at = parts.indexOf(el);
  const before = parts.slice(0, Math.max(at, 0)).map(addOnWords).filter(Boolean).join(' ');
  const after = parts.slice(at + 1).map(addOnWords).filter(Boolean).join(' ');
  const words = collapse(`${before} ${after ? `${after} after` : ''}`);
  const hint = said(el.getAttribute('placeholder') || el.getAttribute('title'));
  const asks = hint ? '' : askedFor(el);
  // (a select's kind is said by its id's prefix already)
  const kind = el.localName === 'select' ? '' : (el.getAttribute('type') || el.localName);
  return [hint ? `as:${hint}` : '', kind ? `as:${kind.toLowerCase()}` : '', words ? `with:${words}` : '',
    asks ? `as:${asks}` : ''];
}

// What a field asks for as its markup says it, for fields under one label ("First/Last Name":
// NAME="FirstName" and NAME="LastName"; a phone's "AreaCode" and "PhoneNumber"): its
// autocomplete token ("given-name"), else the last part of its name split into its words
// (camel case, "_", "-"; a framework's "ctl00$body$txtCity" says "txt city"), no digits, three
// words at most; "" when none.
function askedFor(el) {
  const token = (el.getAttribute('autocomplete') || '').trim().split(/\s+/).pop() || '';
  const raw = /^(on|off)$/i.test(token) || !token ? el.getAttribute('name') || '' : token;
  const last = raw.split(/[$.:[\]]+/).filter(Boolean).pop() || '';
  const words = last.replace(/([a-z])([A-Z])/g, '$1 $2').split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !/\d/.test(w)).slice(0, 3);
  return words.join(' ').toLowerCase();
}

// The closest named container of a field as the host reads it (semantic/id_words.py
// container): its own or an ancestor's (up to 6) aria-label, a fieldset's legend (note 218) or
// id, without digits; in the words the host's id holds of it, its first three (note 249: the
// boxes "id_before_planned_start" and "id_before_planned_stop" are both "id before planned"
// to it, so no container parts them).
function containerName(el) {
  for (let a = el, up = 0; a && up <= 6; a = a.parentElement, up++) {
    const first = a.localName === 'fieldset' ? a.firstElementChild : null;
    const legend = first && first.localName === 'legend' ? collapse(first.textContent || '') : '';
    for (const value of [a === el ? '' : a.getAttribute('aria-label'), legend, a.getAttribute('id')]) {
      if (value && !/\d/.test(value) && /[\p{L}]/u.test(value)) return placeWords(`at:${value}`).words.join(' ');
    }
  }
  return '';
}

/** The twin fields the host does not tell apart by their own named container already (a
 * billing form's "First name" in #billing-first-name, a shipping one's in its own): those
 * with none, or one another twin shares. */
export function unnamedApart(members) {
  const names = members.map(containerName);
  return members.filter((_, i) => !names[i] || names.indexOf(names[i]) !== names.lastIndexOf(
    names[i]));
}
