// Semantic mode (issue 31): the run of a page a horizontal rule opens, as a twin's place. Old
// generated pages lay out their records as runs of text and links in one box, a `<hr>`
// between each and the next, with no box or heading of their own: a CVS log's revisions
// ("Revision 1.6: download - view: text, markup, annotated - select for diffs", its date, its
// log message; then `<hr>` and "Revision 1.5: ..."). The links of each run are twins alike in
// every other place the walker reads; a person tells them by the run's first line, the words
// between the rule and the first control or line break: "under:<words>" ("under:Revision
// 1.6"). Read over the whole page, as the twins' other places are (twin_marks.js withMarks
// asks it last), so a read holding some of the runs names each alike and a scroll moves no id
// (design note 361).
import { collapse } from './run.js';

const UP = 8;  // ancestors of a twin looked at for the rule before them
const BACK = 40;  // siblings looked at back for the rule (a bound on the work)
const AHEAD = 30;  // nodes after the rule read for its run's first line
const LINE_CHARS = 80;  // characters of the first line said
const ENDS_LINE = new Set(['br', 'hr', 'p', 'div', 'pre', 'table', 'ul', 'ol', 'dl', 'form',
  'section', 'article', 'aside', 'nav', 'header', 'footer', 'main', 'blockquote', 'figure',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'fieldset', 'details', 'iframe']);
const CONTROL = 'a[href], button, input, select, textarea, [role=button], [role=link]';
const UNREAD = new Set(['script', 'style', 'template', 'noscript', 'title']);

// The words a rule's run starts with: its text nodes and inline elements in order up to the
// first control, line break or box of its own ('' when the run starts with one of those).
function firstLine(rule) {
  let said = '';
  let n = rule.nextSibling;
  for (let seen = 0; n && seen < AHEAD && said.length < LINE_CHARS; n = n.nextSibling, seen++) {
    if (n.nodeType === 3) said += n.data;
    else if (n.nodeType === 1) {
      if (ENDS_LINE.has(n.localName) || n.matches(CONTROL) || n.querySelector(CONTROL)) break;
      if (!UNREAD.has(n.localName)) said += ` ${n.textContent || ''} `;
    }
  }
  return collapse(said).slice(0, LINE_CHARS);
}

/** "under:<words>" of the first line of the run a `<hr>` opens that holds `el` (the rule
 * a sibling of `el` or of one of its closest ancestors, before it), '' when none or the
 * page has no rule. */
export function rulePlace(el) {
  if (!el.ownerDocument.getElementsByTagName('hr').length) return '';
  for (let a = el, up = 0; a && up < UP && a.localName !== 'body'; a = a.parentElement, up++) {
    let seen = 0;
    for (let s = a.previousElementSibling; s && seen < BACK; s = s.previousElementSibling, seen++) {
      if (s.localName !== 'hr') continue;
      const words = firstLine(s);
      return words ? `under:${words}` : '';
    }
  }
  return '';
}
