import { INLINE_TAGS } from './tags.js';
import { everywhere } from './tally_roots.js';

// Semantic mode, the page tally's charts: drawn ones (below), and graphs drawn as images: a monitoring console (Munin, Cacti,
// MRTG, Smokeping: rrdtool's pictures) shows each measure as a picture a server drew for one
// period, its file named for it ("diskstats_iops-day.png", "traffic-week.png"), or its alt
// the period alone (MRTG's "day", "week", "month" and "year" over a gauge's four graphs, their
// files saved into the page as data: addresses: design note 323), or the file its link opens
// (note 333). One such name is any picture's ("banner-day.jpg"); three or more on one page
// are its graphs.

// The period a file's name ends in, before its extension, its count of them too: "-day.png",
// "_weekly.gif", ".year.svg", Monitorix's "system1z.1day.png".
const PERIOD_FILE = /[-_.]\d*(?:hour|hourly|day|daily|week|weekly|month|monthly|year|yearly)\.(?:png|gif|svg|jpe?g|webp)$/i;
// The picture files a link's address names (Monitorix's graph opens its own file larger:
// "javascript:void(window.open('.../system1z.1day.png', ...))"), the picture itself a data:
// address where the page was saved (note 333).
const LINKED_FILES = /[^/'"\s()]+\.(?:png|gif|svg|jpe?g|webp)(?=$|[?#'"\s)])/gi;

// The file name of an image's source: its last path segment, no query or fragment.
export function fileName(src) {
  const path = String(src || '').split(/[?#]/)[0];
  return path.slice(path.lastIndexOf('/') + 1);
}

// A picture's alt (else its title) that is a period's name and nothing more.
const PERIOD_NAME = /^\s*(?:hour|hourly|day|daily|week|weekly|month|monthly|year|yearly)\s*$/i;

export function isPeriodGraph(img) {
  if (PERIOD_FILE.test(fileName(img.getAttribute('src')))) return true;
  const link = img.closest('a[href]');
  const linked = link ? link.getAttribute('href').match(LINKED_FILES) || [] : [];
  if (linked.some((file) => PERIOD_FILE.test(file))) return true;
  const said = img.getAttribute('alt') ?? img.getAttribute('title');
  return said !== null && PERIOD_NAME.test(said);
}

// The page's pictures named as a period's graph, out of the page's chrome and shown: their
// count when three or more, else 0 (at most LIMIT images looked at).
export function periodGraphs(shown, chrome, limit) {
  let n = 0;
  let graphs = 0;
  for (const img of document.images) {
    if (++n > limit) break;
    if (!isPeriodGraph(img) || img.closest(chrome) || !shown(img)) continue;
    graphs++;
  }
  return graphs >= 3 ? graphs : 0;
}

// A canvas drawn as a thin bar beside its box's controls (a player's volume, position and
// buffer bars beside its previous, play and next buttons: copyparty's, note 333) is a
// control's track, no chart: a chart's box holds its figure, a sparkline sits in a cell.
const BAR_HEIGHT = 48;
const BAR_RATIO = 4;
const CONTROL = 'a[href], button, input, select, [role="button"], [role="slider"]';
export function seekBar(el, box) {
  if (el.localName !== 'canvas' || box.height >= BAR_HEIGHT || box.width < BAR_RATIO * box.height) {
    return false;
  }
  for (let s = el.parentElement ? el.parentElement.firstElementChild : null; s; s = s.nextElementSibling) {
    if (s !== el && (s.matches(CONTROL) || s.querySelector(CONTROL))) return true;
  }
  return false;
}

// A slide drawn in an svg (Marp's and Marpit's decks: each slide an svg whose foreignObject
// holds the slide's HTML, its heading and text) is a page of text, no chart; a chart's svg
// holds no heading (a diagram's labels are spans and paragraphs). Design note 346.
const SLIDE_HEADING = 'h1, h2, h3, h4, h5, h6';

// Drawn charts: a canvas or an outermost svg the size of a figure (an icon is smaller), out of
// the page's chrome and of links and buttons (a logo is an svg too), no icon in a line of text
// (an svg straight in a <span> beside a date: unsized, it is drawn 300 by 150) and no slide.
// Their count, and whether more than LIMIT elements were to be looked at.
export function drawnCharts(shown, chrome, limit) {
  let n = 0;
  let charts = 0;
  for (const el of everywhere('canvas, svg')) {
    if (++n > limit) return { charts, partial: true };
    if (el.localName === 'svg' && el.parentElement && el.parentElement.closest('svg')) continue;
    if (el.parentElement && INLINE_TAGS.has(el.parentElement.localName)) continue;
    const box = el.getBoundingClientRect();
    // (a canvas is a surface a script draws a chart on, a sparkline too: out of links and the
    // chrome, any canvas of some size is one, as drawn before its script sized it)
    const figure = box.width * box.height >= 15000
      || (el.localName === 'canvas' && box.width >= 40 && box.height >= 20);
    if (!figure || el.closest(`a, button, ${chrome}`) || seekBar(el, box) || !shown(el)) continue;
    if (el.localName === 'svg' && el.querySelector(SLIDE_HEADING)) continue;
    charts++;
  }
  return { charts, partial: false };
}
