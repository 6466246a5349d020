// The DOMSnapshot of a tab's last whole-page read that the host kept (a *base*), so that a
// read the AX cache serves sends only the DOMSnapshot columns that changed
// (host/axsnap_host/dom_bases.py puts the others back). After a small change most columns
// are as they were (styles, attributes, parents, names: two thirds of the 3.3 MB on the
// 20k-element bench page); what a change moves (the boxes, the string table) is sent.
//
// Every whole-page read without DOM rects names its DOMSnapshot (capture.dom_snapshot_key)
// and the host says whether it kept it (result.stats.dom_base.kept); only then does the
// extension keep it too. Only a read whose main-frame AX tree came from the AX cache
// (ax_source "cache+...") leaves columns out: a full read sends the DOMSnapshot whole, so
// the first read is as before and the read that doubts the cache reads everything afresh.
// A base is per tab and document (the main frame's loaderId); the host failing it
// (bad_chunk) makes the router send the capture whole (restoreWhole).

const MAX_TABS = 2;
const bases = new Map(); // tabId -> { id, loaderId, snapshot }
let counter = 0;

/** Whether two DOMSnapshot columns hold the same values (arrays of numbers, of arrays of
 * numbers, or rare-data objects {index, value}). */
export function sameColumn(a, b) {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) {
      const x = a[i];
      const y = b[i];
      if (x === y) continue;
      if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
      for (let k = 0; k < x.length; k += 1) if (x[k] !== y[k]) return false;
    }
    return true;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.hasOwn(b, key) && sameColumn(a[key], b[key]));
  }
  return false;
}

/** The columns of `snapshot` equal to `base`'s, as [document, part, name]; both documents
 * of one index must be the same frame's. */
export function sameColumns(snapshot, base) {
  const out = [];
  const docs = snapshot?.documents ?? [];
  const baseDocs = base?.documents ?? [];
  for (let d = 0; d < docs.length && d < baseDocs.length; d += 1) {
    if (docs[d].frameId === undefined || snapshot.strings?.[docs[d].frameId] !== base.strings?.[baseDocs[d].frameId]) continue;
    for (const part of ['nodes', 'layout']) {
      const now = docs[d][part] ?? {};
      const then = baseDocs[d][part] ?? {};
      for (const name of Object.keys(now)) {
        if (Object.hasOwn(then, name) && sameColumn(now[name], then[name])) out.push([d, part, name]);
      }
    }
  }
  return out;
}

/**
 * Name the capture's DOMSnapshot, and leave out the columns equal to the tab's base when the
 * AX cache served the read. Returns a handle: `used` (columns left out), `accepted(stats)`
 * once the host served the request, `restoreWhole()` before sending it again whole.
 */
export function offerDomBase(tabId, capture) {
  const snapshot = capture?.dom_snapshot;
  const loaderId = capture?.frames?.[0]?.loaderId ?? null;
  const none = { used: 0, accepted() {}, restoreWhole() {} };
  // with DOM rects (the outline's): the host frees them once read, so no base of it
  const rects = (snapshot?.documents ?? []).some((doc) => doc?.layout?.clientRects);
  if (!snapshot || rects || !loaderId || !Array.isArray(snapshot.documents)) return none;
  counter += 1;
  const id = `dom-${Date.now().toString(36)}-${counter}`;
  capture.dom_snapshot_key = id;
  const base = bases.get(tabId);
  const cached = String(capture.frames[0].ax_source ?? '').startsWith('cache');
  let sent = snapshot;
  let columns = [];
  if (cached && base && base.loaderId === loaderId) {
    columns = sameColumns(snapshot, base.snapshot);
    if (columns.length) {
      sent = { ...snapshot, documents: snapshot.documents.map((doc) => ({ ...doc, nodes: { ...doc.nodes }, layout: { ...doc.layout } })) };
      for (const [d, part, name] of columns) delete sent.documents[d][part][name];
      capture.dom_snapshot = sent;
      capture.dom_snapshot_base = { id: base.id, columns };
    }
  }
  return {
    used: columns.length,
    accepted(stats) {
      bases.delete(tabId);
      if (stats?.dom_base?.kept !== true) return;
      bases.set(tabId, { id, loaderId, snapshot });
      while (bases.size > MAX_TABS) bases.delete(bases.keys().next().value);
    },
    restoreWhole() {
      capture.dom_snapshot = snapshot;
      delete capture.dom_snapshot_base;
    },
  };
}

/** Forget a tab's base (the tab closed). */
export function dropDomBase(tabId) {
  bases.delete(tabId);
}
