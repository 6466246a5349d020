// One long-lived native-messaging port to the host, requests multiplexed by id.

import { ChunkAssembler } from './chunks.js';
import { AxError, toErrorInfo } from '../common/errors.js';
import { utf8Length } from './utf8.js';
import { resultTextOf } from '../common/reply_text.js';

export { utf8Length };
export { replyJson } from '../common/reply_text.js'; // the worker's way to the Python client

export const HOST_NAME = 'com.axsnap.host';
export const PROTOCOL_VERSION = 1;
export const MAX_REQUEST_BYTES = 64 * 1024 * 1024;
// The command a pip/wheel install has; a checkout also has scripts/install_host.py.
export const INSTALL_COMMAND = 'axsnap install-host';
export const CHECKOUT_INSTALL_COMMAND = 'python3 scripts/install_host.py';
const INSTALL_HINT =
  `Register the native host: run \`${INSTALL_COMMAND}\` (in an axsnap checkout: ` +
  `\`${CHECKOUT_INSTALL_COMMAND}\`), then retry.`;

/** Map a chrome.runtime.lastError text of a native port to a structured error. */
export function mapNativeError(text) {
  const message = String(text || 'Native host has exited.');
  if (/native messaging host not found/i.test(message)) {
    return new AxError('host_not_found', 'The axsnap native host is not registered with this browser.', INSTALL_HINT);
  }
  if (/forbidden/i.test(message)) {
    return new AxError('host_forbidden', 'The native host manifest does not allow this extension.',
      'Re-run the installer (it writes allowed_origins with this extension\'s ID and the trailing "/"): ' +
      `\`${INSTALL_COMMAND}\`.`);
  }
  if (/invalid native messaging host name/i.test(message)) {
    return new AxError('host_not_found', `The native host name is invalid (${message}).`, INSTALL_HINT);
  }
  if (/has exited/i.test(message)) {
    return new AxError('host_exited', 'The axsnap native host exited.',
      'See the host log; run `axsnap doctor` to check the host.');
  }
  return new AxError('host_exited', `The native host connection failed: ${message}`,
    'See the host log; run `axsnap doctor` to check the host.');
}

const tenths = (ms) => Math.round(ms * 10) / 10;

/** Chromium's refusal of a message whose JSON is past its bound (64 MiB, MAX_REQUEST_BYTES),
 * thrown by postMessage before anything is sent: the port stays open. Chromium 156 says
 * "Message exceeded maximum allowed size of 64MiB." (tests/e2e/test_native_oversize_e2e.py),
 * other versions "Message length exceeded maximum allowed length.". */
export function tooLong(error) {
  return /exceeded maximum allowed (?:size|length)/i.test(String(error?.message ?? error ?? ''));
}

/**
 * The reply's way back as the worker saw it (ms): `reply_wait_ms` from the request sent to the
 * reply's first frame (the request's carriage, the host's work, its first piece encoded);
 * `reply_frames_ms` from the first frame to the last (the host encoding and writing the rest,
 * Chromium carrying each frame); `reply_parse_ms` the pieces joined and parsed in the worker.
 */
function replyTimes(entry) {
  if (entry.sentAt == null || entry.firstAt == null || entry.lastAt == null) return null;
  return {
    reply_wait_ms: tenths(entry.firstAt - entry.sentAt),
    reply_frames_ms: tenths(entry.lastAt - entry.firstAt),
    reply_parse_ms: tenths(entry.parseMs ?? 0),
  };
}

let idCounter = 0;
function nextId() {
  idCounter += 1;
  return `x${Date.now().toString(36)}-${idCounter}`;
}

/**
 * A native client. `connect(name)` returns a Port-like object (chrome.runtime.connectNative);
 * `lastError()` reads chrome.runtime.lastError's message inside onDisconnect.
 */
export class NativeClient {
  constructor({ connect, lastError, hostName = HOST_NAME, defaultTimeoutMs = 120_000,
    maxRequestBytes = MAX_REQUEST_BYTES, onRequest, onStatus,
    onClose } = {}) {
    this.connect = connect;
    // The host asks too (outside agents through axsnap serve): `onRequest(msg)` answers a
    // {type:"control"} message with {ok, ...}; `onStatus(msg)` hears {type:"control_status"}.
    this.onRequest = onRequest;
    this.onStatus = onStatus;
    this.onClose = onClose; // the port closed (the host exited or could not start)
    this.lastError = lastError ?? (() => undefined);
    this.hostName = hostName;
    this.defaultTimeoutMs = defaultTimeoutMs;
    this.maxRequestBytes = maxRequestBytes; // a control reply's bound (a request's is Chromium's)
    this.port = null;
    this.pending = new Map(); // id -> {resolve, reject, timer, chunks}
    this.assembler = new ChunkAssembler();
  }

  get connected() {
    return this.port !== null;
  }

  ensurePort() {
    if (this.port) return this.port;
    let port;
    try {
      port = this.connect(this.hostName);
    } catch (e) {
      throw mapNativeError(e?.message ?? String(e));
    }
    this.port = port;
    port.onMessage.addListener((msg) => this.onMessage(port, msg));
    port.onDisconnect.addListener(() => this.onDisconnect(port));
    return port;
  }

  onDisconnect(port) {
    const error = mapNativeError(this.lastError());
    if (this.port === port) this.port = null;
    try { this.onClose?.(error); } catch { /* a listener must not break the client */ }
    this.assembler = new ChunkAssembler();
    for (const [id, entry] of this.pending) {
      clearTimeout(entry.timer);
      this.pending.delete(id);
      const failed = new AxError(error.code, error.message, error.hint);
      failed.staleConnection = entry.reusedPort && entry.chunks === 0;
      entry.reject(failed);
    }
  }

  onMessage(port, msg) {
    if (!msg || typeof msg !== 'object') return;
    if (msg.type === 'control') {
      this.answer(port, msg);
      return;
    }
    if (msg.type === 'control_status') {
      try { this.onStatus?.(msg); } catch { /* a status listener must not break the port */ }
      return;
    }
    const entry = this.pending.get(msg.id);
    const arrived = performance.now();
    if (entry && entry.firstAt == null) entry.firstAt = arrived;
    if (msg.type === 'chunk') {
      let done;
      try {
        done = this.assembler.accept(msg);
      } catch (err) {
        const failed = this.pending.get(err.id);
        if (failed) this.settle(err.id).reject(err);
        return;
      }
      if (entry) entry.chunks += 1;
      if (!done) return;
      if (typeof done.then !== 'function') {
        this.assembled(done, arrived);
        return;
      }
      // a deflated set (chunks.js): its text is whole once the last piece is inflated
      done.then((whole) => this.assembled(whole, arrived), (err) => {
        if (this.pending.has(msg.id)) this.settle(msg.id).reject(err);
      });
      return;
    }
    if (!entry) return; // a reply for a request that timed out
    entry.replyBytes = utf8Length(JSON.stringify(msg));
    entry.chunks = 1;
    entry.lastAt = arrived;
    this.deliver(msg);
  }

  /** A chunk set made whole (chunks.js accept): its request answered. */
  assembled(done, lastAt) {
    const whole = this.pending.get(done.message.id);
    if (!whole) return;
    whole.replyBytes = done.bytes;
    whole.lastAt = lastAt;
    whole.parseMs = performance.now() - lastAt; // the pieces inflated, joined and parsed
    whole.resultText = resultTextOf(done.message, done.text);
    this.deliver(done.message);
  }

  /** Answer a request the host sent (a control message) with a control_reply. */
  async answer(port, msg) {
    let reply;
    try {
      reply = this.onRequest ? await this.onRequest(msg)
        : { ok: false, error: { code: 'not_allowed', message: 'Outside access is not available.', hint: '' } };
    } catch (err) {
      reply = { ok: false, error: toErrorInfo(err) };
    }
    let message = { v: PROTOCOL_VERSION, id: msg.id, type: 'control_reply', reply };
    const text = JSON.stringify(message);
    if (text.length > this.maxRequestBytes || utf8Length(text) > this.maxRequestBytes) {
      message = { v: PROTOCOL_VERSION, id: msg.id, type: 'control_reply', reply: { ok: false, error: {
        code: 'request_too_large', message: 'The reply is too large for native messaging.',
        hint: 'Ask for a smaller output (viewport only, compact, max_tokens).' } } };
    }
    try {
      port.postMessage(message);
    } catch {
      // the port closed meanwhile: serve's request fails when the link goes down
    }
  }

  settle(id) {
    const entry = this.pending.get(id);
    this.pending.delete(id);
    clearTimeout(entry.timer);
    this.assembler.drop(id);
    return entry;
  }

  deliver(msg) {
    const entry = this.settle(msg.id);
    entry.resolve({
      reply: msg,
      requestBytes: entry.requestBytes,
      replyBytes: entry.replyBytes,
      replyChunks: entry.chunks,
      resultText: entry.resultText ?? null, // a chunked reply's result as the host wrote it
      sendMs: entry.sendMs ?? null, // the request's JSON and postMessage in the worker
      replyTimes: replyTimes(entry),
    });
  }

  /**
   * Send `{v, id, type, ...body}` and resolve with {reply, requestBytes, replyBytes,
   * replyChunks, resultText} (resultText: the JSON text of a chunked reply's result, else null). Rejects with a structured AxError (request_too_large, host_*).
   */
  async request(type, body = {}, options = {}) {
    try {
      return await this.requestOnce(type, body, options);
    } catch (err) {
      // A host that died while idle (killed, crashed earlier) is only noticed when the next
      // request hits its closed pipe: retry that request once on a fresh host.
      if (!err?.staleConnection) throw err;
      return this.requestOnce(type, body, options);
    }
  }

  /**
   * Send `{v, id, type, ...body}` that gets no reply (a capture part). A port to a host
   * that died while idle is replaced once. Throws a structured AxError.
   */
  post(type, body = {}) {
    const message = { v: PROTOCOL_VERSION, id: nextId(), type, ...body };
    for (let attempt = 0; ; attempt++) {
      const reused = this.port !== null;
      const port = this.ensurePort();
      try {
        port.postMessage(message);
        return;
      } catch (e) {
        if (this.port === port) this.port = null;
        if (!reused || attempt > 0) throw mapNativeError(e?.message ?? String(e));
      }
    }
  }

  requestOnce(type, body = {}, { timeoutMs } = {}) {
    const id = nextId();
    const message = { v: PROTOCOL_VERSION, id, type, ...body };
    return new Promise((resolve, reject) => {
      let port;
      const reusedPort = this.port !== null;
      try {
        port = this.ensurePort();
      } catch (err) {
        reject(err);
        return;
      }
      const ms = timeoutMs ?? this.defaultTimeoutMs;
      const timer = setTimeout(() => {
        if (!this.pending.has(id)) return;
        this.settle(id);
        reject(new AxError('host_timeout', `The native host did not answer within ${ms} ms.`,
          'The page may be very large; raise the timeout or see the host log.'));
      }, ms);
      // requestBytes: the host counts the frame it read (stats.request_bytes; the router)
      const entry = { resolve, reject, timer, chunks: 0, requestBytes: null, reusedPort, sendMs: null };
      this.pending.set(id, entry);
      const t0 = performance.now();
      try {
        // The message as it is: Chromium writes its JSON once (JSON.stringify's very text)
        // and refuses one past its 64 MiB (tooLong). No JSON of ours before it, no UTF-8
        // count, no pieces whose strings Chromium escapes again (docs/design/127-*.md).
        port.postMessage(message);
        // the worker's part of the request's way: Chromium's JSON of it and its send
        entry.sentAt = performance.now();
        entry.sendMs = tenths(entry.sentAt - t0);
      } catch (e) {
        this.settle(id);
        if (tooLong(e)) {
          reject(new AxError('request_too_large',
            `The request is over the ${MAX_REQUEST_BYTES} bytes native messaging allows (${e.message}).`,
            'The page is too large for one native message; capture a smaller page.'));
          return;
        }
        if (this.port === port) this.port = null;
        const err = mapNativeError(e?.message ?? String(e));
        err.staleConnection = reusedPort; // "disconnected port": the host went away while idle
        reject(err);
      }
    });
  }

  disconnect() {
    if (this.port) {
      const port = this.port;
      this.port = null;
      try { port.disconnect(); } catch { /* already gone */ }
      this.onDisconnect(port);
    }
  }
}
