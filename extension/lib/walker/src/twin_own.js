// Semantic mode (issue 31, design note 278): twins alike in every place the walker reads, each
// with a name of its own in its markup. A header's icon buttons that no text, label or icon
// names (Verdaccio's settings, registry info and theme buttons: `id="header--button-settings"`,
// `data-testid="header--button--light"`) are told apart by the words of their own `id` or test
// id where those differ, "own:<words>", before the last resort numbers them in the page's
// order: the words stay when a twin is added above; a number moves.
import { OWN_NAME_ATTRS } from './generated_contract.js';
import { idWords } from './twins_last.js';

const WORDS = 4;  // the words an id holds (id_words.py SECTION_WORDS)

// The words of an element's own markup names, camel case split, none with a digit (a token
// made by a script is no name): each attribute's, in OWN_NAME_ATTRS' order (models/markup_names.py).
function ownNames(el) {
  const out = [];
  for (const attr of OWN_NAME_ATTRS) {
    const value = el.getAttribute(attr);
    if (!value) continue;
    const words = idWords(value.replace(/([a-z])([A-Z])/g, '$1 $2'), 40);
    if (words.length && !words.some((w) => /\d/.test(w))) out.push(words);
  }
  return out;
}

/** For twins alike in all else (`group`: indices into `members`), each one's own place
 * "own:<words>" (the first of its markup names whose words, less those every twin's name
 * holds, are its own), or null when any of them has none or two say the same. */
export function ownPlaces(group, members) {
  const names = group.map((i) => ownNames(members[i]));
  if (names.some((n) => !n.length)) return null;
  const firsts = names.map((n) => n[0]);
  const common = firsts.slice(1).reduce((shared, words) => shared.filter((w) => words.includes(w)),
    firsts[0]);
  const places = firsts.map((words) => words.filter((w) => !common.includes(w)).slice(0, WORDS)
    .join(' '));
  if (places.some((p) => !p) || new Set(places).size < places.length) return null;
  return places.map((p) => `own:${p}`);
}
