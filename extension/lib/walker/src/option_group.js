// A box holding only a set of options (radios or boxes and their own labels: uMap's
// "always / never / hidden" drawn as three buttons) says the options' names, not a row's
// words: its text is no control's context (issue 31, design note 322). The host reads a
// control's row from its parent's words (the records' `ptx`, semantic/id_words.py
// context_of), and the twins read them alike (twins.js rowWords): both ask this.

const OPTION_TYPES = new Set(['radio', 'checkbox']);

function isOption(el) {
  return el.localName === 'input' && OPTION_TYPES.has((el.type || '').toLowerCase());
}

/** Whether `box`'s children are two options or more and their own labels, nothing else (no
 * words of its own: a `<br>` between them aside). */
export function holdsOptionsOnly(box) {
  let options = 0;
  for (let k = box.firstChild; k; k = k.nextSibling) {
    if (k.nodeType === 3) {
      if (k.data.trim()) return false;
    } else if (k.nodeType !== 1) continue;
    else if (isOption(k)) options++;
    else if (k.localName === 'label') {
      const control = k.control;
      // (a label wrapping its option counts as the option)
      if (!control || !isOption(control) || !box.contains(control)) return false;
      if (k.contains(control)) options++;
    } else if (k.localName !== 'br') return false;
  }
  return options >= 2;
}
