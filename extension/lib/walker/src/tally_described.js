// Semantic mode, the page tally's described items: a paragraph of prose in each of many alike
// items, each item titled by a link of its own (an e-book's name over its blurb, a post's linked
// title over its excerpt and "Read More"). A person sees a list of things, each described, not
// one article: an article's paragraphs follow one another under its one title (issue 31,
// note 150). An item is either
// - a box of one kind among alike siblings (tag and first class), holding one or two
//   paragraphs and, out of them, a link away from this page above the first; or
// - in a flat flow (no box per item), the run after a linked heading up to the next heading,
//   holding one or two paragraphs.
// The prose of one long text beside them (three paragraphs or more under one parent, out of
// the items: a story's body beside its comments) keeps the page an article: no items then.

import { kindOf, PROSE, reading } from './tally_alike.js';
import { inPage, linkedAway } from './tally_sections.js';
import { everywhere } from './tally_roots.js';

const MIN_ITEMS = 5;
const MOST_PROSE = 2;  // paragraphs in one item: a blurb, an excerpt and a line of facts
const HEADING = /^h[1-6]$/;
const FLOW_HEADING = /^h[2-4]$/;

const longProse = (p) => reading(p) >= PROSE;

function alikeSiblings(el) {
  const parent = el.parentElement;
  if (!parent) return 0;
  const kind = kindOf(el);
  let count = 0;
  for (const c of parent.children) if (kindOf(c) === kind) count++;
  return count;
}

// A link away from this page, out of any paragraph, before `p` in the box: the item's title.
// Or the link `p` opens with, its words followed by the paragraph's own (a bold title leading
// a publication's blurb, "<a>Retail Online Integration</a> Provides practical ideas..."): a
// person reads the title, then what it is, as from a title above (issue 31, note 191).
function titled(box, p) {
  return [...box.querySelectorAll('a[href]')].some((a) => !inPage(a) && !a.closest('p')
    && (a.textContent || '').trim() && Boolean(a.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING))
    || leadTitle(p);
}

const squeeze = (s) => (s || '').replace(/\s+/g, ' ').trim();

// The link away from this page that opens `p`'s words, with the paragraph's prose after it.
function leadTitle(p) {
  const a = p.querySelector('a[href]');
  if (!a || inPage(a)) return false;
  const title = squeeze(a.textContent);
  const text = squeeze(p.textContent);
  return title.length > 0 && text.startsWith(title) && text.length - title.length >= PROSE / 2;
}

// The alike box over a paragraph, within three levels: one of three siblings or more of its
// kind, titled, holding few paragraphs and no heading of its own above h4 (a section).
function boxOf(p) {
  for (let el = p.parentElement, i = 0; el && el !== document.body && i < 3; el = el.parentElement, i++) {
    if (alikeSiblings(el) < 3) continue;
    const paragraphs = [...el.querySelectorAll('p')].filter(longProse);
    if (paragraphs.length > MOST_PROSE || !titled(el, p)) return null;
    return el;
  }
  return null;
}

// In a flat flow: the linked heading the paragraph's run starts at, when the run holds few
// paragraphs.
function flowHeadingOf(p) {
  let count = 0;
  for (let el = p; el; el = el.previousElementSibling) {
    if (HEADING.test(el.localName)) {
      return FLOW_HEADING.test(el.localName) && linkedAway(el) && count <= MOST_PROSE ? el : null;
    }
    if (el.querySelector('h1, h2, h3, h4, h5, h6')) return null;
    if (el.localName === 'p' && longProse(el)) count++;
  }
  return null;
}

/** How many described items the page lists (five or more holding at least as much prose as
 * the rest of the page, no long text beside them); else 0. */
export function describedItems(shown, chrome, limit) {
  const items = new Map();  // item → its kind
  const owner = new Map();  // paragraph → its item
  const paragraphs = [];
  let n = 0;
  for (const p of everywhere('p')) {
    if (++n > limit) break;
    if (!longProse(p) || p.closest(chrome) || !shown(p)) continue;
    paragraphs.push(p);
    const box = boxOf(p);
    const heading = box ? null : flowHeadingOf(p);
    const item = box || heading;
    if (!item) continue;
    owner.set(p, item);
    items.set(item, box ? kindOf(box) : `flow ${kindOf(heading.parentElement)}`);
  }
  const counts = new Map();
  for (const kind of items.values()) counts.set(kind, (counts.get(kind) || 0) + 1);
  const [kind, most] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] || ['', 0];
  if (most < MIN_ITEMS) return 0;
  let inside = 0;
  let outside = 0;
  const runs = new Map();  // parent → long paragraphs out of the items
  for (const p of paragraphs) {
    const item = owner.get(p);
    if (item && items.get(item) === kind) { inside += reading(p); continue; }
    outside += reading(p);
    runs.set(p.parentElement, (runs.get(p.parentElement) || 0) + 1);
  }
  if (Math.max(0, ...runs.values()) >= 3) return 0;
  return inside >= outside ? most : 0;
}
