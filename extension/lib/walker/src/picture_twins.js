// Semantic mode (issue 31): pictures named alike (eight product cards' images all with the alt
// "Product Name") are twins, as controls are (twins.js), so the host names each alike in every
// read, whether its twin is in the read or not. A picture is told from its twins first by what
// it shows: the file it shows, its name's words ("src:<words>": "product1" of
// ".../ecommerce/product1.jpg"), a token-free part of the page the picture's own markup names;
// pictures showing one file (a row's avatars, all "avatar.jpg") are parted by where they sit,
// as controls are. A picture inside a control is that control's, no twin of its own; a control
// that shows nothing but a picture (a footer's brand logos, each "img") is told from its twins
// first by that picture's file too.
import { collapse, wordsOf } from './run.js';

export const PICTURES = 'img[alt]';
const IN_CONTROL = 'a[href], button, [role=button], [role=link]';
const FILE_WORDS = 4;  // the words of a file's name a place holds (the host's id holds four)

/** The picture a person reads by its alt, outside any control; null for any other element. */
export function pictureAlt(el, controls) {
  if (el.localName !== 'img' || el.matches(controls) || el.closest(IN_CONTROL)) return null;
  return collapse(el.getAttribute('alt') || '').toLowerCase().slice(0, 60);
}

// A word of a file's name that is no token: letters, a short number (a picture's "3" of
// "photo-3"), or letters and a short number ("product12"); never a hash ("a8f3e2c9") or a long
// number (a timestamp, an upload's id).
const FILE_WORD = /^(?:\p{L}+|\d{1,3}|\p{L}+\d{1,3})$/u;

/** "src:<words>": the words of the name of the file a picture shows (its stem, no folder, no
 * extension, no query), its tokens dropped, a short number said with the word before it
 * ("tree-3" → "tree3", "img-01" → "img01": an id ending in a number alone reads as a counter)
 * and dropped where no word is before it ("1.jpg"); "" for a picture with none (a data:
 * placeholder). */
export function filePlace(img) {
  return fileWordsPlace(img.getAttribute('src') || '');
}

/** The "src:<words>" of a file's address (as filePlace says a picture's): a box's background
 * picture too (twin_marks.js). */
export function fileWordsPlace(address) {
  const raw = address.trim();
  if (!raw || /^(data|blob):/i.test(raw)) return '';
  const file = raw.split(/[?#]/)[0].split('/').filter(Boolean).pop() || '';
  const stem = file.includes('.') ? file.slice(0, file.lastIndexOf('.')) : file;
  const words = [];
  for (const w of stem.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .match(/[\p{L}\p{N}]+/gu) || []) {
    if (!FILE_WORD.test(w)) continue;
    if (!/^\d+$/.test(w)) words.push(w);
    else if (words.length && !/\d$/.test(words[words.length - 1])) words[words.length - 1] += w;
  }
  return words.length ? `src:${words.slice(0, FILE_WORDS).join(' ')}` : '';
}

/** The "src:<words>" of the file a twin shows, where it shows nothing else: a picture, or a
 * control with no words and no aria-label of its own holding one; "" for any other. */
export function shownFile(el) {
  if (el.localName === 'img') return filePlace(el);
  const img = el.querySelector('img');
  return img && !el.hasAttribute('aria-label') && !collapse(wordsOf(el, 64))
    ? filePlace(img) : '';
}
