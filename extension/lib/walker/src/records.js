// The walk's output records, and with opts.track the state kept between runs in this
// isolated world (the extension's, invisible to the page): a stable id per reported
// element and, with opts.hold, each run's elements for the extension to take
// (walker_ids.js resolves them to backendNodeIds).
import { listedIndices, rowsWanted } from './listable.js';
import { printRule } from './printed_rows.js';
import { clip, run } from './run.js';
import { SKELETON_CHILDREN } from './tags.js';
import { shownText } from './text.js';

const TRACK_KEY = '__axsnapWalker';  // on the isolated world's globalThis, never the page's
const MAX_TRACKED = 200000;
const MAX_PENDING_RUNS = 6;
// the pending key of a rows walk's nodes: its run's token and this (walker_ids_rows.js)
export const ROWS_RUN = ':rows';
// the pending key of the roots of a run's hidden subtrees (skipHidden; walker_ids_listable.js)
export const HIDDEN_RUN = ':hidden';

/** This world's kept state, made on its first tracked run. Its ids count on from `floor`
 * (opts.idFloor: above every id a rows walk of the extension reported, in any document), so a
 * new document's world, or one back from the back/forward cache, never gives an id another
 * document's read listed (design note 65). The ids already given stay. */
export function trackState(floor = 0) {
  let st = globalThis[TRACK_KEY];
  if (!st) {
    st = { world: Math.random().toString(36).slice(2) + Date.now().toString(36), next: 1,
      runs: 0, ids: new WeakMap(), refs: new Map(), pending: new Map(),
      // the accessibility rows' nodes without a record (ax_tree.js nodeIdOf): their ids, from
      // the same counter, and the last rows walk's such nodes (an id's node, at act time)
      axIds: new WeakMap(), axNodes: [] };
    globalThis[TRACK_KEY] = st;
  }
  if (!st.axIds) { st.axIds = new WeakMap(); st.axNodes = []; }  // a state an older build made
  if (Number.isSafeInteger(floor) && floor > st.next) st.next = floor;
  return st;
}

function trackedId(el) {
  const track = run.track;
  let id = track.ids.get(el);
  if (id === undefined) {
    // an element a rows walk named before it had a record keeps that id
    id = track.axIds.get(el) || track.next++;
    track.ids.set(el, id);
  }
  // re-inserted last: the oldest are dropped first (its WeakRef kept: an id names one
  // element for its life, so a ref still listed holds this very element)
  const ref = track.refs.get(id);
  track.refs.delete(id);
  track.refs.set(id, ref || new WeakRef(el));
  return id;
}

/** The tracked id of `el`'s record in this world, 0 when it has none (or no tracking). */
export function trackedOf(el) {
  const track = run.track;
  return track ? track.ids.get(el) || 0 : 0;
}

/** The id of an accessibility row's node (ax_tree.js): `w`, its record's tracked id, else
 * (a heading, a paragraph, a text node... with no record) its id in this world, from the
 * records' counter and as lasting (one node, one id), negative so the host tells it from a
 * record's tracked id. The node is added to `nodes` (the run's, one a row with an id, in row
 * order: kept as the world's axNodes, so that an action naming it finds it again,
 * walker_ax_nodes.js, and held for the take of their backendNodeIds, walker_ids_rows.js).
 * 0 without tracking. */
export function nodeIdOf(nodes, node, w = 0) {
  const track = run.track;
  if (!track) return 0;
  nodes.push(node);
  if (w) return w;
  let id = track.axIds.get(node);
  if (id === undefined) {
    id = track.next++;
    track.axIds.set(node, id);
  }
  return -id;
}

/** A subtree the walk leaves out as hidden (display none, opacity 0): counted, and on a whole
 * page's DOM read (opts.listable) its root held, so the extension can tell a click listener
 * on it from a record's without resolving the node (walker_ids_listable.js, design note 117). */
export function skipHidden(el) {
  run.stats.hidden_subtrees++;
  if (run.hiddenEls) run.hiddenEls.push(el);
}

// The act's marks (`am`, opts.actMarks: act_marks.js, design notes 211, 229): how the act's
// window walk writes a record of a whole-page walk. Absent: alike, in its window.
export const ACT_PRUNED = 1;  // never visited (it or an ancestor pruned): not in its output
export const ACT_OUTSIDE = 2;  // visited, outside its window: no `win`, nothing of its own said
export const ACT_UNLIKE = 3;  // outside its window but said something here: its record differs
export const ACT_HOLDER = 4;  // in its window, written only to hold the records under it

/** Add the record to the output, after its still-pending ancestors (a record's parent
 * always precedes it). */
export function emit(rec) {
  if (rec.id >= 0) return;
  if (rec.parent && rec.parent.id < 0) {
    // an ancestor written only for this record: the act's walk writes it only for its own
    // (its mark is told after the walk: act_marks.js)
    if (run.actWin) rec.parent.held = true;
    emit(rec.parent);
  }
  if (run.actWin) run.actRecs.push(rec);
  const out = run.out;
  rec.id = out.length;
  rec.data.p = rec.parent ? rec.parent.id : -1;
  const el = rec.el;
  if (!rec.data.a && el.id) {
    // Ancestors emitted as skeleton carry their id too: selectors anchor on it.
    rec.data.a = { id: el.id };
    const root = el.getRootNode();
    if (root && root.getElementById && root.getElementById(el.id) === el) rec.data.idu = 1;
  }
  // A small ancestor emitted as skeleton may hold a click listener the walker cannot see
  // (the host learns it from CDP): its text lets the host tell it from its targets.
  if (rec.data.tx === undefined && !rec.data.c && rec.data.vis && el.childElementCount
    <= SKELETON_CHILDREN && el.localName !== 'html' && el.localName !== 'body') {
    const txt = shownText(el);
    if (txt) rec.data.tx = clip(txt);
  }
  if (rec.dom) {
    if (rec.dom.d) rec.data.d = rec.dom.d;
    if (rec.dom.dp) { emit(rec.dom.dp); rec.data.dp = rec.dom.dp.id; }
  }
  if (run.track) {
    rec.data.w = trackedId(el);
    if (run.outEls) run.outEls.push(el);
  }
  out.push(rec.data);
}

/** With opts.track: the ids of elements reported in this world that still live (the host's
 * index registry keeps their numbers), and with opts.hold this run's token and elements,
 * reported through the extension's binding `report` when there is one. */
export function finishTracking(result, report) {
  const track = run.track;
  const alive = [];
  for (const [id, ref] of track.refs) {
    const e = ref.deref();
    if (e && e.isConnected) alive.push(id);
    else track.refs.delete(id);
  }
  while (track.refs.size > MAX_TRACKED) track.refs.delete(track.refs.keys().next().value);
  result.world = track.world;
  result.alive = alive;
  if (result.axt) result.axt.next = track.next;  // the extension's floor rises past the rows' ids
  if (run.outEls) {
    track.runs += 1;
    result.run = track.world + '.' + track.runs;
    // opts.listable (a whole-page DOM read): which of them the extension takes ids of, known
    // here so it can ask before this output reaches it (walker_ids_early.js)
    if (run.opts.listable === true) run.outEls.listed = listedIndices(run.out);
    // a read named by the walker's ids (opts.sendListed) sends them: the host keys those
    // records by a stand-in for the backendNodeId it never learns (the wire's `listed`:
    // models/walker_wire.py LISTED_FIELD, pipeline/dom/walker_merge.py), one rule, this one
    if (run.opts.sendListed === true && run.outEls.listed) result.listed = run.outEls.listed.slice();
    track.pending.set(result.run, run.outEls);
    // the hidden subtrees' roots that are no record of this run (a guard: a record's element
    // passed the very check that skips one), held for the extension's listener step: `hr`
    // says how many (walker_ids_listable.js)
    if (run.hiddenEls && run.hiddenEls.length) {
      const recorded = new Set(run.outEls);
      const hidden = run.hiddenEls.filter((el) => !recorded.has(el));
      if (hidden.length) {
        track.pending.set(result.run + HIDDEN_RUN, hidden);
        result.hr = hidden.length;
      }
    }
    // a rows walk: its rows' nodes, for the take of their backendNodeIds (walker_ids_rows.js),
    // with those the take wants (no listable record names them) listed, for the same reason
    if (result.axt) {
      // a read whose formats all print only what the host's prune keeps takes no id of a
      // row they never print (opts.axSaid, printed_rows.js): said so in the output, for the
      // worker's own list (walker_ids_rows.js)
      const said = run.opts.axSaid ? printRule(run.opts.axSaid.tables, run.opts.axSaid.triggers) : null;
      if (said) result.axt.said = 1;
      if (run.outEls.listed) {
        const known = new Set(run.outEls.listed.map((i) => run.out[i].w));
        track.axNodes.listed = rowsWanted(result.axt.rows, known, said, result.axt.ce).want;
      }
      track.pending.set(result.run + ROWS_RUN, track.axNodes);
    }
    while (track.pending.size > MAX_PENDING_RUNS) {
      track.pending.delete(track.pending.keys().next().value);
    }
    if (typeof report === 'function') {
      try { report(result.run); result.reported = true; } catch (e) { /* named later */ }
    }
  }
}
