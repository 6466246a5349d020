// What CSS generated content adds to a control's own words (issue 31, design note 301).
import { wordedPseudo } from './ax_pseudo.js';
import { generatedBox } from './ax_text.js';

// Words CSS generated content adds to a control's own name, as Chromium's names read it
// (pdoc's `.class::before {content: "class "}`: the link "class Tool"). Only text with a letter
// or a digit: an icon font's glyph (a private-use character), a bullet or an arrow drawn that
// way is a picture, no word a person reads. Read for a control's own words, not for the
// words around it (context, rows), which read no style of a pseudo-element. The style is asked
// only of elements a rule giving words may match (ax_pseudo.js); where the walk cannot tell
// (a sheet of another origin, a shadow tree), of the control's own boxes alone, not of every
// element inside it: two styles a control, whatever it holds (design note 301 measures it).
const WORDY = /[\p{L}\p{N}]/u;
/** The reader of generated boxes (walkText's `generated`) for the words of `control`. */
export function generatedWordsOf(control) {
  return (n, which) => {
    const may = wordedPseudo(n);
    if (may === false || (may === null && n !== control)) return '';
    const box = generatedBox(n, which);
    if (!box || !WORDY.test(box.text)) return '';
    return box.block ? ` ${box.text} ` : box.text;
  };
}
