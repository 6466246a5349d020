// opts.leanRecords (a whole-page read whose every format is SnapshotV1 or the outline from the
// walk: walker_reads.js axTreeWalkOptions): the records without the fields no step of those
// formats reads, so every hop to the host carries fewer bytes (docs/design/168-lean-records.md).
// The spec comes from the host's wire contract (models/walker_wire.py LEAN, contract.js
// WALKER_WIRE.LEAN): {FIELD, DROPPED: [keys], TEXT: the text's key, TEXT_TAGS: [tags]}.
// A record's text stays where a secret's decision reads it: a label's, or an element's with
// an id (aria-labelledby may name it). Run after everything of the walk that reads the records
// (the rows, the tracking's lists): a record left whole is the same object, one cut is a copy.

/** The tag of a record's flat step (`tag` or `tag[n]`, walk.js). */
function stepTag(step) {
  if (typeof step !== 'string') return '';
  const at = step.indexOf('[');
  return at < 0 ? step : step.slice(0, at);
}

/** `records` with the fields `spec` drops left out; each record that loses none is kept as is. */
export function leanRecords(records, spec) {
  const dropped = new Set(spec.DROPPED);
  const text = spec.TEXT;
  const textTags = new Set(spec.TEXT_TAGS);
  const out = new Array(records.length);
  for (let i = 0; i < records.length; i++) {
    const rec = records[i];
    const keepText = rec[text] === undefined || textTags.has(stepTag(rec.s)) || Boolean(rec.a && rec.a.id);
    let cut = !keepText;
    if (!cut) for (const key of spec.DROPPED) if (rec[key] !== undefined) { cut = true; break; }
    if (!cut) { out[i] = rec; continue; }
    const lean = {};
    for (const key in rec) if (!dropped.has(key) && (keepText || key !== text)) lean[key] = rec[key];
    out[i] = lean;
  }
  return out;
}
