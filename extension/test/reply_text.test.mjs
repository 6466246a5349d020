import assert from 'node:assert/strict';
import { test } from 'node:test';

import { RESULT_TEXT, replyJson, resultTextOf, withResultText } from '../lib/common/reply_text.js';
import { NativeClient } from '../lib/native/native.js';

// A result as the host's encoder writes it (json.dumps, ensure_ascii=False, compact): floats
// with ".0", non-ASCII characters unescaped, keys in the host's order.
const RESULT = '{"text":"héllo ✓ \\"q\\"\\n","x":5.0,"y":-0.5,"elements":[{"id":"0-1","box":[1.0,2.5,3,4]}],"n":null}';
const HOST_TEXT = `{"v":1,"id":"x1-2","ok":true,"type":"result","result":${RESULT}}`;

test('the result text is cut exactly out of the host reply text', () => {
  const message = JSON.parse(HOST_TEXT);
  assert.equal(resultTextOf(message, HOST_TEXT), RESULT);
  assert.deepEqual(JSON.parse(resultTextOf(message, HOST_TEXT)), message.result);
});

test('no result text when the reply is not the host shape', () => {
  const message = JSON.parse(HOST_TEXT);
  assert.equal(resultTextOf(message, HOST_TEXT.replace('"v":1', '"v": 1')), null);
  assert.equal(resultTextOf({ ...message, id: 'other' }, HOST_TEXT), null);
  const failed = { v: 1, id: 'x1-2', ok: false, error: { code: 'x' } };
  assert.equal(resultTextOf(failed, JSON.stringify(failed)), null);
  assert.equal(resultTextOf(message, undefined), null);
});

test('replyJson puts the result text in place: the same value as JSON.stringify', () => {
  const message = JSON.parse(HOST_TEXT);
  const reply = withResultText({ ok: true, result: message.result, timings: { host_ms: 3 }, sizes: undefined },
    resultTextOf(message, HOST_TEXT));
  const text = replyJson(reply);
  assert.ok(text.includes(RESULT), 'the host text itself, not a re-encoding');
  assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(reply)));
  assert.deepEqual(Object.keys(JSON.parse(text)), ['ok', 'result', 'timings']);
  assert.equal(JSON.stringify(reply).includes('axsnap'), false, 'the symbol is not in JSON');
});

test('replyJson without a text is JSON.stringify', () => {
  const reply = { ok: false, error: { code: 'x', message: 'm', hint: '' } };
  assert.equal(replyJson(reply), JSON.stringify(reply));
  assert.equal(replyJson(withResultText({ ok: true, result: { a: 1 } }, null)), '{"ok":true,"result":{"a":1}}');
});

test('a chunked reply resolves with its result text; a whole one with none', async () => {
  const posted = [];
  const listeners = [];
  const port = {
    onMessage: { addListener: (f) => listeners.push(f) },
    onDisconnect: { addListener: () => {} },
    postMessage: (m) => posted.push(m),
  };
  const client = new NativeClient({ connect: () => port });
  const chunked = client.request('snapshot', {});
  const id = posted[0].id;
  const text = HOST_TEXT.replace('"x1-2"', JSON.stringify(id));
  const half = Math.floor(text.length / 2);
  for (const [seq, data] of [text.slice(0, half), text.slice(half)].entries()) {
    for (const f of listeners) f({ v: 1, id, type: 'chunk', seq, total: 2, data });
  }
  const got = await chunked;
  assert.equal(got.resultText, RESULT);
  const whole = client.request('ping', {});
  for (const f of listeners) f({ v: 1, id: posted[1].id, ok: true, type: 'result', result: { pong: 1 } });
  assert.equal((await whole).resultText, null);
  assert.equal(RESULT_TEXT.description, 'axsnap.resultText');
});
