// Semantic mode, the page tally's sections of a written document: headings, each over prose of
// its own (a documentation page's "Quick Start", "Environment Setup", "Folder Structure", a
// guide's chapters). Read over the whole document, like the rest of tally.js.
import { everywhere } from './tally_roots.js';

const reading = (el) => (el.textContent || '').replace(/\s+/g, ' ').trim().length;
const HEADING = /^h[1-4]$/;

// What a heading heads: its next siblings up to the next heading (a flat document's), or, in a
// box of its own (a card), the box's other children.
function headed(h) {
  const out = [];
  for (let el = h.nextElementSibling; el && !HEADING.test(el.localName); el = el.nextElementSibling) {
    if (el.querySelector('h1, h2, h3, h4')) break;
    out.push(el);
  }
  return out;
}

// Prose of a section: a paragraph of 100 characters or more, or a block of preformatted text
// of five lines or more (a folder tree, a code sample), out of links.
function prose(el) {
  const blocks = el.matches('p, pre') ? [el] : [...el.querySelectorAll('p, pre')];
  return blocks.some((b) => !b.closest('a') && (b.localName === 'pre'
    ? (b.textContent || '').split('\n').filter((l) => l.trim()).length >= 5 : reading(b) >= 100));
}

// A link to a place on this page ("#getting-started", a documentation heading's own "¶"
// anchor, its contents' back link): it leads nowhere else. "#" alone is a template's stand-in
// for a page to come.
export function inPage(a) {
  const href = a.getAttribute('href') || '';
  if (href.length < 2 || href[0] !== '#') return false;
  try {
    return !!document.getElementById(decodeURIComponent(href.slice(1)));
  } catch (e) {
    return false;
  }
}

// A heading in a link or holding one that leads away from this page's place (a teaser's or a
// result's title); its own anchor does not make it one.
export function linkedAway(h) {
  const around = h.closest('a[href]');
  if (around) return !inPage(around);
  return [...h.querySelectorAll('a[href]')].some((a) => !inPage(a));
}

// Headings out of the chrome and out of links (a linked heading is a teaser's or a result's),
// each over prose of its own: the sections of one written document.
export function proseSections(shown, chrome, limit) {
  let found = 0;
  let n = 0;
  for (const h of everywhere('h2, h3')) {
    if (++n > limit) break;
    if (h.closest(chrome) || linkedAway(h) || !shown(h)
      || !reading(h)) continue;
    if (headed(h).some(prose)) found++;
  }
  return found;
}
