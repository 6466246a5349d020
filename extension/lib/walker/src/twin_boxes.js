// Semantic mode (issue 31): what a twin says and the box it sits in, for twins.js: a
// control's label as the twins read it, and each twin's box, its last places.
import { contextName } from './context_name.js';
import { boxWords } from './person_name.js';
import { collapse, withoutLabel, wordsHead, wordsOf } from './run.js';
import { wordlessName } from './wordless_name.js';

const UP = 12;  // ancestors looked at for a twin's box
const BOX_TITLE = 'h1, h2, h3, h4, h5, h6, [role=heading]';
const BOX_CHARS = 200;  // the words of a box looked at
const TITLE_WORDS = 2;  // a box's link of this many words or more is its title

/** A control's label as twins are grouped by it (lower case, 60 characters at most). */
export function labelOf(el) {
  let label = el.getAttribute('aria-label') || '';
  if (!label && el.localName === 'img') label = el.getAttribute('alt') || '';
  if (!label && el.localName === 'input') {
    // (a title names a box with no label before its value: radios titled by the colour
    // each picks, their value all "on", are no twins)
    // (a box's value, "on" unless the page set one, is no name a person reads: the words
    // beside it are, as the host names it; two boxes with their own words are no twins. With
    // none beside it, its row's words name it, as the host names it: the three radios of a
    // row under "Enable", "Disable" and "No change", valued "Y", "N" and "X", are twins,
    // parted by their columns, not three names; note 313. With no words of its row that
    // would name it, its `name` is the host's id label, as the group's, semantic/ids.py)
    const box = /^(checkbox|radio)$/i.test(el.type);
    label = (el.labels && el.labels[0] && el.labels[0].textContent)
      || el.getAttribute('title')
      || (box ? boxWords(el) || contextName(el) || el.getAttribute('name') : '')
      || el.value || '';
  }
  if (!label) label = wordsOf(el, 240);
  // (a control that shows no words is named by its picture's alt or its icon, as the host
  // names it: two picture links alike in it are twins, parted by where they sit)
  if (!collapse(label)) label = wordlessName(el);
  return collapse(label).toLowerCase().slice(0, 60);
}

// The box of each twin (its last places): its largest ancestor (up to UP) that holds no other twin of its
// group, as "for:<words>": the box's heading (not one inside the twin), else its title link (a
// link of a few words: a product's or a story's name), else its words without
// the twin's label and without numbers (a price, a rating, a count change with the page's data;
// a title's are its name). A twin inside another of its group (a link in its scripted <span>)
// is one control twice: the two share the outer one's box. `owners[i]`, when given, is set to
// each twin's box (null for a record's row or none: twin_marks.js reads its picture, its numbers).
// `afters`, when given, takes each twin's "after:<words>" (the item before its box) instead of
// its box places: it moves when an item is added above, so the twins take it after every place
// that does not (twins.js settle, note 333).
export function boxesOf(members, scopes, owners = [], afters = null) {
  const inGroup = new Set(members);
  const outer = members.map((el) => {
    let top = el;
    for (let a = el.parentElement, up = 0; a && up < UP; a = a.parentElement, up++) {
      if (inGroup.has(a)) top = a;
    }
    return top;
  });
  const held = new Map();  // ancestor → how many of the (outer) twins it holds
  for (const el of new Set(outer)) {
    for (let a = el.parentElement, up = 0; a && up < UP && a.localName !== 'body';
      a = a.parentElement, up++) held.set(a, (held.get(a) || 0) + 1);
  }
  return outer.map((el, i) => {
    const row = recordRow(el);
    let box = null;
    for (let a = el.parentElement, up = 0; !row && a && up < UP && held.get(a) === 1;
      a = a.parentElement, up++) box = a;
    scopes[i] = scopeWords(members[i], row || box || el.parentElement);
    owners[i] = row ? null : box;
    if (row) return [];  // (a table's rows: the host parts them by their cells)
    let before = afterWords(box || el, labelOf(el));
    if (afters) [afters[i], before] = [before, ''];
    const own = box || (row ? null : clusterBox(el, held, new Set(outer).size));
    if (!own) return before ? [before] : [];
    const label = labelOf(el);
    const apart = (h) => !h.contains(el) && !el.contains(h);
    const title = [...own.querySelectorAll(BOX_TITLE)].find((h) => apart(h)
      && (h.textContent || '').trim()) || [...own.querySelectorAll('a[href]')].find((a) => apart(a)
      && !/^\s*(#|javascript:)/i.test(a.getAttribute('href'))  // (it goes somewhere)
      && wordsHead(a, 400).split(' ').length >= TITLE_WORDS && labelOf(a) !== label);
    let words = wordsHead(title || own, BOX_CHARS);
    if (!title) {
      words = collapse(withoutLabel(words.toLowerCase(), label)).split(' ')
        .filter((w) => !/\d/.test(w)).join(' ');
    }
    return [...(words ? [`for:${words}`] : []), ...(before ? [before] : [])];
  });
}

// The box of twins side by side (a video's five rating stars, a product's colour swatches):
// the largest ancestor holding the twins its parent holds and no other of the group, so each
// lot is read by its box's title, as a lone twin is ("for:<the video's title>"), and numbered
// within it, not over the page (a video added above leaves the others' stars); null for a
// twin alone in its parent or for a lot holding every twin of the group.
function clusterBox(el, held, all) {
  const lot = el.parentElement ? held.get(el.parentElement) || 0 : 0;
  if (lot < 2 || lot >= all) return null;
  let box = null;
  for (let a = el.parentElement, up = 0; a && up < UP && held.get(a) === lot;
    a = a.parentElement, up++) box = a;
  return box;
}

// The table row a twin sits in when it is a record's (two cells with words or more: the host
// parts such rows by their cells), else null: a layout table's row (a note's icon beside its
// title "Note") is no record, and the twin's box holds the note's words.
function recordRow(el) {
  const row = el.closest('tr');
  if (!row) return null;
  let said = 0;
  for (const cell of row.children) if (collapse(cell.textContent || '')) said++;
  return said >= 2 ? row : null;
}

// What a twin and its box say in full (its address, the words of its row or box): twins
// alike in their places but not in these are told apart by the host's own words (the text
// nearest them, the last parts of their address), so they are not numbered.
function scopeWords(el, scope) {
  // (a script's call is no address the host says: id_words.py path_tail)
  const raw = el.localName === 'a' ? el.getAttribute('href') || '' : '';
  const href = /^\s*javascript:/i.test(raw) ? '' : raw;
  return `${href}\u0000${collapse(((scope || el).textContent || '').slice(0, 400))}`;
}

// "after:<words>": the words of the item before a twin's box (or the twin), without numbers,
// for twins alike in everything else (a menu's two "Level 1" items, one after the section's
// header, one after the other's submenu). A twin beside its twin ("Retry" after "Retry": the
// same action twice in one place) is after nothing: the host numbers it, the last resort.
function afterWords(box, label) {
  let n = 0;
  for (let s = box.previousElementSibling; s && n < 3; s = s.previousElementSibling, n++) {
    const text = wordsHead(s, BOX_CHARS);
    if (text.toLowerCase() === label) return '';
    const words = text.split(' ').filter((w) => w && !/\d/.test(w)).join(' ');
    if (words) return `after:${words}`;
  }
  return '';
}
