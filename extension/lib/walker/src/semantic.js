// Semantic mode: landmarks with their attributes; text blocks with their whole text, font
// and colours. Returns whether the record is reported for that.
import { readAttrs } from './interactive.js';
import { clip, collapse, run } from './run.js';
import { BLOCKS, LANDMARKS } from './tags.js';
import { ownText } from './text.js';
import { backgroundOf, underOpaqueBox } from './visibility.js';

// A <pre> keeps its blank lines as paragraph breaks ("\n\n"): a plain-text document (an
// RFC, a README) is one <pre>, and the host ranks its paragraphs one by one.
function preParagraphs(raw) {
  return raw.split(/\n[ \t]*\n/).map(collapse).filter(Boolean).join('\n\n');
}

export function semanticFacts(el, tag, style, data) {
  const role = el.getAttribute('role');
  let report = false;
  if (LANDMARKS.has(tag) || role) {
    data.a = readAttrs(el) || {};
    report = true;
  }
  let text = '';
  if (tag === 'pre') text = preParagraphs(el.textContent || '');
  else if (BLOCKS.has(tag)) text = collapse(el.textContent || '');
  else text = ownText(el);
  const lby = run.semantic && el.getAttribute('aria-labelledby');
  if (lby) {
    const root = el.getRootNode();
    const parts = lby.split(/\s+/).map((id) => root.getElementById && root.getElementById(id))
      .filter(Boolean).map((n) => collapse(n.textContent || ''));
    if (parts.length) data.lb = clip(parts.join(' '));
  }
  if (text) {
    data.tx = text.length > run.blockMax ? text.slice(0, run.blockMax) : text;
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
