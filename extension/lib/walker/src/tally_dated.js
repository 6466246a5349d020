// Semantic mode, the page tally's dated headlines: headings that are links (a link holding a
// heading, or a heading holding one), each with a short line of its date in its box ("May 12,
// 2023" over "Start Bootstrap releases Bootstrap 5 updates"): a blog's or a newsroom's front
// page lists its posts so, with or without an excerpt under each.

import { DATE } from './tally_posts.js';
import { linkedAway } from './tally_sections.js';

const HEADLINE = 'h1, h2, h3, h4, h5';
const DATE_CHARS = 60;  // a line of when (and by whom, how long a read), no sentence
const LINES = 'time, div, span, small, p, li';
const textOf = (el) => (el.textContent || '').replace(/\s+/g, ' ').trim();

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
  for (const h of document.querySelectorAll(HEADLINE)) {
    if (++n > limit) break;
    const link = linkedAway(h) && (h.closest('a[href]') || h.querySelector('a[href]'));
    if (!link || !textOf(h) || h.closest(chrome) || !shown(h)) continue;
    const box = link.contains(h) ? boxOf(link) : boxOf(h);
    if (box && datedIn(box, h)) found++;
  }
  return found >= 3 ? found : 0;
}
