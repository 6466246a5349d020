// Semantic mode, the page tally's dated headlines: headings that are links (a link holding a
// heading, or a heading holding one), each with a short line of its date in its box ("May 12,
// 2023" over "Start Bootstrap releases Bootstrap 5 updates"): a blog's or a newsroom's front
// page lists its posts so, with or without an excerpt under each.

import { DATE } from './tally_posts.js';
import { linkedAway } from './tally_sections.js';
import { everywhere } from './tally_roots.js';

const HEADLINE = 'h1, h2, h3, h4, h5';
const DATE_CHARS = 60;  // a line of when (and by whom, how long a read), no sentence
const LINES = 'time, div, span, small, p, li';
const textOf = (el) => (el.textContent || '').replace(/\s+/g, ' ').trim();
const UNDER_LINES = 4;  // the lines a person reads right under a heading before its text

// The headline's box: the widest box over it, within three levels, holding no other heading.
function boxOf(h) {
  let box = null;
  for (let el = h.parentElement, i = 0; el && el !== document.body && i < 3; el = el.parentElement, i++) {
    if ([...el.querySelectorAll(HEADLINE)].some((o) => o !== h && !h.contains(o))) break;
    box = el;
  }
  return box;
}

// A short line of a date in the box, out of the headline (before it or after it).
const datedIn = (box, h) => [...box.querySelectorAll(LINES)].some((el) => !h.contains(el)
  && !el.contains(h) && textOf(el).length <= DATE_CHARS && DATE.test(textOf(el)));

// Linked headlines out of the chrome and shown, each beside its date: how many, when three or
// more (a story's one dated title is no list); else 0.
export function datedHeadlines(shown, chrome, limit) {
  let found = 0;
  let n = 0;
  for (const h of everywhere(HEADLINE)) {
    if (++n > limit) break;
    const link = linkedAway(h) && (h.closest('a[href]') || h.querySelector('a[href]'));
    if (!link || !textOf(h) || h.closest(chrome) || !shown(h)) continue;
    const box = link.contains(h) ? boxOf(link) : boxOf(h);
    if (box && datedIn(box, h)) found++;
  }
  return found >= 3 ? found : 0;
}

// A line out of every box that holds a heading of its own (an item's box under a list's heading).
function ownLine(el, h) {
  for (let box = el; box && !box.contains(h); box = box.parentElement) {
    if (box.querySelector(HEADLINE)) return false;
  }
  return true;
}

// The page's own heading over its dateline: one of the first few lines right under it (before
// any other heading) a short line of a date ("LinkNaija October 06, 2018", an <h6> "June 8,
// 2012 6:14 AM"). A story's headline is so dated; a list's heading names a collection, and the
// dates under it are its items', each under a heading of its own. 1 or 0.
export function datedUnder(h, shown) {
  if (!h) return 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  walker.currentNode = h;
  let node = walker.nextSibling() || null;
  for (let el = h; !node && el && el !== document.body; el = el.parentElement) {
    walker.currentNode = el;
    node = walker.nextSibling();
  }
  let lines = 0;
  for (; node && lines < UNDER_LINES; node = walker.nextNode()) {
    if (node.nodeType === Node.ELEMENT_NODE) {
      if (node.matches(HEADLINE)) break;  // (the next heading's dates are its own)
      continue;
    }
    const el = node.parentElement;
    if (!el || !/\S/.test(node.data) || !shown(el)) continue;
    if (!ownLine(el, h)) break;  // (the next item's box, its date over its own heading)
    // (a table's cell the heading is not in holds a record's date, no dateline: note 357)
    const cell = el.closest('td, th');
    if (cell && cell !== h.closest('td, th')) break;
    lines++;
    const line = textOf(el);
    if (line.length <= DATE_CHARS && DATE.test(line)) return 1;
  }
  return 0;
}
