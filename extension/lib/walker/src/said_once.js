// What a person reads on a control (issue 31, design note 250): a mark hidden from screen
// readers (aria-hidden) beside words for them that say it again ("<a><span aria-hidden=true>3
// </span><span class=screen-reader-text>3 comments</span></a>", a count a person sees and the
// words a screen reader reads for it) is read once, "3 comments", as Chromium's accessibility
// tree names the control, not "3 3 comments". Only where each such mark has words and every one
// is among the other words: a hidden mark with none ("<span aria-hidden>★</span> Starred") or
// with words the others do not say (an icon's ligature) stays, and so does a control of
// nothing but hidden marks.
import { collapse, run } from './run.js';
import { SKIP, walkText } from './text.js';

const HIDDEN = '[aria-hidden="true"]';

// The words of `text` (letters and digits), lower case.
function wordList(text) {
  return (text || '').toLowerCase().match(/[\p{L}\p{N}]+/gu) || [];
}

/** The words of control `el`: `text` (its words as the text walk reads them, `enter` deciding
 * how it enters each element and `generated` what a generated box adds), else, where its
 * hidden marks are all said again by its other words, those other words alone. */
export function saidOnce(el, text, enter, generated = null) {
  if (!text || !el.querySelector || !el.querySelector(HIDDEN)) return text;
  const rest = walkText(el, run.textMax,
    (n, tag) => (n.getAttribute('aria-hidden') === 'true' ? SKIP : enter(n, tag)), true, generated);
  const words = new Set(wordList(rest));
  if (!words.size) return text;
  for (const mark of el.querySelectorAll(HIDDEN)) {
    const said = wordList(mark.textContent);
    if (!said.length || !said.every((w) => words.has(w))) return text;
  }
  return collapse(rest);
}
