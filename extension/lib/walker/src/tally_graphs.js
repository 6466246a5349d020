// Semantic mode, the page tally's graphs drawn as images: a monitoring console (Munin, Cacti,
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
