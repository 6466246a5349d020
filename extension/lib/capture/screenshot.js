// Screenshot of the tab's viewport for the vision channel. The host draws the marks; this
// module only takes the picture: CDP Page.captureScreenshot over the debugger attachment the
// capture already holds, and chrome.tabs.captureVisibleTab as a fallback (limited by Chrome
// to about two calls a second, and it shoots whatever tab is active in the window).
// Option bounds and defaults are SnapshotOptions' (generated/contract.js); the router has
// refused out-of-range values already, the clamps keep direct callers safe.

import { OPTIONS } from '../generated/contract.js';

export const FORMATS = OPTIONS.screenshot_format.values;
export const DEFAULT_JPEG_QUALITY = OPTIONS.screenshot_quality.default;
// chrome.tabs.captureVisibleTab quota: MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND = 2.
export const VISIBLE_TAB_MIN_INTERVAL_MS = 520;

// Page.captureScreenshot of a background tab sometimes never answers on its own. Measured in
// headless Chromium 156: after a few captures, a hidden tab paints no frame until another
// capture request arrives, so each request is answered only when the next one is sent. So if
// the answer is late, a second request is sent to make the frame happen and whichever answer
// comes first is used (both are screenshots of the page as it is now); an overall deadline
// bounds the wait.
export const DEFAULT_TIMEOUT_MS = OPTIONS.screenshot_timeout_ms.default;
export const DEFAULT_NUDGE_MS = 250;

let lastVisibleTabCall = 0; // module state that is safe to lose on a worker restart

/** The image format to ask for: options.screenshot_format, "png" unless it says "jpeg"/"jpg". */
export function chooseFormat(options) {
  const wanted = String(options?.screenshot_format ?? 'png').trim().toLowerCase();
  return wanted === 'jpeg' || wanted === 'jpg' ? 'jpeg' : 'png';
}

/** JPEG quality from options.screenshot_quality (bounds and default: SnapshotOptions'). */
export function chooseQuality(options) {
  const rule = OPTIONS.screenshot_quality;
  const q = Number(options?.screenshot_quality);
  if (!Number.isFinite(q)) return rule.default;
  return Math.min(rule.max, Math.max(rule.min, Math.round(q)));
}

/** Overall deadline from options.screenshot_timeout_ms (bounds and default: SnapshotOptions'). */
export function chooseTimeout(options) {
  const rule = OPTIONS.screenshot_timeout_ms;
  const ms = Number(options?.screenshot_timeout_ms);
  if (!Number.isFinite(ms)) return DEFAULT_TIMEOUT_MS;
  return Math.min(rule.max, Math.max(rule.min, Math.round(ms)));
}

/** Delay before the nudge request, options.screenshot_nudge_ms (0–30000), default 250. */
export function chooseNudge(options) {
  const ms = Number(options?.screenshot_nudge_ms);
  if (!Number.isFinite(ms)) return DEFAULT_NUDGE_MS;
  return Math.min(30_000, Math.max(0, Math.round(ms)));
}

export class ScreenshotTimeout extends Error {}

/** `promise`, or a ScreenshotTimeout rejection after `ms`. */
export function withTimeout(promise, ms, what) {
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new ScreenshotTimeout(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

// Capture requests still unanswered, per tab. A hidden tab answers one only when the next
// request makes it paint, so that answer is a screenshot of the page as it is at the new
// request: the new capture can use it at once. Losing this map (worker restart) only costs
// one nudge.
const unanswered = new Map(); // tabId -> Set<Promise>

const MAX_UNANSWERED = 4; // a request that never settles is forgotten after a few more

function track(set, promise) {
  set.add(promise);
  promise.then(() => set.delete(promise), () => set.delete(promise));
  for (const old of set) {
    if (set.size <= MAX_UNANSWERED) break;
    set.delete(old);
  }
  return promise;
}

/**
 * First fulfilled of `promises` as {shot}; {error} as soon as `authority` rejects (the
 * fresh request failing is the answer, whatever older requests do); null after `ms`.
 */
async function firstAnswer(promises, authority, ms) {
  let timer;
  return Promise.race([
    Promise.any(promises).then((shot) => ({ shot }), (all) => ({ error: all.errors[0] })),
    authority.then(() => new Promise(() => {}), (error) => ({ error })),
    new Promise((resolve) => { timer = setTimeout(() => resolve(null), ms); }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Page.captureScreenshot that copes with hidden tabs: the new request races the tab's
 * unanswered ones (sent before it, so their answer is at least as fresh); if nothing came
 * after `nudgeMs`, a second request makes the tab paint; ScreenshotTimeout after `timeoutMs`.
 */
export async function captureWithNudge(send, params, nudgeMs, timeoutMs, pending = new Set()) {
  const earlier = [...pending];
  const first = track(pending, send('Page.captureScreenshot', params));
  const early = await firstAnswer([first, ...earlier], first, Math.min(nudgeMs, timeoutMs));
  if (early?.error) throw early.error;
  if (early) return { shot: early.shot, nudged: false };
  const second = track(pending, send('Page.captureScreenshot', params));
  const late = await firstAnswer([first, second, ...earlier], Promise.any([first, second]),
    Math.max(timeoutMs - nudgeMs, 1));
  if (late?.error) throw late.error;
  if (!late) throw new ScreenshotTimeout(`Page.captureScreenshot timed out after ${timeoutMs} ms`);
  return { shot: late.shot, nudged: true };
}

function unansweredFor(tabId) {
  if (!unanswered.has(tabId)) unanswered.set(tabId, new Set());
  return unanswered.get(tabId);
}

/** Parameters of Page.captureScreenshot: the viewport as painted, nothing beyond it. */
export function cdpParams(options) {
  const format = chooseFormat(options);
  const params = { format, captureBeyondViewport: false, fromSurface: true };
  if (format === 'jpeg') params.quality = chooseQuality(options);
  return params;
}

/**
 * Device pixel ratio from Page.getLayoutMetrics: layoutViewport is in device pixels,
 * cssLayoutViewport in CSS pixels. Falls back to `fallback` when the metrics are missing.
 */
export function ratioFromMetrics(metrics, fallback = 1) {
  const device = metrics?.layoutViewport?.clientHeight;
  const css = metrics?.cssLayoutViewport?.clientHeight;
  if (Number.isFinite(device) && Number.isFinite(css) && device > 0 && css > 0) {
    return Math.round((device / css) * 1000) / 1000;
  }
  const given = Number(fallback);
  return Number.isFinite(given) && given > 0 ? given : 1;
}

/**
 * Document position of the viewport's top-left in CSS px (cssVisualViewport.pageX/pageY):
 * element rects in document coordinates minus this are screenshot coordinates.
 */
export function scrollFromMetrics(metrics) {
  const vv = metrics?.cssVisualViewport ?? metrics?.cssLayoutViewport;
  const x = Number(vv?.pageX);
  const y = Number(vv?.pageY);
  return Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
}

function base64Bytes(base64, count) {
  const chars = Math.ceil(count / 3) * 4;
  const text = atob(base64.slice(0, chars));
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Pixel size of a base64 PNG (IHDR) or JPEG (first SOFn marker); null if unreadable. */
export function imageSize(base64, format) {
  if (typeof base64 !== 'string' || base64.length < 44) return null;
  try {
    if (format === 'png') {
      const b = base64Bytes(base64, 24);
      if (b[0] !== 0x89 || b[1] !== 0x50) return null;
      const view = new DataView(b.buffer);
      return { width: view.getUint32(16), height: view.getUint32(20) };
    }
    const b = base64Bytes(base64, Math.min(base64.length * 0.75, 1 << 20));
    if (b[0] !== 0xff || b[1] !== 0xd8) return null;
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1];
      const length = (b[i + 2] << 8) | b[i + 3];
      const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
      if (isFrame) return { height: (b[i + 5] << 8) | b[i + 6], width: (b[i + 7] << 8) | b[i + 8] };
      i += 2 + length;
    }
  } catch {
    return null;
  }
  return null;
}

/** Why captureVisibleTab cannot stand in for this tab, or null when it can. */
export function visibleTabFallbackRefusal(tab, windowInfo) {
  if (!tab) return 'the tab no longer exists';
  if (!tab.active) return 'the tab is in the background (not the active tab of its window)';
  if (windowInfo?.state === 'minimized') return 'the window is minimized';
  return null;
}

/** Strip "data:image/...;base64," from a data URL. */
export function dataUrlPayload(dataUrl) {
  const text = String(dataUrl ?? '');
  const comma = text.indexOf(',');
  return comma >= 0 ? text.slice(comma + 1) : text;
}

function result(format, data, dpr, scroll, started, now = () => performance.now()) {
  const size = imageSize(data, format);
  const width = size ? Math.round(size.width / dpr) : null;
  const height = size ? Math.round(size.height / dpr) : null;
  return {
    ok: true,
    format,
    data,
    width,
    height,
    image_width: size?.width ?? null,
    image_height: size?.height ?? null,
    device_pixel_ratio: dpr,
    scroll,
    ms: Math.round((now() - started) * 10) / 10,
  };
}

/**
 * Ratio and scroll read in the page (isolated world, read-only) when CDP gave none: the
 * captureVisibleTab fallback still needs them to place the boxes.
 */
async function pageMetricsViaScript(tabId) {
  if (!globalThis.chrome?.scripting?.executeScript) return null;
  try {
    const [first] = await chrome.scripting.executeScript({
      target: { tabId },
      func: () => ({ dpr: window.devicePixelRatio, x: window.scrollX, y: window.scrollY }),
    });
    return first?.result ?? null;
  } catch {
    return null;
  }
}

async function viaVisibleTab(tabId, options, format, reasonSoFar) {
  const tab = await chrome.tabs.get(tabId).catch(() => null);
  const win = tab ? await chrome.windows.get(tab.windowId).catch(() => null) : null;
  const refusal = visibleTabFallbackRefusal(tab, win);
  if (refusal) return { ok: false, reason: `${reasonSoFar}; fallback refused: ${refusal}` };
  const wait = lastVisibleTabCall + VISIBLE_TAB_MIN_INTERVAL_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  lastVisibleTabCall = Date.now();
  const details = format === 'jpeg' ? { format, quality: chooseQuality(options) } : { format };
  const dataUrl = await withTimeout(chrome.tabs.captureVisibleTab(tab.windowId, details),
    chooseTimeout(options), 'captureVisibleTab');
  return { data: dataUrlPayload(dataUrl) };
}

/**
 * Screenshot of the viewport of `tabId`. `send(method, params)` is the promise-returning CDP
 * sender of the debugger attachment. Never throws: resolves with
 * `{ok:true, format, data (base64), width, height (CSS px covered), image_width, image_height,
 * device_pixel_ratio, scroll:{x,y}|null (document CSS px of the top-left), ms, via, nudged?}`
 * or `{ok:false, reason}`. Options: screenshot_format ("png"|"jpeg"), screenshot_quality,
 * screenshot_timeout_ms (overall CDP deadline), screenshot_nudge_ms, and device_pixel_ratio
 * (used when CDP gives no layout metrics). `now` is the clock `ms` is measured with.
 */
export async function captureScreenshot(tabId, send, options = {}, { now = () => performance.now() } = {}) {
  const started = now();
  const format = chooseFormat(options);
  let dpr = ratioFromMetrics(null, options?.device_pixel_ratio);
  let scroll = null;
  let measured = false;
  try {
    const metrics = await withTimeout(send('Page.getLayoutMetrics', {}), chooseTimeout(options),
      'Page.getLayoutMetrics');
    dpr = ratioFromMetrics(metrics, options?.device_pixel_ratio);
    scroll = scrollFromMetrics(metrics);
    measured = scroll !== null;
  } catch {
    // keep the fallback ratio; the screenshot itself may still work
  }
  let reason;
  try {
    const pending = unansweredFor(tabId);
    const { shot, nudged } = await captureWithNudge(send, cdpParams(options),
      chooseNudge(options), chooseTimeout(options), pending);
    if (pending.size === 0) unanswered.delete(tabId);
    if (shot?.data) return { ...result(format, shot.data, dpr, scroll, started, now), via: 'cdp', nudged };
    reason = 'Page.captureScreenshot returned no data';
  } catch (e) {
    reason = `Page.captureScreenshot failed: ${e?.message ?? String(e)}`;
  }
  try {
    const fallback = await viaVisibleTab(tabId, options, format, reason);
    if (!fallback.data) return fallback;
    if (!measured) {
      const page = await pageMetricsViaScript(tabId);
      if (page) {
        dpr = ratioFromMetrics(null, page.dpr);
        scroll = Number.isFinite(page.x) && Number.isFinite(page.y) ? { x: page.x, y: page.y } : null;
      }
    }
    return { ...result(format, fallback.data, dpr, scroll, started, now), via: 'captureVisibleTab' };
  } catch (e) {
    return { ok: false, reason: `${reason}; captureVisibleTab failed: ${e?.message ?? String(e)}` };
  }
}
