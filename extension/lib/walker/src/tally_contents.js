// A document's table of contents: links to places on this page, its parts (note 350). Its
// entries are no list's items and its rows of links no list of records: pod2html's index of
// sections, a README's contents, a long article's "On this page".

/** A link to a place on this page: "#methods" with an element of that id (or an anchor of that
 * name) to go to, whatever the name ("#/operations/list#Request", Stoplight's heading anchors).
 * "#" alone is a template's stand-in, and a "#/inbox" (a one-page app's route) or a "#m3" (a
 * script's handle on a row) with nothing of its name is no place. The walk marks its link
 * records by this (`ph`, visit.js), the tally counts contents entries by it: one decision. */
export function toPlaceHere(a) {
  const href = a.getAttribute('href') || '';
  if (href.length < 2 || href[0] !== '#') return false;
  const doc = a.ownerDocument;
  let name = href.slice(1);
  try { name = decodeURIComponent(name); } catch (e) { /* kept as written */ }
  return Boolean(doc && (doc.getElementById(name) || doc.getElementsByName(name).length));
}

/** A list item whose own links (its child's or grandchild's) all lead to places on this page. */
export function contentsEntry(li) {
  const links = li.querySelectorAll(':scope > a, :scope > * > a');
  for (const a of links) if (!toPlaceHere(a)) return false;
  return links.length > 0;
}
