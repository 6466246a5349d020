// Which records a whole-page DOM read takes the ids of (docs/design/40-whole-page-from-the-walk.md):
// those DOM text can list, and those that place a frame. One rule for both sides: the walker
// lists them as its run ends (opts.listable, records.js), so the extension can ask for their
// ids before the walk's output reaches it (walker_ids_early.js), and the extension picks the
// same records from that output (walker_ids_listable.js listableIndices). So with a rows walk's
// nodes (rowsWanted, design note 74): the walker lists those no listable record names, the
// extension those no record's taken id names (walker_ids_rows.js).

import { rowsPrinted } from './printed_rows.js';

/** Whether the record can be listed by DOM text (a reason to act, an icon), or places a
 * frame (a document's root, an iframe). */
export function listable(rec) {
  return (Array.isArray(rec?.c) && rec.c.length > 0) || rec?.ic !== undefined || rec?.p === -1
    || rec?.s === 'html' || rec?.fr !== undefined || rec?.xo === 1;
}

/** The indices of the listable records among `records`, in order. */
export function listedIndices(records) {
  const out = [];
  for (let i = 0; i < records.length; i++) if (listable(records[i])) out.push(i);
  return out;
}

/** Which of a rows walk's nodes the take of their ids asks for: {want: indices among the rows
 * that name a node (a row with a `w`, axt.rows' [5]), count: those rows}. A row whose record's
 * id is known (`known`: the records' tracked ids `w` whose id the records' take learns) is not
 * asked. With `rule` (printed_rows.js printRule: a read whose formats are all a pruned
 * SnapshotV1, a pruned outline without a focus, DOM text or elements) neither is a row such a
 * format never prints under its own id (printed_rows.js rowsPrinted: the host's prune, every
 * doubt taken as "prints"); the host names its node by its walk id instead (design notes 87,
 * 105). `custom`: the rows whose role and name the host may take from Chromium (axt.ce). */
export function rowsWanted(rows, known, rule = null, custom = []) {
  const want = [];
  let count = 0;
  const printed = rule ? rowsPrinted(rows, rule, custom) : null;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const w = Array.isArray(row) ? row[5] : 0;
    if (!Number.isInteger(w) || w === 0) continue;
    if ((w < 0 || !known.has(w)) && (!printed || printed[i])) want.push(count);
    count += 1;
  }
  return { want, count };
}
