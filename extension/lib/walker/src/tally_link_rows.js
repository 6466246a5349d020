// Runs of alike boxes each holding a link (a list laid out without <ul>), outside the page's
// chrome: the page tally's `div_rows` (tally.js). A link counts when a person sees and follows
// it: none to a script (`javascript:`), none in a toolbar, menu, menu bar or tab strip (a
// widget's controls: an editor's toolbar of links is no list, design note 359), none hidden (a
// date picker's calendar before it opens), none to a place on this page, none before the page's
// own heading. Each run counts once, by the first of its links: its alike rows.
import { everywhere } from './tally_roots.js';
import { toPlaceHere } from './tally_contents.js';

const CONTROL_GROUP = '[role=toolbar], [role=menu], [role=menubar], [role=tablist]';
const SCRIPTED = /^\s*javascript:/i;

/** {rows, partial}: the alike rows of the runs holding a link. `rowAbove(el, steps)` and
 * `alike(row)` are the tally's (its memo of siblings), `ahead(el)`: before the own heading. */
export function linkRows(chrome, limit, { shown, ahead, rowAbove, alike }) {
  const containers = new Set();
  let rows = 0;
  let n = 0;
  for (const a of everywhere('a[href]')) {
    if (++n > limit) return { rows, partial: true };
    if (a.closest(chrome) || ahead(a) || toPlaceHere(a) || SCRIPTED.test(a.getAttribute('href') || '')
      || a.closest(CONTROL_GROUP) || !shown(a)) continue;
    const row = rowAbove(a, 4);
    if (row && row.localName !== 'tr' && !containers.has(row.parentElement)) {
      containers.add(row.parentElement);
      rows += alike(row);
    }
  }
  return { rows, partial: false };
}
