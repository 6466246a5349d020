// Semantic mode, the page tally's paragraphs written as runs of text that <br>s end (a pasted
// story in one <p>, an old blog's post body).
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
