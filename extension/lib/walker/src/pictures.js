// Semantic mode (issue 31): a link that shows no words (a card's image, an icon) to the address
// of a link that does (the card's title) is that link's picture, and is named by it. The links
// with words are read over the whole top document once per walk (one pass the twins and the
// tally share), so a window read that holds the picture but not its title names it alike.
import { collapse, run, wordsOf } from './run.js';

const UP = 12;  // ancestors looked at for the title beside a picture
const TITLES = 64;  // links with words to one address looked at (a blog front page has 30
// "Read Article" and title links to one post: its later cards' pictures are theirs too)
const TITLE_CHARS = 80;  // characters of a title carried

// What a link says: its aria-label, else its words ("" for an image or an icon link).
export function saidBy(el) {
  return collapse(el.getAttribute('aria-label') || wordsOf(el, 1600));
}

// The address two links share: the resolved URL without its path's parameters (";_ylt=<a
// token>": a search page's card and its title go to one deal through two tracking tokens);
// "" for a place on this page, a script, or an SVG link (its href is no string).
export function addressOf(el) {
  const raw = (el.getAttribute('href') || '').trim();
  if (!raw || raw.startsWith('#') || /^javascript:/i.test(raw)) return '';
  if (typeof el.href !== 'string') return '';
  const cut = el.href.search(/[?#]/);
  const path = cut < 0 ? el.href : el.href.slice(0, cut);
  return path.replace(/;[^/]*/g, '') + (cut < 0 ? '' : el.href.slice(cut));
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

// The page's links with words, read once a walk (the twins and the tally both ask): address
// → its links with words, up to TITLES of them, in document order.
function pageTitles() {
  if (run.titles) return run.titles;
  const titles = new Map();
  for (const el of document.querySelectorAll('a[href]')) {
    const address = titleAddress(el);
    if (!address) continue;
    const list = titles.get(address);
    if (!list) titles.set(address, [el]);
    else if (list.length < TITLES) list.push(el);
  }
  run.titles = titles;
  return titles;
}

/** The address a link titles: a link with words (a letter at least: "2" names no page) to a
 * resolved address; "" for any other. A link with no words to that address is its picture. */
function titleAddress(el) {
  const address = addressOf(el);
  return address && /\p{L}/u.test(saidBy(el)) ? address : '';
}

/** Whether `el` is a link to an address a link with words on the page has too. */
export function hasTitle(el) {
  if (el.localName !== 'a') return false;
  const address = addressOf(el);
  return address !== '' && pageTitles().has(address);
}

/** Whether `el` is a picture: a link with no words, no aria-label and no aria-labelledby that
 * hasTitle (it is named by that title, no twin of its own). */
export function isPicture(el) {
  return !saidBy(el) && !el.hasAttribute('aria-labelledby') && hasTitle(el);
}

/** Map(picture → its title link) among `links` (the page's links, document order): every
 * picture (isPicture) whose title is close to it or the one all its titles say. */
export function picturesOf(links) {
  const out = new Map();
  for (const el of links) {
    if (!isPicture(el)) continue;
    const title = closestTitle(el, pageTitles().get(addressOf(el)));
    if (title) out.set(el, title);
  }
  return out;
}

/** A title's words as a picture carries them ("of:<words>" in its `tw`: no "|"). */
export function titleWords(title) {
  return saidBy(title).replace(/\|/g, ' ').slice(0, TITLE_CHARS).trim();
}

// The words of a name as the host's base id holds them (semantic/ids.py slug: five words).
function baseWords(text) {
  const words = text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .match(/[\p{L}\p{N}]+/gu) || [];
  return words.slice(0, 5).join(' ');
}

// The name a picture of `title` keeps of its own, as the host names it (semantic/ids.py
// picture_base): its title or its image's alt where that says other words than its title
// ("post-thumbnail" on every card beside "Ferry timetable changes"); "" when none.
function keptName(el, title) {
  const img = el.querySelector('img[alt]');
  const own = baseWords(collapse(el.getAttribute('title') || (img && img.getAttribute('alt')) || ''));
  return own && own !== baseWords(saidBy(title)) ? own : '';
}

/** The pictures (`pictures`: picture → its title, picturesOf) that keep a name of their own
 * a picture of another title keeps too, alike in `said(picture, title)` (what else its id
 * says: its address, its row's words, its title's places): a news page's "post-thumbnail"
 * links, all to single-post.html, each beside its story's title. Their titles part them, read
 * over the whole page, so a read that holds one of them names it as the whole page does. */
export function titledApart(pictures, said) {
  const groups = new Map();
  for (const [el, title] of pictures) {
    const name = keptName(el, title);
    if (!name) continue;
    const key = `${name}\u0000${addressOf(el)}\u0000${said(el, title)}`;
    const member = [el, baseWords(saidBy(title))];
    const group = groups.get(key);
    if (group) group.push(member); else groups.set(key, [member]);
  }
  const out = new Set();
  for (const group of groups.values()) {
    if (new Set(group.map(([, words]) => words)).size > 1) group.forEach(([el]) => out.add(el));
  }
  return out;
}
