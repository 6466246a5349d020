import assert from 'node:assert/strict';
import { test } from 'node:test';

import { changeRow, deltaView } from '../panel/delta.js';
import { domLines, stepIndex } from '../panel/domtext.js';
import { cleanMessage, humanError } from '../panel/errors.js';
import { describeRun, pushRun, storeHistory } from '../panel/history.js';
import { preview, searchJson } from '../panel/jsontree.js';
import { archiveName, docText, jsonDocs, outputsOf, snapshotText } from '../panel/outputs.js';
import { applyEvent, headline, stageRows, startProgress } from '../panel/progress.js';
import { markBoxes, nextZoom } from '../panel/som.js';
import { INSTALL_COMMAND } from '../lib/native/native.js';

test('JSON search finds keys and values, in document order, and says how many', () => {
  const value = { tab: { url: 'http://a/login', title: 'Login' }, nodes: [{ role: 'button', name: 'Log in' }, { role: 'link' }] };
  assert.deepEqual(searchJson(value, 'LOG').paths, [['tab', 'url'], ['tab', 'title'], ['nodes', 0, 'name']]);
  assert.deepEqual(searchJson(value, 'role').paths, [['nodes', 0, 'role'], ['nodes', 1, 'role']]);
  const capped = searchJson(value, 'o', 2);
  assert.equal(capped.paths.length, 2);
  assert.ok(capped.total > 2);
  assert.deepEqual(searchJson(value, '  '), { paths: [], total: 0 });
  assert.deepEqual(searchJson({ a: null, b: 12 }, '12').paths, [['b']]);
});

test('a closed array previews as one line of JSON: a SnapshotV1 node row reads at a glance', () => {
  const row = [4, '0-3616', 'button', 'Open Card 0', [67, 235, 92, 21]];
  assert.equal(preview(row), '[4,"0-3616","button","Open Card 0",[67,235,92,21]]');
  assert.equal(preview({ role: 'button' }), '');
  const long = preview([0, 'x'.repeat(300)]);
  assert.ok(long.endsWith('…') && long.length === 121);
});

test('SnapshotV1 as text: one node row a line, the same JSON, "$&" in a name kept', () => {
  const snapshot = { snapshot_version: '3', title: '"ax_tree": {}', ax_tree: { columns: ['depth', 'id', 'role', 'name', 'bbox', 'props'],
    nodes: [[0, '0-1', 'RootWebArea', 'Pay $& go', null, { focused: true }], [1, '0-2', 'button', 'OK', [1, 2, 3, 4]]] }, frames: [] };
  const text = snapshotText(snapshot);
  assert.deepEqual(JSON.parse(text), snapshot);
  const lines = text.split('\n');
  assert.ok(lines.includes('      [0,"0-1","RootWebArea","Pay $& go",null,{"focused":true}],'));
  assert.ok(lines.includes('      [1,"0-2","button","OK",[1,2,3,4]]'));
  assert.ok(lines.includes('    "columns": ["depth","id","role","name","bbox","props"],'));
  assert.equal(docText({ key: 'snapshot', value: snapshot }), text);
  assert.equal(docText({ key: 'dom', value: { a: 1 } }), '{\n  "a": 1\n}\n');
  const empty = { ax_tree: { columns: [], nodes: [] } };
  assert.deepEqual(JSON.parse(snapshotText(empty)), empty);
});

test('SnapshotV1 node objects as text: one node a line, root_id on its own', () => {
  const snapshot = { snapshot_version: 1, trace_id: 'tr_1', ax_tree: { root_id: '0-1',
    nodes: [{ id: '0-1', role: 'RootWebArea', name: 'Pay', children: ['0-2'] },
      { id: '0-2', role: 'checkbox', name: 'Remember me', state: { checked: true }, bbox: [1, 2, 3, 4] }] }, frames: [] };
  const text = snapshotText(snapshot);
  assert.deepEqual(JSON.parse(text), snapshot);
  const lines = text.split('\n');
  assert.ok(lines.includes('    "root_id": "0-1",'));
  assert.ok(lines.includes('      {"id":"0-1","role":"RootWebArea","name":"Pay","children":["0-2"]},'));
  assert.ok(lines.includes('      {"id":"0-2","role":"checkbox","name":"Remember me","state":{"checked":true},"bbox":[1,2,3,4]}'));
});

test('DOM text lines know their element index', () => {
  const lines = domLines('[Viewport: 1280x757]\n\nInteractive Elements:\n[5] <button> "Sign in"\n  [12] <a> "x"');
  assert.deepEqual(lines.map((l) => l.index), [null, null, null, 5, 12]);
});

test('arrow keys walk the element lines of the DOM text', () => {
  const indices = [5, 12, 13];
  assert.equal(stepIndex(indices, null, 'ArrowDown'), 5);
  assert.equal(stepIndex(indices, 5, 'ArrowDown'), 12);
  assert.equal(stepIndex(indices, 13, 'ArrowDown'), 13);
  assert.equal(stepIndex(indices, null, 'ArrowUp'), 13);
  assert.equal(stepIndex(indices, 12, 'ArrowUp'), 5);
  assert.equal(stepIndex(indices, 12, 'Home'), 5);
  assert.equal(stepIndex(indices, 5, 'End'), 13);
  assert.equal(stepIndex(indices, 5, 'a'), null);
  assert.equal(stepIndex([], null, 'ArrowDown'), null);
});

test('SoM boxes become percentages of the image; zoom steps stay in range', () => {
  const boxes = markBoxes({ width: 200, height: 100, marks: [{ index: 3, kind: 'button', colour: '#f00', box: [20, 10, 70, 30] }, { index: 4 }] });
  assert.deepEqual(boxes, [{ index: 3, kind: 'button', colour: '#f00', left: 10, top: 10, width: 25, height: 20 }]);
  assert.deepEqual(markBoxes({ width: 0, height: 0, marks: [] }), []);
  assert.equal(nextZoom(1, 1), 1.5);
  assert.equal(nextZoom(1, -1), 0.75);
  assert.equal(nextZoom(4, 1), 4);
  assert.equal(nextZoom(0.5, -1), 0.5);
});

test('errors read as people talk, with the install command when the host is missing', () => {
  const missing = humanError({ code: 'host_not_found', message: 'The axsnap native host is not registered with this browser.', hint: 'x' });
  assert.equal(missing.command, INSTALL_COMMAND);
  assert.equal(INSTALL_COMMAND, 'axsnap install-host');
  assert.match(missing.title, /not installed/);
  const restricted = humanError({ code: 'restricted_page', message: 'Chrome internal pages (chrome://) cannot be captured.' });
  assert.match(restricted.title, /cannot be captured/);
  assert.equal(restricted.command, undefined);
  for (const code of ['debugger_busy', 'page_navigated', 'tab_not_found', 'host_exited', 'worker_stopped']) {
    const h = humanError({ code, message: 'm' });
    assert.ok(h.title && h.hint, code);
  }
  const trace = humanError({ message: 'TypeError: x is undefined\n    at foo (chrome-extension://id/a.js:1:2)\n    at bar' });
  assert.equal(trace.code, 'internal_error');
  assert.equal(trace.message, 'TypeError: x is undefined');
  assert.equal(cleanMessage('\n  at a\nreal'), 'real');
  assert.equal(humanError({ code: 'not_allowed', message: 'no', hint: 'add it' }).hint, 'add it');
});

test('progress: the running stage and the time of each finished one', () => {
  const p = startProgress([{ part: 'snapshot', label: 'Accessibility snapshot' }, { part: 'dom', label: 'DOM text' }]);
  assert.equal(headline(p), 'Starting… — Accessibility snapshot (1 of 2)');
  applyEvent(p, 0, { stage: 'stabilize', state: 'start' });
  assert.equal(headline(p), 'Stabilizing… — Accessibility snapshot (1 of 2)');
  applyEvent(p, 0, { stage: 'stabilize', state: 'end', ms: 512.4 });
  applyEvent(p, 0, { stage: 'capture', state: 'start' });
  assert.deepEqual(stageRows(p), [{ part: 'Accessibility snapshot', running: true, text: 'Stabilizing 512 ms · Capturing…' }]);
  applyEvent(p, 1, { stage: 'nap', state: 'start' });
  assert.equal(stageRows(p).length, 1, 'unknown stages are ignored');
});

test('progress: a whole-page read says how many AX nodes have gone to the host', () => {
  const p = startProgress([{ part: 'snapshot', label: 'Accessibility snapshot' }]);
  applyEvent(p, 0, { stage: 'capture', state: 'start' });
  applyEvent(p, 0, { stage: 'capture', state: 'progress', parts: 1, nodes: 4000 });
  assert.equal(headline(p), 'Capturing… 4,000 AX nodes in 1 part to the host — Accessibility snapshot');
  applyEvent(p, 0, { stage: 'capture', state: 'progress', parts: 41, nodes: 162745 });
  assert.equal(stageRows(p)[0].text, 'Capturing… (162,745 AX nodes in 41 parts to the host)');
  applyEvent(p, 0, { stage: 'capture', state: 'end', ms: 30120 });
  applyEvent(p, 0, { stage: 'process', state: 'start' });
  assert.equal(stageRows(p)[0].text,
    'Capturing 30120 ms (162,745 AX nodes in 41 parts to the host) · Processing…');
});

const run = {
  id: 'r1', at: Date.UTC(2026, 0, 2, 3, 4, 5), tabId: 3, url: 'http://127.0.0.1:8000/login.html', title: 'Login',
  options: { compression: 'delta' }, unredacted: false,
  parts: {
    snapshot: { ok: true, result: { format: 'snapshot', snapshot: { snapshot_version: '1' } }, timings: { total_ms: 5 } },
    dom: { ok: true, result: { format: 'som', domtext: '[1] <a>', elements: [{ index: 1 }],
      vision: { ok: true, format: 'png', image: 'iVBORw==', legend: { marks: [] } } } },
    outline: { ok: true, result: { format: 'outline', snapshot_id: 'ax-2-abc', hash: 'sha256:x', timings: {},
      delta: { applied: true, base_snapshot_id: 'ax-1-def', changed_fraction: 0.25, counts: { added: 1, removed: 1, changed: 1 },
        changes: [
          { op: 'added', id: '0-5', line: '[0-5] button: Go', context: ['main', 'form: Sign in'], lines: 2, below: ['[0-6] StaticText: Go'] },
          { op: 'removed', id: '0-4', line: '[0-4] link: Old', context: [], lines: 3 },
          { op: 'changed', id: '0-7', line: '[0-7] checkbox: Remember [checked]', context: ['main'], was: '[0-7] checkbox: Remember', fields: {} },
        ], edits: [], text: '+ ...' } } },
  },
};

test('every output gets a file; the image is bytes; unredacted names say so', () => {
  const outs = outputsOf({ ...run, outlineFull: { format: 'outline', combinedTree: '[0-1] RootWebArea', combinedXpathMap: {} } });
  assert.deepEqual(outs.map((o) => o.name), ['snapshot.json', 'dom.txt', 'elements.json', 'som.png', 'som_legend.json',
    'outline.txt', 'outline.json', 'delta.json', 'run.json']);
  const png = outs.find((o) => o.key === 'som');
  assert.ok(png.data instanceof Uint8Array);
  assert.deepEqual([...png.data], [0x89, 0x50, 0x4e, 0x47]);
  assert.ok(!outs.find((o) => o.key === 'outline_maps').data.includes('combinedTree'));
  assert.ok(!outputsOf(run).some((o) => o.key === 'outline'), 'a delta reply alone has no outline text');
  const loose = outputsOf({ ...run, unredacted: true });
  assert.ok(loose.every((o) => o.name.startsWith('UNREDACTED-')));
  assert.match(archiveName(run), /^axsnap-127\.0\.0\.1-\d{8}-\d{6}\.zip$/);
  assert.match(archiveName({ ...run, url: 'about:blank', unredacted: true }), /^axsnap-page-.*-UNREDACTED\.zip$/);
  const docs = jsonDocs(run);
  assert.deepEqual(docs.map((d) => d.key), ['snapshot', 'dom', 'outline']);
  assert.match(docs[1].value.vision.image, /^<8 base64 characters/);
});

test('the delta view shows what the reply holds, or says why there is none', () => {
  const view = deltaView(run.parts.outline, run.options);
  assert.equal(view.state, 'delta');
  assert.deepEqual(view.counts, { added: 1, removed: 1, changed: 1 });
  assert.deepEqual(view.rows[0].below, ['[0-6] StaticText: Go']);
  assert.deepEqual(view.rows.map((r) => r.text), ['[0-5] button: Go', '[0-4] link: Old (and 2 lines below)',
    '[0-7] checkbox: Remember [checked] (was: [0-7] checkbox: Remember)']);
  assert.equal(view.rows[0].context, 'in: main > form: Sign in');
  assert.equal(view.rows[1].context, '');
  assert.equal(view.note, '25% of the lines changed, since ax-1-def');
  assert.equal(deltaView(undefined, {}).state, 'none');
  assert.match(deltaView({ result: { combinedTree: '' } }, { compression: 'none' }).message, /turn on "Delta"/);
  const first = deltaView({ result: { delta: { applied: false, reason: 'no_base' } } }, { compression: 'delta' });
  assert.equal(first.state, 'none');
  assert.match(first.message, /full outline because this is the first outline/);
  const big = deltaView({ result: { delta: { applied: false, reason: 'large_change', changed_fraction: 0.8, delta_max_change: 0.5 } } }, {});
  assert.match(big.message, /80% of the lines, over the 50% limit/);
  assert.equal(changeRow({ op: 'changed', line: 'x' }).text, 'x');
  const long = changeRow({ op: 'added', line: 'l', below: Array.from({ length: 25 }, (_, i) => `${i}`) });
  assert.equal(long.below.length, 21);
  assert.equal(long.below[20], '… 5 more lines');
});

test('history keeps the last ten, newest first, and gives up old runs when storage is full', async () => {
  let list = [];
  for (let i = 0; i < 12; i++) list = pushRun(list, { id: `r${i}`, at: i, parts: {} });
  assert.equal(list.length, 10);
  assert.equal(list[0].id, 'r11');
  assert.equal(pushRun(list, { id: 'r11', at: 99, parts: {} }).filter((r) => r.id === 'r11').length, 1);
  const sizes = [];
  const kept = await storeHistory(list, async (l) => {
    sizes.push(l.length);
    if (l.length > 7) throw new Error('QUOTA_BYTES quota exceeded');
  });
  assert.equal(kept.length, 7);
  assert.deepEqual(sizes, [10, 9, 8, 7]);
  assert.match(describeRun({ ...run, unredacted: true }), /Login — snapshot, dom, outline — UNREDACTED/);
});

test('the Page view lists type and score, intents, hidden instructions, regions and content', async () => {
  const { pageLines } = await import('../panel/page.js');
  const semantic = {
    page: { type: 'login', scores: { login: 0.87 }, summary: 'A login page.', intents: [{ intent: 'log_in', controls: ['input_email', 'btn_sign_in'] }],
      regions: [{ id: 'form', kind: 'form', source: 'landmark', label: '', bounds: [0, 0, 10, 10], elements: ['btn_sign_in'] }] },
    elements: [{ id: 'btn_sign_in', type: 'button', label: 'Sign in' }],
    content: [{ text: 'Sign in to your account', tag: 'h1', attention: 0.88 }],
    suspicious: [{ reasons: ['opacity_0'], region: 'main' }],
  };
  assert.deepEqual(pageLines(semantic), [
    ['type', 'login · score 0.87'], ['summary', 'A login page.'], ['intent', 'log_in: input_email, btn_sign_in'],
    ['suspicious', 'hidden instruction (opacity_0) in main, left out'], ['region', 'form (landmark)'],
    ['element', 'btn_sign_in — button "Sign in"'], ['content', '0.88 h1: Sign in to your account'],
  ]);
  assert.deepEqual(pageLines(undefined), []);
  const run = { at: 0, options: {}, parts: { page: { ok: true, result: { format: 'semantic', semantic } } } };
  assert.ok(outputsOf(run).some((o) => o.key === 'semantic' && o.name === 'semantic.json'));
  assert.deepEqual(jsonDocs(run).map((d) => d.key), ['page']);
});
