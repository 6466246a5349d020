import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import vm from 'node:vm';

// The content script is a classic script: run it where there is no `document` (it installs
// nothing) and take its journal factory out; drive it over a small fake DOM.
const source = readFileSync(new URL('../content/axwatch.js', import.meta.url), 'utf8');
// the watches' shared functions (a script of the same world, listed first in the manifest)
const shared = readFileSync(new URL('../content/watch_env.js', import.meta.url), 'utf8');
const createAxWatch = vm.runInNewContext(`${shared}\n${source}\ncreateAxWatch`, {});

class El {
  constructor(localName, attrs = {}, children = []) {
    Object.assign(this, { localName, nodeType: 1, attrs, children: [], parentNode: null, shadow: null });
    for (const c of children) this.append(c);
  }
  append(child) { child.parentNode = this; this.children.push(child); return child; }
  get childNodes() { return this.children; }
  get firstChild() { return this.children[0] ?? null; }
  get lastChild() { return this.children.at(-1) ?? null; }
  get nextSibling() { const s = this.parentNode?.children ?? []; return s[s.indexOf(this) + 1] ?? null; }
  get previousSibling() { const s = this.parentNode?.children ?? []; return s[s.indexOf(this) - 1] ?? null; }
  remove() { const p = this.parentNode; p.children.splice(p.children.indexOf(this), 1); this.parentNode = null; }
  get id() { return this.attrs.id ?? ''; }
  get isConnected() { let n = this; while (n.parentNode || n.host) n = n.parentNode ?? n.host; return n.nodeType === 9; }
  get nextElementSibling() { let n = this.nextSibling; while (n && !(n instanceof El)) n = n.nextSibling; return n; }
  getAttribute(name) { return this.attrs[name] ?? null; }
  *descendants() { for (const c of this.children) { if (!(c instanceof El)) continue; yield c; yield* c.descendants(); } }
  querySelectorAll(selector) { return [...this.descendants()].filter((el) => matches(el, selector)); }
  querySelector(selector) { return this.querySelectorAll(selector)[0] ?? null; }
  getElementById(id) { return [...this.descendants()].find((el) => el.id === id) ?? null; }
  get htmlFor() { return this.attrs.for ?? ''; }
}
class Doc extends El {
  constructor(children) { super('#document', {}, children); this.nodeType = 9; this.styleSheets = []; }
}
class Text {
  constructor(data) { Object.assign(this, { data, nodeType: 3, parentNode: null }); }
  get isConnected() { return El.prototype.__lookupGetter__('isConnected').call(this); }
  get nextSibling() { const s = this.parentNode?.children ?? []; return s[s.indexOf(this) + 1] ?? null; }
  get previousSibling() { const s = this.parentNode?.children ?? []; return s[s.indexOf(this) - 1] ?? null; }
  get firstChild() { return null; }
  get lastChild() { return null; }
}
function matches(el, selector) {
  return selector.split(',').some((one) => {
    if (one === '*') return true;
    const attr = /^\[([\w-]+)\]$/.exec(one);
    if (attr) return el.attrs[attr[1]] !== undefined;
    const tagAttr = /^(\w+)\[([\w-]+)\]$/.exec(one);
    if (tagAttr) return el.localName === tagAttr[1] && el.attrs[tagAttr[2]] !== undefined;
    return el.localName === one;
  });
}
function world(doc) {
  const observers = [];
  let n = 0;
  const watch = createAxWatch(doc, {
    shadowRootOf: (el) => el.shadow,
    randomToken: () => `t${++n}`,
    observe: (root, callback) => { const o = { root, queue: [], takeRecords() { const q = o.queue; o.queue = []; return q; } }; observers.push(o); return o; },
  });
  const record = (r) => observers[0].queue.push(r);
  const take = (token) => { const [status, next, count, ...nodes] = watch.take(token); return { status, next, self: nodes.slice(0, count), tree: nodes.slice(count) }; };
  return { watch, record, take };
}

function page() {
  const text = new Text('Original label');
  const span = new El('span', { id: 'lbl' });
  span.append(text);
  const button = new El('button', { 'aria-labelledby': 'lbl' });
  const input = new El('input');
  Object.assign(input, { value: '', checked: false });
  const list = new El('ul', {}, [new El('li'), new El('li'), new El('li')]);
  const body = new El('body', {}, [span, button, new El('label', {}, [input]), list]);
  const doc = new Doc([new El('html', {}, [body])]);
  return { doc, body, span, text, button, input, list };
}

test('nothing is kept before the first read arms the journal; a take needs its token', () => {
  const { doc, body } = page();
  const { watch, record, take } = world(doc);
  record({ type: 'childList', target: body, addedNodes: [], removedNodes: [] });
  assert.equal(take('t0').status, 'not armed');
  watch.arm();
  const stale = take('wrong');
  assert.equal(stale.status, 'not armed', 'a stale token: the caller reads the page, with a new journal');
  const clean = take(stale.next);
  assert.deepEqual([clean.status, clean.self, clean.tree], ['ok', [], []]);
  assert.equal(take(clean.next).status, 'ok', 'each take arms the next journal');
});

test('a text change reports the text, its ancestors and whoever it labels', () => {
  const { doc, body, span, text, button } = page();
  const { watch, record, take } = world(doc);
  const token = watch.arm();
  record({ type: 'characterData', target: text });
  const got = take(token);
  assert.equal(got.status, 'ok');
  for (const node of [text, span, body, doc, button]) assert.ok(got.self.includes(node));
  assert.deepEqual(got.tree, []);
});

test('an attribute change reports the element, its following siblings and its parent', () => {
  const { doc, list } = page();
  const { watch, record, take } = world(doc);
  const token = watch.arm();
  record({ type: 'attributes', target: list.children[1], attributeName: 'aria-expanded' });
  const got = take(token);
  assert.deepEqual(got.tree, [list.children[1], list.children[2]]);
  assert.ok(got.self.includes(list) && !got.self.includes(list.children[1]), 'each node once');
});

test('insertions report the new subtree; removed nodes are not asked for', () => {
  const { doc, list } = page();
  const { watch, record, take } = world(doc);
  const token = watch.arm();
  const li = list.append(new El('li'));
  const gone = list.children[0];
  gone.remove();
  record({ type: 'childList', target: list, addedNodes: [li], removedNodes: [gone] });
  record({ type: 'childList', target: gone, addedNodes: [], removedNodes: [] });
  const got = take(token);
  assert.deepEqual(got.tree, [li]);
  assert.ok(got.self.includes(list) && !got.self.includes(gone));
});

test('a control state changed by a script (no mutation) is seen at the take', () => {
  const { doc, input } = page();
  const { watch, take } = world(doc);
  const token = watch.arm();
  input.checked = true;
  const got = take(token);
  assert.deepEqual(got.tree, [input]);
  assert.ok(got.self.some((n) => n.localName === 'label'));
});

test('doubt, aria-owns, style sheets, id changes and too many changes mean a full read', () => {
  const { doc, body, list } = page();
  const { watch, record, take } = world(doc);
  let token = watch.arm();
  watch.doubt('page event (keydown)');
  ({ next: token } = (() => { const r = take(token); assert.equal(r.status, 'page event (keydown)'); return r; })());
  doc.styleSheets = [{ cssRules: { length: 3 } }];
  let r = take(token);
  assert.equal(r.status, 'style sheets changed');
  r = take(r.next);
  assert.equal(r.status, 'ok', 'the new sheets are the baseline of the next journal');
  record({ type: 'attributes', target: list, attributeName: 'id' });
  r = take(r.next);
  assert.equal(r.status, 'an id changed');
  const dialog = body.append(new El('dialog'));
  r = take(r.next);
  record({ type: 'attributes', target: dialog, attributeName: 'open' });
  r = take(r.next);
  assert.equal(r.status, 'a dialog opened or closed');
  dialog.remove();
  body.append(new El('div', { 'aria-owns': 'x' }));
  r = take(r.next);
  assert.equal(r.status, 'aria-owns on the page');
  body.children.at(-1).remove();
  for (let i = 0; i < 401; i++) record({ type: 'childList', target: body, addedNodes: [new El('p')], removedNodes: [] });
  assert.equal(take(r.next).status, 'too many changes');
});

test('a shadow root attached after arming reports its host', () => {
  const { doc, body } = page();
  const { watch, take } = world(doc);
  const token = watch.arm();
  const host = body.append(new El('div'));
  host.shadow = { nodeType: 11, host, querySelectorAll: () => [], querySelector: () => null, styleSheets: [] };
  const got = take(token);
  assert.deepEqual(got.tree, [host]);
});

test('the shadow roots a caller found walking the document are not looked for again', () => {
  // the walker's scan (lib/walker/walker.js) visits every element and passes the roots it met
  const { doc, body, input } = page();
  const asked = [];
  const watch = createAxWatch(doc, {
    shadowRootOf: (el) => { asked.push(el); return el.shadow; },
    randomToken: () => 't',
    observe: () => ({ takeRecords: () => [] }),
  });
  const token = watch.arm([]);
  const host = body.append(new El('div'));
  const inner = new El('input');
  Object.assign(inner, { value: 'a', checked: false });
  host.shadow = { nodeType: 11, host, querySelectorAll: (sel) => (sel === '*' ? [inner] : [inner].filter((el) => matches(el, sel))), querySelector: () => null, styleSheets: [] };
  inner.parentNode = host.shadow;
  let [status, next, count, ...nodes] = watch.take(token, [host.shadow]);
  assert.equal(status, 'ok');
  assert.deepEqual(nodes.slice(count), [host], 'the new root, named by the caller, reports its host');
  assert.deepEqual(asked, [], 'no element asked for its shadow root');
  // the root's controls are read as the document's: a state set by script is seen
  inner.value = 'b';
  input.checked = true;
  [status, next, count, ...nodes] = watch.take(next, [host.shadow]);
  assert.equal(status, 'ok');
  assert.ok(nodes.slice(count).includes(inner) && nodes.slice(count).includes(input));
  // without the caller's roots, the journal looks for them itself (a root seen before: nothing new)
  [status, , count, ...nodes] = watch.take(next);
  assert.equal(status, 'ok');
  assert.equal(nodes.length, 0);
  assert.ok(asked.length > 0);
});

test('a removed label names its control again; a removed id, whoever pointed at it', () => {
  const { doc, body, span, button } = page();
  const input = body.append(new El('input', { id: 'email' }));
  const label = body.append(new El('label', { for: 'email' }));
  const { watch, record, take } = world(doc);
  const token = watch.arm();
  label.remove();
  span.remove();
  record({ type: 'childList', target: body, addedNodes: [], removedNodes: [label, span] });
  const got = take(token);
  assert.equal(got.status, 'ok');
  assert.ok(got.self.includes(input), 'the control its label named');
  assert.ok(got.self.includes(button), 'the button labelled by the removed span');
  assert.ok(!got.self.includes(label) && !got.self.includes(span), 'removed nodes are not asked for');
});

test('white space across element boundaries: the texts around a change are read again', () => {
  const a = new Text('By ');
  const b = new Text(' and ');
  const link = new El('a', {}, [new Text('Ada')]);
  const p = new El('p', {}, [a, link, b, new El('a', {}, [new Text('Grace')])]);
  const doc = new Doc([new El('html', {}, [new El('body', {}, [p])])]);
  const { watch, record, take } = world(doc);
  let token = watch.arm();
  record({ type: 'attributes', target: link, attributeName: 'class' }); // display: block?
  let got = take(token);
  assert.ok(got.self.includes(a) && got.self.includes(b), 'the text before and after it');
  token = got.next;
  const inner = link.children[0];
  inner.data = 'Ada ';
  record({ type: 'characterData', target: inner });
  got = take(token);
  assert.ok(got.self.includes(a) && got.self.includes(b) && got.self.includes(inner));
});

test('what a journal cannot see makes it doubt (issue 26): custom elements, manual slots, animations, a rule edited', () => {
  const cases = {
    'a custom element': (body) => body.append(new El('x-card')),
    'a media element is playing': (body) => body.append(Object.assign(new El('video'), { paused: false })),
  };
  for (const [status, change] of Object.entries(cases)) {
    const { doc, body } = page();
    const { watch } = world(doc);
    const token = watch.arm();
    change(body);
    assert.equal(watch.take(token)[0], status);
  }
  const { doc } = page();
  let animating = false;
  const rules = [{ cssText: '#a { display: none; }' }];
  doc.styleSheets = [{ cssRules: rules }];
  const watch = createAxWatch(doc, {
    shadowRootOf: () => null, randomToken: () => 't', observe: () => ({ takeRecords: () => [] }),
    animating: () => animating,
  });
  let token = watch.arm();
  animating = true;
  let got = watch.take(token);
  assert.equal(got[0], 'an animation is in effect');
  animating = false;
  token = got[1];
  rules[0] = { cssText: '#a { display: block; }' };
  got = watch.take(token);
  assert.equal(got[0], 'style sheets changed', 'a rule edited in place');
  assert.equal(watch.take(got[1])[0], 'ok');
});

test('a focus moved by script with no focus event makes the journal doubt', () => {
  const { doc, body, input } = page();
  doc.activeElement = body; // a real page's focus rests on its body, never on nothing
  const { watch } = world(doc);
  const token = watch.arm();
  doc.activeElement = input; // focus() in a window that is not focused: no focusin
  const got = watch.take(token);
  assert.equal(got[0], 'the focus moved');
  assert.equal(watch.take(got[1])[0], 'ok', 'the next journal starts from the new focus');
});
