// Semantic mode, the page tally's own heading: the first <h1> a person sees with words of its
// own (no logo in a link, none in the page's bars), and how many links a person passes before
// it out of those bars. On a page with no landmarks and no stylesheet the site's navigation
// (category menus, A-Z letters, a mega-menu's brands) fills screens above the heading; the
// heading and what follows it are the page's own matter (issue 31, note 145).
import { everywhere } from './tally_roots.js';

const LEAD_LINKS = 30;  // a long run of links: a site's menus, no page's own few links
// What a link to the site's home says in its href: its root, the document's own root route
// ("#/": a one-page app's home), its index.
const HOME_HREF = /^(?:\/|#\/|\.\/?|(?:\.\/|\.\.\/|\/)?index\.html?)$/i;

// The site's name drawn as its logo, a heading whose words are all one link home
// ("<h1><a href="/">Repair Café</a></h1>": Piccolo Admin's top bar, a blog theme's site
// title): the page's own heading comes after it (design note 286). A heading linking to its
// own post (a blog's permalink) is the page's.
function siteName(h, text) {
  const links = h.querySelectorAll('a[href]');
  if (links.length !== 1) return false;
  const link = links[0];
  if ((link.textContent || '').replace(/\s+/g, ' ').trim() !== text) return false;
  const href = (link.getAttribute('href') || '').trim();
  if (HOME_HREF.test(href)) return true;
  try {
    const url = new URL(link.href);
    return url.origin === location.origin && url.pathname === '/' && !url.search;
  } catch (_) {
    return false;
  }
}

function before(heading, el) {
  const pos = heading.compareDocumentPosition(el);
  // (a box holding the heading is no part of what comes before it)
  return Boolean(pos & Node.DOCUMENT_POSITION_PRECEDING) && !(pos & Node.DOCUMENT_POSITION_CONTAINS);
}

// { el (the heading), text, lead (links before it), ahead(el): el is in the site's navigation before it, top:
// its page y, above(el): el is drawn above it (the last three only when that run of links is
// long) }.
export function ownHeading(shown, CHROME, LIMIT) {
  let n = 0;
  for (const h of everywhere('h1')) {
    if (++n > LIMIT) break;
    const text = (h.textContent || '').replace(/\s+/g, ' ').trim();
    if (!/\p{L}/u.test(text) || h.closest(`a, ${CHROME}`) || !shown(h) || siteName(h, text)) continue;
    let lead = 0;
    let m = 0;
    for (const a of h.getRootNode().querySelectorAll('a[href]')) {  // (its tree's, in order)
      if (++m > LIMIT || !before(h, a)) break;
      if (!a.closest(CHROME) && shown(a)) lead++;
    }
    const ahead = lead >= LEAD_LINKS ? (el) => before(h, el) : () => false;
    // (the fields drawn above the heading then are the site's too: a header's sign-in or
    // search box; by the page's y, as the host cuts the records: page_features.py)
    const top = lead >= LEAD_LINKS ? Math.round(h.getBoundingClientRect().top + window.scrollY) : null;
    const above = top === null ? () => false
      : (el) => Math.round(el.getBoundingClientRect().bottom + window.scrollY) <= top;
    return { el: h, text: text.slice(0, 120), lead, ahead, top, above };
  }
  return { el: null, text: '', lead: 0, ahead: () => false, top: null, above: () => false };
}
