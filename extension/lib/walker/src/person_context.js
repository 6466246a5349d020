// Where a control sits, as a person would say it (issue 30): the row, field or card around
// it, the region a list or a form sits in, and the dialog that holds it.
import { columnCaption } from './column_caption.js';
import { DIALOG_CLASS_WORDS, DIALOG_SELECTOR } from './generated_contract.js';
import { idsText, personText } from './person_name.js';
import { clip, collapse, run } from './run.js';
import { CONTROL_TAGS, HEADINGS, ROLES, TEXT_SKIP, TYPED_FIELD } from './tags.js';

// The row, field or card a control sits in, by the words there that are not its own: the
// first text of the nearest ancestor (up to four up) that has any ("Milestone" for the
// "Edit" button of its row).
const GROUP_ROLES = new Set(['group', 'radiogroup', 'tablist', 'toolbar', 'region', 'dialog',
  'listbox', 'menu', 'tree', 'grid', 'row']);
const ROW_SETS = new Set(['html', 'body', 'table', 'thead', 'tbody', 'tfoot', 'ul', 'ol', 'dl', 'form']);
// The region a list or a form sits in, as a person would say it: its label or heading,
// else what it is ("footer", "navigation").
const LANDMARK_WORDS = { nav: 'navigation', footer: 'footer', header: 'header', aside: 'sidebar',
  navigation: 'navigation', contentinfo: 'footer', banner: 'header', complementary: 'sidebar' };
// (the host's rule, models/dialogs.py: semantic/dialog_front.py reads dialogs the same way)
const DIALOG_CLASS = new RegExp(`(?:^|[\\s_-])(?:${DIALOG_CLASS_WORDS.join('|')})(?:$|[\\s_-])`, 'i');

const short = (s) => (s.length > 60 ? `${s.slice(0, 59)}…` : s);

// What a box holds that names the controls in it (a legend or a title, a row's header cell,
// a region's heading): asked of each box once a walk (`memo`: a run map), not once for
// every control inside it.
const LEGEND = ':scope > legend, :scope > h1, :scope > h2, :scope > h3, :scope > h4';
const HEADER_CELL = ':scope > th';
const HEADING = 'h1, h2, h3, h4, h5, h6';
function ownedOnce(memo, box, selector) {
  let found = memo.get(box);
  if (found === undefined) {
    found = box.querySelector(selector);
    memo.set(box, found);
  }
  return found;
}

// Not a row's words: a control, or a box holding one. A link's words may name the row of
// another kind of control (the sender of a message row names its star button).
// (a pure function of the element and the two flags, asked again of each sibling for every
// control of a list: read once a walk, run.controlish)
function isControlish(k, links, linksInside) {
  const at = (links ? 1 : 0) + (linksInside ? 2 : 0);
  let known = run.controlish.get(k);
  if (known === undefined) {
    known = [undefined, undefined, undefined, undefined];
    run.controlish.set(k, known);
  }
  let v = known[at];
  if (v === undefined) {
    v = controlishNow(k, links, linksInside);
    known[at] = v;
  }
  return v;
}

function controlishNow(k, links, linksInside) {
  const tag = k.localName;
  if (HEADINGS.has(tag)) return false;  // a heading names its row, a link in it or not
  // a link with a title's length names its row (a search result's heading), a command's not
  const titled = tag === 'a' && (k.textContent || '').trim().length > 15;
  if ((CONTROL_TAGS.has(tag) && !((links || titled) && tag === 'a')) || TEXT_SKIP.has(tag)) {
    return true;
  }
  // a title link taken out of the tab order (tabindex=-1, a result card's) still names it
  if (titled) return k.querySelector('input, select, textarea, button') !== null;
  const r = k.getAttribute('role');
  return (r && ROLES.has(r.split(' ')[0])) || k.hasAttribute('tabindex')
    || k.querySelector(links || linksInside ? 'input, select, textarea, button, [role], [tabindex]'
      : 'input, select, textarea, button, a[href], [role], [tabindex]') !== null;
}

// The one field or button a table holds, else null (asked once a table a walk).
const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tfoot']);
const FIELD_OR_BUTTON = 'input:not([type=hidden i]), select, textarea, button';
function loneControl(table) {
  if (!table || table.localName !== 'table') return null;
  let lone = run.loneControls.get(table);
  if (lone === undefined) {
    const all = table.querySelectorAll(FIELD_OR_BUTTON);
    lone = all.length === 1 ? all[0] : null;
    run.loneControls.set(table, lone);
  }
  return lone;
}

function landmarkOf(from, name, levels = 8) {
  for (let a = from, up = 0; a && up < levels && a.localName !== 'body'; a = a.parentElement, up++) {
    if (a.localName === 'tr') {  // a table row's header cell ("Mozilla projects")
      const th = ownedOnce(run.headerCells, a, HEADER_CELL);
      const t = th && !th.contains(from) ? personText(th, false, null) : '';
      if (t && t !== name) return short(t);
    }
    const role = a.getAttribute('role');
    const word = LANDMARK_WORDS[role] || LANDMARK_WORDS[a.localName];
    if (!word && a.localName !== 'section' && role !== 'region' && a.localName !== 'form') {
      // a box whose title comes first ("Contents" over a table of contents)
      const first = a.firstElementChild;
      if (first && first !== from && !first.contains(from) && (HEADINGS.has(first.localName)
        || /(?:^|\s)[\w-]*title(?:\s|$)/.test(typeof first.className === 'string' ? first.className : ''))) {
        const t = personText(first, false, null);
        if (t && t !== name) return short(t);
      }
      continue;
    }
    const label = a.getAttribute('aria-label');
    let s = label && label.trim() ? collapse(label) : '';
    if (!s && a.getAttribute('aria-labelledby')) s = idsText(a, a.getAttribute('aria-labelledby'));
    if (!s) {
      const h = ownedOnce(run.headings, a, HEADING);
      if (h) s = personText(h, false, null);
    }
    if (!s) s = word || '';
    if (s && s !== name) return short(s);
  }
  return '';
}

const WORDED = /[\p{L}\p{N}]/u;

export function personContext(el, name) {
  let child = el;
  let links = el.localName !== 'a';
  const usable = (s) => s && s !== name && !name.includes(s);
  // (a typed field) the first words after it, said only where none before it are found up
  // to the row, field or card around it: "Comments or Questions" two boxes up, not the count
  // in its own box
  const typed = el.matches(TYPED_FIELD);
  // (a control but a typed field: in a row of label and control columns, the label of its own
  // column, not the row's first words: "Author" for the switch after it, not the "Notify:"
  // over the row, design note 249; a typed field reads the words nearest before it already)
  const [caption, column] = typed ? ['', null] : columnCaption(el);
  let after = '';
  for (let up = 0, a = el.parentElement; a && up < 4; up++, child = a, a = a.parentElement) {
    let s = '';
    const role = a.getAttribute('role');
    if ((role && GROUP_ROLES.has(role)) || a.localName === 'fieldset') {
      const label = a.getAttribute('aria-label');
      if (label && label.trim()) s = collapse(label);
      else if (a.getAttribute('aria-labelledby')) s = idsText(a, a.getAttribute('aria-labelledby'));
    }
    if (usable(s)) return short(s);
    if (child === column && usable(caption)) return short(caption);
    // a table around this control alone is its box, not a set of rows: the words that name
    // it are in the row around that table ("<td><strong>Password: </strong></td><td><table>
    // <tr><td><input>", PerfumeMart's), and the table's parts count as no box of the four
    if (TABLE_PARTS.has(a.localName) && loneControl(a.localName === 'table' ? a : a.parentElement) === el) {
      up--;
      continue;
    }
    if (ROW_SETS.has(a.localName)) {
      // many rows' words; but a nested menu's list goes on to the item that holds it
      const list = a.localName === 'ul' || a.localName === 'ol';
      if (!(list && a.parentElement && a.parentElement.localName === 'li')) {
        // a list's items under a header item ("LABELS", then its links)
        for (let k = list ? child.previousElementSibling : null, n = 0; k && n < 40;
          k = k.previousElementSibling, n++) {
          if (!isControlish(k, false)) {
            const t = personText(k, false, null);
            if (usable(t)) return short(t);
          }
        }
        return after ? short(after) : landmarkOf(a, name, 14) || regionWord(a);
      }
      links = true;
      up--;
      continue;
    }
    const legend = !s && ownedOnce(run.legends, a, LEGEND);
    if (legend && !legend.contains(el)) s = personText(legend, false, null);
    // (a typed field: the words nearest before it, its caption, not the box's first words: a
    // form's title over every caption, "ОБРАТНАЯ СВЯЗЬ" over "Ваше имя" and "Ваш e-mail";
    // a required mark "*" between is no words)
    const first = typed ? child.previousSibling : a.firstChild;
    for (let k = first; k && !usable(s) && k !== child;
      k = typed ? k.previousSibling : k.nextSibling) {
      if (k.nodeType === 3) s = collapse(k.data);
      else if (k.nodeType === 1 && !isControlish(k, links)) s = personText(k, false, null);
      if (typed && !WORDED.test(s)) s = '';
    }
    if (!usable(s)) {
      for (let k = child.nextSibling; k && !usable(s); k = k.nextSibling) {
        if (k.nodeType === 3) s = collapse(k.data);
        else if (k.nodeType === 1 && !isControlish(k, links, true)) s = personText(k, false, null);
      }
      if (typed && usable(s)) {
        if (!after) after = s;
        s = '';
      }
    }
    if (usable(s)) return short(s);
  }
  if (after) return short(after);
  // nothing of its own around it: the region it sits in ("header", "footer", a section's
  // heading), which tells the "Log in" of the header from the one in the page
  return landmarkOf(el.parentElement, name, 14) || regionWord(el.parentElement);
}

// The part of the page a box's id, else its class, calls itself ("#footer", "social--top"),
// for a page that marks its regions no other way.
// (camelCase ids too: a "loginForm" and a "registerForm" each with a "Password" field)
const REGION_WORD = /(?:^|[\s_-])(header|footer|nav|navigation|sidebar|masthead|top|bottom|login|signin|register|signup|toolbar)(?=$|[\s_-])/i;
const REGION_SAID = { nav: 'navigation', masthead: 'header', signin: 'login', signup: 'register' };
const CAMEL = /([a-z])([A-Z])/g;
function regionWord(from) {
  for (const own of ['id', 'class']) {
    for (let a = from, up = 0; a && up < 14 && a.localName !== 'body'; a = a.parentElement, up++) {
      const m = REGION_WORD.exec((a.getAttribute(own) || '').replace(CAMEL, '$1 $2'));
      if (m) { const w = m[1].toLowerCase(); return REGION_SAID[w] || w; }
    }
  }
  return '';
}

// Whether the tree `el` is in (its document or shadow root) holds anything dialogOf can find:
// an element DIALOG_SELECTOR matches, or one whose class has a word of DIALOG_CLASS (the
// attribute selectors below match a superset: the word anywhere in the class, ASCII case
// aside, as the pattern's /i). closest() and the loop over the ancestors never leave that tree,
// so in a tree with neither (most pages: none on the rustdoc and Node.js pages) every control
// sits in no dialog, and its ancestors are not asked (issue 33, design note 143: on rustdoc
// the two were asked of every link, ~20k a page). Asked once a tree a walk.
const DIALOG_CLASS_BOX = DIALOG_CLASS_WORDS.map((w) => `[class*=${w} i]`).join(', ');
const DIALOG_TREE = `${DIALOG_SELECTOR}, ${DIALOG_CLASS_BOX}`;
const PAGE_ROOTS = new Set(['body', 'html']);  // (a page's "modal-open" body is no overlay)
function mayHoldDialog(el) {
  const root = el.getRootNode();
  if (!root || (root.nodeType !== 9 && root.nodeType !== 11)) return true;
  let v = run.dialogTrees.get(root);
  if (v === undefined) {
    v = root.querySelector(DIALOG_TREE) !== null;
    run.dialogTrees.set(root, v);
  }
  return v;
}

// The dialog a control sits in: <dialog open>, role dialog/alertdialog, aria-modal, or a
// fixed box whose class says modal/dialog/popup (a class-only overlay). Its name: its
// label, else its first heading, else "dialog".
export function dialogOf(el) {
  if (!mayHoldDialog(el)) return '';
  let d = el.closest(DIALOG_SELECTOR);
  // (a class-only overlay however deep its control sits: a settings form's field in a row
  // in a group in a tab, 16 boxes down; each box whose class may say so, asked by closest())
  for (let a = d ? null : el.parentElement?.closest(DIALOG_CLASS_BOX); a && !PAGE_ROOTS.has(a.localName);
    a = a.parentElement?.closest(DIALOG_CLASS_BOX)) {
    const cls = typeof a.className === 'string' ? a.className : '';
    if (DIALOG_CLASS.test(cls) && getComputedStyle(a).position === 'fixed') { d = a; break; }
  }
  if (!d) return '';
  const label = d.getAttribute('aria-label');
  if (label && label.trim()) return clip(collapse(label));
  if (d.getAttribute('aria-labelledby')) {
    const t = idsText(d, d.getAttribute('aria-labelledby'));
    if (t) return clip(t);
  }
  const h = ownedOnce(run.headings, d, HEADING);
  const t = h ? personText(h, false, null) : '';
  return t ? clip(t) : 'dialog';
}
