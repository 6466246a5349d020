// answerwatch.js: the cached answer's proof over a small fake DOM.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import vm from 'node:vm';

const source = readFileSync(new URL('../content/answerwatch.js', import.meta.url), 'utf8');
// the watches' shared functions (a script of the same world, listed first in the manifest)
const shared = readFileSync(new URL('../content/watch_env.js', import.meta.url), 'utf8');
const createAnswerWatch = vm.runInNewContext(`${shared}\n${source}\ncreateAnswerWatch`, {});
const [answerWatchTargets, EVENTS, WINDOW_EVENTS] = vm.runInNewContext(
  `${shared}\n${source}\n[answerWatchTargets, ANSWERWATCH_EVENTS, ANSWERWATCH_WINDOW_EVENTS]`, {});

class El {
  constructor(localName, props = {}, children = []) {
    Object.assign(this, { localName, children, shadow: null, scroll: '', ...props });
  }
  *all() { for (const c of this.children) { yield c; yield* c.all(); } }
  querySelectorAll() { return [...this.all()]; }
}
class Doc extends El {
  constructor(children) { super('#document', {}, children); this.styleSheets = []; this.layout = 'w'; }
}

function world(doc, { animating = () => false, closedRootOf = undefined } = {}) {
  const observers = [];
  const listened = [];
  const rootsListened = [];
  const watch = createAnswerWatch(doc, {
    closedRootOf,
    listenRoot: (root, callback) => rootsListened.push([root, callback]),
    randomToken: () => 'doc-token',
    observe: (root) => { const o = { root, queue: [], takeRecords() { const q = o.queue; o.queue = []; return q; } }; observers.push(o); return o; },
    shadowRootOf: (el) => el.shadow,
    listen: (d, callback) => listened.push([d, callback]),
    frameDocOf: (el) => el.frameDoc,
    animating,
    count: (d) => d.querySelectorAll().length,
    layout: (d) => d.layout,
    scrolled: (el) => el.scroll,
  });
  const mutate = (root) => observers.find((o) => o.root === root).queue.push({ type: 'childList' });
  const fire = (d) => listened.find(([x]) => x === d)[1]();
  return { watch, mutate, fire, observers, listened, rootsListened };
}

test('a page that did not change gives the same proof', () => {
  const input = new El('input', { value: '' });
  const doc = new Doc([new El('body', {}, [input])]);
  const { watch } = world(doc);
  const first = watch.proof();
  assert.deepEqual([first[0], first[2], first[3]], ['doc-token', 'ok', 2]);
  assert.deepEqual(watch.proof(), first);
});

test('mutations, events, controls, style sheets, layout and scroll offsets each change the proof', () => {
  const input = new El('input', { value: '' });
  const box = new El('div');
  const doc = new Doc([new El('body', {}, [input, box])]);
  const { watch, mutate, fire } = world(doc);
  const changes = {
    mutation: () => mutate(doc),
    event: () => fire(doc),
    'a value set by a script': () => { input.value = 'typed'; },
    'a style sheet': () => { doc.styleSheets = [{ cssRules: { length: 2 } }]; },
    'window scroll or size': () => { doc.layout = 'w2'; },
    'an element scrolled': () => { box.scroll = '200,0'; },
    'a new shadow root': () => { box.shadow = new El('#shadow'); },
  };
  let last = watch.proof()[1];
  for (const [what, change] of Object.entries(changes)) {
    change();
    const now = watch.proof()[1];
    assert.ok(now > last, what);
    assert.equal(watch.proof()[1], now, `${what}: counted once`);
    last = now;
  }
  mutate(box.shadow);
  assert.ok(watch.proof()[1] > last, 'a mutation inside the shadow root');
});

test('a same-origin frame is watched like the page; an unreadable one or an animation gives no proof', () => {
  const inner = new Doc([new El('p')]);
  const frame = new El('iframe', { frameDoc: inner });
  const doc = new Doc([new El('body', {}, [frame])]);
  const { watch, mutate, fire } = world(doc);
  const first = watch.proof();
  assert.equal(first[2], 'ok');
  assert.equal(first[3], 3, 'its elements count too');
  mutate(inner);
  const second = watch.proof();
  assert.ok(second[1] > first[1], 'a mutation in the frame');
  fire(inner);
  const third = watch.proof();
  assert.ok(third[1] > second[1], 'an event in the frame');
  frame.frameDoc = new Doc([new El('p')]);
  assert.ok(watch.proof()[1] > third[1], 'the frame holds another document');
  frame.frameDoc = undefined;
  assert.equal(watch.proof()[2], 'a frame whose document cannot be read');
  frame.frameDoc = null;
  assert.equal(watch.proof()[2], 'ok', 'a frame with no document');
  let running = true;
  const animated = world(new Doc([new El('p')]), { animating: () => running }).watch;
  assert.equal(animated.proof()[2], 'an animation is in effect');
  running = false;
  assert.equal(animated.proof()[2], 'ok');
});

test('a big document gives no proof', () => {
  const doc = new Doc([new El('body', {}, Array.from({ length: 2001 }, () => new El('p')))]);
  assert.equal(world(doc).watch.proof()[2], 'too many elements');
});

test('a proof counts the elements that may hold a frame: the main document and its shadow roots', () => {
  const host = new El('div');
  const body = new El('body', {}, [host, new El('p')]);
  const doc = new Doc([body]);
  const { watch } = world(doc);
  assert.equal(watch.proof()[4], 0, 'no frame holder');
  host.shadow = new Doc([new El('iframe', { frameDoc: null })]); // a shadow root holding a frame
  assert.equal(watch.proof()[4], 1);
  body.children.push(new El('embed'), new El('fencedframe'));
  assert.equal(watch.proof()[4], 3);
  // a same-origin frame's own frames are not counted: its holder in the main document is
  const inner = new Doc([new El('iframe', { frameDoc: null })]);
  body.children.push(new El('iframe', { frameDoc: inner }));
  assert.equal(watch.proof()[4], 4);
  const busy = world(new Doc([new El('iframe')]), { animating: () => true }).watch;
  assert.equal(busy.proof()[4], null, 'no proof: no count');
});

test('what issue 26 found unseen: validity, media, a rule edited in place change the proof', () => {
  const input = new El('input', { value: '', validationMessage: '' });
  const video = new El('video', { paused: true, muted: false, volume: 1 });
  const rules = [{ cssText: '#a { display: none; }' }];
  const doc = new Doc([new El('body', {}, [input, video])]);
  doc.styleSheets = [{ cssRules: rules }];
  const { watch } = world(doc);
  const changes = {
    'setCustomValidity': () => { input.validationMessage = 'bad'; },
    'muted': () => { video.muted = true; },
    'volume': () => { video.volume = 0.2; },
    'a rule edited in place': () => { rules[0] = { cssText: '#a { display: block; }' }; },
  };
  let last = watch.proof();
  assert.equal(last[2], 'ok');
  for (const [what, change] of Object.entries(changes)) {
    change();
    const now = watch.proof();
    assert.equal(now[2], 'ok', what);
    assert.ok(now[1] > last[1], what);
    last = now;
  }
});

test('what a proof cannot see gives none: custom elements, manual slots, playing media, closed roots', () => {
  const cases = {
    'a custom element': () => new Doc([new El('x-card')]),
    'a shadow root assigns its slots by script': () => {
      const host = new El('div');
      host.shadow = Object.assign(new El('#shadow'), { slotAssignment: 'manual' });
      return new Doc([host]);
    },
    'a media element is playing': () => new Doc([new El("video", { paused: false })]),
  };
  for (const [status, make] of Object.entries(cases)) assert.equal(world(make()).watch.proof()[2], status);
  const plain = new El('div');
  let asked = 0;
  const closed = world(new Doc([plain]), { closedRootOf: (el) => { asked += 1; return el === plain ? {} : null; } });
  assert.equal(closed.watch.proof()[2], 'a closed shadow root');
  assert.equal(closed.watch.proof()[2], 'a closed shadow root', 'still none');
  assert.equal(asked, 1, 'each element asked once');
});

test('listeners are put back at each proof (document.open drops them); shadow roots are listened to', () => {
  const host = new El('div');
  host.shadow = new El('#shadow', {}, [new El('p')]);
  const doc = new Doc([host]);
  const { watch, listened, rootsListened } = world(doc);
  watch.proof();
  watch.proof();
  assert.equal(listened.filter(([d]) => d === doc).length, 3, 'once at the start, once a proof');
  assert.ok(rootsListened.some(([root]) => root === host.shadow));
  const before = watch.proof()[1];
  rootsListened.find(([root]) => root === host.shadow)[1]();
  assert.ok(watch.proof()[1] > before, 'an event inside the shadow root');
});

test('a focus moved by script with no focus event (a window not focused) changes the proof', () => {
  const input = new El('input', { value: '' });
  const other = new El('input', { value: '' });
  const body = new El('body', {}, [input, other]);
  const doc = new Doc([body]);
  doc.activeElement = body; // a real page's focus rests on its body, never on nothing
  const { watch } = world(doc);
  const first = watch.proof()[1];
  doc.activeElement = input; // focus() in a background window: no focusin
  assert.ok(watch.proof()[1] > first, 'from the body to a field');
  const second = watch.proof()[1];
  assert.equal(watch.proof()[1], second, 'the same focus: no change');
  doc.activeElement = other;
  assert.ok(watch.proof()[1] > second, 'from a field to another');
});

test('a document\'s events are listened to on its window but load and error (note 147)', () => {
  // DevTools lists a node's listeners in every world and a window's only in the asking world:
  // on the document, the fill rule's read of the document (fill_rule.js) would list each of them
  const win = {};
  const doc = { defaultView: win };
  const targets = answerWatchTargets(doc);
  const onDoc = targets.find(([t]) => t === doc)[1];
  const onWin = targets.find(([t]) => t === win)[1];
  assert.deepEqual([...onDoc].sort(), ['error', 'load']);
  for (const type of ['keydown', 'input', 'pointerdown', 'focusin', 'scroll', 'toggle', 'visibilitychange']) {
    assert.ok(onWin.includes(type) && !onDoc.includes(type), type);
  }
  // every type is heard, once
  assert.deepEqual([...onDoc, ...onWin].sort(), [...EVENTS, ...WINDOW_EVENTS].sort());
  // a document with no window (no browsing context): all on the document
  const alone = { defaultView: null };
  assert.deepEqual(Array.from(answerWatchTargets(alone), ([t, types]) => [t, [...types]]), [[alone, [...EVENTS]]]);
});
