// What names a control that shows no words, as the element model names it (person_name.js):
// its title, its picture's alt, its SVG's <title>, else the icon hint (the icon its markup
// names, its image's file name: text.js iconHint); "" when none. The tally counts the labels
// a page shares with it (tally.js) and twins.js groups twins by it, so a picture link shown
// twice is a twin in every read, whether its twin is in the read or not. A link to an address
// a link with words has too (pictures.js hasTitle) is that link's picture, named by it: "" here.
import { hasTitle } from './pictures.js';
import { isIconFont } from './person_name.js';
import { iconHint, IN, SKIP, walkText } from './text.js';

export function wordlessName(el) {
  if (hasTitle(el)) return '';
  const title = el.getAttribute('title');
  if (title && title.trim()) return title;
  const img = el.querySelector('img[alt]');
  if (img && img.getAttribute('alt').trim()) return img.getAttribute('alt');
  const svgTitle = el.querySelector('svg title');
  if (svgTitle && svgTitle.textContent.trim()) return svgTitle.textContent;
  return iconHint(el);
}

// The words a control shows, as the element model reads them: its text without an icon's SVG
// <title> or a <style> ("dashboard" drawn beside "Dashboard" is no second word of its label).
export function controlWords(el) {
  if (!el.firstElementChild) return el.textContent || '';
  return walkText(el, 200, () => IN, false);
}

// Those words without an icon font's ligature beside them, as the element model names the
// control (person_name.js isIconFont: a menu's "Lending" with Material's "build" drawn after it
// is "Lending"); '' where it shows only its icon or no element of its own. The page tally counts
// a label so (design note 363).
const besideIcons = (n, tag) => (isIconFont(n, tag) ? SKIP : IN);
export function namedWords(el) {
  return el.firstElementChild ? walkText(el, 200, besideIcons, false) : '';
}

// A control's words without the count a badge inside it shows ("Inbox 12" → "Inbox"), as the
// host's id_words.py without_badge names it: the count is its own element's whole text, so it
// changes as the page's data does. The tally counts the label so, and a folder list's
// "Inbox 12" shares the sidebar's "Inbox" in every read, whether the other is in it or not.
const COUNT = /\s*[([]?\d[\d,.]*\+?[)\]]?$/;
const BADGE_LOOK = 40;  // (the host looks at as many of the control's descendants)
const bare = (s) => s.trim().replace(/^[()[\]]+|[()[\]]+$/g, '');

export function withoutBadge(el, text) {
  const match = COUNT.exec(text);
  if (!match || match.index === 0) return text;
  const count = bare(match[0]);
  const todo = [...el.children];
  for (let seen = 0; todo.length && seen < BADGE_LOOK; seen++) {
    const child = todo.shift();
    if (bare(child.textContent || '') === count) {
      return text.slice(0, match.index).trimEnd();
    }
    todo.push(...child.children);
  }
  return text;
}
