// A whole page named by the walker's ids (node_ids "walker", design notes 144, 154): its
// listener step begun as the walk reports (issue 33, docs/design/164-listener-step-as-the-walk-reports.md).
//
// Past the walk, such a read waited on three things in a row, each after the walk's output
// had crossed to this worker: the top document's click listeners, the ids of the run's hidden
// subtrees' roots (when taking them pays: walker_ids_listable.js hiddenRootsPay), then each
// click-listener node no taken record names, resolved into the walker's world and asked its
// tracked id (markListenerNodes; rust-simd: 2,753 nodes, one command each). None of the three
// reads the walk's output: the listeners are the document's, the roots and the tracked ids
// the walker's world's. So they are asked when the walk names its world through the binding
// (walker_ids.js openReporter), before its output is written as JSON and carried here (1-3 s
// on rustdoc's big pages): the renderer answers them while the browser carries the output.
//
// What this changes is when the same commands are sent, not what the read says: the listener
// step still decides which nodes to mark from the listeners and the records it always had, and
// a node's tracked id is one for its world's life (src/records.js), so the id asked now is the
// id asked later. A node missing from the answers here is resolved by the step as before.
// Only a page of one frame (the top run alone in the tab's session) begins here, and only a
// read without rows (DOM text, elements): a walker-named SnapshotV1's or outline's custom asks
// of Chromium's tree (walker_custom_roles.js) wait in the take, and these resolves queued
// before them in the renderer gained nothing there (note 164).

import {
  HIDDEN_RUN, MAX_LISTENER_NODES, clickNodeIds, hiddenRootsPay, takeHiddenRoots, takesListed, trackedIdsByNode,
} from './walker_ids_listable.js';
import { topListenersAhead } from './walker_listeners.js';

const GROUP = 'axsnap-walker-listeners-early';
let serial = 0;

/** The expression of what the listener step needs of `run` in its world: [its hidden roots
 * held, its listed records] (-1: the walk listed none), or null when the world holds no such run. */
export function countsExpression(run) {
  return `(() => { const s = globalThis.__axsnapWalker; const els = s && s.pending.get(${JSON.stringify(run)});
    if (!els) return null; const hidden = s.pending.get(${JSON.stringify(run + HIDDEN_RUN)});
    return [hidden ? hidden.length : 0, Array.isArray(els.listed) ? els.listed.length : -1]; })()`;
}

/**
 * Begin the listener step of `run` in its world `where` ({contextId, sessionId}: the tab's
 * session only) over `session`. Returns {run, ahead (topListenersAhead's), hidden (a promise
 * of the roots' Set, null when the world no longer held them, undefined when not taken here),
 * known (a promise of a Map backendNodeId → tracked id), release()}, or null.
 */
export function beginListeners(session, run, where) {
  if (!Number.isInteger(where?.contextId) || (where.sessionId ?? null) !== null) return null;
  serial += 1;
  const group = `${GROUP}-${serial}`;
  const { contextId } = where;
  const ahead = topListenersAhead(session);
  const counts = session.send('Runtime.evaluate', { expression: countsExpression(run), contextId, returnByValue: true })
    .then((reply) => (Array.isArray(reply?.result?.value) ? reply.result.value : null), () => null);
  const heard = Promise.all([ahead.promise.catch(() => null), counts]);
  let used = false; // a command put objects in the group
  // the roots, when the listener step would take them (the same rule on the same counts)
  const hidden = heard.then(([got, held]) => {
    if (!got || !held || !hiddenRootsPay(held[0], clickNodeIds(got.listeners).size)) return undefined;
    used = true;
    return takeHiddenRoots(session, run, contextId, null, held[0], group);
  });
  const known = Promise.all([heard, hidden]).then(async ([[got, held], roots]) => {
    if (!got || !held) return new Map();
    const nodes = clickNodeIds(got.listeners, roots ?? null);
    // the listable records' ids will be taken instead (walker_ids_listable.js walkerIdsWant:
    // the same rule on the same counts)
    if (takesListed(nodes.size, held[1])) return new Map();
    nodes.delete(got.root); // the document's root: a record the take names
    const ids = [...nodes].filter(Number.isInteger).slice(0, MAX_LISTENER_NODES);
    if (!ids.length) return new Map();
    used = true;
    return trackedIdsByNode((method, params) => session.send(method, params), contextId, ids, group);
  }).catch(() => new Map());
  return {
    run,
    ahead,
    hidden,
    known,
    // once every answer is in (an object resolved after its group's release would stay)
    release: () => Promise.allSettled([hidden, known]).then(() => (used
      ? session.send('Runtime.releaseObjectGroup', { objectGroup: group }).catch(() => {}) : undefined)),
  };
}

/**
 * One read's listener steps begun as its runs report: `onReport(run, where)` (openReporter's),
 * `claim(run)` the one begun for the walk's top run (or null), `drop()` the rest's objects.
 */
export function listenersAsReported(session) {
  const begun = new Map();
  return {
    onReport: (run, where) => {
      if (begun.has(run)) return;
      const got = beginListeners(session, run, where);
      if (got) begun.set(run, got);
    },
    claim: (run) => {
      const got = begun.get(run) ?? null;
      begun.delete(run);
      return got;
    },
    drop: () => {
      for (const got of begun.values()) got.release();
      begun.clear();
    },
  };
}
