// The DOMSnapshot of a tab's last whole-page read that the host kept (a *base*), so that a
// read the AX cache serves sends only the DOMSnapshot columns that changed
// (host/axsnap_host/native/dom_snapshot_bases.py puts the others back). After a small change most columns
// are as they were (styles, attributes, parents, names: two thirds of the 3.3 MB on the
// 20k-element bench page). A column that differs in a few cells (the boxes of the row
// whose text changed, the id of its new text node) is sent as those cells
// (dom_snapshot_base.patches: [document, part, name, indices, values]), and the string
// table as the strings between its common head and tail with the base's (a text edit
// changes one string, or inserts a few, in the middle): 3.3 MB become a few KB.
//
// Every whole-page read without DOM rects names its DOMSnapshot (capture.dom_snapshot_key)
// and the host says whether it kept it (result.stats.dom_base.kept); only then does the
// extension keep it too. Only a read whose main-frame AX tree came from the AX cache
// (ax_source "cache+...") leaves columns out: a full read sends the DOMSnapshot whole, so
// a first read, and a read that doubts the cache, send everything afresh.
// A base is per tab and document (the main frame's loaderId); the host failing it
// (bad_chunk) makes the router send the capture whole (restoreWhole).

import { fastPath } from './fast_paths.js';

const MAX_TABS = 2;
const bases = new Map(); // tabId -> { id, loaderId, snapshot }
let counter = 0;

/** Whether two cells of a DOMSnapshot column are equal (numbers, or rows of numbers). */
function sameCell(x, y) {
  if (x === y) return true;
  if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
  for (let k = 0; k < x.length; k += 1) if (x[k] !== y[k]) return false;
  return true;
}

/** Whether two DOMSnapshot columns hold the same values (arrays of numbers, of arrays of
 * numbers, or rare-data objects {index, value}). */
export function sameColumn(a, b) {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!sameCell(a[i], b[i])) return false;
    return true;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.hasOwn(b, key) && sameColumn(a[key], b[key]));
  }
  return false;
}

/** The indices where two columns of one length differ, or null when they are not two
 * arrays of one length or more than `most` cells differ (the column is then sent whole). */
export function changedCells(a, b, most) {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return null;
  const out = [];
  for (let i = 0; i < a.length; i += 1) {
    if (sameCell(a[i], b[i])) continue;
    if (out.length >= most) return null;
    out.push(i);
  }
  return out;
}

/** The columns of `snapshot` equal to `base`'s, as [document, part, name]; and the columns
 * that differ in a few cells (at most a quarter), as [document, part, name, indices,
 * values]. Both documents of one index must be the same frame's. */
export function sameColumns(snapshot, base) {
  const out = [];
  const patches = [];
  const docs = snapshot?.documents ?? [];
  const baseDocs = base?.documents ?? [];
  for (let d = 0; d < docs.length && d < baseDocs.length; d += 1) {
    if (docs[d].frameId === undefined || snapshot.strings?.[docs[d].frameId] !== base.strings?.[baseDocs[d].frameId]) continue;
    for (const part of ['nodes', 'layout']) {
      const now = docs[d][part] ?? {};
      const then = baseDocs[d][part] ?? {};
      for (const name of Object.keys(now)) {
        if (!Object.hasOwn(then, name)) continue;
        if (sameColumn(now[name], then[name])) {
          out.push([d, part, name]);
          continue;
        }
        const cells = changedCells(now[name], then[name], Math.floor((now[name]?.length ?? 0) / 4));
        if (cells) patches.push([d, part, name, cells, cells.map((i) => now[name][i])]);
      }
    }
  }
  return { same: out, patches };
}

/** How many strings two string tables share at their head and at their tail, as
 * [prefix, suffix], never overlapping in either (prefix + suffix <= both lengths). */
export function sameEnds(now, then) {
  const most = Math.min(now.length, then.length);
  let prefix = 0;
  while (prefix < most && now[prefix] === then[prefix]) prefix += 1;
  let suffix = 0;
  while (suffix < most - prefix && now[now.length - 1 - suffix] === then[then.length - 1 - suffix]) suffix += 1;
  return [prefix, suffix];
}

/**
 * Name the capture's DOMSnapshot, and leave out the columns equal to the tab's base when the
 * AX cache served the read, and the strings its string table shares with the base's at its
 * ends; a column that differs in a few cells is sent as those cells. Returns a handle:
 * `used` (columns left out), `patched` (columns sent as cells), `strings` (strings left out), `delta`
 * (whether anything was), `accepted(stats)` once the host served the request,
 * `restoreWhole()` before sending it again whole.
 */
export function offerDomSnapshotBase(tabId, capture, options = {}) {
  const snapshot = capture?.dom_snapshot;
  const loaderId = capture?.frames?.[0]?.loaderId ?? null;
  const none = { used: 0, strings: 0, delta: false, accepted() {}, restoreWhole() {} };
  // with DOM rects (the outline's): the host frees them once read, so no base of it
  const rects = (snapshot?.documents ?? []).some((doc) => doc?.layout?.clientRects);
  if (!snapshot || rects || !loaderId || !Array.isArray(snapshot.documents)) return none;
  if (!fastPath(options, 'dom_snapshot_base')) return none; // exact: sent whole, kept by no one
  counter += 1;
  const id = `dom-${Date.now().toString(36)}-${counter}`;
  capture.dom_snapshot_key = id;
  const base = bases.get(tabId);
  const cached = String(capture.frames[0].ax_source ?? '').startsWith('cache');
  let sent = snapshot;
  let columns = [];
  let patches = [];
  let ends = [0, 0];
  if (cached && base && base.loaderId === loaderId) {
    ({ same: columns, patches } = sameColumns(snapshot, base.snapshot));
    const strings = snapshot.strings;
    if (Array.isArray(strings) && Array.isArray(base.snapshot.strings)) ends = sameEnds(strings, base.snapshot.strings);
    if (columns.length || patches.length || ends[0] + ends[1]) {
      sent = { ...snapshot, documents: snapshot.documents.map((doc) => ({ ...doc, nodes: { ...doc.nodes }, layout: { ...doc.layout } })) };
      for (const [d, part, name] of [...columns, ...patches]) delete sent.documents[d][part][name];
      capture.dom_snapshot_base = { id: base.id, columns };
      if (patches.length) capture.dom_snapshot_base.patches = patches;
      if (ends[0] + ends[1]) {
        sent.strings = strings.slice(ends[0], strings.length - ends[1]);
        capture.dom_snapshot_base.strings = ends;
      }
      capture.dom_snapshot = sent;
    }
  }
  return {
    used: columns.length,
    patched: patches.length,
    strings: ends[0] + ends[1],
    delta: sent !== snapshot,
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
export function dropDomSnapshotBase(tabId) {
  bases.delete(tabId);
}
