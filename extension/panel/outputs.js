// The files a run produces: one entry per output, for Copy, Download and the ZIP of all.
// A run: {id, at, tabId, url, title, options, unredacted, parts: {snapshot?, dom?, outline?}}
// where each part is the service worker's {ok:true, result, timings, sizes} reply.

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * SnapshotV1 as text for people: indented, with each node (an object by default, a row
 * with snapshot_encoding "rows") and ax_tree's other keys on a line of their own (an
 * indented node would spread over six lines or more).
 */
export function snapshotText(snapshot) {
  const tree = snapshot?.ax_tree;
  if (!tree || !Array.isArray(tree.nodes) || !tree.nodes.length) return json(snapshot);
  const text = JSON.stringify({ ...snapshot, ax_tree: {} }, null, 2);
  const parts = Object.entries(tree).map(([key, value]) => (key === 'nodes'
    ? `    "nodes": [\n${value.map((row) => `      ${JSON.stringify(row)}`).join(',\n')}\n    ]`
    : `    ${JSON.stringify(key)}: ${JSON.stringify(value)}`));
  // a function, so that "$&" in a page's text is not a replacement pattern
  return `${text.replace('"ax_tree": {}', () => `"ax_tree": {\n${parts.join(',\n')}\n  }`)}\n`;
}

/** The text of one JSON document of the run (the JSON view's raw text, Copy, Download). */
export function docText(doc) {
  return doc.key === 'snapshot' ? snapshotText(doc.value) : json(doc.value);
}

/** The run's full outline result: rebuilt from a delta when the reply held one. */
export function fullOutline(run) {
  return run.outlineFull ?? run.parts?.outline?.result ?? null;
}

/** Base64 → bytes. */
export function fromBase64(b64) {
  const text = atob(b64);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** The result of the reply that carries a vision part, without the base64 image. */
export function withoutImage(result) {
  if (!result?.vision?.image) return result;
  const { image, ...vision } = result.vision;
  return { ...result, vision: { ...vision, image: `<${image.length} base64 characters: see som.${vision.format === 'jpeg' ? 'jpg' : 'png'}>` } };
}

/**
 * [{key, label, name, mime, data}] for a run: `data` is text, or a Uint8Array for the image.
 * Names carry an "UNREDACTED-" prefix when redaction was off.
 */
export function outputsOf(run) {
  const out = [];
  const add = (key, label, name, mime, data) => out.push({ key, label, name, mime, data });
  const snapshot = run.parts?.snapshot?.result?.snapshot;
  if (snapshot) add('snapshot', 'SnapshotV1 JSON', 'snapshot.json', 'application/json', snapshotText(snapshot));
  const dom = run.parts?.dom?.result;
  if (dom) {
    if (typeof dom.domtext === 'string') add('domtext', 'DOM text', 'dom.txt', 'text/plain', dom.domtext);
    if (Array.isArray(dom.elements)) add('elements', 'Elements JSON', 'elements.json', 'application/json', json(dom.elements));
    const vision = dom.vision;
    if (vision?.ok && vision.image) {
      const jpeg = vision.format === 'jpeg';
      add('som', 'Set-of-Mark image', jpeg ? 'som.jpg' : 'som.png', jpeg ? 'image/jpeg' : 'image/png', fromBase64(vision.image));
      add('som_legend', 'Set-of-Mark legend', 'som_legend.json', 'application/json', json(vision.legend ?? {}));
    }
  }
  const reply = run.parts?.outline?.result;
  const outline = fullOutline(run);
  if (outline) {
    if (typeof outline.combinedTree === 'string') add('outline', 'Hybrid outline', 'outline.txt', 'text/plain', outline.combinedTree);
    const { combinedTree, timings, delta, ...maps } = outline;
    add('outline_maps', 'Outline maps', 'outline.json', 'application/json', json(maps));
  }
  if (reply?.delta) add('delta', 'Delta', 'delta.json', 'application/json', json(reply.delta));
  const semantic = run.parts?.page?.result?.semantic;
  if (semantic) add('semantic', 'Page understanding', 'semantic.json', 'application/json', json(semantic));
  const parts = Object.fromEntries(Object.entries(run.parts ?? {}).map(([k, reply]) => [k,
    { format: reply.result?.format, timings: reply.timings, sizes: reply.sizes }]));
  add('run', 'Run details', 'run.json', 'application/json', json({
    url: run.url, title: run.title, at: new Date(run.at).toISOString(), redacted: !run.unredacted,
    options: run.options, parts,
  }));
  if (run.unredacted) for (const o of out) o.name = `UNREDACTED-${o.name}`;
  return out;
}

function stamp(date) {
  const p = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}${p(date.getMonth() + 1)}${p(date.getDate())}-${p(date.getHours())}${p(date.getMinutes())}${p(date.getSeconds())}`;
}

/** "axsnap-127.0.0.1-20261122-064951[-UNREDACTED].zip" */
export function archiveName(run) {
  let host = 'page';
  try {
    host = new URL(run.url).hostname || host;
  } catch {
    // not a URL (about:blank): keep "page"
  }
  host = host.replace(/[^a-z0-9.-]+/gi, '_');
  return `axsnap-${host}-${stamp(new Date(run.at))}${run.unredacted ? '-UNREDACTED' : ''}.zip`;
}

/** The JSON documents of a run, for the JSON view: [{key, label, name, value}]. */
export function jsonDocs(run) {
  const docs = [];
  const snapshot = run.parts?.snapshot?.result?.snapshot;
  if (snapshot) docs.push({ key: 'snapshot', label: 'SnapshotV1', name: 'snapshot.json', value: snapshot });
  const dom = run.parts?.dom?.result;
  if (dom) docs.push({ key: 'dom', label: 'DOM reply: elements, legend', name: 'dom_reply.json', value: withoutImage(dom) });
  const outline = run.parts?.outline?.result;
  if (outline) docs.push({ key: 'outline', label: 'Outline reply: maps, frames', name: 'outline_reply.json', value: outline });
  const page = run.parts?.page?.result?.semantic;
  if (page) docs.push({ key: 'page', label: 'Page understanding', name: 'semantic.json', value: page });
  if (run.unredacted) for (const d of docs) d.name = `UNREDACTED-${d.name}`;
  return docs;
}
