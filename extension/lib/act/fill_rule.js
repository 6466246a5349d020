// How a fill's text goes in (fast path fill_insert_text, issue 32's pace): one Input.insertText
// (a real input event, as a paste or an input method commits text) where no script of the page
// can tell it from typing, else key by key as a person types.
//
// Typing "Ada 0" key by key is five key presses, each a keydown, keypress, beforeinput, input
// and keyup, each after a check that the tab still holds the act's document (lib/act/run.js):
// ~25 ms. One insertText gives the field the same value, caret and selection with one
// beforeinput and one input event. The difference is only seen by a script that listens for
// keys, for input (it would see one event instead of one per character, a page that acts on the
// 20th character among them) or for the selection moving: so the text is inserted at once only
// when no such listener is on the field's event path (the field, its ancestors through shadow
// hosts, its document, its window) and the text has no line break (Enter submits a form, and is
// a key). The listeners are read over CDP (DOMDebugger.getEventListeners: no script of the page
// runs) on the objects of the page's own world.
//
// What the reads list (measured, design note 147): a node's listeners of every world (the
// page's, the extension's, another extension's content scripts': pierce), a window's only in
// the world of the handle asked off (here the page's own: another extension's key listener on
// the window is not seen). Each listener listed costs the renderer tens of µs, the nodes
// walked almost nothing: the answer and AX watches and the readiness clock listen on the
// window, not the document (content/answerwatch.js answerWatchTargets, content/readiness.js
// readinessListeners, lib/session/stabilize.js's observer: note 152), so this read lists none
// of theirs on a plain page. They still listen for keys and input on a page's shadow roots
// (passive capture listeners, content/*.js: a shadow root's events that are not composed never
// reach a window), which this read lists, so those are told apart by where their function is:
// each is written right after the marker OWN_MARKER in its script, and a listener at one of
// those positions (line, column), passive and capturing, on a shadow root of the field's path,
// is the extension's own. On any other node (the document, an element) it is the page's, as a
// listener of the window's read always is (that read is of the page's world): none of ours is
// there (note 152). The positions are read once from the scripts the manifest names (they are
// the extension's own files) and from the quiet-clock observer a read installs in an isolated
// world when the content script's clock does not answer (a busy page: lib/session/stabilize.js
// observerScriptShape), and from the press watch an act puts on a click's window for that one
// press (press_watch.js PRESS_WATCH).
//
// The rule that decided is said in the reply (`typed_by`): insert_text_no_listeners,
// keys_listened (a listener would see the keys), line_break, not_top_frame, content_editable,
// unread (the listeners could not be read), exact (the act asked for no fast path).

import { ACT_LIMITS } from '../generated/contract.js';
import { observerScriptShape } from '../session/stabilize.js';
import { PRESS_WATCH } from './press_watch.js';

// Listeners that would see a difference between typing and one inserted text.
export const KEY_SEEING_EVENTS = Object.freeze([
  'keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'textInput', 'textinput',
  'compositionstart', 'compositionupdate', 'compositionend', 'select', 'selectstart',
  'selectionchange',
]);

export const OWN_MARKER = '/* axsnap:own-listener */';

/** The positions ("line:column", 0-based as CDP gives them) of the functions written right after
 * OWN_MARKER in `source`. */
export function markedPositions(source) {
  const out = [];
  const lines = String(source).split('\n');
  lines.forEach((line, n) => {
    for (let at = line.indexOf(OWN_MARKER); at >= 0; at = line.indexOf(OWN_MARKER, at + 1)) {
      let col = at + OWN_MARKER.length;
      while (line[col] === ' ') col += 1;
      out.push(`${n}:${col}`);
    }
  });
  return out;
}

let ownPositions = null; // a promise of a Set, once per worker

/** The positions of the content scripts' own listeners (markedPositions over every content
 * script the manifest names), read once. */
export function ownListenerPositions(runtime = globalThis.chrome?.runtime) {
  if (!ownPositions) {
    const files = [...new Set((runtime?.getManifest?.().content_scripts ?? []).flatMap((c) => c.js ?? []))];
    ownPositions = Promise.all(files.map(async (file) => {
      const reply = await fetch(runtime.getURL(file));
      return markedPositions(await reply.text());
    })).then((lists) => new Set([...lists.flat(), ...markedPositions(observerScriptShape()),
      ...markedPositions(PRESS_WATCH)]),
      (err) => { ownPositions = null; throw err; });
  }
  return ownPositions;
}

/** Whether `listener` (a DOMDebugger EventListener) is one of the content scripts' own. */
export function isOwnListener(listener, own) {
  return listener.passive === true && listener.useCapture === true
    && own.has(`${listener.lineNumber}:${listener.columnNumber}`);
}

const PATH_OF = `function () {
  const path = [];
  for (let n = this; n; n = n.parentNode || n.host || null) path.push(n);
  return path;
}`;
const DEEP = Object.freeze({ serialization: 'deep', maxDepth: 1,
  additionalParameters: { maxNodeDepth: 0, includeShadowTree: 'none' } });

const SHADOW_ROOT = 11; // (a document fragment's nodeType: on an event path, a shadow root)

/** The backendNodeIds of `node`'s event path in its document (itself up to the document), and
 * of the shadow roots among them: {path, roots}, read in the act's isolated world (the page's
 * getters do not run there). */
async function pathIds(session, node) {
  const reply = await session.send('Runtime.callFunctionOn', {
    objectId: node.objectId, functionDeclaration: PATH_OF, serializationOptions: DEEP,
  }, node.frame.sessionId);
  const items = reply?.result?.deepSerializedValue?.value;
  if (!Array.isArray(items)) return null;
  const ids = items.map((item) => item?.value?.backendNodeId);
  if (!ids.every(Number.isInteger)) return null;
  const roots = items.filter((item) => item?.value?.nodeType === SHADOW_ROOT).map((item) => item.value.backendNodeId);
  return { path: new Set(ids), roots: new Set(roots) };
}

/** A main-world object of the top document (`document` or `window`): the listeners read off an
 * isolated world's object would be that world's (and wrap the page's handlers there). In no
 * object group: DOMDebugger.getEventListeners wraps each listener's handler as a remote object
 * of the asking object's group, and lists the same listeners without them off an object in
 * none (walker_ids.js); released one by one (releaseObjects). */
async function mainWorldObject(session, expression) {
  const reply = await session.send('Runtime.evaluate', { expression });
  return reply?.result?.objectId ?? null;
}

function releaseObjects(session, objectIds) {
  for (const objectId of objectIds) {
    if (objectId) session.send('Runtime.releaseObject', { objectId }).catch(() => {});
  }
}

/**
 * The top document's and window's main-world objects the rule reads listeners off, asked now:
 * {objects: a promise of [document, window] objectIds (null for one not given), release()}.
 * Handles, not answers: the listeners are read off them once the field has focus. An act asks
 * them beside the target's lookup (route.js, when its fill may take the rule: mayReadListeners),
 * so the fill's input is two round trips; release() is idempotent and frees them.
 */
export function askRuleObjects(session) {
  const objects = Promise.all([mainWorldObject(session, 'document'), mainWorldObject(session, 'window')]);
  objects.catch(() => {}); // the rule reads 'unread' from a failed ask
  let released = false;
  return {
    objects,
    release() {
      if (released) return;
      released = true;
      objects.then((ids) => releaseObjects(session, ids), () => {});
    },
  };
}

/** Whether a fill or type of `value` into an element of frame `ordinal` may read the listeners
 * (fillRule reads them only then; `fast`: the act may take fast paths). */
export function mayReadListeners(value, ordinal, fast) {
  return fast && ordinal === 0 && typeof value === 'string' && value.length > 0
    && value.length <= ACT_LIMITS.TYPED_KEYS_MAX && !/[\r\n]/.test(value);
}

/** Whether a listener in `listeners` (DOMDebugger EventListener) would see the keys of a field
 * whose event path is `path` (backendNodeIds); `onWindow`: the window's own listeners, read off
 * the page's world (every one the page's); `roots`: the shadow roots of the path, the only
 * nodes a listener of the extension's is on (note 152). */
export function keysListened(listeners, path, onWindow, own = new Set(), roots = new Set()) {
  const types = new Set(KEY_SEEING_EVENTS);
  const sees = (l) => types.has(l.type) && !(roots.has(l.backendNodeId) && isOwnListener(l, own));
  if (onWindow.some((l) => types.has(l.type))) return true;
  return listeners.some((l) => sees(l) && path.has(l.backendNodeId));
}

/**
 * Which way `value` goes into the field `node` (facts read): {insert: bool, rule}. `fast`:
 * whether the act may take fast paths (not `exact`). Reads only. Called once the field's focus
 * was sent (fill.js): the listener reads go out behind it, so they see what its handlers
 * added. `asked`: the rule's objects asked earlier (askRuleObjects), else asked now; released
 * once read.
 */
export async function fillRule(session, node, value, fast, asked = null) {
  if (!fast) return { insert: false, rule: 'exact' };
  if (/[\r\n]/.test(value)) return { insert: false, rule: 'line_break' };
  if (node.facts.tag !== 'input' && node.facts.tag !== 'textarea') return { insert: false, rule: 'content_editable' };
  // Runtime.evaluate without a context is the top frame's main world: a field in a frame is typed
  if (node.ordinal !== 0 || node.frame.sessionId) return { insert: false, rule: 'not_top_frame' };
  const objects = asked ?? askRuleObjects(session);
  try {
    // the listener reads go out as soon as their objects are known, beside the path's read
    const listened = objects.objects.then(([doc, win]) => (doc && win ? Promise.all([
      session.send('DOMDebugger.getEventListeners', { objectId: doc, depth: -1, pierce: true }),
      session.send('DOMDebugger.getEventListeners', { objectId: win, depth: 0 })]) : null));
    const [onPath, read, own] = await Promise.all([pathIds(session, node), listened, ownListenerPositions()])
      .finally(() => objects.release());
    if (!onPath || !read) return { insert: false, rule: 'unread' };
    const [inDoc, onWin] = read;
    if (!Array.isArray(inDoc?.listeners) || !Array.isArray(onWin?.listeners)) return { insert: false, rule: 'unread' };
    return keysListened(inDoc.listeners, onPath.path, onWin.listeners, own, onPath.roots)
      ? { insert: false, rule: 'keys_listened' } : { insert: true, rule: 'insert_text_no_listeners' };
  } catch {
    return { insert: false, rule: 'unread' };
  }
}
