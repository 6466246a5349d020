// Which records a whole-page DOM read takes the ids of (docs/design/40-whole-page-from-the-walk.md):
// those DOM text can list, and those that place a frame. One rule for both sides: the walker
// lists them as its run ends (opts.listable, records.js), so the extension can ask for their
// ids before the walk's output reaches it (walker_ids_early.js), and the extension picks the
// same records from that output (walker_ids_listable.js listableIndices). So with a rows walk's
// nodes (rowsWanted, design note 74): the walker lists those no listable record names, the
// extension those no record's taken id names (walker_ids_rows.js).

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

/** The rule of the rows a pruned SnapshotV1 or outline never prints (design note 87), from the
 * host's lists (contract.js PRUNE_SAID: {controls, texts}), or null. */
export function saidRule(lists) {
  if (!lists || !Array.isArray(lists.controls) || !Array.isArray(lists.texts)) return null;
  return { controls: new Set(lists.controls), texts: new Set(lists.texts) };
}

/** Which of a rows walk's nodes the take of their ids asks for: {want: indices among the rows
 * that name a node (a row with a `w`, axt.rows' [5]), count: those rows}. A row whose record's
 * id is known (`known`: the records' tracked ids `w` whose id the records' take learns) is not
 * asked. With `said` (saidRule: a read whose one format is a pruned SnapshotV1 or outline)
 * neither is a text run below a control's row: the host's prune says a control's text is its
 * name or value (pipeline/ax/prune.py, the context `_ALL_SAID`), so such a text node is never
 * printed, and the host names it by its walk id instead. A control's row is never lifted by
 * the host, so a row below it in the rows is below it in the host's tree; the rows the host
 * rewrites with Chromium's role (custom elements, pipeline/axwalk/custom.py) are generic rows
 * here, and at most make more text said. */
export function rowsWanted(rows, known, said = null) {
  const want = [];
  let count = 0;
  // inside[i]: a row above row i is a control's
  const inside = said ? new Uint8Array(rows.length) : null;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const w = Array.isArray(row) ? row[5] : 0;
    if (inside && Array.isArray(row)) {
      const up = row[0];
      if (Number.isInteger(up) && up >= 0 && up < i) {
        inside[i] = inside[up] || (Array.isArray(rows[up]) && said.controls.has(rows[up][1])) ? 1 : 0;
      }
    }
    if (!Number.isInteger(w) || w === 0) continue;
    if ((w < 0 || !known.has(w)) && !(inside && inside[i] && said.texts.has(row[1]))) want.push(count);
    count += 1;
  }
  return { want, count };
}
