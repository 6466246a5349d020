// Which text runs of the accessibility rows read as one run of inline text with the text run
// before them: the outline's compact mode joins such sibling lines into one (a sentence that
// inline markup splits: `Enter "<b>Ann</b>" into`), as it joins Chromium's text runs by the
// DOMSnapshot (pipeline/dom/textflow.py), which a read from the walk does not take.
//
// The rule is textflow.py's, on the flat tree the rows walk visits: two text nodes are one
// run when nothing but inline elements (display inline, contents, ruby) and white space lies
// between them; an element of another display, a line break, a replaced element or a
// control, text left out of the rows (hidden, muted) and generated text (markers, ::before
// and ::after) end the run. They join with a space when the DOM has white space at the seam
// (the raw text's end or start, or a white-space text node between).
//
// Output: axt.joins, one number per text row that continues a run, `row * 2 + spaced`; the
// run it continues is the nearest text row before it.

const INLINE = new Set(['inline', 'contents', 'ruby', 'ruby-text']);
const BREAKING = new Set(['br', 'wbr', 'img', 'input', 'button', 'select', 'textarea', 'svg',
  'iframe', 'video', 'audio', 'canvas', 'object', 'embed', 'math', 'hr', 'meter', 'progress']);
const WORDS = /[^ \t\n\r\f]/;
const SPACE_START = /^[ \t\n\r\f]/;
const SPACE_END = /[ \t\n\r\f]$/;

export const newRuns = () => ({ last: -1, spaced: false, joins: [] });

/** Whether an element (its tag, its style `cs`) ends the run around it and starts another
 * inside it. */
export function breaksRun(tag, cs) {
  return BREAKING.has(tag) || !INLINE.has(cs.display);
}

/** The run ends here. */
export function cutRun(runs) {
  runs.last = -1;
}

/** A text node's raw text `data` became row `row` (-1: no row). */
export function textRun(runs, row, data) {
  if (row < 0) {
    if (WORDS.test(data)) runs.last = -1;  // words the rows leave out
    else if (data) runs.spaced = true;
    return;
  }
  if (runs.last >= 0) runs.joins.push(row * 2 + (runs.spaced || SPACE_START.test(data) ? 1 : 0));
  runs.last = row;
  runs.spaced = SPACE_END.test(data);
}
