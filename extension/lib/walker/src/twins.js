// Semantic mode (issue 31): what tells twins apart, read once per walk over the whole top
// document, whatever window the records cover, so every read names a twin alike. Twins are
// controls that share a label, the words of their row (and, for links, a destination): a menu
// laid out twice, a share bar above and below a story. Each is told apart by the first of its
// named containers that is not the same for all (aria-label, aria-labelledby, a tab panel's tab:
// pane_name.js, an id with no digits), closest first, else by the heading above it; those that
// share a place by their next places: the paragraph holding it, then its own box, the largest
// ancestor holding no other twin of its group (a product's card, a menu's list), read as its
// heading, else its words without those every box starts with; then the element its markup
// ties it to by id (twin_refs.js). The record carries them as `tw`, "|"-joined: "at:", "under:",
// "within:", "for:", "ref:<words>". Then, over every such twin of the page (a read holding some
// names them alike): their rows' cells, "cell:<words>"; their icons' colours where they show no
// words, "hue:<colour>" (swatch.js); their column's header, "col:<words>"; the words before each
// in one paragraph, "after:<words>"; what a person sees of their cards (twin_marks.js); the
// item before each one's box, "after:<words>" (it moves when one is added above: last, note
// 333); their own ids or test ids, "own:<words>" (twin_own.js); else their number in the page's
// order, "n:<k>/<how many>" (twin_numbers.js; a pair around a list, "side:above list"). A link
// showing no words beside a link with words to its address (a card's picture and its title:
// pictures.js) carries "of:<the title's words>", then its title's places. Pictures named alike
// by their alt are twins too, parted first by the file each shows, "src:<words>"
// (picture_twins.js), then by where they sit.
import { TEXT_FIELDS, TWIN_FIELDS, addOnPlaces, neighbourPlaces, placeholderOnly, twinFieldKey, unnamedApart } from './field_twins.js';
import { columnCaption } from './column_caption.js';
import { ID_LABEL_WORDS, ID_PLACE_WORDS } from './generated_contract.js';
import { paneName } from './pane_name.js';
import { iconColour } from './swatch.js';
import { picturesOf, titleWords, titledApart } from './pictures.js';
import { boxesOf, labelOf } from './twin_boxes.js';
import { PICTURES, pictureAlt, shownFile } from './picture_twins.js';
import { collapse, run, withoutLabel, wordsHead, wordsOf } from './run.js';
import { parentWords } from './text.js';
import { idWords, withColumns, withWordsBefore } from './twins_last.js';
import { addPlaces, withMarks } from './twin_marks.js';
import { pathTwins } from './twin_dest.js';
import { swatchTwins } from './swatch_twins.js';
import { numberAlike, pairSides } from './twin_numbers.js';
import { refPlace } from './twin_refs.js';
import { part, placeWords } from './twin_part.js';

// (a control only its role makes one, which the host names as a field, a switch or a radio
// by that role: a chart's step marker, `<span role=textbox aria-label="Edit step">`, in each of
// three charts; design note 281)
const ROLE_ONLY = '[role=textbox], [role=searchbox], [role=combobox], [role=switch], '
  + '[role=radio], [role=menuitemcheckbox], [role=menuitemradio], [role=treeitem]';
const CONTROLS = 'button, a[href], input[type=button], input[type=submit], input[type=checkbox], '
  + 'input[type=image], input[type=reset], input[type=radio], [role=button], [role=link], '
  + '[role=checkbox], [role=tab], [role=menuitem], '
  // (a listbox's options: the host lists them as items, "Search All GitHub" thrice in one)
  + '[role=option], '
  + `${ROLE_ONLY}, `
  // (what a page's script says acts: the host takes these as controls too)
  + '[onclick], [data-action], [jsaction], [ng-click], [data-onclick]';
const ALL = `${CONTROLS}, ${TWIN_FIELDS}, ${PICTURES}`;  // what the page's twins are among
const LIMIT = 8000;  // controls looked at
const MEMBERS = 6000;  // twins whose places are read
const UP = 12;  // ancestors looked at for named containers
const HEADINGS = 'h1, h2, h3, h4, h5, h6';
const FOLLOWING = 4;  // Node.DOCUMENT_POSITION_FOLLOWING
const BLOCKS = 'p, li, td, dd, blockquote';
const BOX_HEADS = new Set(['header', 'legend', 'caption', 'figcaption']);
const BOX_HEAD = /(^|[\s_-])(header|heading|title)($|\s)/i;  // card-header, panel-heading
const ROW_CHARS = 60;  // a parent with more words than this is a section (id_words.py)
const ROW_UP = 8;  // ancestors looked at for a control's row, and again past a row of no words
const ICONS = 'svg, i, [class*="icon"]';  // what shows a wordless control's icon

// A text's words as the host's id holds a row's, without the control's label.
function rowMinus(label) {
  return (t) => idWords(label ? withoutLabel(collapse(t).toLowerCase(), label)
    : collapse(t).toLowerCase(), ID_PLACE_WORDS).join(' ');
}

// The words of the row or item a control sits in, as the host reads them for its id
// (semantic/id_words.py context_of): controls in rows with other words are no twins.
// (Its first four words: the host's id holds no more of them, so rows alike in those are
// twins to be parted.)
function rowWords(el, label) {
  const minus = rowMinus(label);
  for (let a = el.parentElement, up = 0; a && up < ROW_UP; a = a.parentElement, up++) {
    if (a.localName === 'tr') {
      const [, words] = rowFrom(a, minus);
      if (words) return words;
      break;
    }
    if (a.localName === 'li' && (a.textContent || '').trim()) {
      const words = minus(wordsOf(a, 4 * run.blockMax));  // (as the host reads its text)
      if (words) return words;
      break;
    }
  }
  // (a small parent's words, as the host reads its `ptx`: its first 80 characters without the
  // label, a row when no more than 60 are left; a longer parent, a paragraph, is no row: links
  // alike in one paragraph and in the next are twins, parted by their places; no box of options)
  const parent = el.parentElement;
  if (!parent) return '';
  const text = withoutLabel(parentWords(parent).toLowerCase(), label);
  return text.trim().length <= ROW_CHARS ? idWords(text, ID_PLACE_WORDS).join(' ') : '';
}

// A button with no words of its own (a row's icon-only "⋮" menu, which the host names from its
// icon or its menu) is a twin of the buttons alike in tag and class in rows alike. An image
// link is a twin by its image's alt (as the host names it); with no alt, by its tag and class
// in rows alike (a product's colour swatches), as a link drawing an icon is.
function keyOf(el) {
  // (a picture by its alt alone: the host names a picture by no row, picture_twins.js)
  const alt = pictureAlt(el, CONTROLS);
  if (alt !== null) return alt ? `\u0004${alt}` : '';
  if (el.matches(TWIN_FIELDS)) {  // (a field named by its placeholder alone: field_twins.js)
    const name = el.matches(TEXT_FIELDS) ? placeholderOnly(el) : '';
    return name ? `${name}\u0000\u0002field\u0000${rowWords(el, name)}`
      : twinFieldKey(el, rowWords);  // (named by its label, or by nothing)
  }
  const label = labelOf(el);
  const look = el.getAttribute('class') || '';
  // (nothing names it; a link that shows an icon is a twin of the links alike in their row,
  // parted by where they sit, then by the colour of their icons: iconColour; one showing a
  // picture, a product's colour swatch, by its tag alone: its class says which is chosen)
  const shows = el.localName === 'a' && (el.querySelector(ICONS) || el.querySelector('img'));
  if (!label && !(el.localName === 'a' ? shows : look.trim())) return '';
  // (a link to a place on this page is no destination: "#preview-1000" and "#preview-1001"
  // are the same tab of two examples; nor is a number in its path: "/comment/reply/67865/
  // 223379" and ".../223395" are the same "reply" under two comments, parted by their places)
  // (nor is a script's call: "javascript:ProductList.change(886703, this)", no path the host
  // says; still a link's, not its scripted wrapper's: the two are one control, note 156)
  const raw = el.localName === 'a' ? el.getAttribute('href') || '' : '';
  const href = /^\s*javascript:/i.test(raw) ? 'javascript:'
    : raw.split(/[?#]/)[0].replace(/\/\d+(?=\/|$)/g, '/#');
  // (a label by the words the host's id holds of it: two checkboxes "Select this object for an
  // action - Lot 1: Penny Red" and "... - Lot 1: Machin" in rows alike are named alike, so they
  // are twins parted over the whole page, not by each read's window: design note 311)
  const own = (label && (idWords(label, ID_LABEL_WORDS).join(' ') || label))
    || `\u0001${el.localName} ${shows?.localName === 'img' ? '' : collapse(look)}`;
  // (a box is no twin of a link or a button named alike, a checkbox named by its card's
  // "Jeremy Massey" beside the card's link "Jeremy Massey": the host's ids tell them apart
  // by their kinds; note 313)
  const box = boxKind(el);
  return `${own}\u0000${href}\u0000${rowWords(el, label)}${box ? `\u0000${box}` : ''}`;
}

// The kind of a box one ticks or picks ("checkbox", "radio", "switch"), else ''.
function boxKind(el) {
  if (el.localName === 'input' && /^(checkbox|radio)$/i.test(el.type)) return el.type.toLowerCase();
  const role = (el.getAttribute('role') || '').split(' ')[0];
  return /^(checkbox|radio|switch)$/.test(role) ? role : '';
}

// The words of a row's first cell with words besides the control's label (`minus`), '' where none.
function firstWords(row, minus) {
  for (const cell of row.children) {
    const words = minus(wordsOf(cell, 4 * run.blockMax));
    if (words) return words;
  }
  return '';
}

// The row read for a control whose closest row is `tr`, with that row's first words: [row,
// words]. A row whose cells say no words but the control's own is a layout table's row inside a
// cell (an icon laid out beside a host's name): the row read is the row around its table (the
// next tr up, within ROW_UP ancestors) when it has words, never one further out (a page laid
// out in tables) (the host's id_words.py table_row, note 256).
function rowFrom(tr, minus) {
  const own = firstWords(tr, minus);
  if (own) return [tr, own];
  for (let b = tr.parentElement, past = 0; b && past < ROW_UP; b = b.parentElement, past++) {
    if (b.localName !== 'tr') continue;
    const outer = firstWords(b, minus);
    return outer ? [b, outer] : [tr, ''];
  }
  return [tr, ''];
}

// The row of a control in a table (its closest tr among ROW_UP ancestors, as rowWords reads
// it, given way as rowFrom says), else null.
function tableRow(el, label) {
  for (let a = el.parentElement, up = 0; a && up < ROW_UP; a = a.parentElement, up++) {
    if (a.localName === 'tr') return rowFrom(a, rowMinus(label))[0];
  }
  return null;
}

// What parts table rows alike in their first words, read over every row of the page (a read
// that holds only some of them names each alike): the words of the row's cells as the host
// reads its row (semantic/id_words.py: the cells with words, without the control's label;
// the first is the row's words, in the key), its last cell's last three words first (a
// message's time, a record's status), then each cell between, its first three: "cell:<words>".
function cellPlaces(row, label) {
  const said = [];
  for (const cell of row.children) {
    let text = collapse(wordsOf(cell, 400).slice(0, 400)).toLowerCase();
    if (label) text = text.replace(label, ' ');
    if (idWords(text, 1).length) said.push(text);
  }
  if (said.length < 2) return [];
  const last = idWords(said[said.length - 1], 400);
  return [last.slice(-3), ...said.slice(1, -1).map((text) => idWords(text, 3))]
    .map((words) => (words.length ? `cell:${words.join(' ')}` : ''));
}

function placesOf(el, headings) {
  const out = [];
  for (let a = el.parentElement, up = 0; a && up < UP && a.localName !== 'body';
    a = a.parentElement, up++) {
    // (its aria-label, the name another element gives it: a pane's tab, its id)
    // (attributes, not properties: a form's `id` is its input named "id", when it holds one)
    const named = [a.getAttribute('aria-label') || '', paneName(a), a.getAttribute('id') || ''];
    for (const value of named) {
      const words = collapse(value.replace(/[-_]+/g, ' '));
      if (words && !/\d/.test(words) && !out.includes(`at:${words}`)) out.push(`at:${words}`);
    }
  }
  // the header of the box holding it, closest first: a card's or panel's first child that
  // titles it ("Forms layout Grid"), where its boxes have no heading element
  for (let a = el.parentElement, up = 0; a && up < UP && a.localName !== 'body';
    a = a.parentElement, up++) {
    const head = a.firstElementChild;
    if (!head || head.contains(el) || !(BOX_HEADS.has(head.localName)
      || BOX_HEAD.test(head.getAttribute('class') || ''))) continue;
    const words = wordsHead(head, 80);
    if (words) { out.push(`under:${words}`); break; }
  }
  // the last heading before the element in document order (binary search)
  let lo = 0;
  let hi = headings.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (headings[mid].compareDocumentPosition(el) & FOLLOWING) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  const heading = found >= 0 ? wordsHead(headings[found], 80) : '';
  if (heading) out.push(`under:${heading}`);
  // the paragraph or item holding it (a citation cited twice under one heading)
  const block = el.parentElement && el.parentElement.closest(BLOCKS);
  const text = block ? wordsHead(block, 60) : '';
  if (text) out.push(`within:${text}`);
  return out;
}

// Twins in table rows are parted by their rows' cells after their places (each twin's places
// made as long as the longest, so every row's cells sit at the same depth). A column that says
// every row apart (a date, a time) parts them alone: a row added above with a status of its
// own leaves the others' ids as they were.
function withCells(members, places) {
  const rows = members.map((el) => tableRow(el, labelOf(el)));
  if (!rows.some(Boolean)) return;
  const cells = members.map((el, i) => (rows[i] ? cellPlaces(rows[i], labelOf(el)) : []));
  const width = Math.max(...cells.map((c) => c.length));
  let apart = -1;
  for (let k = 0; k < width && apart < 0; k++) {
    const said = cells.map((c) => c[k] || '');
    if (said.every(Boolean) && new Set(said).size === said.length) apart = k;
  }
  const depth = Math.max(...places.map((p) => p.length));
  members.forEach((_, i) => {
    while (places[i].length < depth) places[i].push('');
    places[i].push(...(apart < 0 ? cells[i] : [cells[i][apart]]));
  });
}

// Twins that show no words are parted last, after their rows' cells, by the colour their
// icon is drawn in (swatch.js iconColour): "hue:<colour>", its hue alone ("light blue" and
// "blue" alike: a hover darkens it), greys, black and white said as none.
function withHues(members, places) {
  if (members.every((el) => labelOf(el))) return;
  const depth = Math.max(...places.map((p) => p.length));
  members.forEach((el, i) => {
    while (places[i].length < depth) places[i].push('');
    const hue = labelOf(el) ? '' : iconColour(el).replace(/^(light|dark) /, '');
    places[i].push(/^(grey|white|black)$/.test(hue) ? 'hue:' : `hue:${hue}`);
  });
}

// The caption of a field's column as a place (column_caption.js), "col:<words>", '' where none.
function captionPlace(el) {
  const [words] = columnCaption(el);
  return words ? `col:${words}` : '';
}

// A field's box places at one depth (its box's words, the item before it), '' where none.
function fieldBox(places) {
  return ['for:', 'after:'].map((kind) => places.find((p) => p.startsWith(kind)) || '');
}

// Twins parted by their places, their rows' cells, their icons' hues, their columns, the
// words before them, then by what a person sees of their cards (twin_marks.js: their
// section's heading, their box's picture, their icon, their box's numbers), then by the item
// before each one's box (`afters`: it moves when one is added above, note 333), else numbered:
// each one's words, "|"-joined, into `out`. `owners[i]`: the box of `members[i]`, or null.
function settle(members, places, scopes, out, headings, owners = [], afters = []) {
  withCells(members, places);
  withHues(members, places);
  withColumns(members, places);
  withWordsBefore(members, places);
  withMarks(members, places, headings, members.map((_, i) => owners[i] || null));
  addPlaces(places, members.map((_, i) => afters[i] || ''));
  const words = members.map(() => []);
  part(members.map((_, i) => i), places, 0, words);
  numberAlike(words, scopes, members);
  members.forEach((el, i) => { if (words[i].length) out.set(el, words[i].join('|')); });
}

// A twin's box places with its reference (twin_refs.js) before the first of them that is the
// item before it ("after:"), else last; as they were where it has none.
function withRef(box, ref) {
  if (!ref) return box;
  const at = box.findIndex((p) => p.startsWith('after:'));
  return at < 0 ? [...box, ref] : [...box.slice(0, at), ref, ...box.slice(at)];
}

// A control only its role makes one that is part of another control or holds one (select2's
// combobox and the textbox of its chosen words): no twin of its own, read as before its role
// was taken (by the late twins, lateTwin, where its style makes it one).
function rolePart(el) {
  return el.matches(ROLE_ONLY) && Boolean((el.parentElement && el.parentElement.closest(ALL))
    || el.querySelector(ALL));
}

/** Map(control → its places that part it from its twins, "|"-joined) for the page. */
export function pageTwins() {
  const groups = new Map();
  const links = [];
  const fields = [];
  let n = 0;
  for (const el of document.querySelectorAll(ALL)) {
    if (++n > LIMIT) break;
    // (a role on a part of a control, or on a box holding one, is that control listed twice:
    // select2's combobox and the textbox of its chosen words; the host says the inner one as
    // such, note 272)
    if (rolePart(el)) continue;
    if (el.localName === 'a' && el.hasAttribute('href')) links.push(el);
    else if (el.matches(TEXT_FIELDS)) fields.push(el);
    const key = keyOf(el);
    if (!key) continue;
    const group = groups.get(key);
    if (group) group.push(el);
    else groups.set(key, [el]);
  }
  const headings = [...document.querySelectorAll(HEADINGS)];
  const out = new Map();
  let neighbours = null;
  let read = 0;
  // Labelled twins first: the icon-only ones, then the pictures, take what the budget leaves.
  const rank = (key) => ({ '\u0001': 1, '\u0004': 2 }[key[0]] || 0);
  const ordered = [...groups].sort(([a], [b]) => rank(a) - rank(b));
  for (const [key, all] of ordered) {
    const members = key.includes('\u0003field') ? unnamedApart(all) : all;
    if (members.length < 2 || read + members.length > MEMBERS) continue;  // (a smaller
    read += members.length;  // group after it may still fit)
    // (fields named by a placeholder have no box of words: their neighbours are their last
    // places; fields named alike by labels or by nothing, their add-ons and kind, then their
    // boxes, then their neighbours)
    const scopes = members.map(() => '');
    const owners = [];
    const afters = [];
    const near = () => members.map((el) => (neighbours || (neighbours = neighbourPlaces(fields)))
      .get(el) || []);
    let boxes;
    if (key.includes('\u0002field')) boxes = near();
    else if (key.includes('\u0003field')) {
      const own = boxesOf(members, scopes.slice());
      // (after its add-ons, the caption of its column: "Before" of "Planned start", note 249)
      boxes = near().map((n, i) => [...addOnPlaces(members[i]), captionPlace(members[i]),
        ...fieldBox(own[i]), ...n]);
    } else boxes = boxesOf(members, scopes, owners, afters);
    // (a picture, or a control showing one alone: the file it shows first, then where it sits;
    // a pair of fields around a list, the side it sits on first: twin_numbers.js)
    const sides = pairSides(members, key.includes('\u0003field'));
    // (the element its markup ties it to by id after its box's words, before the item before
    // its box, which moves when one is added above: a page tree's cell, its page's item)
    const places = members.map((el, i) => [shownFile(el), ...sides[i], ...placesOf(el, headings),
      ...withRef(boxes[i], refPlace(el))]);
    settle(members, places, scopes, out, headings, owners, afters);
  }
  pathTwins(links, out, (el) => rowWords(el, labelOf(el)));
  run.twinHeadings = headings;
  // A picture is its title's: it takes the title's words and the places that part the title
  // from its twins (the same story's picture and title in two lists).
  // (one that keeps a name of its own pictures of other titles alike in row and places keep
  // too: its title after, where the title's places do not say it already: its own heading)
  const pictures = picturesOf(links);
  const apart = titledApart(pictures, (el, title) => `${rowWords(el, '')}\u0000${out.get(title) || ''}`);
  for (const [picture, title] of pictures) {
    const own = out.get(title) || '';
    const titled = `under:${placeWords(`under:${titleWords(title)}`).words.join(' ')}`;
    const places = [own, apart.has(picture) && !own.split('|').includes(titled) ? titled : '']
      .filter(Boolean).join('|');
    out.set(picture, `of:${titleWords(title)}${places ? `|${places}` : ''}`);
  }
  return out;
}

// A control no selector of the page's twins takes, that only its style makes one (a file
// picker's paperclip icon over its hidden input, cursor: pointer; a report's sortable column
// heading "Hits" in each of its panels), is a twin of the elements alike in tag, class and
// words in rows alike that the pointer is drawn over too, read over the whole page when the
// walk first meets one of them, parted as the page's twins are: by their containers, the
// heading above, their box (volt's two "Choose Image" boxes, under "Select profile photo" and
// "Select cover photo"; GoAccess's "Hits" by the panel each sorts).
const LATE_GROUPS = 200;  // such groups read a walk (past it none is: a bound on its work)
const LATE_MEMBERS = 200;  // elements of one such group
// The pointer drawn over it and not over its parent (an icon in a link is the link's), and no
// control of the twins' selectors around it.
function pointedAlone(el) {
  const parent = el.parentElement;
  return getComputedStyle(el).cursor === 'pointer' && (!parent
    || (getComputedStyle(parent).cursor !== 'pointer' && !parent.closest(ALL)));
}

// `el`'s twin words once `members` (its group, read late) are parted as the page's twins are.
function partedLate(el, members) {
  const scopes = members.map(() => '');
  const owners = [];
  const afters = [];
  const boxes = boxesOf(members, scopes, owners, afters);
  const places = members.map((m, i) => [...placesOf(m, run.twinHeadings), ...boxes[i]]);
  settle(members, places, scopes, run.twins, run.twinHeadings, owners, afters);
  return run.twins.get(el) || '';
}

function lateTwin(el) {
  const look = el.getAttribute('class') || '';
  if (!look.trim() || (el.matches(ALL) && !rolePart(el)) || !pointedAlone(el)) return '';
  // (the group of its tag, class, words and row read once: its words are in run.twins after)
  const label = labelOf(el);
  const row = rowWords(el, label);
  const key = `${el.localName}\u0000${look}\u0000${label}\u0000${row}`;
  const late = run.lateTwins || (run.lateTwins = new Set());
  if (late.has(key) || late.size >= LATE_GROUPS) return '';
  late.add(key);
  if (label && swatchTwins(el, label)) return '';  // (a swatch named by its colour: swatchTwin)
  // (a box holding a field stands for it, a switch drawn over its hidden checkbox: told apart
  // by the field's own label or section, as the host reads them, note 249)
  if (label && el.querySelector('input, select, textarea')) return '';
  const members = [...document.querySelectorAll(`${el.localName}[class="${CSS.escape(look)}"]`)]
    .filter((m) => labelOf(m) === label && rowWords(m, label) === row && pointedAlone(m));
  if (members.length < 2 || members.length > LATE_MEMBERS) return '';
  return partedLate(el, members);
}

// A swatch named alike in palettes alike (swatch_twins.js), read when the walk first meets
// one of its group: parted by where it sits, its box, then by its exact fill (twin_marks.js).
function swatchTwin(el) {
  const group = swatchTwins(el, labelOf(el));
  const late = run.lateTwins || (run.lateTwins = new Set());
  if (!group || late.has(group.key) || late.size >= LATE_GROUPS) return '';
  late.add(group.key);
  return partedLate(el, group.members);
}

/** The twin words of one control, the page's twins read on first use in this walk. */
export function twinOf(el) {
  if (!run.semantic || el.ownerDocument !== document) return '';
  if (!run.twins) run.twins = pageTwins();
  return run.twins.get(el) || lateTwin(el) || swatchTwin(el);
}
