// Semantic mode (issue 31): a link that shows no words (a card's image, an icon) to the address
// of a link that does (the card's title) is that link's picture, and is named by it. Read over
// the whole top document once per walk with the twins (twins.js), so a window read that holds
// the picture but not its title names the picture as the whole page does.
import { collapse } from './run.js';

const UP = 12;  // ancestors looked at for the title beside a picture
const TITLES = 24;  // links with words to one address looked at
const TITLE_CHARS = 80;  // characters of a title carried

// What a link says: its aria-label, else its words ("" for an image or an icon link).
export function saidBy(el) {
  return collapse(el.getAttribute('aria-label') || el.textContent || '');
}

// The address two links share: the resolved URL; "" for a place on this page, a script, or
// an SVG link (its href is no string).
export function addressOf(el) {
  const raw = (el.getAttribute('href') || '').trim();
  if (!raw || raw.startsWith('#') || /^javascript:/i.test(raw)) return '';
  return typeof el.href === 'string' ? el.href : '';
}

// The title of a picture among the links with words to its address: the one in the smallest
// ancestor (up to UP) that holds any (there, the one of most words: a title, not "More"),
// else the one title all of them say; null when they say several and none is close.
function closestTitle(el, titles) {
  for (let a = el.parentElement, up = 0; a && up < UP && a.localName !== 'body';
    a = a.parentElement, up++) {
    let best = null;
    let most = 0;
    for (const title of titles) {
      if (!a.contains(title)) continue;
      const words = saidBy(title).split(' ').length;
      if (words > most) {
        best = title;
        most = words;
      }
    }
    if (best) return best;
  }
  const said = new Set(titles.map((t) => saidBy(t).toLowerCase()));
  return said.size === 1 ? titles[0] : null;
}

/** Map(picture → its title link) among `links` (the page's links, document order): every
 * link with no words, no aria-label and no aria-labelledby whose address a link with words
 * (a letter at least: "2" names no page) has too. */
export function picturesOf(links) {
  const titles = new Map();  // address → its links with words
  const pictures = [];
  for (const el of links) {
    const address = addressOf(el);
    if (!address) continue;
    const said = saidBy(el);
    if (!said) {
      if (!el.hasAttribute('aria-labelledby')) pictures.push([el, address]);
    } else if (/\p{L}/u.test(said)) {
      const list = titles.get(address);
      if (!list) titles.set(address, [el]);
      else if (list.length < TITLES) list.push(el);
    }
  }
  const out = new Map();
  for (const [el, address] of pictures) {
    const list = titles.get(address);
    const title = list ? closestTitle(el, list) : null;
    if (title) out.set(el, title);
  }
  return out;
}

/** A title's words as a picture carries them ("of:<words>" in its `tw`: no "|"). */
export function titleWords(title) {
  return saidBy(title).replace(/\|/g, ' ').slice(0, TITLE_CHARS).trim();
}

/** The addresses of the links with words (a letter at least) among `links`: a link with no
 * words to one of them is that link's picture (picturesOf), no twin of its own. */
export function titledAddresses(links) {
  const out = new Set();
  for (const el of links) {
    const address = addressOf(el);
    if (address && /\p{L}/u.test(saidBy(el))) out.add(address);
  }
  return out;
}
