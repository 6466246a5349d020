// Semantic mode (issues 30 and 31): the words of a control's row, field or card as its name,
// where nothing else names it, as the host's element model names it
// (pipeline/elements/model.py; the rule: models/context_names.py). The twins read it so that
// the controls the host's ids name alike are twins here too (notes 185, 313).
import { CONTEXT_NAME_MAX, REGION_ONLY_WORDS } from './generated_contract.js';
import { personContext } from './person_context.js';
import { collapse } from './run.js';

const REGION_ONLY = new Set(REGION_ONLY_WORDS);

/** Whether a place's words (collapsed) are what a person would call a control: short, no
 * sentence, a letter in them, no region's word alone (the host's
 * `context_names_control`; tests/vectors/context_name_words.json holds both to one list). */
export function contextNamesControl(text) {
  return text.length <= CONTEXT_NAME_MAX && !/[.!?]$/.test(text) && /\p{L}/u.test(text)
    && !REGION_ONLY.has(text.toLowerCase());
}

/** The words of `el`'s place when a person would call it by them, else ''. */
export function contextName(el) {
  const context = collapse(personContext(el, ''));
  return contextNamesControl(context) ? context : '';
}
