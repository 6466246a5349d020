// What a person reads on a control and what names it (issue 30): its words without hidden
// parts and icon-font ligatures, and its name with where that name came from.
import { clip, collapse, run, shownStyle } from './run.js';
import { saidOnce } from './said_once.js';
import { CONTROL_TAGS, FIELDS, INLINE, LABEL_SKIP, TYPED_FIELD } from './tags.js';
import { BREAK, IN, SKIP, iconHint, walkText } from './text.js';
import { generatedWordsOf } from './generated_words.js';

const ICON_FONT = /(?:^|\s)(?:material-icons|material-symbols|material-icons-\w+|material-symbols-\w+|mi|icon-font)(?:\s|$)/;
export const OWN_TEXT_ROLES = new Set(['radio', 'checkbox', 'option', 'treeitem', 'menuitem',
  'menuitemcheckbox', 'menuitemradio', 'switch', 'tab']);
const NESTED_SKIP = new Set(['group', 'tree', 'listbox', 'menu', 'radiogroup', 'tablist']);

// (`n`: an element the text walk enters, `tag` its localName; its class first, its words
// only for a leaf <i> or <span>)
export function isIconFont(n, tag) {
  const cls = typeof n.className === 'string' ? n.className : '';
  if (ICON_FONT.test(cls)) return true;
  if (tag !== 'i' && tag !== 'span') return false;
  if (n.childElementCount) return false;
  const t = n.textContent || '';
  if (!/^[a-z][a-z0-9_]{2,40}$/.test(t.trim())) return false;
  return ICON_FAMILY.test(firstFamily(getComputedStyle(n).fontFamily || ''));
}

// An icon font is the family a page asks for first ("Material Symbols Outlined", "icomoon"):
// a text font's stack ends in fallbacks for emoji and symbols ("Segoe UI Symbol", Bootstrap's
// and GitHub's stacks) that draw no word of a lower-case label ("order", "status": note 327).
const ICON_FAMILY = /material|icon|symbol/i;
function firstFamily(families) {
  return families.split(',')[0].replace(/["']/g, '').trim();
}

// The words a person reads on the element: text nodes, block breaks as spaces, without
// hidden parts, icon-font ligatures (kept apart as `lig`) and, with `own`, nested groups
// (a tree item's children) and nested controls.
export function personText(el, own, lig) {
  if (own || lig) return personWords(el, own, lig);
  // the plain reading (no nested groups left out, no ligatures kept) of a row's or a list's
  // neighbour, asked again for every control beside it: read once a walk (run.plainTexts)
  let text = run.plainTexts.get(el);
  if (text === undefined) {
    text = personWords(el, false, null);
    run.plainTexts.set(el, text);
  }
  return text;
}

// The ligatures the name's walk on hand finds go to `ligs` when its caller keeps them.
let ligs = null;

function personWords(el, own, lig) {
  const outer = ligs;
  ligs = lig;
  try {
    return walkText(el, run.textMax, own ? ownEnter : plainEnter, true, lig ? generatedWordsOf(el) : null);
  } finally {
    ligs = outer;
  }
}

function plainEnter(n, tag) {
  return personEnter(n, tag, false);
}

function ownEnter(n, tag) {
  return personEnter(n, tag, true);
}

function personEnter(n, tag, own) {
  if (n.hidden || LABEL_SKIP.has(tag)) return SKIP;
  if (isIconFont(n, tag)) { if (ligs) ligs.push(collapse(n.textContent || '')); return SKIP; }
  if (own) {
    const r = n.getAttribute('role');
    if (r && (NESTED_SKIP.has(r) || OWN_TEXT_ROLES.has(r))) return SKIP;
    if (tag === 'ul' || tag === 'ol') return SKIP;
  }
  const { display, visibility } = shownStyle(n);
  if (display === 'none' || visibility === 'hidden') return SKIP;
  return INLINE.has(display) ? IN : BREAK;
}

export function idsText(el, ids) {
  const root = el.getRootNode();
  if (!root || !root.getElementById) return '';
  return collapse(ids.split(/\s+/).map((id) => root.getElementById(id))
    .filter(Boolean).map((n) => personText(n, false, null)).join(' '));
}

// A label a person reads beside a field: a sibling <label> without `for` in the same field
// group, else the text right before the field on its line, in its parent (a paragraph's
// "Username"): text and inline elements, up to a block (a <div> of other text above the
// field is not its label), a control or a line break.
// A checkbox's or a radio button's words follow it where its line opens with a box (`after`:
// "<input radio>US subscription<br><input radio><font>Canada subscription</font>"): the text
// right after it on its line names it, so the second is not named by the first's words (note
// 161); on a line that opens with words ("Man <input radio> Vrouw <input radio>") the words
// before each name it.
function besideLabel(el, after = false) {
  const parent = el.parentElement;
  if (!parent) return null;
  const label = siblingLabel(el, parent);
  if (label) {
    const t = labelWords(label, el);
    if (t) return [t, 'sibling-label'];
  }
  const follows = after && el.matches(BOXES) && boxFirst(el) ? lineWords(el, 'nextSibling') : '';
  if (follows) return [clip(follows), 'text-after'];
  const s = lastCaption(lineWords(el, 'previousSibling')).replace(/[:：]\s*$/, '');
  return s ? [clip(s), 'text-before'] : null;
}

// The caption a person reads right before a field where sentences of help come first on its
// line ("... Provide as much detail as possible.  Format: <select>"): the phrase ending in a
// colon after the last sentence's end, when it opens as a sentence does (not in lower case:
// "Qty. per box:" is one caption). Words with no colon at their end are kept whole.
function lastCaption(words) {
  if (!/[:：]\s*$/.test(words)) return words;
  const end = words.match(/^(.*[.!?。])\s+(\S.*)$/su);
  return end && !/^\p{Ll}/u.test(end[2]) ? end[2] : words;
}

const BOXES = 'input[type=checkbox i], input[type=radio i]';

/** The words a checkbox or radio button with no label of its own shows beside it, as its
 * person name reads them (besideLabel: a free label, else the words after it on a line that
 * opens with a box, else those before it), or ''. */
export function boxWords(el) {
  const beside = besideLabel(el, true);
  return beside ? beside[0] : '';
}

// A <label> with no control of its own, among `el`'s siblings: no field inside it and no
// `for`, or a `for` that names no field (HauteLook's `<label for="password">` beside a field
// whose id is "login_password": Chromium names nothing by it, a person reads it as the
// field's).
function freeLabel(k, el) {
  if (k.localName !== 'label' || k.contains(el) || k.control) return false;
  return !k.hasAttribute('for') || !k.querySelector(NAMED_FIELD);
}

// What a label says of field `el`, as a person reads it. Not the words only a screen reader
// reads: a part moved off the page or shrunk to a pixel ("E-mail Address <span
// class=rn_ScreenReaderOnly>Required</span>", note 190). And a box one types in (TYPED_FIELD)
// is named by the label's own words, not by a link or a button inside it: "Password (Forgot
// Password?)" is "Password", the link names another page (notes 186, 189). A label with
// nothing else keeps all its words (a label of nothing but a link, or of screen-reader words
// only), and a checkbox's or a radio button's keeps its links ("I agree to the <a>terms</a>").
function labelWords(label, el) {
  const all = personText(label, false, null);
  if (!all || !label.firstElementChild) return all;
  const own = walkText(label, run.textMax, el.matches(TYPED_FIELD) ? typedEnter : boxEnter, true)
    .replace(/\(\s*\)|\[\s*\]/g, ' ').replace(/\s+/g, ' ').trim(); // a link's brackets, emptied
  return /[\p{L}\p{N}]/u.test(own) ? own : all;
}

const LABEL_ASIDE = 'a[href], button, [role=button], [role=link]';

function typedEnter(n, tag) {
  return n.matches(LABEL_ASIDE) ? SKIP : boxEnter(n, tag);
}

function boxEnter(n, tag) {
  return readerOnly(n) ? SKIP : personEnter(n, tag, false);
}

// Whether `n` is placed where no one sees it, for a screen reader only: taken out of the flow
// (absolute or fixed) and either off the page to its left or above it, or clipped to a pixel
// or less (a visually hidden helper's `width: 1px; height: 1px; overflow: hidden`).
function readerOnly(n) {
  const cs = getComputedStyle(n);
  if (cs.position !== 'absolute' && cs.position !== 'fixed') return false;
  const r = n.getBoundingClientRect();
  if (r.right + scrollX <= 0 || r.bottom + scrollY <= 0) return true;
  return r.width <= 1 && r.height <= 1 && (cs.overflow !== 'visible' || cs.clip !== 'auto');
}

// Whether sibling `k` is a field or holds one.
function holdsField(k) {
  return k.matches(NAMED_FIELD) || !!k.querySelector(NAMED_FIELD);
}

// The free label among `el`'s siblings that names it. Where `el` is its parent's one field,
// any (the label may follow it). Where fields stand side by side in one parent ("<label>Email
// Address:</label><input><label>Name:</label><input>", note 175), each field's is the label
// next to it with no field between: the one after a box on a line that opens with a box, else
// the one before; none otherwise (never another field's).
function siblingLabel(el, parent) {
  let fields = 0;
  for (let k = parent.firstElementChild; k && fields < 2; k = k.nextElementSibling) {
    if (holdsField(k)) fields += 1;
  }
  if (fields < 2) {
    for (let k = parent.firstElementChild; k; k = k.nextElementSibling) {
      if (freeLabel(k, el)) return k;
    }
    return null;
  }
  const step = el.matches(BOXES) && boxFirst(el) ? 'nextElementSibling' : 'previousElementSibling';
  for (let k = el[step]; k; k = k[step]) {
    if (freeLabel(k, el)) return k;
    if (holdsField(k)) return null;
  }
  return null;
}

// Whether `el`'s line (its siblings up to a line break or a block) opens with a box, no words
// before its first checkbox or radio button.
function boxFirst(el) {
  let first = el;
  for (let n = el.previousSibling; n; n = n.previousSibling) {
    if (n.nodeType === 1 && (n.localName === 'br'
      || !String(shownStyle(n).display).startsWith('inline'))) break;
    if (n.nodeType === 1 && n.matches(BOXES)) first = n;
  }
  return !/[\p{L}\p{N}]/u.test(lineWords(first, 'previousSibling'));
}

// The words on `el`'s line before it (`step` "previousSibling") or after it ("nextSibling"),
// in its parent: text and inline elements, up to a block, a control or a line break.
function lineWords(el, step) {
  const parts = [];
  let length = 0;
  for (let n = el[step]; n && length < 80; n = n[step]) {
    if (n.nodeType === 1 && (CONTROL_TAGS.has(n.localName) || n.localName === 'br')) break;
    if (n.nodeType === 1 && !String(shownStyle(n).display).startsWith('inline')) break;
    const t = (n.nodeType === 3 ? n.data : (n.nodeType === 1 ? n.textContent : '')) || '';
    parts.push(t);
    length += t.length;
  }
  if (step === 'previousSibling') parts.reverse();
  return collapse(parts.join(' '));
}

// Fields a label placed before them names (not hidden inputs, not buttons).
const NAMED_FIELD = 'input:not([type=hidden]):not([type=button]):not([type=submit])'
  + ':not([type=reset]):not([type=image]), select, textarea';

// The element before `n` in tree order within its tree (null at the root).
function previousInTree(n) {
  let p = n.previousElementSibling;
  if (!p) return n.parentElement;
  while (p.lastElementChild) p = p.lastElementChild;
  return p;
}

// Words a person reads in `n` itself, outside any button or link ("Active" between a
// "Status" label and a field says the label is not the field's).
function wordsBetween(n) {
  if (n.closest('button, a, [role=button]')) return false;
  for (let t = n.firstChild; t; t = t.nextSibling) {
    if (t.nodeType === 3 && t.data.trim()) return shownStyle(n).display !== 'none';
  }
  return false;
}

// A label a person reads above a field in its own box (issue 31, design note 89): the
// <label> without `for` and without a control of its own whose next field in the smallest
// box around it that holds a field is `el` ("<div><label>Confirm Password</label><div>
// <input></div></div>"). Structural, no distance: no field, no other label and no words
// but a button's or a link's lie between them, the boxes around the label up to the one
// that holds `el` hold no field before it, and that one holds no other field. Not for a
// checkbox or a radio button (their words follow them).
function labelBefore(el) {
  if (el.localName === 'input' && /^(checkbox|radio)$/i.test(el.type)) return null;
  let n = previousInTree(el);
  while (n && n.localName !== 'label') {
    if (!n.contains(el) && (n.matches(NAMED_FIELD) || wordsBetween(n))) return null;
    n = previousInTree(n);
  }
  if (!n || !freeLabel(n, el) || n.querySelector(NAMED_FIELD) || shownStyle(n).display === 'none') {
    return null;
  }
  let box = n.parentElement;
  for (; box && !box.contains(el); box = box.parentElement) {
    if (box.querySelector(NAMED_FIELD)) return null;
  }
  // a label over a group ("User name" over First name and Last name) names none of them
  if (!box || box.querySelectorAll(NAMED_FIELD).length > 1) return null;
  const t = labelWords(n, el);
  return t ? [clip(t), 'label-before'] : null;
}

/** The words of the label a person reads above field `el` in its own box (labelBefore), or
 * ''. */
export function labelAboveText(el) {
  const above = labelBefore(el);
  return above ? above[0] : '';
}

/** Whether the person name of field `el` is the label above it (labelBefore): then its
 * placeholder does not name it, and fields alike in placeholder are no twins (twins.js). */
export function namedByLabelAbove(el) {
  return !besideLabel(el) && !!labelBefore(el);
}

// A field's labels, as el.labels lists them (tree order): the <label> around it and those
// whose `for` names it. Not el.labels: Chromium collects that list by walking the field's
// whole tree scope, once per field (3 s of a 4,500-control page's walk); the `for` labels
// of a root are gathered once per walk here.
export function labelsOf(el) {
  const root = el.getRootNode();
  let byId = run.forLabels.get(root);
  if (!byId) {
    byId = new Map();
    for (const l of root.querySelectorAll ? root.querySelectorAll('label[for]') : []) {
      const id = l.getAttribute('for');
      if (!byId.has(id)) byId.set(id, []);
      byId.get(id).push(l);
    }
    run.forLabels.set(root, byId);
  }
  const out = [];
  for (let a = el.parentElement; a; a = a.parentElement) {
    if (a.localName === 'label') { if (a.control === el) out.push(a); break; }
  }
  for (const l of (el.id && byId.get(el.id)) || []) if (!out.includes(l) && l.control === el) out.push(l);
  return out.length > 1 ? out.sort((a, b) => (a.compareDocumentPosition(b) & 4 ? -1 : 1)) : out;
}

// A field a person cannot see: not laid out (display: none here or above it), invisible
// (visibility, an opacity of 0.05 or less), moved off the page to its left or above it, or a
// pixel or less in size. A recipient chooser keeps its labelled <textarea> so, behind the
// visible box one types names in (design note 221).
function unseenField(f) {
  if (!f.getClientRects().length) return true;
  const cs = getComputedStyle(f);
  if (cs.visibility === 'hidden' || cs.visibility === 'collapse') return true;
  const opacity = parseFloat(cs.opacity);
  if (Number.isFinite(opacity) && opacity <= 0.05) return true;
  const r = f.getBoundingClientRect();
  return r.right + scrollX <= 0 || r.bottom + scrollY <= 0 || (r.width <= 1 && r.height <= 1);
}

// Whether a person sees label `l`: laid out, not invisible, not a screen reader's only.
function seenLabel(l) {
  if (!l.getClientRects().length || readerOnly(l)) return false;
  return getComputedStyle(l).visibility === 'visible';
}

// The visible fields that stand in for a hidden one a visible label names, with that label:
// field → label, for the fields of `root` (read once a walk). A label whose `for` names a
// hidden box one types in ("<label for=_to>To</label> ... <textarea id=_to hidden> <ul><li>
// <input></li></ul>", a recipient chooser) names the one visible field beside it: the row is
// the smallest box holding the label and the hidden field, and that field is the row's only
// visible field (not counting buttons), a box one types in with no label of its own.
function standIns(root) {
  let found = run.standIns.get(root);
  if (found) return found;
  found = new Map();
  run.standIns.set(root, found);
  for (const l of root.querySelectorAll ? root.querySelectorAll('label[for]') : []) {
    const hidden = l.control;
    if (!hidden || hidden.contains(l) || !hidden.matches(TYPED_FIELD) || !unseenField(hidden)
      || !seenLabel(l)) continue;
    let row = hidden.parentElement;
    while (row && !row.contains(l)) row = row.parentElement;
    if (!row) continue;
    const seen = [...row.querySelectorAll(NAMED_FIELD)].filter((f) => f !== hidden && !unseenField(f));
    if (seen.length !== 1 || !seen[0].matches(TYPED_FIELD) || labelsOf(seen[0]).length) continue;
    if (!found.has(seen[0])) found.set(seen[0], l);
  }
  return found;
}

/** The label a person reads beside field `el` where it stands in for a hidden field that label
 * names (standIns), as [words, 'label-stand-in'], or null. */
function standInLabel(el) {
  const root = el.getRootNode();
  const l = standIns(root).get(el);
  if (!l) return null;
  const t = labelWords(l, l.control);
  return t ? [clip(t), 'label-stand-in'] : null;
}

// The labels that name field `el`, of all of them (`labels`, tree order). A box one types in
// with a label before it and one more after it ("<label for=f>Real name:</label> <input id=f>
// <label for=f>Real name is optional. If provided, ...</label>"): the label after is the help
// under the box, as words that follow a typed field are (TYPED_FIELD); the ones before it name
// it (design note 221). A checkbox's or a radio button's labels all name it.
function namingLabels(el, labels) {
  if (labels.length < 2 || !el.matches(TYPED_FIELD)) return labels;
  const before = labels.filter((l) => l.compareDocumentPosition(el) & 4);
  return before.length ? before : labels;
}

// A label that shows no letter or digit (icon-font glyphs: a console's Linux/macOS and
// Windows tabs, "\uf17c/\uf179" and "\uf17a") with a title: the title is what a person
// reads of it (its tooltip), as a symbol's title names a link. null otherwise.
function titledLabel(text, labels) {
  if (/[\p{L}\p{N}]/u.test(text)) return null;
  const titles = labels.map((l) => collapse(l.getAttribute('title') || '')).filter(Boolean);
  return titles.length ? [clip(titles.join(' ')), 'title'] : null;
}

/** The control's name as [name, source, ligatures?], or null. */
export function personName(el, tag, attrs, role) {
  const lby = attrs['aria-labelledby'];
  if (lby) { const t = idsText(el, lby); if (t) return [clip(t), 'aria-labelledby']; }
  if (attrs['aria-label'] && attrs['aria-label'].trim()) {
    return [clip(collapse(attrs['aria-label'])), 'aria-label'];
  }
  // (a button is labelable too: its labels name it before its own words, which then say the
  // value it shows, as a drop-down drawn as a button does: HTML-AAM, design note 299)
  const labels = FIELDS.has(tag) || tag === 'button' ? namingLabels(el, labelsOf(el)) : [];
  if (labels.length) {
    const t = collapse(labels.map((l) => labelWords(l, el)).join(' '));
    if (t) return titledLabel(t, labels) || [clip(t), 'label'];
  }
  if (tag === 'label' && el.control) {
    // as the field it names reads it (labelWords): one name, the host's one line for both
    const t = labelWords(el, el.control);
    if (t) return titledLabel(t, [el]) || [clip(t), 'label'];
  }
  if (!FIELDS.has(tag) || (tag === 'input' && /^(button|submit|reset)$/i.test(el.type))) {
    const lig = [];
    const own = OWN_TEXT_ROLES.has(role);  // (a mark its other words say again, once: note 250)
    const t = saidOnce(el, personText(el, own, lig), (n, k) => personEnter(n, k, own),
      generatedWordsOf(el));
    // a symbol ("¶", "×") with a title: the title says what it is ("Permalink to this headline")
    if (t && !/[\p{L}\p{N}]/u.test(t) && attrs.title && attrs.title.trim()) {
      return [clip(collapse(attrs.title)), 'title'];
    }
    if (t) return [clip(t), 'text', lig.join(' ')];
    if (tag === 'input' && el.value) return [clip(collapse(el.value)), 'value'];
    // a submit or reset button with no value shows the browser's own word on it (note 218)
    if (tag === 'input' && !el.hasAttribute('value') && /^(submit|reset)$/i.test(el.type)) {
      return [/^reset$/i.test(el.type) ? 'Reset' : 'Submit', 'value'];
    }
    for (const a of ['title', 'alt']) {
      if (attrs[a] && attrs[a].trim()) return [clip(collapse(attrs[a])), a];
    }
    const img = el.querySelector && el.querySelector('img[alt]');
    if (img && img.getAttribute('alt').trim()) return [clip(collapse(img.getAttribute('alt'))), 'alt'];
    const svgTitle = el.querySelector && el.querySelector('svg title');
    if (svgTitle && svgTitle.textContent.trim()) {
      return [clip(collapse(svgTitle.textContent)), 'svg-title', lig.join(' ')];
    }
    const hint = iconHint(el) || lig.join(' ');
    if (hint) return [hint, 'icon', lig.join(' ')];
    return null;
  }
  const beside = standInLabel(el) || besideLabel(el, true) || labelBefore(el);
  if (beside) return beside;
  if (attrs.title && attrs.title.trim()) return [clip(collapse(attrs.title)), 'title'];
  if (attrs.placeholder && attrs.placeholder.trim()) {
    return [clip(collapse(attrs.placeholder)), 'placeholder'];
  }
  return null;
}
