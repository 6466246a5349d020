import assert from 'node:assert/strict';
import { test } from 'node:test';

import { AxStream, partRanges, streamsAx, withoutFragments } from '../lib/ax/ax_stream.js';

const node = (i, name = `n${i}`) => ({
  nodeId: String(i), ignored: false, role: { type: 'role', value: 'generic' }, chromeRole: { type: 'internalRole', value: 1 },
  name: { type: 'computedString', value: name }, childIds: [], backendDOMNodeId: i,
});

test('a whole-page AX read streams; the window read and the DOM formats do not', () => {
  assert.equal(streamsAx({ format: 'snapshot', scope: 'page' }, false), true);
  assert.equal(streamsAx({ format: 'outline', focus: 'main' }, false), true);
  assert.equal(streamsAx({ format: 'snapshot' }, true), false);
  assert.equal(streamsAx({ format: 'domtext' }, false), false);
  assert.equal(streamsAx({ format: 'snapshot', scope: 'page', include_ax: false }, false), false);
});

test('parts hold at most partNodes nodes and about partBytes, never an empty part', () => {
  const nodes = Array.from({ length: 10 }, (_, i) => node(i));
  assert.deepEqual(partRanges(nodes, 4, 1e9), [[0, 4], [4, 8], [8, 10]]);
  const long = [node(0), node(1, 'x'.repeat(1000)), node(2), node(3)];
  assert.deepEqual(partRanges(long, 100, 1500), [[0, 1], [1, 2], [2, 4]]);
  assert.deepEqual(partRanges([node(0, 'y'.repeat(10_000))], 100, 10), [[0, 1]]);
  assert.deepEqual(partRanges([], 4), []);
});

test('a stream sends thinned parts in order, tells progress, and names itself in the capture', () => {
  const sent = [];
  const events = [];
  const stream = new AxStream((type, body) => sent.push({ type, ...body }),
    { onProgress: (e) => events.push(e), partNodes: 3 });
  stream.send('F0', Array.from({ length: 7 }, (_, i) => node(i)));
  stream.send('F1', [node(100)]);
  assert.deepEqual(sent.map((m) => [m.type, m.seq, m.frameId, m.nodes.length]),
    [['capture_part', 0, 'F0', 3], ['capture_part', 1, 'F0', 3], ['capture_part', 2, 'F0', 1],
      ['capture_part', 3, 'F1', 1]]);
  assert.ok(sent.every((m) => m.stream === stream.id));
  assert.equal(sent[0].nodes[0].chromeRole, undefined, 'parts are thinned');
  assert.deepEqual(stream.ref(), { id: stream.id, parts: 4, nodes: 8 });
  assert.deepEqual(events.at(-1), { stage: 'capture', state: 'progress', parts: 4, nodes: 8 });
  stream.drop();
  stream.drop();
  assert.deepEqual(sent.at(-1), { type: 'capture_drop', stream: stream.id });
  assert.equal(sent.filter((m) => m.type === 'capture_drop').length, 1);
  stream.send('F2', [node(5)]);
  assert.equal(sent.at(-1).type, 'capture_drop', 'nothing is sent after a drop');
});

test('a stream that sent nothing drops without a message; a failing post propagates', () => {
  const sent = [];
  new AxStream((type, body) => sent.push({ type, ...body })).drop();
  assert.deepEqual(sent, []);
  const broken = new AxStream(() => { throw new Error('host_not_found'); });
  assert.throws(() => broken.send('F', [node(1)]), /host_not_found/);
});

test('layout fragments (InlineTextBox) are left out, and out of their parents\' childIds', () => {
  const text = { ...node(1, 'Hello'), role: { type: 'role', value: 'StaticText' }, childIds: ['2', '3'] };
  const box = (i) => ({ ...node(i, 'Hello'), role: { type: 'internalRole', value: 'InlineTextBox' }, parentId: '1' });
  const input = [node(0), text, box(2), box(3), node(4)];
  const out = withoutFragments(input);
  assert.deepEqual(out.map((n) => n.nodeId), ['0', '1', '4']);
  assert.deepEqual(out[1].childIds, []);
  assert.deepEqual(input[1].childIds, ['2', '3'], 'the input is left as it was');
  const plain = [node(0), node(1)];
  assert.equal(withoutFragments(plain), plain);
  const sent = [];
  new AxStream((type, body) => sent.push(body)).send('F', input);
  assert.deepEqual(sent[0].nodes.map((n) => n.nodeId), ['0', '1', '4']);
});

test('a frame on a base goes as one delta part (changed nodes, every id in order); resend and accept', () => {
  const sent = [];
  const first = new AxStream((type, body) => sent.push(body), { partNodes: 2 });
  const nodes = Array.from({ length: 9 }, (_, i) => node(i));
  const kept = first.send('F', nodes);
  assert.equal(sent.length, 5, 'no base: whole, in parts');
  assert.equal(first.usedBase, false);
  const accepted = [];
  first.onAccepted.push((id) => accepted.push(id));
  first.accepted();
  assert.deepEqual(accepted, [first.id]);
  const base = { id: first.id, ...kept };

  // the cache replaced node 2 (a new object) and added node 9: those two go, with the order
  sent.length = 0;
  const second = new AxStream((type, body) => sent.push(body), { partNodes: 2 });
  const next = [nodes[0], nodes[1], node(2, 'changed'), nodes[3], node(9), ...nodes.slice(4)];
  const order = ['0', '1', '2', '3', '9', '4', '5', '6', '7', '8'];
  second.send('F', next, base);
  assert.equal(sent.length, 1);
  assert.equal(sent[0].base, first.id);
  assert.deepEqual(sent[0].order, order);
  assert.deepEqual(sent[0].nodes.map((n) => [n.nodeId, n.name.value]), [['2', 'changed'], ['9', 'n9']]);
  assert.deepEqual(second.ref(), { id: second.id, parts: 1, nodes: 10 });
  assert.equal(second.usedBase, true);

  // the host lost the base: the same nodes again, whole, under a new id
  const before = second.id;
  sent.length = 0;
  second.resendWhole();
  assert.notEqual(second.id, before);
  assert.equal(second.usedBase, false);
  assert.deepEqual(sent.flatMap((b) => b.nodes.map((n) => n.nodeId)), order);
  assert.ok(sent.every((b) => b.base === undefined && b.stream === second.id));
  assert.deepEqual(second.ref(), { id: second.id, parts: 5, nodes: 10 });

  // another frame's base, or most nodes changed: whole
  sent.length = 0;
  new AxStream((type, body) => sent.push(body)).send('G', next, base);
  assert.equal(sent[0].base, undefined);
  sent.length = 0;
  new AxStream((type, body) => sent.push(body)).send('F', next.map((n) => ({ ...n })), base);
  assert.equal(sent[0].base, undefined);
});

test('the end names the frames by the fields the host reads, once more after a resend', () => {
  const sent = [];
  const stream = new AxStream((type, body) => sent.push({ type, ...body }), { partNodes: 2 });
  stream.send('F', [node(0), node(1), node(2)]);
  const frames = [
    { frameId: 'F', parentFrameId: null, url: 'http://x/', name: '', loaderId: 'L', ownerBackendNodeId: null,
      axNodes: [], captured: true, error: null, sessionId: 's', ax_source: 'full' },
    { frameId: 'G', parentFrameId: 'F', url: 'http://x/g', name: 'g', ownerBackendNodeId: 7, axNodes: [],
      captured: false, error: 'gone' },
  ];
  stream.end(frames);
  const end = sent.at(-1);
  assert.equal(end.type, 'capture_ax_end');
  assert.deepEqual([end.stream, end.parts, end.nodes, end.early], [stream.id, 2, 3, true]);
  assert.deepEqual(end.frames, [
    { frameId: 'F', parentFrameId: null, url: 'http://x/', name: '', captured: true, error: null,
      ownerBackendNodeId: null },
    { frameId: 'G', parentFrameId: 'F', url: 'http://x/g', name: 'g', captured: false, error: 'gone',
      ownerBackendNodeId: 7 },
  ]);
  sent.length = 0;
  stream.resendWhole();
  assert.deepEqual(sent.map((m) => m.type), ['capture_part', 'capture_part', 'capture_ax_end']);
  assert.deepEqual([sent.at(-1).stream, sent.at(-1).parts, sent.at(-1).frames], [stream.id, 2, end.frames]);
  // an exact read's end says so (the host builds no tree for it), and again after a resend
  const exact = new AxStream((type, body) => sent.push({ type, ...body }));
  exact.send('F', [node(0)]);
  exact.end(frames, false);
  assert.equal(sent.at(-1).early, false);
  exact.resendWhole();
  assert.deepEqual([sent.at(-1).type, sent.at(-1).early], ['capture_ax_end', false]);
  stream.drop();
  sent.length = 0;
  stream.end(frames);
  assert.deepEqual(sent.map((m) => m.type), [], 'nothing after a drop');
  // a host gone away loses only the head start: the request reports it
  const broken = new AxStream(() => { throw new Error('host_not_found'); });
  broken.end(frames);
});
