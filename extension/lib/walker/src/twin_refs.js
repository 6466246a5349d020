// Semantic mode (issue 31, design note 270): twins alike in their containers, the heading above,
// the paragraph holding them and their box's words are parted by the element their markup ties
// them to by its id, where its words differ among them (twins.js withRef: before the item
// before their box, which moves when an item is added above): a table cell's `headers`, an
// `aria-*` reference, a script's `data-*` one. A grid laid out by columns keeps each row's name
// out of every box of its twin (django CMS's page tree: a column of "Edit/View" links, one a
// row, each cell `data-jstreegrid="j1_2"`, the id of its page's item "About us" in the tree
// beside it); the reference is all that ties the two. "ref:<words>", the referred element's
// first words, said alone in the id (``link_edit_view_in_form_to_edit_about_us``).
import { wordsHead } from './run.js';
import { idWords } from './twins_last.js';

const UP = 6;  // the twin and its ancestors looked at for a reference
const WORDS = 4;  // the words of a reference an id holds (id_words.py SECTION_WORDS)
const TOKEN = /^[A-Za-z][\w:.-]{0,80}$/;  // what an id looks like (one token, no spaces)

// Whether an attribute's name says it may hold an id the markup refers to.
function referring(name) {
  return name === 'headers' || name.startsWith('aria-') || name.startsWith('data-');
}

// The first words of the element `el`'s markup refers to by id, closest first ('' where none):
// an element outside `el` and its box, showing words.
export function refWords(el) {
  const doc = el.ownerDocument;
  for (let a = el, up = 0; a && up <= UP && a.localName !== 'body'; a = a.parentElement, up++) {
    for (const attr of a.attributes || []) {
      if (!referring(attr.name) || !TOKEN.test(attr.value)) continue;
      const target = doc.getElementById(attr.value);
      if (!target || target.contains(el) || a.contains(target)) continue;
      const words = idWords(wordsHead(target, 400), WORDS);
      if (words.length) return words.join(' ');
    }
  }
  return '';
}

/** The reference of a twin as a place, "ref:<words>", '' where none. */
export function refPlace(el) {
  const words = refWords(el);
  return words ? `ref:${words}` : '';
}
