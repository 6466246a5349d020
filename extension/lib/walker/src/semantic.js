// Semantic mode: landmarks with their attributes; text blocks with their whole text, font
// and colours. Returns whether the record is reported for that.
import { readAttrs } from './interactive.js';
import { clip, collapse, run, wordsOf } from './run.js';
import { BLOCKS, INLINE_TAGS, LANDMARKS } from './tags.js';
import { ownText } from './text.js';
import { twinOf } from './twins.js';
import { backgroundOf, underOpaqueBox } from './visibility.js';

// A <pre> keeps its blank lines as paragraph breaks ("\n\n"): a plain-text document (an
// RFC, a README) is one <pre>, and the host ranks its paragraphs one by one.
function preParagraphs(raw) {
  return raw.split(/\n[ \t]*\n/).map(collapse).filter(Boolean).join('\n\n');
}

// A body written in <br> runs (an old blog's post, a forum's message): the text and inline
// elements straight in a <div> or a cell, a <br> or a block ending each run. Two runs of a
// paragraph's length or more make it paragraphs, joined by "\n\n" like a <pre>'s, so the host
// ranks them one by one; "" otherwise (the element's own text is read as before).
const BR_PARAGRAPH = 100;  // characters of a run that reads as a paragraph
const BR_MAX = 4;  // times the block bound a body of runs may carry
function brParagraphs(el) {
  if (!el.querySelector(':scope > br')) return '';
  const runs = [];
  let line = '';
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 3) line += n.data;
    else if (n.nodeType === 1 && INLINE_TAGS.has(n.localName)) line += wordsOf(n);
    else if (n.nodeType === 1) { runs.push(line); line = ''; }
  }
  runs.push(line);
  const paragraphs = runs.map(collapse).filter(Boolean);
  if (paragraphs.filter((p) => p.length >= BR_PARAGRAPH).length < 2) return '';
  return paragraphs.join('\n\n');
}

// A page landmark the window does not reach (a side menu's wrapper that ends above a scrolled
// window, its links still on screen) opens its region all the same: reported with its
// attributes alone and marked `ow`, so a scroll does not move what it holds to another region
// (issue 31: ids unchanged after a scroll). Forms and dialogs are not among them: a form below
// the window is no fact of the first screen.
const PAGE_LANDMARK_TAGS = new Set(['header', 'nav', 'main', 'aside', 'footer']);
const PAGE_LANDMARK_ROLES = new Set(['banner', 'navigation', 'main', 'complementary', 'contentinfo']);
export function offWindowLandmark(el, tag, data) {
  const role = (el.getAttribute('role') || '').trim().split(/\s+/)[0].toLowerCase();
  if (!(PAGE_LANDMARK_ROLES.has(role) || (!role && PAGE_LANDMARK_TAGS.has(tag)))) return false;
  data.a = readAttrs(el) || {};
  data.ow = 1;
  return true;
}

export function semanticFacts(el, tag, style, data) {
  const role = el.getAttribute('role');
  let report = false;
  if (LANDMARKS.has(tag) || role) {
    data.a = readAttrs(el) || {};
    report = true;
  }
  if (tag === 'img') {  // (pictures named alike: what parts them, read over the whole page)
    const twin = twinOf(el);
    if (twin) data.tw = twin;
  }
  let text = '';
  let max = run.blockMax;
  if (tag === 'pre') text = preParagraphs(el.textContent || '');
  else if (BLOCKS.has(tag)) text = collapse(wordsOf(el, 4 * max));  // (its first `max` kept)
  else if ((text = brParagraphs(el))) max *= BR_MAX;
  else text = ownText(el);
  const lby = run.semantic && el.getAttribute('aria-labelledby');
  if (lby) {
    const root = el.getRootNode();
    const parts = lby.split(/\s+/).map((id) => root.getElementById && root.getElementById(id))
      .filter(Boolean).map((n) => collapse(n.textContent || ''));
    if (parts.length) data.lb = clip(parts.join(' '));
  }
  if (text) {
    data.tx = text.length > max ? text.slice(0, max) : text;
    // text under an opaque box painted over it: a person reads the box, not the text
    if (underOpaqueBox(el)) data.hx = [...new Set([...(data.hx || []), 'covered'])];
    data.fs = parseFloat(style.fontSize) || 0;
    const weight = Number(style.fontWeight) || 400;
    if (weight >= 600) data.fw = weight;
    data.col = style.color;
    data.bg = backgroundOf(el);
    if (BLOCKS.has(tag)) data.blk = 1;
    report = true;
  }
  return report;
}
