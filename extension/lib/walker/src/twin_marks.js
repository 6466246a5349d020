// Semantic mode (issue 31): the last places that part twins alike in every other place the
// walker reads (twins.js settle), before the page's number, the last resort: what a person
// sees that tells one card or button from another where their words are all alike
// (docs/design/94-fields-parted-by-add-on-and-box.md, semids26):
// - the heading of the part of the page a twin's heading sits in, "under:<words>" (the nearest
//   earlier heading of a higher rank: blog cards alike in title under "Latest Post" and under
//   "All Post");
// - the picture its box shows, "src:<words>" (the card's picture file: picture_twins.js
//   filePlace);
// - the icon it shows, "with:<words>" (a footer's two "Follow us" buttons, one drawing
//   Twitter's bird, one Dribbble's ball: icon_words.js);
// - a swatch's exact fill, "fill:<hex>" (a theme panel's three "dark blue" swatches:
//   swatch.js; the picture a card shows as its background counts as its box's picture);
// - the first line of the run a horizontal rule opens, "under:<words>" (a CVS log's
//   revisions, each a run of links between two `<hr>`: twin_rules.js).
// (A card's date or price is said already where it parts cards: the element model's section
// holds its box's words with their numbers, "under_24_may_2020".)
// Each is read over the whole page, as the twins' other places are, so a read holding some of
// the twins names each alike, and a twin scrolling into view or an element added above leaves
// them. Twins alike in these too (the same card twice: one title, one picture, one date, one
// destination) are numbered over the page (note 84).
import { iconWords } from './icon_words.js';
import { filePlace, fileWordsPlace } from './picture_twins.js';
import { wordsHead } from './run.js';
import { fillHex, swatchName } from './swatch.js';
import { rulePlace } from './twin_rules.js';

const FOLLOWING = 4;  // Node.DOCUMENT_POSITION_FOLLOWING
const BACK = 400;  // headings looked at back for a higher rank's (a bound on the work)
const ICON_NODES = 12;  // the twin's own nodes looked at for its icon
const BACKGROUND = /background(?:-image)?\s*:[^;]*url\(\s*["']?([^"')]+)/i;

// The index of the last heading before `el` or holding it (document order), -1 when none.
function headingAt(headings, el) {
  let lo = 0;
  let hi = headings.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (headings[mid] === el || headings[mid].compareDocumentPosition(el) & FOLLOWING) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

// "under:<words>" of the nearest heading before the twin's own heading of a higher rank
// (an h4 "Latest Post" above the cards' h5 titles), "" when none.
function sectionPlace(headings, el) {
  const at = headingAt(headings, el);
  if (at < 0) return '';
  const rank = Number(headings[at].localName.slice(1));
  for (let k = at - 1; k >= 0 && k >= at - BACK; k--) {
    if (Number(headings[k].localName.slice(1)) < rank) {
      const words = wordsHead(headings[k], 80);
      return words ? `under:${words}` : '';
    }
  }
  return '';
}

// "with:<words>" of the first icon the twin itself draws (its own class, its children's),
// "" when its markup names none.
function iconPlace(el) {
  const todo = [el];
  for (let i = 0; i < todo.length && i < ICON_NODES; i++) {
    const words = iconWords(todo[i]);
    if (words) return `with:${words}`;
    for (let k = todo[i].firstElementChild; k; k = k.nextElementSibling) todo.push(k);
  }
  return '';
}

// A background as large as a photo (an icon sprite's 24 pixels are no card's picture: a
// search box's "sprites302" sprite).
const PHOTO_SIDE = 48;
function photoSized(el) {
  const { width, height } = el.getBoundingClientRect();
  return width >= PHOTO_SIDE && height >= PHOTO_SIDE;
}

// "src:<words>" of the first picture of the twin's box that is not the twin's own, else of
// the first picture a box's element shows as its background in its own style (a product
// card's photo drawn by `style="background-image: url(product7.jpg)"`, the twin's star on
// it; as large as a photo), "" when none.
function picturePlace(el, box) {
  if (!box) return '';
  for (const img of box.querySelectorAll('img')) {
    if (!el.contains(img)) return filePlace(img);
  }
  for (const shown of box.querySelectorAll('[style*="url("]')) {
    const address = BACKGROUND.exec(shown.getAttribute('style') || '');
    if (address && !el.contains(shown) && photoSized(shown)) return fileWordsPlace(address[1]);
  }
  return '';
}

// "fill:<hex>" of the colour a swatch (an empty box named by the colour it shows or sets,
// swatch.js) is filled with exactly, "" for any other twin: three swatches a palette names
// "dark blue" are three colours a person sees apart.
function fillPlace(el) {
  if (!swatchName(el)) return '';
  const hex = fillHex(el);
  return hex ? `fill:${hex}` : '';
}

/** Each twin's last places, after all it has (each at a depth of its own): its section's
 * heading, its box's picture, its icon, a swatch's exact fill. `boxes[i]` is the
 * box of `members[i]` (twin_boxes.js boxesOf), null where it has none. */
export function withMarks(members, places, headings, boxes) {
  const marks = [
    (el) => sectionPlace(headings, el),
    (el, i) => picturePlace(el, boxes[i]),
    (el) => iconPlace(el),
    (el) => fillPlace(el),
    (el) => rulePlace(el),
  ];
  for (const mark of marks) addPlaces(places, members.map((el, i) => mark(el, i)));
}

/** One more place of each twin (`said[i]` of `places[i]`), all at one depth, where they are
 * not all alike. */
export function addPlaces(places, said) {
  if (new Set(said).size < 2) return;
  const depth = Math.max(...places.map((p) => p.length));
  places.forEach((p, i) => {
    while (p.length < depth) p.push('');
    p.push(said[i]);
  });
}
