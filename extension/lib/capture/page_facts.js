// What a whole-page AX read (SnapshotV1, the outline: scope "page") keeps of the walker's
// records: the keys that join each record to its DOMSnapshot node (host:
// pipeline/dom/walker_merge.py) and the element model's facts (pipeline/elements/model.py:
// name and its source, states, context, value, dialog, click reasons). The rest (attributes,
// text, the parent's words for re-render signatures) is the DOM channel's and stays in the
// page: on a page of 9k elements it is about half of what the walk would send.

const KEPT = new Set([
  // the join: flat step, parent, DOM parent, DOM step, frame, frame owner, cross-origin
  // owner and its content box, rect and hit test (stitching), CDP ids and the walker's id
  's', 'p', 'dp', 'd', 'f', 'fr', 'xo', 'co', 'r', 'top', 'b', 'k', 'w',
  // the element model
  'nm', 'ns', 'st', 'ctx', 'lig', 'hint', 'val', 'chk', 'dis', 'dlg', 'c', 'scr', 'vis',
]);

function slimRecords(records) {
  return (records ?? []).map((rec) => {
    const out = {};
    for (const key in rec) if (KEPT.has(key)) out[key] = rec[key];
    return out;
  });
}

/** The walker's output with each record cut to the join keys and the element facts. */
export function pageFacts(walker) {
  if (!walker || !Array.isArray(walker.elements)) return walker;
  const subframes = (walker.subframes ?? []).map((sf) => (sf?.result?.elements
    ? { ...sf, result: { ...sf.result, elements: slimRecords(sf.result.elements) } } : sf));
  return { ...walker, elements: slimRecords(walker.elements), subframes };
}
