import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deflateSync } from 'node:zlib';

import { NativeClient } from '../lib/native/native.js';

/** A Port-like fake: records posted messages; the test plays the host. */
function fakePort() {
  const listeners = { message: [], disconnect: [] };
  return {
    posted: [],
    onMessage: { addListener: (f) => listeners.message.push(f) },
    onDisconnect: { addListener: (f) => listeners.disconnect.push(f) },
    postMessage(m) { this.posted.push(m); },
    disconnect() {},
    reply(m) { for (const f of listeners.message) f(m); },
    die() { for (const f of listeners.disconnect) f(); },
  };
}

function client(opts = {}) {
  const ports = [];
  let lastError;
  const c = new NativeClient({
    connect: () => { const p = fakePort(); ports.push(p); return p; },
    lastError: () => lastError,
    ...opts,
  });
  return { c, ports, setLastError: (e) => { lastError = e; } };
}

test('replies are matched to requests by id', async () => {
  const { c, ports } = client();
  const a = c.request('ping');
  const b = c.request('ping');
  const [ma, mb] = ports[0].posted;
  assert.equal(ports.length, 1, 'one port for both');
  assert.equal(ma.v, 1);
  ports[0].reply({ v: 1, id: mb.id, ok: true, type: 'result', result: { n: 'b' } });
  ports[0].reply({ v: 1, id: ma.id, ok: true, type: 'result', result: { n: 'a' } });
  assert.equal((await a).reply.result.n, 'a');
  const rb = await b;
  assert.equal(rb.reply.result.n, 'b');
  assert.equal(rb.replyChunks, 1);
  // the worker's part of the request's way (its JSON and postMessage), for timings.request_send_ms
  assert.equal(typeof rb.sendMs, 'number');
  assert.ok(rb.sendMs >= 0);
});

test('chunked replies are reassembled', async () => {
  const { c, ports } = client();
  const p = c.request('snapshot', { capture: {} });
  const id = ports[0].posted[0].id;
  const text = JSON.stringify({ v: 1, id, ok: true, type: 'result', result: { big: 'x'.repeat(1000) } });
  ports[0].reply({ v: 1, id, type: 'chunk', seq: 1, total: 2, data: text.slice(500) });
  ports[0].reply({ v: 1, id, type: 'chunk', seq: 0, total: 2, data: text.slice(0, 500) });
  const res = await p;
  assert.equal(res.reply.result.big.length, 1000);
  assert.equal(res.replyChunks, 2);
  assert.equal(res.replyBytes, Buffer.byteLength(text, 'utf8'));
});

test('a deflated chunk set is inflated, its result text and reply times kept', async () => {
  const { c, ports } = client();
  const p = c.request('snapshot', { capture: {} });
  const id = ports[0].posted[0].id;
  const text = JSON.stringify({ v: 1, id, ok: true, type: 'result', result: { big: 'é'.repeat(5000) } });
  const bytes = deflateSync(Buffer.from(text, 'utf8'));
  const half = Math.floor(bytes.length / 2);
  ports[0].reply({ v: 1, id, type: 'chunk', seq: 0, total: null, encoding: 'deflate', data: bytes.subarray(0, half).toString('base64') });
  ports[0].reply({ v: 1, id, type: 'chunk', seq: 1, total: 2, encoding: 'deflate', data: bytes.subarray(half).toString('base64') });
  const res = await p;
  assert.equal(res.reply.result.big.length, 5000);
  assert.equal(res.resultText, JSON.stringify(res.reply.result));
  assert.equal(res.replyBytes, Buffer.byteLength(text, 'utf8'));
  assert.equal(res.replyChunks, 2);
  assert.deepEqual(Object.keys(res.replyTimes), ['reply_wait_ms', 'reply_frames_ms', 'reply_parse_ms']);
});

test('a deflated set that does not inflate fails its request with bad_chunk', async () => {
  const { c, ports } = client();
  const p = c.request('snapshot');
  const id = ports[0].posted[0].id;
  ports[0].reply({ v: 1, id, type: 'chunk', seq: 0, total: 1, encoding: 'deflate', data: 'AAAA' });
  await assert.rejects(p, (e) => e.code === 'bad_chunk' && e.id === id);
  assert.equal(c.pending.size, 0);
});

test('a bad chunk fails its request with bad_chunk', async () => {
  const { c, ports } = client();
  const p = c.request('snapshot');
  const id = ports[0].posted[0].id;
  ports[0].reply({ v: 1, id, type: 'chunk', seq: 0, total: 2, data: '{' });
  ports[0].reply({ v: 1, id, type: 'chunk', seq: 0, total: 2, data: '{' });
  await assert.rejects(p, (e) => e.code === 'bad_chunk');
});

test('a dying port fails pending requests; the next request reconnects', async () => {
  const { c, ports, setLastError } = client();
  const p = c.request('ping');
  setLastError('Native host has exited.');
  ports[0].die();
  await assert.rejects(p, (e) => e.code === 'host_exited');
  assert.equal(c.connected, false);
  const q = c.request('ping');
  assert.equal(ports.length, 2);
  ports[1].reply({ v: 1, id: ports[1].posted[0].id, ok: true, type: 'result', result: {} });
  assert.equal((await q).reply.ok, true);
});

test('an unregistered host gives host_not_found with the install command', async () => {
  const { c, ports, setLastError } = client();
  const p = c.request('ping');
  setLastError('Specified native messaging host not found.');
  ports[0].die();
  await assert.rejects(p, (e) => e.code === 'host_not_found' && e.hint.includes('python3 scripts/install_host.py'));
});

// Chromium 156's words (the e2e test sees them), and an older Chromium's
for (const refusal of ['Message exceeded maximum allowed size of 64MiB.',
  'Message length exceeded maximum allowed length.']) {
  test(`a request Chromium finds too long is request_too_large, and its port serves on: ${refusal}`, async () => {
    const { c, ports } = client();
    // Chromium's postMessage: the message's JSON past its bound is refused, thrown, not sent
    const tooLong = (port, bound) => {
      const post = port.postMessage;
      port.postMessage = function postMessage(m) {
        if (JSON.stringify(m).length > bound) throw new Error(refusal);
        post.call(this, m);
      };
    };
    const first = c.request('ping');
    tooLong(ports[0], 200);
    ports[0].reply({ v: 1, id: ports[0].posted[0].id, ok: true, type: 'result', result: {} });
    await first;
    await assert.rejects(c.request('snapshot', { capture: { s: 'x'.repeat(300) } }),
      (e) => e.code === 'request_too_large' && !e.staleConnection);
    assert.equal(c.pending.size, 0);
    const next = c.request('ping');
    assert.equal(ports.length, 1, 'the same port');
    ports[0].reply({ v: 1, id: ports[0].posted.at(-1).id, ok: true, type: 'result', result: {} });
    await next;
  });
}

test('a request without an answer times out', async () => {
  const { c } = client();
  await assert.rejects(c.request('ping', {}, { timeoutMs: 20 }), (e) => e.code === 'host_timeout');
  assert.equal(c.pending.size, 0);
});

test('a request on a port whose host died while idle is retried once on a new host', async () => {
  const { c, ports, setLastError } = client();
  const first = c.request('ping');
  ports[0].reply({ v: 1, id: ports[0].posted[0].id, ok: true, type: 'result', result: {} });
  await first;
  const second = c.request('ping'); // sent on the old port, whose host is already gone
  setLastError('Native host has exited.');
  ports[0].die();
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(ports.length, 2, 'reconnected');
  assert.equal(ports[1].posted[0].type, 'ping');
  ports[1].reply({ v: 1, id: ports[1].posted[0].id, ok: true, type: 'result', result: { again: true } });
  assert.equal((await second).reply.result.again, true);
});

test('a host that dies on a fresh port is not retried', async () => {
  const { c, ports, setLastError } = client();
  const p = c.request('ping');
  setLastError('Native host has exited.');
  ports[0].die();
  await assert.rejects(p, (e) => e.code === 'host_exited');
  assert.equal(ports.length, 1);
});

test('a control request from the host is answered with a control_reply on the same port', async () => {
  const statuses = [];
  const { c, ports } = client({
    onRequest: async (msg) => ({ ok: true, echo: msg.op }),
    onStatus: (msg) => statuses.push(msg.linked),
  });
  c.ensurePort();
  ports[0].reply({ v: 1, id: 'link-1', type: 'control_status', linked: true });
  ports[0].reply({ v: 1, id: 'c1', type: 'control', op: 'tabs', params: {}, client: {} });
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(statuses, [true]);
  assert.deepEqual(ports[0].posted, [{ v: 1, id: 'c1', type: 'control_reply', reply: { ok: true, echo: 'tabs' } }]);
});

test('a control reply too large for native messaging becomes request_too_large', async () => {
  const { c, ports } = client({ maxRequestBytes: 100, onRequest: async () => ({ ok: true, big: 'x'.repeat(200) }) });
  c.ensurePort();
  ports[0].reply({ v: 1, id: 'c2', type: 'control', op: 'snapshot' });
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(ports[0].posted[0].reply.error.code, 'request_too_large');
});

test('post sends a message that waits for no reply, and replaces a dead idle port once', () => {
  const { c, ports } = client();
  c.post('capture_part', { stream: 's', seq: 0, frameId: 'F', nodes: [] });
  assert.equal(ports[0].posted[0].type, 'capture_part');
  assert.equal(ports[0].posted[0].v, 1);
  assert.equal(c.pending.size, 0, 'no reply awaited');
  ports[0].postMessage = () => { throw new Error('Attempting to use a disconnected port object'); };
  c.post('capture_part', { stream: 's', seq: 1, frameId: 'F', nodes: [] });
  assert.equal(ports.length, 2, 'a fresh port took the part');
  assert.equal(ports[1].posted[0].seq, 1);
  const broken = new NativeClient({
    connect: () => ({ ...fakePort(), postMessage() { throw new Error('Native host has exited.'); } }),
    lastError: () => undefined,
  });
  assert.throws(() => broken.post('capture_part', {}), (e) => e.code === 'host_exited');
});

test('an error answered after part of a streamed reply fails the request and drops the set', async () => {
  // the host found a number JSON cannot carry after its first frames (native/reply_stream.py)
  const { c, ports } = client();
  const p = c.request('snapshot', { capture: {} });
  const id = ports[0].posted[0].id;
  ports[0].reply({ v: 1, id, type: 'chunk', seq: 0, total: null, data: '{"v":1,"id":' });
  ports[0].reply({ v: 1, id, ok: false, type: 'error', error: { code: 'invalid_message', message: 'NaN', hint: '' } });
  const res = await p;
  assert.equal(res.reply.ok, false);
  assert.equal(res.reply.error.code, 'invalid_message');
  assert.equal(c.assembler.pendingCount, 0);
});

test('a streamed reply (total on its last frame only) resolves once the last frame came', async () => {
  const { c, ports } = client();
  const p = c.request('snapshot', { capture: {} });
  const id = ports[0].posted[0].id;
  const text = JSON.stringify({ v: 1, id, ok: true, type: 'result', result: { big: 'y'.repeat(900) } });
  ports[0].reply({ v: 1, id, type: 'chunk', seq: 0, total: null, data: text.slice(0, 300) });
  ports[0].reply({ v: 1, id, type: 'chunk', seq: 1, total: null, data: text.slice(300, 600) });
  ports[0].reply({ v: 1, id, type: 'chunk', seq: 2, total: 3, data: text.slice(600) });
  const res = await p;
  assert.equal(res.reply.result.big.length, 900);
  assert.equal(res.replyChunks, 3);
  assert.equal(res.resultText, JSON.stringify({ big: 'y'.repeat(900) }));
});

test('a request goes as the message itself, whatever its size: Chromium writes its JSON once', async () => {
  const { c, ports } = client();
  const body = { options: { format: 'snapshot' }, capture: { walker: { text: `${'x'.repeat(300_000)}😀é` } } };
  const pending = c.request('snapshot', body);
  assert.equal(ports[0].posted.length, 1);
  const sent = ports[0].posted[0];
  assert.equal(sent.type, 'snapshot');
  assert.deepEqual([sent.options, sent.capture], [body.options, body.capture], 'the very objects, not a text of them');
  ports[0].reply({ v: 1, id: sent.id, ok: true, type: 'result', result: { stats: { request_bytes: 300_100 } } });
  const res = await pending;
  assert.equal(res.requestBytes, null, 'counted by the host, which read the frame');
  assert.equal(typeof res.sendMs, 'number');
});
