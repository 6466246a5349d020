// The words an icon is named by in the page's own markup, for a control that shows an icon and
// no text (issue 31: ids from names, never counters): a class of an icon set ("fa-trash",
// "feather-edit-2", a template's own prefix before the set's: "tf-ion-social-facebook"; an
// inline <svg>'s class too, which className does not give as a string), the symbol a sprite
// <use> draws ("#icon-search", "sprite.svg#bell"), or the icon an attribute asks a script to
// draw (data-icon, data-feather, data-lucide, an <iconify-icon icon="mdi:home">). Words only:
// the set's own names, sizes and styles and any number are dropped ("trash-2" is "trash").
// An inline <svg> the markup names nowhere is named by what it draws where it is a known
// icon's drawing (svg_shapes.js: Heroicons' cog, a footer's Twitter bird).
import { shapeWords } from './svg_shapes.js';

// Names of icon sets, as the first part of their classes ("bi-", "ion-", "bxl-").
const SETS = new Set(['fa', 'fas', 'far', 'fal', 'fad', 'fab', 'fa6', 'bi', 'glyphicon', 'icon',
  'icons', 'ion', 'ionicons', 'mdi', 'ti', 'tabler', 'la', 'las', 'lar', 'lab', 'bx', 'bxs', 'bxl',
  'feather', 'fe', 'lucide', 'ri', 'uil', 'zmdi', 'typcn', 'lni', 'ph', 'octicon', 'iconoir',
  'flaticon', 'icofont', 'cil', 'cib', 'gg', 'oi', 'wi', 'isax', 'heroicon', 'material',
  // (Feather's icon font as ThemeSelection's and Pixinvent's templates ship it: "ft-minus")
  'ft',
  // (a slider's own arrows: "swiper-button-next", "slick-prev", "owl-next")
  'swiper', 'slick', 'owl', 'splide', 'glide']);
// Parts of an icon class that say how it is drawn, not what it shows.
const STYLE = new Set(['solid', 'regular', 'brands', 'light', 'thin', 'duotone', 'sharp',
  'outlined', 'round', 'rounded', 'filled', 'fill', 'line', 'lg', 'xs', 'sm', 'md', 'xl',
  'xxl', 'fw', 'spin', 'pulse', 'border', 'inverse', 'stack', 'flip', 'rotate', 'inline', 'svg',
  'shape', 'wrapper', 'container', 'box', 'wrap', 'holder', 'only', 'btn', 'button', 'link',
  'item', 'primary', 'secondary', 'white', 'muted', 'size', 'small', 'large', 'big', 'medium']);
// (A direction is what an icon shows: "arrow-left" and "arrow-right" are two icons.)
const WORDS = 3;

function partsOf(text) {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter((p) => p && !/\d/.test(p));
}

// A style that is an icon's name too where a name follows it: "ft-rotate-cw" (a rotating
// arrow, "rotate cw"; "fa-rotate-90" is a style).
const NAMES_TOO = new Set(['rotate']);
function named(part) {
  return !!part && !SETS.has(part) && !STYLE.has(part) && !/\d/.test(part);
}

// What one class says an icon shows: the parts after an icon set's name (the set's names,
// its styles and numbers dropped), "" when it names no set or says nothing more.
function classWords(token) {
  const parts = token.toLowerCase().split(/[-_]+/);
  const at = parts.findIndex((p, i) => SETS.has(p) && i < parts.length - 1);
  if (at < 0) return '';
  // (the part after "size" is the size's value: "a-icon_size_s", "icon-size-m")
  const rest = parts.slice(at + 1).filter((p, k) => !SETS.has(p) && !/\d/.test(p)
    && parts[at + k] !== 'size'
    && (!STYLE.has(p) || (k === 0 && NAMES_TOO.has(p) && named(parts[at + 2]))));
  return rest.slice(0, WORDS).join(' ');
}

function attributeWords(n) {
  for (const name of ['data-icon', 'data-feather', 'data-lucide', 'data-eva']) {
    const value = n.getAttribute(name);
    if (value) {
      const words = partsOf(value.split(':').pop()).filter((p) => !SETS.has(p) && !STYLE.has(p));
      if (words.length) return words.slice(0, WORDS).join(' ');
    }
  }
  if (n.localName === 'iconify-icon' && n.getAttribute('icon')) {
    return partsOf(n.getAttribute('icon').split(':').pop()).slice(0, WORDS).join(' ');
  }
  return '';
}

function spriteWords(n) {
  if (n.localName !== 'use') return '';
  const ref = n.getAttribute('href') || n.getAttribute('xlink:href') || '';
  const fragment = ref.split('#')[1] || '';
  return partsOf(fragment).filter((p) => !SETS.has(p) && !STYLE.has(p)).slice(0, WORDS)
    .join(' ');
}

// The icon words of one element of a control (itself or a descendant); "" when none.
export function iconWords(n) {
  if (n.nodeType !== 1) return '';
  const said = attributeWords(n) || spriteWords(n);
  if (said) return said;
  for (const token of (n.getAttribute('class') || '').split(/\s+/)) {
    const words = token && classWords(token);
    if (words) return words;
  }
  return shapeWords(n);
}
