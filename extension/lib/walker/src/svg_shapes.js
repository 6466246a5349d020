// What an inline SVG icon shows, read from its drawing where the markup names nothing (no
// class of an icon set, no <title>, no label): the first path's outline of an icon set many
// templates paste as is (Heroicons, the icon set of Tailwind's kits, and the brand logos of
// their footers). A person sees a cog, a bin, an arrow, Twitter's bird; the page says only
// "M11.49 3.17c-.38-1.56...". Matched on the path's opening, spaces collapsed, so an icon
// drawn at another size or colour is the same icon; an outline no entry opens says nothing
// (issue 31: a control is named by what a person sees, never numbered).

// [the opening of the icon's first path, its name]
const SHAPES = [
  // Heroicons v1, solid (20 by 20)
  ['M11.49 3.17c-.38-1.56-2.6-1.56-2.98 0', 'cog'],
  ['M9 2a1 1 0 00-.894.553L7.382 4H4', 'trash'],
  ['M10 6a2 2 0 110-4 2 2 0 010 4z', 'dots vertical'],
  ['M6 10a2 2 0 11-4 0 2 2 0 014 0z', 'dots horizontal'],
  ['M12.707 5.293a1 1 0 010 1.414L9.414 10l3.293 3.293', 'chevron left'],
  ['M7.293 14.707a1 1 0 010-1.414L10.586 10 7.293 6.707', 'chevron right'],
  ['M5.293 7.293a1 1 0 011.414 0L10 10.586l3.293-3.293', 'chevron down'],
  ['M14.707 12.707a1 1 0 01-1.414 0L10 9.414l-3.293 3.293', 'chevron up'],
  ['M18 10a8 8 0 11-16 0 8 8 0 0116 0zm-7 4a1 1 0 11-2 0', 'exclamation circle'],
  ['M18 10a8 8 0 11-16 0 8 8 0 0116 0zm-7-4a1 1 0 11-2 0', 'information circle'],
  ['M17.414 2.586a2 2 0 00-2.828 0L7 10.172V13h2.828', 'pencil'],
  ['M7.707 14.707a1 1 0 01-1.414 0l-4-4a1 1 0 010-1.414l4-4', 'arrow left'],
  ['M12.293 5.293a1 1 0 011.414 0l4 4a1 1 0 010 1.414l-4 4', 'arrow right'],
  ['M11.049 2.927c.3-.921 1.603-.921 1.902 0', 'star'],
  // Heroicons v1, outline (24 by 24)
  ['M19 7l-.867 12.142A2 2 0 0116.138 21H7.862', 'trash'],
  ['M3 12l2-2m0 0l7-7 7 7M5 10v10', 'home'],
  ['M12 8v4l3 3m6-3a9 9 0 11-18 0 9 9 0 0118 0z', 'clock'],
  ['M5 5a2 2 0 012-2h10a2 2 0 012 2v16l-7-3.5L5 21V5z', 'bookmark'],
  ['M15.232 5.232l3.536 3.536', 'pencil'],
  ['M3 8l7.89 5.26a2 2 0 002.22 0L21 8', 'mail'],
  ['M21 21l-6-6m2-5a7 7 0 11-14 0 7 7 0 0114 0z', 'search'],
  ['M4 6h16M4 12h16M4 18h16', 'menu'],
  ['M6 18L18 6M6 6l12 12', 'x'],
  // brand logos of Tailwind kits' footers (24 by 24)
  ['M22 12c0-5.523-4.477-10-10-10S2 6.477 2 12c0 4.991', 'facebook'],
  ['M12.315 2c2.43 0 2.784.013 3.808.06', 'instagram'],
  ['M8.29 20.251c7.547 0 11.675-6.253 11.675-11.675', 'twitter'],
  ['M12 2C6.477 2 2 6.484 2 12.017c0 4.425', 'github'],
  ['M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10c5.51 0 10-4.48 10-10S17.51 2 12 2zm6.605 4.61',
    'dribbble'],
];
const OPENING = 120;  // the characters of a path read (longer than every entry)

/** The name of the icon an inline <svg> draws, by its first path's opening; "" when it is
 * none of the known icons. */
export function shapeWords(svg) {
  if (svg.localName !== 'svg') return '';
  const path = svg.querySelector('path[d]');
  if (!path) return '';
  const d = path.getAttribute('d').slice(0, OPENING * 2).replace(/\s+/g, ' ').trim()
    .slice(0, OPENING);
  const known = SHAPES.find(([opening]) => d.startsWith(opening));
  return known ? known[1] : '';
}
