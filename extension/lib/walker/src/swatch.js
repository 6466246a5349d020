// What a person calls an empty box that a page's script acts on (a theme's colour swatch, a
// palette's chip), when nothing else names it: the option it sets (a `data-` attribute naming a
// colour, a theme or a skin), else a class that names a colour ("bg-gradient-primary",
// "swatch-teal"), else the colour it is filled with ("blue", "light green"). Never a number:
// the words are the box's own, so a swatch keeps its name wherever it sits.
import { collapse } from './run.js';

// The data attributes whose value is the option a swatch sets.
const OPTION_ATTR = /^data-(?:[a-z-]*-)?(?:colou?r|theme|skin|bg|background|variant|palette)$/;
// Words a stylesheet names a colour or a theme's colour by.
const COLOUR_WORDS = new Set(['red', 'orange', 'yellow', 'green', 'teal', 'cyan', 'blue', 'indigo',
  'purple', 'violet', 'pink', 'magenta', 'brown', 'grey', 'gray', 'black', 'white', 'lime',
  'amber', 'navy', 'olive', 'maroon', 'gold', 'silver', 'azure', 'rose', 'emerald', 'sky',
  'slate', 'primary', 'secondary', 'success', 'info', 'warning', 'danger', 'light', 'dark']);
const SHADES = new Set(['deep', 'light', 'dark', 'pale', 'bright']);
const CLASS_PREFIX = /^(?:bg|background|colou?r|swatch|theme|skin|chip|palette|text)-/;
const WORDS = 3;

function optionWords(el) {
  for (const name of el.getAttributeNames()) {
    if (!OPTION_ATTR.test(name)) continue;
    const value = collapse(el.getAttribute(name) || '');
    const colour = /^#|^rgb|^hsl/i.test(value) ? cssColourName(value) : '';
    if (colour) return colour;
    const words = value.replace(/[-_]+/g, ' ').split(' ').filter((w) => w && !/\d/.test(w));
    if (words.length && words.length <= WORDS) return words.join(' ');
  }
  return '';
}

function classWords(el) {
  const names = typeof el.className === 'string' ? el.className.split(/\s+/) : [];
  for (const name of names) {
    if (!CLASS_PREFIX.test(name.toLowerCase())) continue;
    const parts = name.toLowerCase().split(/[-_]+/).slice(1).filter((w) => !/\d/.test(w));
    const at = parts.findIndex((w) => COLOUR_WORDS.has(w));
    if (at >= 0) return parts.slice(at > 0 && SHADES.has(parts[at - 1]) ? at - 1 : at, at + 1)
      .join(' ');
  }
  return '';
}

// The colour a box is filled with (its background colour, else its gradient's first colour).
function fillOf(el) {
  const style = getComputedStyle(el);
  const gradient = /(rgba?\([^)]*\))/.exec(style.backgroundImage || '');
  return gradient ? gradient[1] : style.backgroundColor || '';
}

function fillWords(el) {
  return cssColourName(fillOf(el));
}

/** The colour a box is filled with exactly, as its six hex digits ("002b49"); "" when it is
 * transparent. What parts swatches one name says alike (three dark blues of one palette). */
export function fillHex(el) {
  const rgb = /^rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:[ ,/]+([\d.]+))?/i.exec(fillOf(el));
  if (!rgb || (rgb[4] !== undefined && Number(rgb[4]) < 0.3)) return '';
  return [rgb[1], rgb[2], rgb[3]].map((v) => Math.round(Number(v)).toString(16).padStart(2, '0'))
    .join('');
}

const HUES = [[15, 'red'], [40, 'orange'], [65, 'yellow'], [160, 'green'], [195, 'cyan'],
  [250, 'blue'], [290, 'purple'], [340, 'pink'], [360, 'red']];

/** A colour's everyday name ("light blue", "grey"), "" when transparent or not understood. */
export function cssColourName(value) {
  let r; let g; let b; let a = 1;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  const rgb = /^rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:[ ,/]+([\d.]+))?/i.exec(value);
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  } else if (rgb) {
    [r, g, b] = [rgb[1], rgb[2], rgb[3]].map(Number);
    if (rgb[4] !== undefined) a = Number(rgb[4]);
  } else {
    return '';
  }
  if (a < 0.3) return '';
  const [max, min] = [Math.max(r, g, b) / 255, Math.min(r, g, b) / 255];
  const light = (max + min) / 2;
  const sat = max === min ? 0 : (max - min) / (1 - Math.abs(2 * light - 1));
  if (sat < 0.15) {
    if (light > 0.9) return 'white';
    if (light < 0.12) return 'black';
    return light > 0.65 ? 'light grey' : light < 0.35 ? 'dark grey' : 'grey';
  }
  const d = max - min;
  const [R, G, B] = [r / 255, g / 255, b / 255];
  let hue = max === R ? ((G - B) / d) % 6 : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  hue = (hue * 60 + 360) % 360;
  const name = HUES.find(([top]) => hue < top)[1];
  if (name === 'orange' && light < 0.35) return 'brown';
  return light > 0.75 ? `light ${name}` : light < 0.25 ? `dark ${name}` : name;
}

// A box that shows only its fill: no child, no glyph drawn by CSS (an icon font's ::after
// is an icon, not a colour), small and about square (a wide one is a track or a bar).
const SWATCH_SIDE = 64;
const SWATCH_RATIO = 1.6;
function onlyFill(el) {
  if (el.childElementCount) return false;
  for (const pseudo of ['::before', '::after']) {
    const content = getComputedStyle(el, pseudo).content;
    if (content && content !== 'none' && content !== 'normal') return false;
  }
  const { width, height } = el.getBoundingClientRect();
  return width > 0 && height > 0 && Math.max(width, height) <= SWATCH_SIDE
    && Math.max(width, height) / Math.min(width, height) <= SWATCH_RATIO;
}

// Elements that are no box of colour whatever their class says (a field's `bg-white`).
const NO_SWATCH = 'input, select, textarea, option, img, svg, video, canvas, iframe';

/** The colour words of a swatch: an empty box (no child, no words, no field or picture) its
 * option, class or fill names; "" for any other element (twins.js groups swatches by it). */
export function swatchName(el) {
  if (el.childElementCount || (el.textContent || '').trim() || el.matches(NO_SWATCH)) return '';
  return swatchWords(el);
}

/** Words naming an empty box a script acts on by what it shows or sets; "" for any other. */
export function swatchWords(el) {
  if (el.childElementCount > 1 || (el.textContent || '').trim()) return '';
  return optionWords(el) || classWords(el) || (onlyFill(el) ? fillWords(el) : '');
}

// The shapes an inline SVG icon draws with.
const SHAPES = 'path, circle, rect, ellipse, line, polyline, polygon, use';

/** The colour the icon of a control that shows no words is drawn in ("red", "light blue"):
 * an inline SVG's first shape's stroke (an outline icon), else its fill, else an icon
 * element's text colour (an icon font's glyph); "" when it shows no icon. What a person
 * tells such icons apart by where nothing names them (a row's eye, pencil and bin). */
export function iconColour(el) {
  const icon = el.querySelector('svg, i, [class*="icon"]');
  if (!icon) return '';
  if (icon.localName !== 'svg') return cssColourName(getComputedStyle(icon).color || '');
  const style = getComputedStyle(icon.querySelector(SHAPES) || icon);
  const stroke = style.stroke && style.stroke !== 'none' && parseFloat(style.strokeWidth) > 0;
  return cssColourName((stroke ? style.stroke : style.fill) || '');
}
