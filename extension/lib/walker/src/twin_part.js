// Semantic mode (issue 31): how twins are parted by their places (twins.js settle): the first
// place that differs among them, as the host's ids say it (its first words; a box's words
// without those every twin's box starts with), then each part by its next places.
import { ID_PLACE_WORDS } from './generated_contract.js';
import { idWords } from './twins_last.js';

const NAME_WORDS = 3;  // the words of a container's name it holds

// A place as the host's id words say it, so twins the walker parts are parted in their ids:
// "at:" a container's first three words without digits; "under:", "within:" and "for:" their
// first four words.
export function placeWords(place, max = ID_PLACE_WORDS) {
  const at = place.indexOf(':');
  const kind = place.slice(0, at);
  let words = idWords(place.slice(at + 1), kind === 'at' ? 12 : max);
  if (kind === 'at') words = words.filter((w) => !/\d/.test(w));
  return { kind, words: kind === 'at' ? words.slice(0, NAME_WORDS) : words };
}

// Icons are told apart by their colours only where each has a colour of its own (three icons
// drawn blue, yellow and red): where some are grey or two share a hue, the colour that tells
// one from the others may be a hover's or a focus's, which goes when the pointer moves.
function apartByHue(said) {
  return said.every((s) => s.length > 4) && new Set(said).size === said.length;
}

// The words of a place as an id says them, without its kind.
function placeSaid(place) {
  return place.slice(place.indexOf(':') + 1);
}

/** Part twins (`members`: indexes into `places`, each twin's places) by the first of their
 * places from `from` on that differs, then each part alike so far by its next places, until
 * every twin stands alone or nothing differs; then those alike in every place as far as their
 * ids say them by the words after those they share (refine). Each one's words into `out`. */
export function part(members, places, from, out) {
  const depth = Math.max(...members.map((i) => places[i].length));
  for (let k = from; k < depth; k++) {
    const said = idPlaces(members.map((i) => places[i][k] || ''));
    if (new Set(said).size < 2) continue;
    if (said.some((s) => s.startsWith('hue:')) && !apartByHue(said)) continue;
    const parts = new Map();
    // (a place whose words the twin's id says already is not said twice: "under:basic usage"
    // after "at:basic usage", a section's id and its heading; only where every twin has a
    // place here, so the one that leaves it out is still told from the others by it)
    const full = said.every(Boolean);
    members.forEach((i, j) => {
      if (said[j] && !(full && out[i].some((p) => placeSaid(p) === placeSaid(said[j])))) {
        out[i].push(said[j]);
      }
      const same = parts.get(said[j]);
      if (same) same.push(i); else parts.set(said[j], [i]);
    });
    for (const same of parts.values()) if (same.length > 1) part(same, places, k + 1, out);
    return;
  }
  refine(members, places, out);
}

// Twins alike in every place as far as their ids say them (a place's first four words) that
// differ in one further on (two cards of one shoe: "Sejlersko Sperry Topsider Ao Two Eye Str"
// and "... Two Eye Str Findes i størrelser", their prices' digits dropped) are parted at the
// first such place by its words after those these twins all start with, read over them alone
// (idPlaces: the whole group shared fewer), as a person reads on in the card (note 161);
// each part, smaller, likewise. Only where no place parted them: no other twin's id changes.
function refine(members, places, out) {
  const depth = Math.max(...members.map((i) => places[i].length));
  for (let k = 0; k < depth; k++) {
    const full = members.map((i) => places[i][k] || '');
    if (new Set(full).size < 2) continue;
    const said = idPlaces(full);
    if (new Set(said).size < 2 || said.some((s) => s.startsWith('hue:'))) continue;
    const parts = new Map();
    members.forEach((i, j) => {
      if (said[j] && !out[i].includes(said[j])) out[i].push(said[j]);
      const same = parts.get(said[j]);
      if (same) same.push(i); else parts.set(said[j], [i]);
    });
    for (const same of parts.values()) if (same.length > 1) refine(same, places, out);
    return;
  }
}

// The places of twins as their ids will say them; boxes' words without the words every one
// of them starts with ("Sponsored You're seeing this ad ..." on each card): what is left is
// each box's own. Headings, paragraphs and items before alike in the words an id holds but
// not after them ("With Material Design Colors" and "With Material Design Colors - Filled
// In") are said by the words after those they all start with.
function idPlaces(said) {
  if (said.every((s) => s.startsWith('for:'))) return ownWords(said, 'for');
  const plain = said.map((s) => {
    if (!s) return '';
    const { kind, words } = placeWords(s);
    return words.length ? `${kind}:${words.join(' ')}` : '';
  });
  const kind = said[0].slice(0, said[0].indexOf(':'));
  if (new Set(plain).size > 1 || !['under', 'within', 'after'].includes(kind)
    || !said.every((s) => s.startsWith(`${kind}:`))) return plain;
  return ownWords(said, kind);
}

// Places of one kind without the words all of them start with (one word left at least).
function ownWords(said, kind) {
  const words = said.map((s) => placeWords(s, 40).words);
  let same = 0;
  while (words.every((w) => same < w.length - 1 && w[same] === words[0][same])) same++;
  return words.map((w) => `${kind}:${w.slice(same, same + ID_PLACE_WORDS).join(' ')}`);
}

