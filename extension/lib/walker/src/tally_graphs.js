// Semantic mode, the page tally's graphs drawn as images: a monitoring console (Munin, Cacti,
// MRTG, Smokeping: rrdtool's pictures) shows each measure as a picture a server drew for one
// period, its file named for it ("diskstats_iops-day.png", "traffic-week.png"), or its alt
// the period alone (MRTG's "day", "week", "month" and "year" over a gauge's four graphs, their
// files saved into the page as data: addresses: design note 323). One such name is any
// picture's ("banner-day.jpg"); three or more on one page are its graphs.

// The period a file's name ends in, before its extension: "-day.png", "_weekly.gif", ".year.svg".
const PERIOD_FILE = /[-_.](?:hour|hourly|day|daily|week|weekly|month|monthly|year|yearly)\.(?:png|gif|svg|jpe?g|webp)$/i;

// The file name of an image's source: its last path segment, no query or fragment.
export function fileName(src) {
  const path = String(src || '').split(/[?#]/)[0];
  return path.slice(path.lastIndexOf('/') + 1);
}

// A picture's alt (else its title) that is a period's name and nothing more.
const PERIOD_NAME = /^\s*(?:hour|hourly|day|daily|week|weekly|month|monthly|year|yearly)\s*$/i;

export function isPeriodGraph(img) {
  if (PERIOD_FILE.test(fileName(img.getAttribute('src')))) return true;
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
