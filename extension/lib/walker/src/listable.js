// Which records a whole-page DOM read takes the ids of (docs/design/40-whole-page-from-the-walk.md):
// those DOM text can list, and those that place a frame. One rule for both sides: the walker
// lists them as its run ends (opts.listable, records.js), so the extension can ask for their
// ids before the walk's output reaches it (walker_ids_early.js), and the extension picks the
// same records from that output (walker_ids_listable.js listableIndices).

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
