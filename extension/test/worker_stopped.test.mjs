import assert from 'node:assert/strict';
import { test } from 'node:test';

import { humanError } from '../panel/errors.js';
import { WORKER_GONE, workerStopped } from '../lib/session/worker_stopped.js';

test("chrome.runtime's closed-channel errors are recognised", () => {
  for (const text of [
    'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received',
    'The message port closed before a response was received.',
    'Could not establish connection. Receiving end does not exist.',
  ]) assert.match(text, WORKER_GONE);
  assert.doesNotMatch('No tab with id: 4.', WORKER_GONE);
});

test('one structured error for a worker that stopped, with words in the panel', () => {
  const reply = workerStopped('message channel closed');
  assert.equal(reply.ok, false);
  assert.equal(reply.error.code, 'worker_stopped');
  assert.match(reply.error.message, /service worker stopped before it answered \(message channel closed\)/);
  assert.match(reply.error.hint, /^Retry/);
  const shown = humanError(reply.error);
  assert.equal(shown.title, 'axsnap stopped before it answered');
  assert.match(shown.hint, /Try again/);
});

test('the panel hears worker_stopped when the port closes without a reply', async () => {
  const listeners = { message: [], disconnect: [] };
  globalThis.chrome = {
    runtime: {
      lastError: undefined,
      connect: () => ({
        onMessage: { addListener: (l) => listeners.message.push(l) },
        onDisconnect: { addListener: (l) => listeners.disconnect.push(l) },
        postMessage: () => { queueMicrotask(() => listeners.disconnect.forEach((l) => l())); },
        disconnect: () => {},
      }),
    },
  };
  try {
    const { request } = await import('../panel/client.js');
    const reply = await request({ type: 'snapshot' });
    assert.equal(reply.error.code, 'worker_stopped');
  } finally {
    delete globalThis.chrome;
  }
});
