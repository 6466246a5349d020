import assert from 'node:assert/strict';
import { test } from 'node:test';

import { mapDebuggerError } from '../lib/session/debugger.js';
import { toErrorInfo, AxError } from '../lib/common/errors.js';
import { mapNativeError, utf8Length, INSTALL_COMMAND } from '../lib/native/native.js';

test('native lastError texts map to structured codes', () => {
  const notFound = mapNativeError('Specified native messaging host not found.');
  assert.equal(notFound.code, 'host_not_found');
  assert.ok(notFound.hint.includes(INSTALL_COMMAND));
  assert.ok(notFound.hint.includes('axsnap install-host'));
  assert.equal(mapNativeError('Access to the specified native messaging host is forbidden.').code, 'host_forbidden');
  assert.equal(mapNativeError('Native host has exited.').code, 'host_exited');
  const other = mapNativeError('Error when communicating with the native messaging host.');
  assert.equal(other.code, 'host_exited');
  assert.match(other.message, /Error when communicating/);
  assert.equal(mapNativeError(undefined).code, 'host_exited');
});

test('debugger errors map to structured codes', () => {
  assert.equal(mapDebuggerError('Another debugger is already attached to the tab with id: 5.', 5).code, 'debugger_busy');
  // Chrome refuses only a second session of the same extension: the hint says so, and does
  // not send the person to close DevTools (which never blocks axsnap)
  const busy = mapDebuggerError('Another debugger is already attached to the tab with id: 5.', 5);
  assert.match(busy.message, /axsnap itself/);
  assert.match(busy.hint, /Reload axsnap/);
  assert.doesNotMatch(busy.hint, /Close DevTools/);
  assert.equal(mapDebuggerError('No tab with given id 77.', 77).code, 'tab_not_found');
  assert.equal(mapDebuggerError('Cannot access a chrome:// URL', 1).code, 'restricted_page');
  assert.equal(mapDebuggerError('Cannot attach to this target.', 1).code, 'restricted_page');
  assert.equal(mapDebuggerError('Something odd', 1).code, 'capture_failed');
});

test('toErrorInfo never leaks a stack', () => {
  const info = toErrorInfo(new TypeError('x is undefined'));
  assert.deepEqual(info, { code: 'internal_error', message: 'x is undefined', hint: '' });
  assert.deepEqual(toErrorInfo(new AxError('tab_not_found', 'gone', 'pick one')),
    { code: 'tab_not_found', message: 'gone', hint: 'pick one' });
  assert.equal(toErrorInfo('plain').message, 'plain');
});

test('utf8Length counts UTF-8 bytes', () => {
  for (const s of ['', 'abc', 'héllo', '✓✓', '😀 emoji', 'a\u0800b']) {
    assert.equal(utf8Length(s), Buffer.byteLength(s, 'utf8'), s);
  }
});

test('utf8Length counts a lone surrogate as the three bytes it is written as', () => {
  // a high surrogate before a character that is no low surrogate is U+FFFD, and that
  // character still counts (the old loop took the pair as one 4-byte character)
  for (const s of ['\ud800\u00e9', 'x\ud83d\u0800y', '\udc00', 'a\ud800', '\ud800\ud800\ude00',
    '\ud800a\udc00', '\ud83d \ude00 \ud83d\ude00', 'ascii only', 'é'.repeat(3) + 'a'.repeat(70) + '😀']) {
    assert.equal(utf8Length(s), new TextEncoder().encode(s).length, JSON.stringify(s));
    assert.equal(utf8Length(s), Buffer.byteLength(s, 'utf8'), JSON.stringify(s));
  }
});
