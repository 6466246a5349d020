// Semantic mode (issue 31): swatches named alike are twins (a theme panel's colour swatches:
// empty boxes named by the colour they show, swatch.js, "dark blue" three times in its navbar
// palette and three times in its sidebar palette). The walker groups no element a selector of
// the page's twins does not take, so the host numbered them in the read
// (`item_dark_blue_near_navbar_type_2`). A swatch is a twin of the swatches its name says
// alike in palettes alike (their parents alike in tag and class), read over the whole page
// when the walk first meets one (twins.js swatchTwin), parted by where they sit (the heading
// above: "Navbar Color", "Sidebar Color"), then by the colour each is filled with exactly
// (twin_marks.js, "fill:<six hex digits>"): what a person sees of two dark blues side by side.
import { swatchName } from './swatch.js';

const MEMBERS = 200;  // the boxes of palettes alike looked at (past it: no group)

/** The swatches named `label` alike in palettes alike to `el`'s, with the key of their group
 * ({ key, members }), or null when `el` is no swatch or has no twin. */
export function swatchTwins(el, label) {
  if (!label) return null;
  const parent = el.parentElement;
  const look = parent ? (parent.getAttribute('class') || '').trim() : '';
  if (!look || swatchName(el) !== label) return null;
  const selector = `${parent.localName}[class="${CSS.escape(parent.getAttribute('class'))}"]`
    + ` > ${CSS.escape(el.localName)}`;
  const all = document.querySelectorAll(selector);
  if (all.length > MEMBERS) return null;
  const members = [...all].filter((m) => swatchName(m) === label);
  return members.length > 1 ? { key: `\u0005${selector}\u0000${label}`, members } : null;
}
