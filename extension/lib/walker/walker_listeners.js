// Click listeners of a walked document (walker_ids.js's second step, after the ids take): one
// DOMDebugger.getEventListeners off the document's root element per CDP session, matched to
// the records by backendNodeId; a whole page's listener nodes no taken record names are
// resolved in the walker's world (walker_ids_listable.js markListenerNodes). Also the tab's
// click-listener signature the cached answers stand on (clickListenerSignature).

import { CLICK_LISTENER_TYPES, applyListeners, markListenerNodes } from './walker_ids_listable.js';
import { rowNodeIds } from './walker_ids_rows.js';

// The root element's object, per (tab, session, backendNodeId), in no object group (so no
// read's release frees it): a re-read of the document asks the listeners at once, without
// resolving the root again. backendNodeIds are never reused within a renderer, and an object
// dies with its document (the listener read then fails, and the root is resolved afresh).
// In no group for a second reason: DOMDebugger.getEventListeners wraps every listener's
// handler function as a remote object of the asking object's group, and only then; off an
// object in no group it lists the same listeners (type, node, script position) without them.
// Measured on the act-pace inbox (80 listeners): 39 kB → 12 kB a reply, 5.9 → 1.4 ms a read,
// and a kept group no longer grows by 80 handler objects a read.
const MAX_ROOTS = 16;
const roots = new Map();

async function rootObject(session, backendNodeId, sessionId, fresh) {
  const key = `${session.tabId}/${sessionId ?? ''}/${backendNodeId}`;
  if (!fresh && roots.has(key)) return { objectId: roots.get(key), kept: true };
  const node = await session.send('DOM.resolveNode', { backendNodeId }, sessionId);
  const objectId = node?.object?.objectId;
  if (!objectId) throw new Error('the root element did not resolve');
  keepRoot(key, objectId);
  return { objectId, kept: false };
}

/**
 * Click-type listeners of the whole document, read off its root element. The node is
 * resolved in the page's main world (DOM.resolveNode: no script runs): asking from an
 * isolated world's object wraps the page's handlers there, and Chromium 156's renderer
 * then crashed on the next navigation.
 */
async function documentListeners(session, backendNodeId, sessionId = undefined) {
  const ask = async (fresh) => {
    const root = await rootObject(session, backendNodeId, sessionId, fresh);
    const reply = await session.send('DOMDebugger.getEventListeners',
      { objectId: root.objectId, depth: -1, pierce: true }, sessionId).catch((e) => {
      if (root.kept) return null; // the kept object is gone: resolve the root again
      throw e;
    });
    return reply ? { reply, kept: root.kept } : null;
  };
  const got = (await ask(false)) ?? await ask(true);
  // kept: read off the object an earlier read kept, which dies with its document, so the
  // document was still the one that read found (capture.js: the last check needs no tree)
  return { listeners: got?.reply?.listeners ?? [], kept: got?.kept === true };
}

// The top document's root element per tab, as its last walk resolved it: the cached answers'
// listener check (clickListenerSignature) asks off its kept object.
const topRoots = new Map(); // tabId -> backendNodeId

/** The click-type listeners of a listener list as one string (which node, which type). */
export function listenerSignature(listeners) {
  const types = new Set(CLICK_LISTENER_TYPES);
  return listeners.filter((l) => types.has(l.type)).map((l) => `${l.backendNodeId}:${l.type}`)
    .sort().join(',');
}

/**
 * The tab's click-type listeners now (its top document and same-process frames), as
 * listenerSignature's string; null when they could not be read. A listener added by a script
 * changes no DOM and fires no event, so the cached answers' proof cannot see it: a cached answer
 * stands only while this string is the one read before its capture (router.js). Off the kept
 * root object (one command) when a walk or an earlier check resolved it; else the root asked
 * of the main world and kept the same way (a document's reads may all be cached answers, which
 * walk nothing).
 */
export async function clickListenerSignature(session) {
  const tabId = session.tabId;
  const root = topRoots.get(tabId);
  if (root !== undefined) {
    const got = await documentListeners(session, root).catch(() => null);
    if (got) return listenerSignature(got.listeners);
    if (topRoots.get(tabId) === root) topRoots.delete(tabId); // its document is gone
  }
  const got = await topDocumentListeners(session);
  return got?.reply ? listenerSignature(got.reply.listeners ?? []) : null;
}

/**
 * The top document's root element asked of the page's main world (Runtime.evaluate of
 * `document.documentElement`: it reads, runs none of the page's script), its listeners read
 * off that object (in no group, as rootObject's) and the object kept for later reads.
 * Returns {reply, root} (`reply`: null when the read failed; `root`: its backendNodeId), or
 * null when the document has no root.
 */
async function topDocumentListeners(session) {
  const tabId = session.tabId;
  const found = await session.send('Runtime.evaluate',
    { expression: 'document.documentElement' }).catch(() => null);
  const objectId = found?.result?.objectId;
  if (!objectId) return null;
  const [reply, described] = await Promise.all([
    session.send('DOMDebugger.getEventListeners', { objectId, depth: -1, pierce: true }).catch(() => null),
    session.send('DOM.describeNode', { objectId }).catch(() => null),
  ]);
  const backendNodeId = described?.node?.backendNodeId;
  if (Number.isInteger(backendNodeId)) {
    keepRoot(`${tabId}//${backendNodeId}`, objectId);
    keepTopRoot(tabId, backendNodeId);
  }
  return { reply, root: backendNodeId };
}

function keepRoot(key, objectId) {
  roots.delete(key);
  roots.set(key, objectId);
  while (roots.size > MAX_ROOTS) roots.delete(roots.keys().next().value);
}

function keepTopRoot(tabId, backendNodeId) {
  topRoots.delete(tabId);
  topRoots.set(tabId, backendNodeId);
  while (topRoots.size > MAX_ROOTS) topRoots.delete(topRoots.keys().next().value);
}

/**
 * The tab's click listeners asked now, off the root element `backendNodeId` whose object a
 * read kept (null when none is kept). A re-read sends this right behind its walk
 * (walker_capture.js: walkCachedWorld), so the renderer answers it after the walk with no round
 * trip between them; the listeners do not depend on the walk's output, only on the document.
 */
export function listenersAhead(session, backendNodeId) {
  if (!Number.isInteger(backendNodeId) || !roots.has(`${session.tabId}//${backendNodeId}`)) return null;
  const promise = documentListeners(session, backendNodeId);
  promise.catch(() => {}); // read (or its failure reported) by readListeners
  return { root: backendNodeId, promise };
}


/** listenersAhead's read sent once `gate` settles, not now (an act's capture walked while its
 * readiness runs: the listeners are read after the settle check's verdict, lib/act/after.js). */
export function listenersWhen(session, backendNodeId, gate) {
  if (!Number.isInteger(backendNodeId) || !roots.has(`${session.tabId}//${backendNodeId}`)) return null;
  const promise = Promise.resolve(gate).catch(() => null).then(() => documentListeners(session, backendNodeId));
  promise.catch(() => {}); // read (or its failure reported) by readListeners
  return { root: backendNodeId, promise };
}

/**
 * The tab's click listeners asked now, off its top document's root element asked of the main
 * world, for a read that kept no root object (a document's first read): sent as the walk's
 * output arrives, beside the ids take, instead of after it (its answer is the listener read's
 * own: the same command off the same element). readListeners uses it when the root it asked is
 * the walk's top root (`root` null here: learnt from the answer), else asks as before.
 */
export function topListenersAhead(session) {
  const promise = topDocumentListeners(session).then((got) => (got?.reply && Number.isInteger(got.root)
    ? { listeners: got.reply.listeners ?? [], kept: false, root: got.root } : null));
  promise.catch(() => {}); // read (or its failure reported) by readListeners
  return { root: null, promise };
}

/** The top document's listener read of `root`: the one sent ahead when it asked that root. */
async function aheadOrAsk(session, root, ahead) {
  if (ahead?.root === root) return ahead.promise;
  const early = ahead?.root === null ? await ahead.promise.catch(() => null) : null;
  return early?.root === root ? early : documentListeners(session, root);
}

/**
 * Click listeners, read per CDP session (backendNodeIds are per renderer): the tab's off the
 * top document's root (depth -1 and pierce cover its same-process frames), an out-of-process
 * frame's off the root of each run taken in it. Returns {clickable, listeners}. `listable`:
 * the take's group when it took the listable records only (unmatched listener nodes: their
 * records asked in their world, walker_ids_listable.js); `grouped`: a Set given the session
 * of each such ask (the group's release goes there); `begun`: the top run's listener step begun as
 * the walk reported (walker_listeners_early.js), whose nodes' tracked ids are not asked again.
 */
export async function readListeners(session, walker, byRun, contexts, errors, ahead = null, listable = null,
  takeHidden = null, grouped = null, begun = null) {
  // listener_nodes: click-listener nodes no taken record named, resolved one by one in the
  // walker's world (walker_ids_listable.js markListenerNodes); marked: those that were records
  // (listener_nodes_early, when any: those whose tracked ids were asked as the walk reported,
  // walker_listeners_early.js, none of them resolved again)
  // resolved: those asked one by one (the others' rows named them: rowNodeIds); unreported: of
  // those, the ones the walker never reported (no record to mark: design note 87); hidden: the
  // ones left unresolved as roots of the run's hidden subtrees (no record either: note 117)
  const stats = { clickable: 0, listeners: 0, root_kept: 0, listener_nodes: 0, listener_nodes_marked: 0,
    listener_nodes_resolved: 0, listener_nodes_unreported: 0, listener_nodes_hidden: 0 };
  let nodesMs = 0;
  const groups = new Map(); // sessionId (null: the tab) → {roots, results}
  for (const [run, result] of byRun) {
    const sessionId = contexts.get(run)?.sessionId ?? null;
    if (!groups.has(sessionId)) groups.set(sessionId, { roots: [], results: [] });
    const group = groups.get(sessionId);
    group.results.push(result);
    const root = result.elements?.[0]?.b;
    if (sessionId !== null && root !== undefined) group.roots.push(root);
  }
  const top = walker.elements?.[0]?.b;
  if (top === undefined) {
    // (a whole-page walk that reported nothing has nothing to list: no listeners wanted)
    const message = 'the top document was not resolved';
    if (!listable || walker.elements?.length) errors.push({ step: 'walker_listeners', message });
    groups.delete(null);
  } else {
    groups.get(null)?.roots.push(top);
    keepTopRoot(session.tabId, top);
  }
  await Promise.all([...groups].map(async ([sessionId, { roots, results }]) => {
    try {
      const lists = await Promise.all(roots.map((root) => (sessionId === null
        ? aheadOrAsk(session, root, ahead) : documentListeners(session, root, sessionId))));
      if (sessionId === null && lists.at(-1)?.kept) stats.root_kept = 1; // the top root, pushed last
      const found = applyListeners(results, lists.flatMap((got) => got.listeners));
      for (const [run, result] of listable && found.unmatched.size ? byRun : []) {
        if ((contexts.get(run)?.sessionId ?? null) !== sessionId) continue;
        const t0 = performance.now();
        // (the nodes the rows' take named are matched by their row: walker_ids_rows.js rowNodeIds)
        // (and the roots of its hidden subtrees by their ids, taken when that pays: takeHidden)
        const hiddenRoots = takeHidden ? () => takeHidden(run, contexts.get(run), result.hr) : null;
        grouped?.add(sessionId); // its unmatched nodes may be resolved into `listable`'s group
        const { marked, resolved, unreported, hidden = 0, early = 0 } = await markListenerNodes(session, contexts.get(run), result,
          found.unmatched, listable, errors, rowNodeIds(result), hiddenRoots, begun?.run === run ? begun.known : null);
        nodesMs += performance.now() - t0;
        stats.listener_nodes += found.unmatched.size;
        stats.listener_nodes_resolved += resolved;
        stats.listener_nodes_unreported += unreported;
        stats.listener_nodes_marked += marked;
        stats.listener_nodes_hidden += hidden;
        if (early) stats.listener_nodes_early = (stats.listener_nodes_early ?? 0) + early;
        found.clickable += marked;
      }
      stats.clickable += found.clickable;
      stats.listeners += found.listeners;
    } catch (e) {
      errors.push({ step: 'walker_listeners', message: e?.message ?? String(e) });
    }
  }));
  if (nodesMs) stats.listener_nodes_ms = Math.round(nodesMs * 10) / 10;
  return stats;
}
