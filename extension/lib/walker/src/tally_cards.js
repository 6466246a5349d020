// Semantic mode, the page tally's cards of a list: alike blocks, each a title of its own (a
// heading, or a link drawn as one) over short text (a post's excerpt, a product's blurb) and a
// link or button ("Read more", "Add to cart"), holding the page's prose. A person sees a list
// of posts or products there, not an article: an article's sections are headings over long
// prose of their own, in one flow (tally_sections.js).

import { alikeBlocks, PROSE, reading } from './tally_alike.js';
import { inPage } from './tally_sections.js';

const TITLE = 'h2, h3, h4, h5, a.h2, a.h3, a.h4, a.h5';
const CARD_CHARS = 500;  // a card's whole text: a title, a line of meta, an excerpt, a button

// The title's card: the nearest box over it holding text of its own (a paragraph of 60
// characters or more beside the title), within four levels, and no other title.
function cardOf(h) {
  for (let el = h.parentElement, i = 0; el && el !== document.body && i < 4; el = el.parentElement, i++) {
    if (el.querySelectorAll(TITLE).length > 1) return null;
    for (const p of el.querySelectorAll('p')) {
      if (!h.contains(p) && reading(p) >= 60) return el;
    }
  }
  return null;
}

// A short card: its text short, two paragraphs of prose at most, and a link or button out of
// its prose (the title's link, "Read more", the author's name).
function shortCard(card) {
  if (reading(card) > CARD_CHARS) return false;
  const prose = [...card.querySelectorAll('p')].filter((p) => reading(p) >= PROSE);
  if (prose.length > 2) return false;
  // (a heading's own anchor, "¶", leads nowhere: a document's section is no card)
  return [...card.querySelectorAll('a[href], button')].some((a) => !prose.some((p) => p.contains(a))
    && !(a.localName === 'a' && inPage(a)));
}

// The cards of a list: three short cards or more of one kind, out of the chrome and shown,
// holding at least as much of the page's prose as the rest of the page does (a story's three
// related-story cards below it hold less than its body); else 0.
export function listCards(shown, chrome, limit) {
  return alikeBlocks(shown, chrome, limit, TITLE, cardOf, shortCard);
}
