// Which rows of a rows walk a pruned SnapshotV1 or outline may print (issue 33, design note
// 105): the part of the host's prune (pipeline/ax/prune.py) that the rows alone decide, with
// every doubt on the side of "may print". Its tables are the host's, generated into
// contract.js (PRUNE_TABLES). Both the walker (its early list, records.js) and the worker
// (walker_ids_rows.js) run it on the same rows, so their lists agree.
//
// The host keeps a node when it is interesting, when it holds a kept node and is no wrapper
// it collapses, or when it is the root. What this port does not know it takes as "may":
// - a row of a record (`w` > 0) may act: a click listener read after the take gives its
//   record `b` and `k` (walker_ids_listable.js markListenerNodes), and the host's clickable,
//   tab stops and scroll containers read records by that id (pipeline/ax/window_index.py).
//   Its own id then comes from its record, so the row's id is not needed for that, but the
//   rows above it may be kept for it;
// - a name with an instruction's word may be renamed by the hidden-instruction flag
//   (pipeline/ax/instructions.py; only on a node with an id), so such a row is taken, and the
//   text below it is judged against no name;
// - a custom element's row (axt.ce) takes Chromium's role and name: taken, the text below it
//   judged against no name;
// - a name or value that is not plain ASCII: Python's casefold and whitespace are not JS's,
//   so text is never said to repeat it;
// - a run's top rows hang under a node of another run (a frame's <iframe>): what names it is
//   not known here.

const ALL_SAID = 1;    // below a control: its text is its name or value (prune.py _ALL_SAID)
const UNKNOWN = null;  // what the nearest named ancestor says is not known here
// ASCII where str.lower() == str.casefold() and str.split() splits as below
const PLAIN = /^[\t\n\v\f\r\x20-\x7e]*$/;
// runs of those blanks that are not one space already, and the one space left at an end
const WIDE_BLANKS = /[\t\n\v\f\r ]{2,}|[\t\n\v\f\r]/g;
const END_SPACE = /^ | $/g;

/** The rule from the host's tables (contract.js PRUNE_TABLES) and the instruction words
 * (INSTRUCTION_TRIGGERS), or null. */
export function printRule(tables, triggers) {
  if (!tables || !Array.isArray(tables.controls) || typeof triggers !== 'string') return null;
  const sets = {};
  for (const [key, list] of Object.entries(tables)) sets[key] = new Set(Array.isArray(list) ? list : []);
  let words = null;
  try { words = new RegExp(triggers); } catch (e) { return null; }
  return { ...sets, words };
}

// The words of `text` one space apart, lower case: what splitting at the blanks, dropping the
// empty parts and joining them with a space gives, without the array of parts (design note 201)
export function squash(text) {
  return text.replace(WIDE_BLANKS, ' ').replace(END_SPACE, '').toLowerCase();
}

/** What a node says of the text below it (prune.py: the squashed name and value of a node
 * whose name names its content), '' when nothing, UNKNOWN when not plain. */
function says(rule, role, name, value) {
  if (!(name || value) || rule.noContentName.has(role)) return '';
  const text = `${name} ${value || ''}`;
  return PLAIN.test(text) ? squash(text) : UNKNOWN;
}

/** Whether the host may find the node interesting (prune.py _is_interesting, blanks and
 * states taken as "may"); `inherited`: its context. */
function mayInterest(rule, role, name, value, state, inherited) {
  if (rule.controls.has(role) || rule.headings.has(role) || rule.documents.has(role)) return true;
  if (rule.noise.has(role)) return false;
  if (rule.cells.has(role)) return name !== '';
  if (state && typeof state === 'object' && (state.focused != null || state.editable != null)) return true;
  if (rule.landmarks.has(role)) return name !== '' || rule.unnamedLandmarks.has(role);
  if (rule.images.has(role)) return name !== '';
  if (rule.texts.has(role)) {
    if (inherited === ALL_SAID) return false;
    if (!PLAIN.test(name)) return true;
    const text = squash(name);
    if (!text) return false;
    return inherited === UNKNOWN || !inherited.includes(text);
  }
  if (rule.wrappers.has(role) || rule.contexts.has(role)) return rule.namedGroups.has(role) && name !== '';
  return name !== '' || (value !== null && value !== '');
}

/**
 * Per row of `rows` (axt.rows: [parent, role, name, value, state, w, ...]), 1 when a pruned
 * SnapshotV1 or outline may print its node under its own id, else 0: the node is never kept,
 * or the host lifts the row (a generic row of no record and no name: no node). `custom`: the
 * rows the host may give Chromium's role and name (axt.ce's row numbers).
 */
export function rowsPrinted(rows, rule, custom = []) {
  const n = rows.length;
  const ctx = new Array(n);
  const need = new Uint8Array(n);   // may be kept by the row's own facts or what is below it
  const below = new Uint8Array(n);  // a row below it may be kept
  const lifted = new Uint8Array(n);
  const top = new Uint8Array(n);
  const parents = new Int32Array(n);
  const asked = new Set(custom);
  for (let i = 0; i < n; i++) {
    const row = Array.isArray(rows[i]) ? rows[i] : [];
    const up = row[0];
    const parent = Number.isInteger(up) && up >= 0 && up < i ? up : -1;
    parents[i] = parent;
    const role = typeof row[1] === 'string' && row[1] ? row[1] : 'generic';
    const name = typeof row[2] === 'string' ? row[2] : '';
    const value = typeof row[3] === 'string' ? row[3] : null;
    const w = Number.isInteger(row[5]) ? row[5] : 0;
    const inherited = parent < 0 ? UNKNOWN : ctx[parent];
    const flagged = name !== '' && rule.words.test(name.toLowerCase());
    if (asked.has(i) || flagged) {
      need[i] = 1;
      ctx[i] = inherited === ALL_SAID ? ALL_SAID : UNKNOWN;
      top[i] = parent < 0 ? 1 : 0;
      continue;
    }
    if (role === 'generic' && !row[2] && w <= 0) {  // lifted (pipeline/axwalk/tree.py _LIFTED)
      lifted[i] = 1;
      ctx[i] = inherited;
      top[i] = parent < 0 ? 1 : 0;
      continue;
    }
    if (rule.controls.has(role) || inherited === ALL_SAID) ctx[i] = ALL_SAID;
    else {
      const said = says(rule, role, name, value);
      ctx[i] = said === UNKNOWN ? UNKNOWN : (said || inherited);
    }
    if (parent < 0) top[i] = 1;
    if (mayInterest(rule, role, name, value, row[4], inherited)) need[i] = 1;
  }
  // bottom-up, as prune keeps: a node holding a node that may be kept, unless a wrapper it
  // collapses; a record's row may be kept (its record may gain a listener), for those above
  for (let i = n - 1; i >= 0; i--) {
    const row = Array.isArray(rows[i]) ? rows[i] : [];
    if (!need[i] && !lifted[i]) {
      const role = typeof row[1] === 'string' && row[1] ? row[1] : 'generic';
      const collapsible = rule.wrappers.has(role) && (row[2] === '' || row[2] == null
        || rule.layoutTables.has(role));
      if (top[i] || (below[i] && !collapsible)) need[i] = 1;
    }
    const w = Number.isInteger(row[5]) ? row[5] : 0;
    if (parents[i] >= 0 && (need[i] || below[i] || w > 0)) below[parents[i]] = 1;
  }
  for (let i = 0; i < n; i++) if (lifted[i]) need[i] = 0;
  return need;
}
