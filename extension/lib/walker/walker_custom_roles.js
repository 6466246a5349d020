// Custom elements a whole-page read from the walk cannot name (issue 33, design note 71): an
// element's ElementInternals can give it a role and a name (`internals.role = 'button'`) that
// no script but the element's own reads, so the walk writes such an element as a generic row.
// Chromium's tree knows them: for the rows the walker listed in `axt.ce` (a defined custom
// element without a role attribute, src/ax_tree.js mayHaveInternals), once their ids are taken
// (walker_ids_rows.js), Chromium's node of each is asked (Accessibility.getPartialAXTree, the
// node alone) and `axt.ce` becomes [row, role, name] for each that Chromium gives a role other
// than generic; the host writes those rows so (pipeline/axwalk/custom.py). Only these nodes are
// asked, at most MAX_CUSTOM_ASKED a run: a page of thousands of custom elements keeps the rest
// as the walk read them (stats.ids.custom_unasked says how many).

// A <select>'s popup (MenuListPopup) is a node of its user-agent shadow DOM, which no script
// sees: its id is asked of Chromium's tree too (the select's node with its children, one ask a
// select, readPopupIds), so the popup has Chromium's id as in a read of Chromium's tree. So
// are a date or time field's parts (its spinbuttons and picker button, readDateParts): the
// field's user-agent shadow tree, described over CDP, each node asked of Chromium's tree.

export const MAX_CUSTOM_ASKED = 400;
// a date field's parts are a dozen asks: fewer fields a run
export const MAX_FIELDS_ASKED = 50;
const NO_ROLE = new Set(['generic', 'none', 'presentation', 'GenericContainer', 'Ignored']);

/** Row → the backendNodeId of its node: a row with a `w` takes axt.b's id (walker_ids_rows.js),
 * else its record's (a record whose id the records' take learnt). */
function rowBackends(result) {
  const rows = result.axt.rows ?? [];
  const learnt = result.axt.b ?? [];
  const byRecord = new Map();
  for (const rec of result.elements ?? []) if (Number.isInteger(rec.b) && Number.isInteger(rec.w)) byRecord.set(rec.w, rec.b);
  const out = new Map();
  let k = 0;
  rows.forEach((row, i) => {
    const w = Array.isArray(row) ? row[5] : 0;
    if (!Number.isInteger(w) || w === 0) return;
    const id = learnt[k] || byRecord.get(w) || 0;
    k += 1;
    if (id > 0) out.set(i, id);
  });
  return out;
}

/** Ask Chromium's node of each row in `result.axt.ce` (`cdp(method, params)`: the run's
 * frame's session) and write `axt.ce` as [row, role, name]; returns {asked, named, unasked}. */
export async function readCustomRoles(result, cdp) {
  const listed = result?.axt?.ce;
  if (!Array.isArray(listed) || !listed.length) return null;
  const backends = rowBackends(result);
  const ask = listed.filter((row) => backends.has(row)).slice(0, MAX_CUSTOM_ASKED);
  const named = [];
  await Promise.all(ask.map(async (row) => {
    const id = backends.get(row);
    const got = await cdp('Accessibility.getPartialAXTree', { backendNodeId: id, fetchRelatives: false })
      .catch(() => null);
    const node = (got?.nodes ?? []).find((n) => n.backendDOMNodeId === id);
    const role = node && !node.ignored ? node.role?.value : null;
    if (typeof role !== 'string' || NO_ROLE.has(role)) return;
    const name = node.name?.value;
    named.push([row, role, typeof name === 'string' ? name : '']);
  }));
  named.sort((a, b) => a[0] - b[0]);
  result.axt.ce = named;
  return { asked: ask.length, named: named.length, unasked: listed.length - ask.length };
}

/** Ask Chromium's node of each listed popup's <select> (`axt.pp`: the popup rows, each under
 * its select's row) with its children, and write `axt.pp` as [row, backendNodeId] of the
 * popups Chromium names by a node; returns the ids learnt, or null when none was listed. */
export async function readPopupIds(result, cdp) {
  const listed = result?.axt?.pp;
  if (!Array.isArray(listed) || !listed.length) return null;
  const rows = result.axt.rows ?? [];
  const backends = rowBackends(result);
  const found = [];
  await Promise.all(listed.slice(0, MAX_CUSTOM_ASKED).map(async (row) => {
    const select = backends.get(Array.isArray(rows[row]) ? rows[row][0] : -1);
    if (!select) return;
    const got = await cdp('Accessibility.getPartialAXTree', { backendNodeId: select, fetchRelatives: true })
      .catch(() => null);
    const popup = (got?.nodes ?? []).find((n) => n.role?.value === 'MenuListPopup');
    const id = popup?.backendDOMNodeId;
    if (Number.isInteger(id) && id > 0) found.push([row, id]);
  }));
  found.sort((a, b) => a[0] - b[0]);
  result.axt.pp = found;
  return found.length;
}

/** Chromium's nodes in a field's user-agent shadow tree (`DOM.describeNode` pierces it), in
 * pre-order: [parent among them (-1: the field), role, {name, value, properties}, backendNodeId] of each
 * node Chromium does not ignore (an ignored node's parts go to its parent). */
async function fieldParts(cdp, field) {
  const described = await cdp('DOM.describeNode', { backendNodeId: field, depth: -1, pierce: true });
  const inner = [];
  const visit = (node, up) => {
    inner.push([node, up]);
    const at = inner.length - 1;
    for (const kid of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) visit(kid, at);
  };
  for (const root of described?.node?.shadowRoots ?? []) if (root.shadowRootType === 'user-agent') visit(root, -1);
  const asked = await Promise.all(inner.map(([node]) => cdp('Accessibility.getPartialAXTree',
    { backendNodeId: node.backendNodeId, fetchRelatives: false }).catch(() => null)));
  const out = [];
  const placed = new Array(inner.length).fill(-1);  // inner node → its part, or its nearest kept above
  inner.forEach(([node, up], i) => {
    const ax = (asked[i]?.nodes ?? []).find((n) => n.backendDOMNodeId === node.backendNodeId);
    const above = up < 0 ? -1 : placed[up];
    if (!ax || ax.ignored || typeof ax.role?.value !== 'string' || ax.role.value === 'none') { placed[i] = above; return; }
    // (its name with its sources, its value and properties: the host reads them as it reads
    // Chromium's tree, pipeline/ax/rows.py node_fields)
    const raw = {};
    for (const key of ['name', 'value', 'properties']) if (ax[key] !== undefined) raw[key] = ax[key];
    out.push([above, ax.role.value, raw, node.backendNodeId]);
    placed[i] = out.length - 1;
  });
  return out;
}

/** The parts of each listed date or time field (`axt.dt`: their rows), asked of Chromium's
 * tree; writes `axt.dt` as [row, parts] (fieldParts); returns the fields read, or null. */
export async function readDateParts(result, cdp) {
  const listed = result?.axt?.dt;
  if (!Array.isArray(listed) || !listed.length) return null;
  const backends = rowBackends(result);
  const found = [];
  await Promise.all(listed.slice(0, MAX_FIELDS_ASKED).map(async (row) => {
    const field = backends.get(row);
    if (!field) return;
    const parts = await fieldParts(cdp, field).catch(() => []);
    if (parts.length) found.push([row, parts]);
  }));
  found.sort((a, b) => a[0] - b[0]);
  result.axt.dt = found;
  return found.length;
}
