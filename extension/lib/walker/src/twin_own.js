// Semantic mode (issue 31, design note 278): twins alike in every place the walker reads, each
// with a name of its own in its markup. A header's icon buttons that no text, label or icon
// names (Verdaccio's settings, registry info and theme buttons: `id="header--button-settings"`,
// `data-testid="header--button--light"`) are told apart by the words of their own `id` or test
// id where those differ, "own:<words>", before the last resort numbers them in the page's
// order: the words stay when a twin is added above; a number moves. Twins alike in all else
// that show no words are told apart next by the icon their class names, "own:<words>" too
// (lookPlaces: Substack's "restack-image" and "view-image" over each picture, a toolbar's
// "ql-bold" and "ql-italic"; note 300).
import { CLASS_LOOK_WORDS, CLASS_SHOWN_WORDS, CLASS_STATE_WORDS, OWN_NAME_ATTRS } from './generated_contract.js';
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

const LOOK = new Set(CLASS_LOOK_WORDS);  // how it is drawn or laid out (models/markup_names.py)
const STATE = new Set(CLASS_STATE_WORDS);  // a state it is in, where it sits among its like
const SHOWN = new Set(CLASS_SHOWN_WORDS);  // on which screens it shows
const LOOK_WORDS = 3;  // the words of its class an id holds
const CAMEL = /^[A-Za-z][a-z]+$/;  // a word of a camel-cased name
const VOWEL = /[aeiouy]/i;

/** The words of one class token: its parts split at "-" and "_", camel case split, a part
 * holding a digit left out ("notika-down-arrow-2": notika down arrow; a letter alone is kept:
 * "social-link--p", Pinterest's beside "social-link--fb"); null for a token a
 * tool made (a part in mixed case that is no camel-cased words: "hbZSaW", "kQqGzb"). */
export function classTokenWords(token) {
  const out = [];
  for (const part of token.split(/[-_]+/)) {
    if (!part || /\d/.test(part)) continue;
    if (/[A-Z]/.test(part)) {
      const words = part.replace(/([a-z])([A-Z])/g, '$1 $2').split(' ');
      if (!words.every((w) => CAMEL.test(w) && VOWEL.test(w))) return null;
      out.push(...words.map((w) => w.toLowerCase()));
    } else out.push(part);
  }
  return out;
}

/** Each twin's class tokens as [token, words] (its own class, then the first element inside
 * it with a class: its icon), those that may name it (`classLookTokens`); for `lookParts`. */
export function lookTokens(el) {
  const icon = el.querySelector('[class]:not([class=""])');
  return classLookTokens([el, icon].filter(Boolean)
    .flatMap((n) => (n.getAttribute('class') || '').split(/\s+/)).filter(Boolean));
}

/** Those of a control's class tokens that may name it, as [token, words]: a token a tool
 * made, one whose words all say a state and one saying on which screens it shows left out
 * (read_twins.py class_look_tokens; both held to tests/vectors/class_look_words.json). */
export function classLookTokens(tokens) {
  return tokens.map((t) => [t, classTokenWords(t)])
    .filter(([, words]) => words && words.length && !words.every((w) => STATE.has(w))
      && !words.some((w) => SHOWN.has(w)));
}

/** The words each twin's class names it by, from its tokens (`lookTokens`): the last token
 * with a word of more than one letter that is no look's and not among every twin's words
 * ("restack-image" beside "view-image": restack), those words of it (LOOK_WORDS at most);
 * null unless they part every twin. */
export function lookParts(tokens) {
  const all = tokens.map((list) => new Set(list.flatMap(([, words]) => words)));
  const own = (w) => !LOOK.has(w) && !all.every((words) => words.has(w));
  const chosen = tokens.map((list) => [...list].reverse()
    .find(([, words]) => words.some((w) => w.length > 1 && own(w))));
  if (chosen.some((c) => !c)) return null;
  const parts = chosen.map(([, words]) => words.filter(own).slice(0, LOOK_WORDS).join(' '));
  return new Set(parts).size < parts.length ? null : parts;
}

// A control that shows no words: no text, no label, title or alt of its own or its picture's;
// no field (a box one types in: its class says how it is drawn, or a state, "ql-blank", that
// typing changes).
const FIELD = /^(input|textarea|select)$/;
const FIELD_ROLE = /^(textbox|searchbox|combobox)$/;
function showsNoWords(el) {
  const img = el.querySelector('img[alt]');
  return !FIELD.test(el.localName) && !FIELD_ROLE.test(el.getAttribute('role') || '')
    && !(el.textContent || '').trim() && !(img && img.getAttribute('alt').trim())
    && !['aria-label', 'title', 'alt'].some((a) => (el.getAttribute(a) || '').trim());
}

/** For twins alike in all else that show no words (`group`: indices into `members`), each
 * one's place "own:<words>" by the icon its class names (lookParts), or null. */
export function lookPlaces(group, members) {
  const els = group.map((i) => members[i]);
  if (!els.every(showsNoWords)) return null;
  const parts = lookParts(els.map(lookTokens));
  return parts && parts.map((p) => `own:${p}`);
}
