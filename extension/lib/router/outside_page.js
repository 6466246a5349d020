// What an outside agent may ask of a page besides reading and acting (control.js): wait for
// text or an element to appear or go, and (only when the person allowed it) evaluate an
// expression. Both over the tab's debugger session, read-only, each with a deadline.

import { AxError } from '../common/errors.js';

const POLL_MS = 100;
const RESULT_CHARS = 20_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The page-side check for `spec` ({text} or {selector}): true, false or 'bad selector'. */
export function waitExpression(spec) {
  if (typeof spec.text === 'string') {
    return `(() => { const t = ${JSON.stringify(spec.text)}; `
      + 'return (document.body ? document.body.innerText : "").includes(t) || document.title.includes(t); })()';
  }
  return `(() => { let el; try { el = document.querySelector(${JSON.stringify(spec.selector)}); } `
    + 'catch { return "bad selector"; } if (!el) return false; const r = el.getBoundingClientRect(); '
    + 'const s = getComputedStyle(el); return (r.width > 0 || r.height > 0) && s.visibility !== "hidden" && s.display !== "none"; })()';
}

/**
 * Wait until the text or selector of `spec` is there (gone: no longer there), at most
 * `spec.timeout_ms`; {matched, waited_ms, polls}. `session.send(method, params)`.
 */
export async function waitFor(session, spec, { now = () => performance.now() } = {}) {
  const t0 = now();
  const expression = waitExpression(spec);
  const want = spec.gone !== true;
  let polls = 0;
  for (;;) {
    polls += 1;
    const reply = await session.send('Runtime.evaluate', { expression, returnByValue: true, timeout: 2000 });
    const value = reply?.result?.value;
    if (value === 'bad selector') throw new AxError('invalid_message', 'selector is not a valid CSS selector', 'send a CSS selector such as "#main .result"');
    const waited = Math.round(now() - t0);
    if ((value === true) === want) return { matched: true, waited_ms: waited, polls };
    if (waited >= spec.timeout_ms) return { matched: false, waited_ms: waited, polls };
    await sleep(Math.min(POLL_MS, Math.max(0, spec.timeout_ms - waited)));
  }
}

/** Evaluate `expression` in the page's main world (awaiting a promise): {value} as JSON-ready
 * data cut to 20k characters, or {exception} with the page's message. */
export async function evaluateInPage(session, expression, timeoutMs) {
  const reply = await session.send('Runtime.evaluate', {
    expression, returnByValue: true, awaitPromise: true, timeout: timeoutMs, userGesture: false,
  });
  if (reply?.exceptionDetails) {
    const text = reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text ?? 'exception';
    return { exception: String(text).slice(0, 2000) };
  }
  let text;
  try {
    text = JSON.stringify(reply?.result?.value ?? null);
  } catch {
    text = 'null';
  }
  text = text === undefined ? 'undefined' : text;
  return text.length > RESULT_CHARS ? { value: text.slice(0, RESULT_CHARS), truncated: true } : { value: text };
}

const LOG_LIMIT = 200;
const TEXT_CHARS = 500;

function argText(arg) {
  if (!arg) return '';
  if (arg.value !== undefined) return typeof arg.value === 'string' ? arg.value : JSON.stringify(arg.value);
  return String(arg.description ?? arg.unserializableValue ?? arg.type ?? '');
}

/**
 * The page's console messages and failed requests so far: what the browser keeps for a
 * client that attaches (Runtime.enable and Log.enable report their stored messages, up to
 * ~1000 each), read in one go and switched off again. The last `limit` of each (≤ 200), each
 * text cut to 500 characters: {console: [{level, text}], failed_requests: [{url, text}],
 * dropped}. The host scrubs secret-looking text and URLs before they leave.
 */
export async function pageLog(session, limit = 50) {
  const keep = Math.min(Math.max(1, limit), LOG_LIMIT);
  const logged = [];
  const failed = [];
  const off = session.onEvent((method, params, source) => {
    if (source?.sessionId) return; // the tab's own document only
    if (method === 'Runtime.consoleAPICalled') {
      logged.push({ level: String(params.type ?? 'log'), text: (params.args ?? []).map(argText).join(' ') });
    } else if (method === 'Runtime.exceptionThrown') {
      const details = params.exceptionDetails ?? {};
      logged.push({ level: 'error', text: String(details.exception?.description ?? details.text ?? 'exception') });
    } else if (method === 'Log.entryAdded') {
      const entry = params.entry ?? {};
      if (entry.source === 'network') failed.push({ url: String(entry.url ?? ''), text: String(entry.text ?? '') });
      else logged.push({ level: String(entry.level ?? 'info'), text: String(entry.text ?? '') });
    }
  });
  try {
    await session.send('Runtime.enable');
    await session.send('Log.enable');
  } finally {
    off();
    await session.send('Log.disable').catch(() => {});
    await session.send('Runtime.disable').catch(() => {});
  }
  const cut = (items) => items.slice(-keep).map((item) => ({ ...item, text: item.text.slice(0, TEXT_CHARS) }));
  return { console: cut(logged), failed_requests: cut(failed),
    dropped: Math.max(0, logged.length - keep) + Math.max(0, failed.length - keep) };
}
