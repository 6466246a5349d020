// The state of one walk: its options, the window it reports, its counters and its output.
//
// The built walker (lib/walker/walker.js) holds every module of this folder inside the body of
// axsnapWalk, so this object is made anew by each call; a test that imports the modules
// directly shares it between walks, and beginRun resets every field.
import { GLUED_LABEL_LEAST, UNSPACED_LETTERS_PATTERN } from './generated_contract.js';
export const run = {};

/** Set up `run` for a walk of the current document with `opts` (see walk.js). */
export function beginRun(opts) {
  const o = opts || {};
  run.opts = o;
  run.viewportOnly = o.viewportOnly !== false;
  run.expand = Math.max(0, Number(o.expandPx) || 0);
  run.maxNodes = o.maxNodes || 200000;
  run.maxDepth = o.maxDepth || 256;
  run.textMax = o.textMax || 120;
  // Semantic mode (format "semantic"): also report landmarks and text blocks with their
  // font, colours and the reasons a person could not see them (`hx`), and walk into
  // opacity:0 subtrees instead of skipping them (hidden text is what it looks for).
  run.semantic = o.semantic === true;
  // opts.tally false: semantic mode without the page's tally (walk.js; the AX window read, which
  // wants the hiding facts only: design note 263)
  run.tally = o.tally !== false;
  run.blockMax = run.semantic ? 600 : run.textMax;
  // opts.axRoles: each element kept for its role carries its role and name (ax_facts.js).
  run.axRoles = o.axRoles === true;
  // opts.axTree: also the document as accessibility rows after the walk (ax_tree.js);
  // 'boxes': the text runs and documents with their boxes too (SnapshotV1 prints them).
  run.axTree = o.axTree === true || o.axTree === 'boxes';
  run.axBoxes = o.axTree === 'boxes';
  run.frameDocs = new Map();  // a same-origin frame's document → its walker frame index
  run.hasChromeDom = typeof chrome !== 'undefined' && chrome && chrome.dom
    && typeof chrome.dom.openOrClosedShadowRoot === 'function';
  run.topWin = window;
  run.vw = document.documentElement.clientWidth || window.innerWidth;
  run.vh = document.documentElement.clientHeight || window.innerHeight;
  run.win = run.viewportOnly
    ? { l: -run.expand, t: -run.expand, r: run.vw + run.expand, b: run.vh + run.expand }
    : { l: -Infinity, t: -Infinity, r: Infinity, b: Infinity };
  // opts.actMarks (px), a whole-page walk only: each record also says how the act's window
  // walk (viewportOnly, expandPx actMarks) would write it (act_marks.js, design notes 211, 229)
  const marks = Number(o.actMarks) || 0;
  run.actWin = !run.viewportOnly && marks > 0
    ? { l: -marks, t: -marks, r: run.vw + marks, b: run.vh + marks } : null;
  run.actMarks = run.actWin ? marks : 0;
  run.actHits = [];  // the walked fixed and absolute boxes that reach the act's window
  run.actRecs = [];  // the records written, their marks told after the walk
  run.actDocs = new Map();  // a document the act's walk enters → its window over it
  run.actOddRoot = false;  // a closed shadow root of a built-in element walked (act_marks.js)
  run.stats = { visited: 0, emitted: 0, elapsed_ms: 0, capped: false, depth_capped: 0,
    hidden_subtrees: 0, offscreen_subtrees: 0, outside_window: 0, frames_skipped: 0,
    positioned: 0, scan_ms: 0, max_depth: 0, above: 0, below: 0 };
  run.frames = [];
  run.out = [];
  run.track = null;  // records.js: this world's kept state (opts.track)
  run.outEls = null;  // records.js: the element of each record (opts.hold)
  run.hiddenEls = null;  // records.js: the roots of the subtrees left out as hidden (skipHidden)
  run.shown = new Map();  // element → {display, visibility} (shownStyle)
  // The AX rows pass's style reads, once per element (ax_style.js), and which elements can
  // have generated content (ax_pseudo.js): made on first use.
  run.axStyles = null;
  run.axBefore = null;
  run.axAfter = null;
  run.axShadows = null;
  run.axPrograms = null;  // element → what it adds to a name from content (ax_text.js)
  // element → its getBoundingClientRect() as the records walk read it (visit.js), for the
  // rows of a 'boxes' walk (ax_tree.js)
  run.axRects = run.axBoxes ? new Map() : null;
  run.pseudoCandidates = null;
  run.bgMemo = new WeakMap();  // element → the colour behind it (visibility.js)
  // hit tests asked this walk: root (document or shadow root) → "x,y" → the element hit
  // (visibility.js hitAt); nothing changes the page within one synchronous walk
  run.hits = new Map();
  // person_context.js / person_name.js: what a control's neighbours are and say, asked again
  // for every control beside them (pure functions of the unchanging page)
  run.controlish = new Map();  // element → [isControlish of each of its four flag pairs]
  run.plainTexts = new Map();  // element → personText(el, false, null)
  run.legends = new Map();  // box → its legend or title child (person_context.js ownedOnce)
  run.headerCells = new Map();  // table row → its header cell
  run.loneControls = new Map();  // table → the one field or button it holds, else null
  run.headings = new Map();  // region → its first heading
  run.likeRows = new Map();  // parent → tag → its like children, active ones (person_state.js)
  run.parentWords = new Map();  // a control's parent → its words (control.js)
  run.dialogTrees = new Map();  // document or shadow root → whether it may hold a dialog
  run.forLabels = new Map();  // root → `for` id → its <label>s (person_name.js)
  run.standIns = new Map();  // root → a hidden field's visible stand-in → its label (person_name.js)
  run.columnCaptions = new Map();  // control → the caption of its column (column_caption.js)
  run.lightSteps = new WeakMap();  // shadow host → Map(light child → DOM step) (tree.js)
  // The scan of positioned boxes (scan.js): documents scanned, elements never pruned, the
  // main document's shadow roots met.
  run.scanned = new Set();
  run.forced = new Set();
  run.scanRoots = new Map();
  run.foundRoots = [];
  run.twins = null;  // twins.js: the page's twins, read on first use
  run.twinHeadings = null;  // twins.js: the page's headings, in document order, with them
  run.lateTwins = null;  // twins.js: the groups of twins only their style makes controls
  run.tabsByPanel = null;  // pane_name.js: the page's tabs by the panel each shows
  run.titles = null;  // pictures.js: the page's links with words by address, read on first use
  return run;
}

/** {display, visibility} of the element, read once a walk: getComputedStyle makes a new
 * declaration object on every call and every read of its properties computes the value
 * anew, and the text readers (text.js, person_name.js) read these two of the same
 * descendants again for every control and skeleton ancestor around them. `cs`: the
 * element's computed style when the caller holds it. Only the strings are kept, not the
 * declaration (tens of thousands of them kept alive through a walk slow its collections).
 * A walk that writes AX rows keeps them in its style facts (ax_style.js), one object an
 * element: those are asked first. */
export function shownStyle(el, cs = null) {
  const facts = run.axStyles !== null ? run.axStyles.get(el) : undefined;
  if (facts !== undefined) return facts;
  let v = run.shown.get(el);
  if (v === undefined) {
    const style = cs || getComputedStyle(el);
    v = { display: style.display, visibility: style.visibility };
    run.shown.set(el, v);
  }
  return v;
}

// White space runs made one space, the ends trimmed. Only the runs that are not one space
// already are replaced (the text /\s+/g → ' ' gives, as tests/ check): most text has single
// spaces only, and replace then hands back the string it was given instead of building it
// anew (issue 33, design note 201: the walk's largest allocation on the big pages).
const WIDE_SPACE = /\s\s+|[^\S ]/g;
export const collapse = (s) => s.replace(WIDE_SPACE, ' ').trim();
// The same for the white space layout collapses (CSS Text: ASCII space, tab, line feed,
// carriage return, form feed), without the trim: /[ \t\n\r\f]+/g → ' '.
const WIDE_ASCII_SPACE = /[ \t\n\r\f]{2,}|[\t\n\r\f]/g;
export const collapseAscii = (s) => s.replace(WIDE_ASCII_SPACE, ' ');

/** collapse(s).slice(0, n), collapsing no more of `s` than that needs (a box's words, of a
 * text that may be a whole section's): the collapsed head of a text is a head of the
 * collapsed text, so once it is n long the rest of the text cannot change its first n. */
export function collapsedHead(s, n) {
  for (let take = Math.max(4 * n, 256); take < s.length; take *= 4) {
    const head = collapse(s.slice(0, take));
    if (head.length >= n) return head.slice(0, n);
  }
  return collapse(s).slice(0, n);
}

// An element's text as a person reads its words: its text nodes in order, with a space
// between two elements written side by side with nothing between them where either is laid
// out as a box of its own (a block, a cell, an inline-block, a flex item: a cart row's
// <span>Product A</span><button>Remove</button> reads "Product A Remove", not "Product
// ARemove"; an inline "[" beside an inline "edit" stays "[edit]", note 333) and for a <br>;
// without what no one reads on the screen: an inline SVG's <title> (an icon's tooltip: a menu
// link's <svg><title>dashboard</title></svg><span>Dashboard</span> says "Dashboard" once), a
// <noscript>'s markup ("<img itemprop=image ...>" in each of a shop's cards, note 161), a
// style's rules or a script. An element of text alone is its textContent. `max`: read no
// further once the text is longer (a block's text is kept to its first characters).
const UNREAD = new Set(['title', 'noscript', 'style', 'script', 'template']);
const INLINE_BOX = new Set(['inline', 'contents', 'none']);
const SPACE_END = /\s$/;
const apart = (a, b) => !INLINE_BOX.has(shownStyle(a).display) || !INLINE_BOX.has(shownStyle(b).display);
export function wordsOf(el, max = Infinity) {
  const text = el.textContent || '';
  if (!text || !el.firstElementChild) return text;
  let s = '';
  let n = el.firstChild;
  while (n && s.length <= max) {
    const type = n.nodeType;
    if (type === 3) s += n.data;
    else if (type === 1) {
      const tag = n.localName;
      if (tag === 'br') s += ' ';
      else if (n.firstChild && !UNREAD.has(tag)) { n = n.firstChild; continue; }
    }
    // past `n` and whatever is under it: its next sibling, else its parent's
    while (n !== el && !n.nextSibling) n = n.parentNode;
    if (n === el) break;
    const next = n.nextSibling;
    // (a space only where the text so far ends in a word: nothing to part else)
    if (next.nodeType === 1 && n.nodeType === 1 && s && !SPACE_END.test(s) && apart(n, next)) s += ' ';
    n = next;
  }
  return s;
}
/** The first `n` characters of an element's words, collapsed (wordsOf reading no further than
 * it needs). */
export const wordsHead = (el, n) => collapsedHead(wordsOf(el, 4 * n), n);
export const clip = (s) => (s.length > run.textMax ? s.slice(0, run.textMax) : s);

// A text without a control's label, first where the label stands as words of its own: "s" is
// not taken out of "status" (note 327); a letter's edge against a digit is a word's ("inbox8":
// "Inbox" beside its badge). Letters of scripts written without spaces (Han, kana) bound no
// word. Else a label of three characters or more where it is glued to other words (a text
// whose boxes ran together). As the host's semantic/id_words.py minus.
const LETTER = /\p{L}/u;
const DIGIT = /\p{N}/u;
const UNSPACED = new RegExp(UNSPACED_LETTERS_PATTERN);  // (models/id_slug.py)
const kindOf = (c) => (c === undefined || UNSPACED.test(c) ? 0 : LETTER.test(c) ? 1 : DIGIT.test(c) ? 2 : 0);
const glued = (a, b) => { const k = kindOf(a); return k !== 0 && k === kindOf(b); };
export function withoutLabel(text, label) {
  if (!label) return text;
  const last = label[label.length - 1];
  let first = -1;
  for (let at = text.indexOf(label); at >= 0; at = text.indexOf(label, at + 1)) {
    if (first < 0) first = at;
    if (glued(label[0], text[at - 1]) || glued(last, text[at + label.length])) continue;
    return `${text.slice(0, at)} ${text.slice(at + label.length)}`;
  }
  // (a text whose boxes ran together, "Product ARemove", holds a label of some length glued)
  if (first < 0 || label.length < GLUED_LABEL_LEAST) return text;
  return `${text.slice(0, first)} ${text.slice(first + label.length)}`;
}
