// The executor's pure parts: key chords and the visible centre of a node's quads.
import test from 'node:test';
import assert from 'node:assert/strict';

import { clickAt, keyDefinition, parseChord, pressChord, typeText } from '../lib/act/input.js';
import { quadBox, visibleCentre } from '../lib/act/geometry.js';

test('chords parse into modifiers and a key', () => {
  assert.deepEqual(parseChord('Control+A').modifiers, ['Control']);
  assert.equal(parseChord('Control+A').key.code, 'KeyA');
  assert.deepEqual(parseChord('ctrl+shift+k').modifiers, ['Control', 'Shift']);
  assert.equal(parseChord('Enter').key.keyCode, 13);
  assert.equal(parseChord('esc').key.key, 'Escape');
  assert.equal(parseChord('Control++').key.key, '+');
  assert.throws(() => parseChord('Hyper+A'), /unknown modifier/);
  assert.throws(() => parseChord('NotAKey'), /unknown key/);
});

test('characters map to US keyboard keys; others are inserted as text', () => {
  assert.deepEqual(keyDefinition('A'), { key: 'A', code: 'KeyA', keyCode: 65, text: 'A', shift: true });
  assert.equal(keyDefinition('7').code, 'Digit7');
  assert.equal(keyDefinition('@').code, 'Digit2');
  assert.equal(keyDefinition('é'), null);
});

function recorder() {
  const sent = [];
  return { sent, send: async (method, params) => { sent.push([method, params]); return {}; } };
}

test('a chord holds its modifiers around the key and types no text', async () => {
  const s = recorder();
  await pressChord(s, 'Control+A');
  assert.deepEqual(s.sent.map(([, p]) => [p.type, p.key, p.modifiers]), [
    ['rawKeyDown', 'Control', 2], ['rawKeyDown', 'a', 2], ['keyUp', 'a', 2], ['keyUp', 'Control', 0],
  ]);
  assert.ok(s.sent.every(([, p]) => !p.text));
});

test('a click is one batch of mouse events on an act\'s session: move, then press and release per click', async () => {
  const batches = [];
  const s = { send: async () => { throw new Error('one event at a time'); },
    sendInOrder: async (commands) => { batches.push(commands); return commands.map(() => ({})); } };
  await clickAt(s, { x: 10, y: 20 }, { count: 2 });
  assert.equal(batches.length, 1);
  assert.deepEqual(batches[0].map(([m, p]) => [m, p.type, p.x, p.y, p.button, p.buttons, p.clickCount]), [
    ['Input.dispatchMouseEvent', 'mouseMoved', 10, 20, 'none', undefined, undefined],
    ['Input.dispatchMouseEvent', 'mousePressed', 10, 20, 'left', 1, 1],
    ['Input.dispatchMouseEvent', 'mouseReleased', 10, 20, 'left', 0, 1],
    ['Input.dispatchMouseEvent', 'mousePressed', 10, 20, 'left', 1, 2],
    ['Input.dispatchMouseEvent', 'mouseReleased', 10, 20, 'left', 0, 2],
  ]);
  const plain = recorder(); // a session without batches: the same events one by one
  await clickAt(plain, { x: 1, y: 2 }, { button: 'right' });
  assert.deepEqual(plain.sent.map(([, p]) => [p.type, p.button, p.buttons]),
    [['mouseMoved', 'none', undefined], ['mousePressed', 'right', 2], ['mouseReleased', 'right', 0]]);
});

test('typing sends key events with text, insertText for the rest', async () => {
  const s = recorder();
  await typeText(s, 'Hé');
  assert.deepEqual(s.sent.map(([m, p]) => [m, p.type ?? null, p.text]), [
    ['Input.dispatchKeyEvent', 'keyDown', 'H'], ['Input.dispatchKeyEvent', 'keyUp', undefined],
    ['Input.insertText', null, 'é'],
  ]);
});

test('the visible centre is the middle of the largest part inside the viewport', () => {
  assert.deepEqual(quadBox([10, 20, 30, 20, 30, 60, 10, 60]), { x: 10, y: 20, width: 20, height: 40 });
  const vp = { width: 100, height: 100 };
  assert.deepEqual(visibleCentre([[10, 10, 30, 10, 30, 30, 10, 30]], vp), { x: 20, y: 20 });
  // half off the bottom: the centre of the part that shows
  assert.deepEqual(visibleCentre([[0, 80, 40, 80, 40, 120, 0, 120]], vp), { x: 20, y: 90 });
  assert.equal(visibleCentre([[0, 150, 10, 150, 10, 160, 0, 160]], vp), null);
  assert.equal(visibleCentre([], vp), null);
});

import { describeResult, parseStep, splitWords } from '../panel/act.js';

test('the panel reads one step as the CLI does', () => {
  assert.deepEqual(splitWords(`fill "Email" 'a b'`), ['fill', 'Email', 'a b']);
  assert.deepEqual(parseStep('click "Sign in"'), { action: 'click', target: 'Sign in', value: null });
  assert.deepEqual(parseStep('click 12'), { action: 'click', target: 12, value: null });
  assert.deepEqual(parseStep('press Enter'), { action: 'press', target: null, value: 'Enter' });
  assert.deepEqual(parseStep('drag "a" "b"'), { action: 'drag', target: 'a', value: null, to: 'b' });
  assert.throws(() => parseStep('explode x'), /Start with an action/);
  assert.throws(() => parseStep('fill a b c'), /fill/);
});

test('a refused result lists its candidates', () => {
  const text = describeResult({ ok: false, action: 'click', target: null,
    error: { code: 'ambiguous_target', message: '2 elements match', hint: 'name one',
      candidates: [{ id: '0-5', index: 3, role: 'button', label: 'Delete', score: 1 }] } });
  assert.match(text, /refused \[ambiguous_target\]/);
  assert.match(text, /\[3\] 0-5 button "Delete" 1/);
});

import { clickPoints } from '../lib/act/geometry.js';

test('click points: the centre first, then eight around it inside the box', () => {
  const points = clickPoints({ x0: 0, y0: 0, x1: 100, y1: 50 });
  assert.equal(points.length, 9);
  assert.deepEqual(points[0], { x: 50, y: 25 });
  assert.ok(points.every((p) => p.x > 0 && p.x < 100 && p.y > 0 && p.y < 50));
  assert.equal(new Set(points.map((p) => `${p.x},${p.y}`)).size, 9);
});

import { createActRoutes } from '../lib/act/route.js';

test('the value an action types never reaches the host', async () => {
  const sent = [];
  const deps = {
    native: {
      request: async (type, body) => {
        sent.push(JSON.stringify({ type, body }));
        if (type === 'act_resolve') {
          return { reply: { ok: true, result: { message: { ...body.message, options: { dialog: 'dismiss', wait: true, force: false, ready: {} } },
            target: null, to: null, error: { code: 'not_found', message: 'no match', hint: '' } } } };
        }
        return { reply: { ok: true, result: { ok: false, action: body.action } } };
      },
    },
    debuggers: { acquire: async () => ({ release() {} }) },
    stabilize: async () => ({ stabilized: true, waited_ms: 0, reasons: [] }),
    capture: async () => ({ tab: { id: 1, url: 'http://127.0.0.1/', title: '' }, frames: [] }),
  };
  const routes = createActRoutes({ deps, resolveTab: async () => 1, now: () => 0 });
  const reply = await routes.act({ raw: { type: 'act', action: 'fill', target: 'Password', value: 'hunter2-SECRET' } });
  assert.equal(reply.ok, true);
  assert.equal(sent.length, 2);
  assert.ok(sent.every((text) => !text.includes('hunter2-SECRET')));
  assert.match(sent[0], /"value":""/); // its shape is still checked by the host
  await routes.act({ raw: { type: 'act', action: 'upload', target: 'File', value: ['/tmp/secret-name.txt'] } });
  assert.ok(sent.every((text) => !text.includes('secret-name')));
});

test('an act whose tab cannot be attached stops its deadline', async () => {
  const pending = new Set();
  const { setTimeout: set, clearTimeout: clear } = globalThis;
  globalThis.setTimeout = (fn, ms, ...rest) => { const id = set(fn, ms, ...rest); pending.add(id); return id; };
  globalThis.clearTimeout = (id) => { pending.delete(id); clear(id); };
  try {
    const deps = { debuggers: { acquire: async () => { throw new Error('Another debugger is already attached'); } } };
    const routes = createActRoutes({ deps, resolveTab: async () => 1, now: () => 0 });
    await assert.rejects(routes.act({ raw: { type: 'act', action: 'click', target: 'Save' } }), /already attached/);
    assert.equal(pending.size, 0, 'no deadline left running (it would hold the worker for its whole timeout)');
  } finally {
    for (const id of pending) clear(id);
    globalThis.setTimeout = set;
    globalThis.clearTimeout = clear;
  }
});

test('back and forward pick the neighbouring history entry, or none', async () => {
  const { historyEntry } = await import('../lib/act/history.js');
  const history = { currentIndex: 1, entries: [{ id: 10 }, { id: 11 }, { id: 12 }] };
  assert.equal(historyEntry(history, 'back').id, 10);
  assert.equal(historyEntry(history, 'forward').id, 12);
  assert.equal(historyEntry({ currentIndex: 0, entries: [{ id: 1 }] }, 'back'), null);
  assert.equal(historyEntry({ currentIndex: 0, entries: [{ id: 1 }] }, 'forward'), null);
});

test('the panel\'s step takes back/forward/reload alone and the act options after it', () => {
  assert.deepEqual(parseStep('back'), { action: 'back', target: null, value: null });
  assert.throws(() => parseStep('reload "x"'), /no target/);
  assert.deepEqual(parseStep('click "Save" --force --quiet-ms 200 --no-settle --timeout-ms 5000 --dialog accept'), {
    action: 'click', target: 'Save', value: null,
    options: { force: true, timeout_ms: 5000, dialog: 'accept', ready: { quiet_ms: 200, settle: false } },
  });
  assert.deepEqual(parseStep('fill "Email" a@b.c --max-wait-ms 3000 --max-pending-requests 0'), {
    action: 'fill', target: 'Email', value: 'a@b.c', options: { ready: { max_wait_ms: 3000, max_pending_requests: 0 } },
  });
  assert.throws(() => parseStep('click x --quiet-ms soon'), /whole number/);
  assert.throws(() => parseStep('click x --quiet-ms 999999'), /from 0 to/);
  assert.throws(() => parseStep('click x --fast'), /Unknown option --fast/);
  const text = describeResult({ ok: true, action: 'click', target: null, readiness: { waited_ms: 40, reasons: [], ended_by: 'settled' },
    opened_tabs: [{ tabId: 5, url: 'http://x/' }] });
  assert.match(text, /ready after 40 ms \(settled\)/);
  assert.match(text, /opened tab 5: http:\/\/x\//);
});

test('the host resolves on the kept baseline while the page is checked; a failed check resolves on a capture', async () => {
  for (const stands of [true, false]) {
    const sent = [];
    let atCheck = null;
    const answer = (body, error) => ({ reply: { ok: true, result: {
      message: { ...body.message, options: { dialog: 'dismiss', wait: true, force: false, ready: {} } },
      target: null, to: null, error: { code: error, message: error, hint: '' } } } });
    const deps = {
      native: {
        request: async (type, body) => {
          sent.push({ type, baseline: body.baseline ?? null, capture: Boolean(body.capture), error: body.error?.code });
          if (type === 'act_resolve') return answer(body, body.baseline ? 'from_the_baseline' : 'from_a_capture');
          return { reply: { ok: true, result: { ok: false } } };
        },
      },
      debuggers: { acquire: async () => ({ release() {} }) },
      stabilize: async () => ({ stabilized: true, waited_ms: 0, reasons: [] }),
      capture: async () => ({ tab: { id: 1, url: 'http://127.0.0.1/', title: '' }, frames: [] }),
      actBaselines: {
        keptToken: () => 'T', keptContext: () => null, drop() {}, maySettleUnscheduled: () => false,
        check: async () => {
          await new Promise((r) => setTimeout(r, 5));
          atCheck = sent.length;
          return stands ? { token: 'T', url: 'u', loaderId: 'L' } : null;
        },
      },
    };
    const routes = createActRoutes({ deps, resolveTab: async () => 1, now: () => 0 });
    await routes.act({ raw: { type: 'act', action: 'click', target: 'Save' } });
    // the resolve on the baseline went out before the check answered
    assert.equal(atCheck, 1);
    assert.deepEqual(sent[0], { type: 'act_resolve', baseline: 'T', capture: false, error: undefined });
    const report = sent.find((m) => m.type === 'act_report');
    if (stands) {
      assert.equal(sent.filter((m) => m.type === 'act_resolve').length, 1);
      assert.equal(report.error, 'from_the_baseline');
    } else {
      assert.deepEqual(sent[1], { type: 'act_resolve', baseline: null, capture: true, error: undefined });
      assert.equal(report.error, 'from_a_capture', 'the answer on a baseline that did not stand is not used');
    }
  }
});

test('focus and modals in one evaluate in a known world; the two reads when it fails', async () => {
  const { focusAndModals } = await import('../lib/act/readiness.js');
  const asked = [];
  const one = { send: async (method, params) => {
    asked.push(method);
    return { result: { deepSerializedValue: { type: 'array', value: [
      { type: 'node', value: { backendNodeId: 42, localName: 'input', nodeType: 1 } },
      { type: 'string', value: 'Labels' }] } } };
  } };
  assert.deepEqual(await focusAndModals(one, 5), { focus: { backendNodeId: 42, tag: 'input' }, modals: ['Labels'] });
  assert.deepEqual(asked, ['Runtime.evaluate']);
  const none = { send: async () => ({ result: { deepSerializedValue: { type: 'array', value: [{ type: 'null' }] } } }) };
  assert.deepEqual(await focusAndModals(none, 5), { focus: null, modals: [] });
  const gone = []; // the context is gone: the frame tree, a world, the reads
  const fallback = { send: async (method) => {
    gone.push(method);
    if (method === 'Runtime.evaluate' && gone.length === 1) throw new Error('Cannot find context with specified id');
    if (method === 'Page.getFrameTree') return { frameTree: { frame: { id: 'F' } } };
    if (method === 'Page.createIsolatedWorld') return { executionContextId: 9 };
    return { result: { value: [] } };
  } };
  assert.deepEqual(await focusAndModals(fallback, 5), { focus: null, modals: [] });
  assert.ok(gone.includes('Page.getFrameTree'));
});

test('an early capture whose walk went once readiness had ended stands without a check', async () => {
  // a wait with no settle check (the quiet window, long over) that ends before the early
  // capture's two frames: the walk goes once readiness ended
  const reading = { token: 'D1', count: 0, quiet: 60_000, load_state: 'complete', frames_unreadable: 0, submits: { seq: 0, last: [] } };
  // the page answers the settle check at once and never counts the early capture's frames
  globalThis.chrome = { tabs: { sendMessage: (tabId, message) => (message.frames ? new Promise(() => {})
    : Promise.resolve(message.settle ? { settled: true, why: [], span: 30, reading, by: 'nothing_scheduled' } : reading)) } };
  const sent = [];
  let checked = 0;
  let walkedAt = null;
  let walkAsked = null;
  const session = {
    tabId: 1, release() {}, onEvent: () => () => {},
    useNetwork: async () => async () => {}, usePage: async () => async () => {},
    send: async (method, params) => {
      if (String(params?.expression).includes('requestAnimationFrame')) await new Promise(() => {}); // frames never come
      return { frameTree: { frame: { id: 'F' } }, executionContextId: 1, result: { value: 'complete' } };
    },
  };
  let clock = 0;
  const deps = {
    native: {
      request: async (type, body) => {
        sent.push({ type, body });
        if (type === 'act_resolve') {
          return { reply: { ok: true, result: { message: { action: 'press', value: '', options: { dialog: 'dismiss', wait: true, force: false, ready: { settle: false } } },
            target: null, to: null, error: null } } };
        }
        return { reply: { ok: true, result: { ok: true } } };
      },
    },
    debuggers: { acquire: async () => session },
    stabilize: async () => ({ stabilized: true, waited_ms: 0, reasons: [] }),
    capture: async () => ({ tab: { id: 1, url: 'http://127.0.0.1/', title: '' }, frames: [], errors: [], timings: { walker_with_proof: 1 } }),
    walkWithProof: (_s, _t, _o, asked) => { walkedAt = clock; walkAsked = asked; return { reply: Promise.resolve({ proof: ['P', 1, 'ok', 3, 0], asked: true, out: {} }), contextId: null }; },
    actBaselines: {
      keptToken: () => null, keptContext: () => null, check: async () => null, drop() {},
      maySettleUnscheduled: () => true, mayCaptureEarly: () => true, wantsWitness: () => true,
      witnessOfWalk: async () => ({ proof: { id: 'P', seq: 1, status: 'ok' }, listeners: '' }),
      unchanged: async () => { checked += 1; return true; }, keep: () => 'token',
    },
  };
  const now = () => {
    clock += 1;
    return clock;
  };
  try {
    const routes = createActRoutes({ deps, resolveTab: async () => 1, now });
    const reply = await routes.act({ raw: { type: 'act', action: 'press', value: 'Enter' } });
    assert.equal(reply.ok, true);
    const report = sent.find((m) => m.type === 'act_report').body;
    assert.equal(report.timings.early_capture, 1);
    assert.equal(report.timings.early_walked_after_ready, 1);
    assert.equal(checked, 0, 'a walk after readiness is the capture after it: no check');
    assert.ok(walkedAt !== null);
    assert.equal(walkAsked?.listenersBehind, true, 'the witness and the ids share one listener read behind the walk');
    assert.equal(report.baseline, 'token');
  } finally {
    delete globalThis.chrome;
  }
});

/** An act's session over `send` (no network, page or frame events) and the deps of an act whose
 * host resolves the target to `0-7` and records each report in `reported`. */
function resolvedActRig(send, actBaselines) {
  const session = {
    tabId: 1,
    send,
    useNetwork: async () => () => {},
    usePage: async () => () => {},
    onEvent: () => () => {},
    childSessions: () => [],
    release() {},
  };
  const reported = [];
  const deps = {
    native: {
      request: async (type, body) => {
        if (type === 'act_resolve') {
          return { reply: { ok: true, result: { message: { ...body.message, options: { dialog: 'dismiss', wait: true, force: false, ready: {} } },
            target: { id: '0-7' }, to: null, error: null } } };
        }
        reported.push(body);
        return { reply: { ok: true, result: { ok: false } } };
      },
    },
    debuggers: { acquire: async () => session },
    stabilize: async () => ({ stabilized: true, waited_ms: 0, reasons: [] }),
    capture: async () => ({ tab: { id: 1, url: 'http://127.0.0.1/', title: '' }, frames: [] }),
    actBaselines,
  };
  return { deps, reported };
}

test('a fill asks its rule\'s main-world objects beside the target\'s lookup, and releases them when the lookup refuses', async () => {
  for (const fast of [true, false]) {
    const sent = [];
    const send = async (method, params) => {
      sent.push(method === 'Runtime.evaluate' ? `evaluate ${params.expression}` : method);
      if (method === 'Runtime.evaluate') return { result: { objectId: `obj-${params.expression}` } };
      if (method === 'Page.getFrameTree') return { frameTree: { frame: { id: 'F', loaderId: 'L', url: 'http://127.0.0.1/' } } };
      if (method === 'Page.createIsolatedWorld') return { executionContextId: 5 };
      if (method === 'DOM.resolveNode') throw new Error('No node with given id found');
      return {};
    };
    const { deps, reported } = resolvedActRig(send, { keptToken: () => null, keptContext: () => null, drop() {}, maySettleUnscheduled: () => false,
      check: async () => null, mayInsertText: () => fast, mayCaptureEarly: () => false });
    const routes = createActRoutes({ deps, resolveTab: async () => 1, now: () => 0 });
    await routes.act({ raw: { type: 'act', action: 'fill', target: 'Name', value: 'Ada' } });
    await new Promise((r) => setImmediate(r));
    assert.equal(reported[0].error.code, 'stale_element');
    const asked = sent.filter((m) => m === 'evaluate document' || m === 'evaluate window');
    const released = sent.filter((m) => m === 'Runtime.releaseObject');
    if (fast) {
      assert.deepEqual(asked, ['evaluate document', 'evaluate window']);
      assert.ok(sent.indexOf('evaluate document') < sent.indexOf('DOM.resolveNode'), 'asked beside the lookup');
      assert.equal(released.length, 2, 'released: the fill never ran');
    } else {
      assert.deepEqual(asked, [], 'an exact fill types key by key: nothing asked');
      assert.equal(released.length, 0);
    }
  }
});

test('an act says how long each host round trip waited on the port (resolve_*, report_* timings)', async () => {
  const times = (wait) => ({ sendMs: 0.4, replyTimes: { reply_wait_ms: wait, reply_frames_ms: 0, reply_parse_ms: 0.1 } });
  let reported = null;
  const deps = {
    native: {
      request: async (type, body) => {
        if (type === 'act_resolve') {
          return { ...times(19.5), reply: { ok: true, result: { message: { ...body.message, options: { dialog: 'dismiss', wait: true, force: false, ready: {} } },
            target: null, to: null, error: { code: 'not_found', message: 'no match', hint: '' } } } };
        }
        reported = body;
        return { ...times(60.2), reply: { ok: true, result: { ok: false, action: body.action } } };
      },
    },
    debuggers: { acquire: async () => ({ release() {} }) },
    stabilize: async () => ({ stabilized: true, waited_ms: 0, reasons: [] }),
    capture: async () => ({ tab: { id: 1, url: 'http://127.0.0.1/', title: '' }, frames: [] }),
  };
  const routes = createActRoutes({ deps, resolveTab: async () => 1, now: () => 0 });
  const reply = await routes.act({ raw: { type: 'act', action: 'click', target: 'Save' } });
  // the resolve's way rides in the act's own timings (the host's report carries them)
  assert.equal(reported.timings.resolve_wait_ms, 19.5);
  assert.equal(reported.timings.resolve_send_ms, 0.4);
  assert.equal(reported.timings.resolve_parse_ms, 0.1);
  // the report's own round trip is known only after it: the reply's timings
  assert.equal(reply.timings.report_wait_ms, 60.2);
  assert.equal(reply.timings.report_send_ms, 0.4);
});

test('the panel says what the change report says: off-screen, through a label, dialogs, messages, texts, forms (issue 32)', () => {
  const text = describeResult({ ok: true, action: 'check', offscreen: true, through: 'label',
    target: { index: 7, tag: 'input', label: 'Notify me' },
    changes: { navigated: false, value: null, dom: { changed: [7], added: [], removed: [], moved: [], lines: [] },
      dialogs_opened: [], modals_opened: ['Labels'], modals_closed: ['Compose'],
      messages: [{ kind: 'toast', text: 'Settings saved' }],
      texts: [{ was: '0 selected', now: '1 selected' }, { was: '', now: 'Saved' }],
      submitted: [{ form: 'search', prevented: true }] },
    readiness: { waited_ms: 30, reasons: [], ended_by: 'settled' } });
  for (const line of ['the target was out of view: scrolled into view first',
    'clicked through its label (the control itself is hidden or covered)', 'dialog opened: Labels',
    'dialog closed: Compose', 'toast: Settings saved', "text: '0 selected' → '1 selected'", "text shown: 'Saved'",
    "form submitted: search (the page's script took it over)"]) {
    assert.ok(text.split('\n').includes(line), `${line}\n${text}`);
  }
});

test('on a kept baseline the target is looked up beside the check, and looked up again when the check fails', async () => {
  for (const stands of [true, false]) {
    const sent = [];
    let lookedAtAnswer = null;
    const frames = [{ frameId: 'F', loaderId: 'L', url: 'http://127.0.0.1/' }];
    const facts = JSON.stringify({ tag: 'button', type: '', role: '', disabled: true, editable: false, readOnly: false,
      checked: null, options: null, selectedIndex: null, multiple: false, form: false, focused: false, point: null });
    const send = async (method) => {
      sent.push(method);
      if (method === 'Page.getFrameTree') return { frameTree: { frame: { id: 'F', loaderId: 'L', url: 'http://127.0.0.1/' } } };
      if (method === 'Page.createIsolatedWorld') return { executionContextId: 5 };
      if (method === 'DOM.resolveNode') return { object: { objectId: 'n7' } };
      if (method === 'Runtime.callFunctionOn') return { result: { value: { where: 'here', also: facts } } };
      return {};
    };
    const { deps, reported } = resolvedActRig(send, {
      keptToken: () => 'T', keptContext: () => null, drop() {}, maySettleUnscheduled: () => false, mayCaptureEarly: () => false,
      // the check reads the frames first, and answers once the lookup's page call went
      // (bounded for a build that looks up only after the check: it never goes then)
      check: async (s, tabId, options, asked, onFrames) => {
        onFrames?.(frames);
        for (let i = 0; i < 200 && !sent.includes('Runtime.callFunctionOn'); i++) await new Promise((r) => setTimeout(r, 1));
        lookedAtAnswer = sent.includes('Runtime.callFunctionOn');
        return stands ? { token: 'T', url: 'http://127.0.0.1/', loaderId: 'L', frames, topContext: null } : null;
      },
    });
    const routes = createActRoutes({ deps, resolveTab: async () => 1, now: () => 0 });
    await routes.act({ raw: { type: 'act', action: 'click', target: 'Save' } });
    assert.equal(lookedAtAnswer, true, 'the lookup went before the check answered');
    assert.equal(reported[0].error.code, 'not_actionable', 'the facts the lookup read decide');
    if (stands) {
      assert.equal(sent.filter((m) => m === 'DOM.resolveNode').length, 1, 'the lookup beside the check is the act\'s');
      assert.equal(reported[0].timings.lookup_beside_check, 1);
    } else {
      assert.equal(sent.filter((m) => m === 'DOM.resolveNode').length, 2, 'dropped: looked up again on the capture\'s resolve');
      assert.equal(reported[0].timings.lookup_beside_check, undefined);
    }
  }
});
