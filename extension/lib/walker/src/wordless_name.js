// What names a control that shows no words, as the element model names it (person_name.js):
// its title, its picture's alt, its SVG's <title>, else the icon hint (the icon its markup
// names, its image's file name: text.js iconHint); "" when none. The tally counts the labels
// a page shares with it (tally.js) and twins.js groups twins by it, so a picture link shown
// twice is a twin in every read, whether its twin is in the read or not. A link to an address
// a link with words has too (pictures.js hasTitle) is that link's picture, named by it: "" here.
import { hasTitle } from './pictures.js';
import { iconHint, IN, walkText } from './text.js';

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
