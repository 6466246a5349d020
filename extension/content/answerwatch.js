// The cached answer's proof: a content script (manifest, document_start, isolated world, main
// frame only, beside axwatch.js) that counts what could make the next read of the page
// answer differently from the last one, so that a read of a page that did not change is
// answered from the last answer (lib/reuse/answer_cache.js) instead of a capture.
//
// Why not the AX cache's journal (axwatch.js): an answer depends on more than the AX tree
// (scroll positions, the viewport, layout after an image or a font loaded, the same-origin
// frames' documents), and counting those there would make every scroll a full AX read.
// This one only counts; it keeps no node, so it is cheap to run beside the journal.
//
// `proof()` → [id, seq, status, elements, holders]: `id` names this document's watch (random: a new
// document, even one that reuses an execution context id, never matches an old proof), `seq`
// counts changes since the watch started, `status` is "ok" or why no proof can be given,
// `elements` counts the elements of the documents it watches and `holders` the elements of
// the main document and its shadow roots that may hold a frame (null unless "ok"; a closed
// shadow root on a non-custom element is not seen). Two proofs with the same id and
// seq, both "ok", mean nothing it watches changed between them. What bumps `seq`:
// - any mutation record in the document, in every shadow root it found (open ones, and
//   closed ones of custom elements), and in every same-origin frame's document (nested too);
// - events (capturing listeners, passive): pointer, keys, focus, input, change, drag, wheel,
//   scroll (the window and any element), animations and transitions, toggles, dialogs, full
//   screen, resource loads and errors (a late image, a frame), visibility, in every watched
//   document; a resize, a URL fragment change, a page shown from the back-forward cache, the
//   window gaining or losing focus, a font that finished loading;
// - read at each proof: a form control's value/checked/selection set by a script (no
//   mutation), a style sheet added, removed or with another rule count, a new shadow root, a
//   frame that holds another document, the window's scroll position and size, the page's
//   scroll size, every element's scroll offsets (a script's scrollTop: its scroll event only
//   comes with the next frame).
// - also read at each proof (issue 26): a control's validity message (setCustomValidity
//   changes :invalid), a paused media element's muted/volume/source, the rules' text of
//   every style sheet (a rule edited in place), listeners put back on every watched
//   document and shadow root (document.open() drops them; adding the same listener again
//   is a no-op), shadow roots' own events (a popover's toggle inside one does not cross
//   its boundary).
// No proof ("status" other than "ok"), because a change they make is not seen: a frame whose
// document cannot be read (another origin), an animation in effect (running, or finished and
// filling forwards: styles change with no event), custom elements (`:defined`,
// ElementInternals' ARIA and `:state()` change with no mutation), a shadow root with manual
// slot assignment (slot.assign), a playing media element, a closed shadow root on a plain
// element (asked of each such element once, through chrome.dom), more than MAX_ELEMENTS.
// Known gap: what changes between a resource arriving and its load event.
//
// A classic script (content scripts cannot be modules): a plain factory, so node tests can
// drive it over a small fake DOM.

const ANSWERWATCH_MAX_ELEMENTS = 2000;
const ANSWERWATCH_EVENTS = ['pointerover', 'pointerout', 'pointerdown', 'pointerup', 'keydown', 'keyup',
  'focusin', 'focusout', 'input', 'change', 'dragstart', 'drop', 'wheel', 'scroll', 'animationstart',
  'animationend', 'transitionend', 'toggle', 'beforetoggle', 'close', 'cancel', 'fullscreenchange', 'load',
  'error', 'visibilitychange'];
// the window's own focus: the document's focused state follows it, with no element event
const ANSWERWATCH_WINDOW_EVENTS = ['resize', 'hashchange', 'pageshow', 'focus', 'blur'];
// The document's events are listened to on its window (capturing: before any listener of the
// document), which every event of a document with a window passes first, 'load' excepted
// (HTML: an event's path goes from a document to its window unless its type is 'load');
// 'error' stays on the document too (the window's own 'error' is each uncaught script error).
// Why the window: DevTools lists a node's listeners in every world (DOMDebugger
// .getEventListeners with pierce) and a window's only in the asking handle's world, and a
// fill's rule reads the document's (lib/act/fill_rule.js): each listener it lists costs the
// renderer tens of µs (design note 147).
const ANSWERWATCH_ON_DOCUMENT = new Set(['load', 'error']);

/** Where the watch listens for the events of document `d`: [[target, types]] (its window,
 * else the document alone). */
function answerWatchTargets(d) {
  const win = d.defaultView;
  if (!win) return [[d, ANSWERWATCH_EVENTS]];
  return [[d, ANSWERWATCH_EVENTS.filter((type) => ANSWERWATCH_ON_DOCUMENT.has(type))],
    [win, [...ANSWERWATCH_EVENTS.filter((type) => !ANSWERWATCH_ON_DOCUMENT.has(type)), ...ANSWERWATCH_WINDOW_EVENTS]]];
}
const ANSWERWATCH_CONTROLS = new Set(['input', 'select', 'textarea', 'option']);
const ANSWERWATCH_FRAMES = new Set(['iframe', 'frame', 'object']);
// Elements that may hold a child frame: a proof says how many the watched document and its
// shadow roots hold (0: the tab has no frame but the main one; window.length does not count
// a frame in a shadow tree, an embed or a fenced frame). Read by lib/walker/walker_capture.js.
const ANSWERWATCH_FRAME_HOLDERS = new Set(['iframe', 'frame', 'object', 'embed', 'fencedframe', 'portal']);
const ANSWERWATCH_MEDIA = new Set(['audio', 'video']);

/**
 * The watch over `doc`. `env`: {randomToken(), observe(root, callback) → {takeRecords()},
 * shadowRootOf(el), listen(doc, callback) (events), frameDocOf(el) (a frame element's
 * document, null when it has none, undefined when it cannot be read), animating(doc),
 * count(doc) (elements), layout(doc) (a string: window scroll and size, scroll size),
 * scrolled(el) (an element's scroll offsets as a string, '' at 0)}.
 */
function createAnswerWatch(doc, env) {
  const id = env.randomToken();
  let seq = 0;
  const bump = /* axsnap:own-listener */ () => { seq++; };
  const observers = [];
  const roots = new WeakSet();
  const docs = new WeakSet();

  const listened = []; // every document and shadow root watched: listened to again at each proof
  const watchRoot = (root) => {
    if (roots.has(root)) return false;
    roots.add(root);
    observers.push(env.observe(root, bump));
    if (root !== doc && !docs.has(root)) {
      env.listenRoot?.(root, bump); // a shadow root's own events (a popover's toggle)
      listened.push([root, env.listenRoot]);
    }
    return true;
  };
  const watchDoc = (d) => {
    if (docs.has(d)) return false;
    docs.add(d);
    watchRoot(d);
    env.listen?.(d, bump);
    listened.push([d, env.listen]);
    return true;
  };
  /** Compare `value` with what `key` was in `map` at the last proof; a difference is a change. */
  const same = (map, key, value) => {
    const before = map.get(key);
    map.set(key, value);
    if (before !== undefined && before !== value) seq++;
  };
  const controls = new WeakMap(); // a control -> its state
  const frameDocs = new WeakMap(); // a frame element -> its document
  const sheets = new WeakMap(); // a document or shadow root -> its style sheets' signature
  const layouts = new WeakMap(); // a document -> its window's scroll and size, its scroll size
  const offsets = new WeakMap(); // a document -> its elements' scroll offsets
  const stateOf = (el) => `${el.value}|${el.checked}|${el.indeterminate}|${el.selectedIndex}|${el.disabled}|${el.selected}`
    + `|${el.validationMessage}`;
  const mediaOf = (el) => `${el.muted}|${el.volume}|${el.currentSrc}|${el.controls}`;
  const spots = watchBlindSpots(env);
  const focused = new WeakMap(); // a document -> its focused element, at the last proof
  const focusOf = watchFocus();
  let holders = 0; // frame holders in the main document and its shadow roots, at the last scan
  /** One document and its shadow roots; pushes the frames' documents it holds onto `queue`. */
  function scan(d, queue) {
    if (env.animating?.(d)) return 'an animation is in effect';
    same(layouts, d, env.layout?.(d) ?? '');
    const inside = [d];
    let scrolled = '';
    let n = 0;
    for (let i = 0; i < inside.length; i++) {
      const root = inside[i];
      same(sheets, root, watchSheetSignature(root));
      const rootSpot = spots.root(root);
      if (rootSpot) return rootSpot;
      for (const el of root.querySelectorAll('*')) {
        n++;
        const name = el.localName;
        if (d === doc && ANSWERWATCH_FRAME_HOLDERS.has(name)) holders++;
        const shadow = env.shadowRootOf(el);
        const spot = spots.element(el, shadow);
        if (spot) return spot;
        if (shadow) {
          if (watchRoot(shadow)) seq++;
          inside.push(shadow);
        }
        if (ANSWERWATCH_CONTROLS.has(name)) same(controls, el, stateOf(el));
        if (ANSWERWATCH_MEDIA.has(name)) same(controls, el, mediaOf(el));
        const at = env.scrolled?.(el);
        if (at) scrolled += `${n}:${at};`; // a script's scrollTop shows before its scroll event
        if (ANSWERWATCH_FRAMES.has(el.localName)) {
          const fd = env.frameDocOf(el);
          if (fd === undefined) return 'a frame whose document cannot be read';
          if (fd === null) continue;
          same(frameDocs, el, fd);
          if (watchDoc(fd)) seq++;
          queue.push(fd);
        }
      }
    }
    same(offsets, d, scrolled);
    same(focused, d, focusOf(d)); // focus() in a window that is not focused
    return 'ok';
  }

  watchDoc(doc);
  return {
    bump,
    /** [id, seq, status, elements] now (see the file's head). */
    proof() {
      for (const o of observers) if (o.takeRecords().length) seq++;
      // document.open() drops every listener of the document: put back (a no-op otherwise)
      for (const [root, listen] of listened) listen?.(root, bump);
      const queue = [doc];
      let elements = 0;
      let status = 'ok';
      holders = 0;
      for (let i = 0; i < queue.length && status === 'ok'; i++) {
        elements += env.count(queue[i]);
        if (elements > ANSWERWATCH_MAX_ELEMENTS) status = 'too many elements';
        else status = scan(queue[i], queue);
      }
      // the frame holders counted only when the whole main document was scanned
      return [id, seq, status, elements, status === 'ok' ? holders : null];
    },
  };
}

function installAnswerWatch() {
  const how = { capture: true, passive: true };
  const watch = createAnswerWatch(document, {
    ...watchPageEnv(),
    listen: (d, callback) => {
      for (const [target, types] of answerWatchTargets(d)) {
        for (const type of types) target.addEventListener(type, callback, how);
      }
      d.fonts?.addEventListener?.('loadingdone', callback);
    },
    frameDocOf: (el) => {
      let d = null;
      try {
        d = el.contentDocument;
      } catch {
        return undefined;
      }
      if (d) return d;
      return el.contentWindow ? undefined : null; // a browsing context we may not read
    },
    listenRoot: (root, callback) => {
      for (const type of ANSWERWATCH_EVENTS) root.addEventListener(type, callback, how);
    },
    count: (d) => d.getElementsByTagName('*').length,
    layout: (d) => {
      const win = d.defaultView;
      const root = d.documentElement;
      return `${win?.scrollX},${win?.scrollY},${win?.innerWidth},${win?.innerHeight},${win?.devicePixelRatio},`
        + `${root?.scrollWidth},${root?.scrollHeight}`;
    },
    scrolled: (el) => (el.scrollTop || el.scrollLeft ? `${el.scrollTop},${el.scrollLeft}` : ''),
  });
  // Read by lib/reuse/answer_cache.js through Runtime.evaluate in this world.
  Object.defineProperty(globalThis, '__axsnapAnswerWatch', { value: watch, configurable: false });
}

if (typeof document !== 'undefined' && globalThis.chrome?.runtime?.id) installAnswerWatch();
