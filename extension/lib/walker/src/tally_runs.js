// Semantic mode, the page tally's paragraphs written as runs of text that <br>s end (a pasted
// story in one <p>, an old blog's post body), and those written straight in the body: runs of
// text and inline elements that a block, a rule or a line break ends, in no <p> or box of their
// own (tth's pages of TeX, whose paragraphs sit between headings and empty <div>s; old
// generators' pages: design note 365).
import { INLINE_TAGS } from './tags.js';

// The runs of a box's text that its <br>s end (text and inline elements; a table or a <div> in
// it is no part of a run), each of 100 characters or more.
export function brRuns(box) {
  const runs = [];
  let run = '';
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.nodeType === 1 && node.localName !== 'br'
      && !INLINE_TAGS.has(node.localName) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === 3) run += node.textContent;
    else if (node.localName === 'br') { runs.push(run); run = ''; }
  }
  runs.push(run);
  return runs.map((r) => r.replace(/\s+/g, ' ').trim()).filter((r) => r.length >= 100);
}

const AT_MOST = 2000;  // the body's own nodes looked at (a bound on the work)
const PROSE = 100;  // characters of a run that is a paragraph

/** The runs of text the body holds as its own children, each of PROSE characters or more. */
export function bodyRuns() {
  const body = document.body;
  const runs = [];
  let run = '';
  const end = () => {
    const text = run.replace(/\s+/g, ' ').trim();
    if (text.length >= PROSE) runs.push(text);
    run = '';
  };
  let seen = 0;
  for (let node = body && body.firstChild; node && seen < AT_MOST; node = node.nextSibling, seen++) {
    if (node.nodeType === 3) run += node.data;
    else if (node.nodeType !== 1) continue;
    else if (INLINE_TAGS.has(node.localName)) run += node.textContent || '';
    else end();
  }
  end();
  return runs;
}
