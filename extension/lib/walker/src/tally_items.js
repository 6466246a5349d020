// Semantic mode, the page tally's linked items: alike short boxes, each a linked heading (a
// job's title, an event's name) and a control of its own beside it ("Details", "Apply"), no
// paragraph of prose: a person sees a list of things to open one by one (open positions,
// events, courses), however the boxes are spread over sections.

import { kindOf, PROSE, reading } from './tally_alike.js';
import { linkedAway } from './tally_sections.js';
import { everywhere } from './tally_roots.js';

const HEADLINE = 'h2, h3, h4, h5';
const ITEM_CHARS = 200;  // a title, a line or two of facts (where, when), a button
const MIN_ITEMS = 5;

// The item over a heading: the nearest box within three levels holding a link or button out of
// the heading's own link, and no other heading.
function itemOf(title) {
  for (let el = title.parentElement, i = 0; el && el !== document.body && i < 3; el = el.parentElement, i++) {
    if (el.querySelectorAll(HEADLINE).length > 1) return null;
    if ([...el.querySelectorAll('a[href], button')].some((c) => !title.contains(c) && !c.contains(title))) return el;
  }
  return null;
}

const short = (item) => reading(item) <= ITEM_CHARS
  && ![...item.querySelectorAll('p')].some((p) => reading(p) >= PROSE);

// Linked headings out of the chrome and shown, each in a short item of one kind with a control
// of its own: how many of the most alike, when five or more; else 0.
export function linkedItems(shown, chrome, limit) {
  const kinds = new Map();
  let n = 0;
  for (const h of everywhere(HEADLINE)) {
    if (++n > limit) break;
    const link = linkedAway(h) && (h.closest('a[href]') || h.querySelector('a[href]'));
    if (!link || !reading(h) || h.closest(chrome) || !shown(h)) continue;
    const item = itemOf(link.contains(h) ? link : h);
    if (!item || item.closest(chrome) || !short(item)) continue;
    const kind = kindOf(item);
    kinds.set(kind, (kinds.get(kind) || 0) + 1);
  }
  const most = Math.max(0, ...kinds.values());
  return most >= MIN_ITEMS ? most : 0;
}
